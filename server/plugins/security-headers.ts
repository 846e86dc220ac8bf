import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * Security headers (CSP, HSTS, nosniff, ...) on every response, from helmet. The middleware is
 * built once here: @fastify/helmet builds it anew for each request, which measured about a tenth
 * of a small API request's CPU (issue 3 bench profile).
 */
export const securityHeadersPlugin = fp(async (app: FastifyInstance, options: HelmetOptions) => {
  const applyHeaders = helmet(options);
  app.addHook('onRequest', (request, reply, done) => {
    applyHeaders(request.raw, reply.raw, (err?: unknown) => done(err instanceof Error ? err : undefined));
  });
});
