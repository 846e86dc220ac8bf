/**
 * Query parameters that carry a secret: the password-reset and e-mail-confirmation tokens, the OpenID
 * Connect authorization code and verification codes. Whoever reads a log line or an analytics report
 * must not be able to use the link it came from.
 */
const SECRET_PARAMS = new Set(['token', 'code', 'verificationcode']);

export const REDACTED = 'redacted';

/** `url` (absolute, or a path with a query) with the value of every secret parameter replaced. */
export function redactSecretParams(url: string): string {
  const queryStart = url.indexOf('?');
  if (queryStart === -1) return url;
  const hashStart = url.indexOf('#', queryStart);
  const query = url.slice(queryStart + 1, hashStart === -1 ? undefined : hashStart);
  const hash = hashStart === -1 ? '' : url.slice(hashStart);
  const redacted = query
    .split('&')
    .map((pair) => {
      const equals = pair.indexOf('=');
      const rawName = equals === -1 ? pair : pair.slice(0, equals);
      let name = rawName;
      try {
        name = decodeURIComponent(rawName.replace(/\+/g, ' '));
      } catch {
        // A malformed escape: judge the name as it was sent.
      }
      return SECRET_PARAMS.has(name.trim().toLowerCase()) ? `${rawName}=${REDACTED}` : pair;
    })
    .join('&');
  return `${url.slice(0, queryStart)}?${redacted}${hash}`;
}
