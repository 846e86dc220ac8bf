import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../lib/app-error';

const UNSAFE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

const originOf = (value: string): string | null => {
  try {
    return new URL(value).origin;
  } catch {
    return null;
  }
};

const LOOPBACK_HOSTS = ['localhost', '127.0.0.1', '[::1]'];

/**
 * The origins our pages are served from: PUBLIC_URL's, and when that is a loopback address (development, a
 * server opened on this machine) the same port under the other loopback names, which reach the same server.
 */
export function ownOrigins(publicUrl: string): ReadonlySet<string> {
  const url = new URL(publicUrl);
  if (!LOOPBACK_HOSTS.includes(url.hostname)) return new Set([url.origin]);
  const port = url.port ? `:${url.port}` : '';
  return new Set([url.origin, ...LOOPBACK_HOSTS.map((host) => `${url.protocol}//${host}${port}`)]);
}

/**
 * Whether a browser says this request comes from a page of our own site. Sec-Fetch-Site when the browser
 * sends it; else an Origin among our own (never the Host header, which the caller writes).
 * `fallbackToReferer`: an old browser navigating sends neither header, but a Referer from our own origin.
 */
export function fromOurOwnPages(
  request: FastifyRequest,
  origins: ReadonlySet<string>,
  fallbackToReferer = false,
): boolean {
  const fetchSite = request.headers['sec-fetch-site'];
  if (typeof fetchSite === 'string') return fetchSite === 'same-origin' || fetchSite === 'none';
  const origin = request.headers.origin;
  if (typeof origin === 'string') return origins.has(origin);
  const referer = request.headers.referer;
  return fallbackToReferer && typeof referer === 'string' && origins.has(originOf(referer) ?? '');
}

/**
 * Refuses state-changing requests that a browser marks as cross-site. Cookies are SameSite=Lax too;
 * this covers same-site subdomains and old browsers. Non-browser clients send neither header and pass.
 */
export const csrfPlugin = fp(async (app: FastifyInstance, options: { publicUrl: string }) => {
  const origins = ownOrigins(options.publicUrl);
  app.addHook('onRequest', async (request) => {
    if (!UNSAFE_METHODS.has(request.method)) return;
    // A route that reads no cookie and carries its own authority (a signed token) may be posted from anywhere.
    if (request.routeOptions.config?.crossSite) return;
    const fetchSite = request.headers['sec-fetch-site'];
    const origin = request.headers.origin;
    const crossSiteFetch = typeof fetchSite === 'string' && fetchSite !== 'same-origin' && fetchSite !== 'none';
    const foreignOrigin = typeof origin === 'string' && !origins.has(origin);
    if (crossSiteFetch || foreignOrigin) throw new AppError(403, 'Cross-site request refused', 'cross_site_refused');
  });
});

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Posted from other sites on purpose (RFC 8058's one-click unsubscribe): reads no cookie, so no forgery to refuse. */
    crossSite?: boolean;
  }
}
