/** The longest return path kept; a longer one is not a page of ours anyone linked to. */
const MAX_RETURN_PATH = 500;

// C0 and C1 controls (browsers strip tabs and newlines from URLs, which turns `/\t/evil` into `//evil`)
// and backslashes (browsers read `\` as `/` in http URLs).
// eslint-disable-next-line no-control-regex
const UNSAFE_CHARACTERS = /[\u0000-\u001f\u007f-\u009f\\]/;

/**
 * Where to send the browser after sign-in: `value` when it is a path of this site, else '/'. The path
 * must resolve, against `origin` (PUBLIC_URL on the server, the page's origin in the browser), to that
 * same origin, and its resolved form must not start with `//`, which a browser reads as another host
 * (`/..//evil.example` resolves to `//evil.example`). API endpoints are no page to land on.
 */
export function safeReturnPath(value: string | null | undefined, origin: string): string {
  if (!value || value.length > MAX_RETURN_PATH) return '/';
  if (!value.startsWith('/') || value.startsWith('//') || UNSAFE_CHARACTERS.test(value)) return '/';
  let base: URL;
  let url: URL;
  try {
    base = new URL(origin);
    url = new URL(value, base);
  } catch {
    return '/';
  }
  if (url.origin !== base.origin || url.username || url.password) return '/';
  const path = url.pathname;
  if (path.startsWith('//') || path === '/api' || path.startsWith('/api/')) return '/';
  const result = `${path}${url.search}${url.hash}`;
  return result.startsWith('/') && !result.startsWith('//') ? result : '/';
}
