import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../lib/app-error';

const UNSAFE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

function sameOrigin(request: FastifyRequest, origin: string, publicUrl: string): boolean {
  if (origin === new URL(publicUrl).origin) return true;
  return origin === `${request.protocol}://${request.host}`;
}

/**
 * Refuses state-changing requests that a browser marks as cross-site. Cookies are SameSite=Lax too;
 * this covers same-site subdomains and old browsers. Non-browser clients send neither header.
 */
export const csrfPlugin = fp(async (app: FastifyInstance, options: { publicUrl: string }) => {
  app.addHook('onRequest', async (request) => {
    if (!UNSAFE_METHODS.has(request.method)) return;
    const fetchSite = request.headers['sec-fetch-site'];
    if (typeof fetchSite === 'string' && fetchSite !== 'same-origin' && fetchSite !== 'none') {
      throw new AppError(403, 'Cross-site request refused');
    }
    const origin = request.headers.origin;
    if (typeof origin === 'string' && origin !== 'null' && !sameOrigin(request, origin, options.publicUrl)) {
      throw new AppError(403, 'Cross-site request refused');
    }
    if (origin === 'null') throw new AppError(403, 'Cross-site request refused');
  });
});
