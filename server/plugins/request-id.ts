import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * Every answer names its request (Fastify's request.id, which each of the request's log lines carries
 * as reqId), so a report quoting it leads to that request's log lines. Set in onRequest, the first hook,
 * so refusals and errors carry it too.
 */
export const requestIdPlugin = fp(async (app: FastifyInstance) => {
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('x-request-id', request.id);
    done();
  });
});
