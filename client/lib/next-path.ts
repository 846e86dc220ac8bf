/** The sign-in page, asked to come back to `path` (this site's path and query) afterwards. */
export const loginPathBackTo = (path: string) => (path === '/' ? '/login' : `/login?next=${encodeURIComponent(path)}`);

const BASE = 'https://this-site.invalid';

/** `next` when it is a path of this site, else '/': a sign-in link must never send anyone to another origin. */
export function safeNextPath(next: string | null): string {
  if (!next || !next.startsWith('/') || next.startsWith('//') || next.startsWith('/\\')) return '/';
  try {
    const url = new URL(next, BASE);
    return url.origin === BASE ? `${url.pathname}${url.search}${url.hash}` : '/';
  } catch {
    return '/';
  }
}
