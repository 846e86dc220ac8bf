import { safeReturnPath } from '@common/return-path';

/** `page` (/login or /register), asked to go on to `path` (this site's path and query) afterwards. */
export const authPathOnTo = (page: '/login' | '/register', path: string | null) =>
  !path || path === '/' ? page : `${page}?next=${encodeURIComponent(path)}`;

/** The sign-in page, asked to come back to `path` (this site's path and query) afterwards. */
export const loginPathBackTo = (path: string) => authPathOnTo('/login', path);

/** `next` when it is a path of this site, else '/': a sign-in link must never send anyone to another origin. */
// Without a window (the server's pre-render, which has no query string) any origin resolves `null` to '/'.
export const safeNextPath = (
  next: string | null,
  origin: string = typeof window === 'undefined' ? 'http://localhost' : window.location.origin,
): string => safeReturnPath(next, origin);
