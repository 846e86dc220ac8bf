import * as oidc from 'openid-client';
import { z } from 'zod';
import { PENDING_LOGIN_TTL_MS, type PendingLogin } from './oidc-pending-login';

export type OidcSettings = { issuer: string; clientId: string; clientSecret: string; redirectUri: string };

/** The identity the provider vouches for; email_verified decides whether we may link by e-mail. */
export type OidcIdentity = {
  sub: string;
  email: string | null;
  emailVerified: boolean;
  givenName: string | null;
  familyName: string | null;
  picture: string | null;
};

const claimsSchema = z.object({
  sub: z.string().min(1),
  email: z.string().optional(),
  // Google sends a boolean; some providers send the string "true".
  email_verified: z.union([z.boolean(), z.enum(['true', 'false'])]).optional(),
  given_name: z.string().optional(),
  family_name: z.string().optional(),
  picture: z.string().optional(),
});

const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]']);

/**
 * OpenID Connect authorization code flow with PKCE, state and nonce (docs/product.md#accounts-and-sign-in), on openid-client.
 * Discovery happens on first use and is retried after a failure.
 */
export function createOidcClient(settings: OidcSettings) {
  let configuration: Promise<oidc.Configuration> | undefined;

  const configure = () => {
    const issuer = new URL(settings.issuer);
    // Plain HTTP only for a provider on this machine (the test provider); a real one must use HTTPS.
    const execute =
      issuer.protocol === 'http:' && LOOPBACK_HOSTS.has(issuer.hostname) ? [oidc.allowInsecureRequests] : [];
    configuration ??= oidc
      .discovery(issuer, settings.clientId, settings.clientSecret, undefined, { execute })
      .catch((error: unknown) => {
        configuration = undefined;
        throw error;
      });
    return configuration;
  };

  /** The provider's authorization URL, and what must be kept in this browser until the callback. */
  async function start(returnTo: string, now = Date.now()): Promise<{ url: URL; pending: PendingLogin }> {
    const config = await configure();
    const codeVerifier = oidc.randomPKCECodeVerifier();
    const pending: PendingLogin = {
      state: oidc.randomState(),
      nonce: oidc.randomNonce(),
      codeVerifier,
      returnTo,
      expiresAt: now + PENDING_LOGIN_TTL_MS,
    };
    const url = oidc.buildAuthorizationUrl(config, {
      redirect_uri: settings.redirectUri,
      scope: 'openid email profile',
      response_type: 'code',
      code_challenge: await oidc.calculatePKCECodeChallenge(codeVerifier),
      code_challenge_method: 'S256',
      state: pending.state,
      nonce: pending.nonce,
    });
    return { url, pending };
  }

  /**
   * Exchanges the code and checks state, nonce, PKCE, the ID token's signature, issuer, audience and
   * expiry (openid-client throws on any mismatch).
   */
  async function finish(callbackUrl: URL, pending: PendingLogin): Promise<OidcIdentity> {
    const config = await configure();
    const tokens = await oidc.authorizationCodeGrant(config, callbackUrl, {
      pkceCodeVerifier: pending.codeVerifier,
      expectedState: pending.state,
      expectedNonce: pending.nonce,
      idTokenExpected: true,
    });
    const idClaims = tokens.claims();
    if (!idClaims) throw new Error('the provider returned no ID token');
    let claims: Record<string, unknown> = { ...idClaims };
    // Google puts e-mail in the ID token; a provider that keeps it to UserInfo is asked there, for the same subject.
    if (claims.email === undefined) {
      const info = await oidc.fetchUserInfo(config, tokens.access_token, idClaims.sub);
      claims = { ...info, ...idClaims };
    }
    const parsed = claimsSchema.parse(claims);
    return {
      sub: parsed.sub,
      email: parsed.email ?? null,
      emailVerified: parsed.email_verified === true || parsed.email_verified === 'true',
      givenName: parsed.given_name ?? null,
      familyName: parsed.family_name ?? null,
      picture: parsed.picture ?? null,
    };
  }

  return { start, finish };
}
