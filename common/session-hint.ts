/**
 * The readable companion of the session cookie, which scripts cannot read: present while the browser holds a live
 * session, its value the session's kind. The app asks a user lookup only when there is someone to look up, since a
 * signed-out visitor's lookups are answered 401 (docs/product.md#sign-in-calls) and browsers log each 401 as a
 * console error. It proves nothing: the server decides by the session alone.
 */
export const SESSION_HINT_COOKIE = 'pr_signed_in';

export const SESSION_HINTS = ['user', 'developer'] as const;
export type SessionHint = (typeof SESSION_HINTS)[number];
