/**
 * A post-sign-in target must be a path on our own site (issue 2 §4: no open redirect). Anything else,
 * including `//host`, `/\host`, absolute URLs and control characters, falls back to '/'.
 */
export function safeReturnTo(value: string | undefined | null): string {
  if (!value || value.length > 500) return '/';
  if (!value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return '/';
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f\\]/.test(value)) return '/';
  // Resolve against a throwaway origin: a path that still lands there is ours.
  const base = 'http://return-to.invalid';
  const url = new URL(value, base);
  if (url.origin !== base) return '/';
  // The API's own endpoints are no page to land on (and /api/login would loop).
  if (url.pathname === '/api' || url.pathname.startsWith('/api/')) return '/';
  return `${url.pathname}${url.search}${url.hash}`;
}
