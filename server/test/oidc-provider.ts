import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider, { type ClientMetadata, type Configuration } from 'oidc-provider';

export type TestAccount = {
  email?: string;
  email_verified?: boolean;
  given_name?: string;
  family_name?: string;
  picture?: string;
};

export type TestClient = { clientId: string; clientSecret: string };

export type TestOidcProvider = {
  issuer: string;
  /** The client our app is configured with, and a second one (for codes issued to someone else). */
  client: TestClient;
  otherClient: TestClient;
  accounts: Map<string, TestAccount>;
  /**
   * Plays the user in a browser: follows the authorization URL through the provider's login and consent
   * screens (real HTTP with a cookie jar) and returns the URL the provider finally redirects to.
   */
  signIn: (authorizationUrl: string, accountId: string) => Promise<URL>;
  /** Makes the provider sign ID tokens for this audience instead of the requesting client (null: normal). */
  setIdTokenAudience: (audience: string | null) => void;
  close: () => Promise<void>;
};

/** A small cookie jar: name → value, honouring deletions. Paths are ignored (one test user, one host). */
function cookieJar() {
  const cookies = new Map<string, string>();
  return {
    header: () => [...cookies].map(([name, value]) => `${name}=${value}`).join('; '),
    store: (response: Response) => {
      for (const line of response.headers.getSetCookie()) {
        const [pair = '', ...attributes] = line.split(';');
        const eq = pair.indexOf('=');
        const name = pair.slice(0, eq).trim();
        const value = pair.slice(eq + 1).trim();
        const expired = attributes.some((attribute) => {
          const [key = '', attributeValue = ''] = attribute.trim().split('=');
          if (key.toLowerCase() === 'max-age') return Number(attributeValue) <= 0;
          if (key.toLowerCase() === 'expires') return new Date(attributeValue).getTime() <= Date.now();
          return false;
        });
        if (expired || !value) cookies.delete(name);
        else cookies.set(name, value);
      }
    },
  };
}

/**
 * A real OpenID Connect provider (the `oidc-provider` package) on 127.0.0.1, with its development
 * login and consent screens, so the sign-in tests run the whole authorization code flow.
 */
export async function startOidcProvider(options: { redirectUri: string }): Promise<TestOidcProvider> {
  const client = { clientId: 'pickleball-ratings', clientSecret: randomBytes(24).toString('hex') };
  const otherClient = { clientId: 'some-other-app', clientSecret: randomBytes(24).toString('hex') };
  const accounts = new Map<string, TestAccount>();
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const signingKey = { ...privateKey.export({ format: 'jwk' }), kid: 'test-key', use: 'sig', alg: 'RS256' };

  const server: Server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const clientMetadata = (c: TestClient): ClientMetadata => ({
    client_id: c.clientId,
    client_secret: c.clientSecret,
    redirect_uris: [options.redirectUri],
    grant_types: ['authorization_code'],
    response_types: ['code'],
    token_endpoint_auth_method: 'client_secret_post',
  });

  const configuration: Configuration = {
    clients: [clientMetadata(client), clientMetadata(otherClient)],
    jwks: { keys: [signingKey] },
    cookies: { keys: [randomBytes(16).toString('hex')] },
    claims: {
      openid: ['sub'],
      email: ['email', 'email_verified'],
      profile: ['given_name', 'family_name', 'picture'],
    },
    pkce: { required: () => true },
    features: { devInteractions: { enabled: true } },
    findAccount: (_ctx, id) => {
      const account = accounts.get(id);
      if (!account) return undefined;
      return { accountId: id, claims: () => ({ sub: id, ...account }) };
    },
  };
  const provider = new Provider(issuer, configuration);
  // Quiet: the dev-interaction warnings and handled errors are expected here.
  provider.on('server_error', () => undefined);
  const handle = provider.callback();
  server.on('request', (req, res) => void handle(req, res));

  let audienceOverride: string | null = null;
  const idTokenPrototype = provider.IdToken.prototype as unknown as {
    issue: (this: { client: object }, ...args: unknown[]) => Promise<string>;
  };
  const originalIssue = idTokenPrototype.issue;
  idTokenPrototype.issue = function issue(...args) {
    if (audienceOverride) {
      const audience = audienceOverride;
      this.client = new Proxy(this.client, {
        get: (target, property): unknown => (property === 'clientId' ? audience : Reflect.get(target, property)),
      });
    }
    return originalIssue.apply(this, args);
  };

  const signIn = async (authorizationUrl: string, accountId: string) => {
    const jar = cookieJar();
    let url = new URL(authorizationUrl);
    for (let step = 0; step < 12; step += 1) {
      if (url.origin !== issuer) return url;
      let response = await fetch(url, { redirect: 'manual', headers: { cookie: jar.header() } });
      jar.store(response);
      if (response.status === 200 && url.pathname.startsWith('/interaction/')) {
        const page = await response.text();
        const prompt = /name="prompt" value="(\w+)"/.exec(page)?.[1];
        const form = new URLSearchParams({ prompt: prompt ?? 'consent' });
        if (prompt === 'login') {
          form.set('login', accountId);
          form.set('password', 'any');
        }
        response = await fetch(url, {
          method: 'POST',
          redirect: 'manual',
          headers: { cookie: jar.header(), 'content-type': 'application/x-www-form-urlencoded' },
          body: form.toString(),
        });
        jar.store(response);
      }
      const location = response.headers.get('location');
      if (!location)
        throw new Error(`provider stopped at ${url.pathname} with ${response.status}: ${await response.text()}`);
      url = new URL(location, url);
    }
    throw new Error('too many redirects at the provider');
  };

  return {
    issuer,
    client,
    otherClient,
    accounts,
    signIn,
    setIdTokenAudience: (audience) => {
      audienceOverride = audience;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
