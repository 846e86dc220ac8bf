import { randomUUID } from 'node:crypto';
import { STATUS_CODES, type IncomingMessage, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';
import type { ErrorCode } from '../../common/error-codes';

/**
 * Security headers (CSP, HSTS, nosniff, ...) on every response, from helmet. The middleware is
 * built once here: @fastify/helmet builds it anew for each request, which measured about a tenth
 * of a small API request's CPU (decision 003 bench profile).
 */
export const securityHeadersPlugin = fp(async (app: FastifyInstance, options: HelmetOptions) => {
  const applyHeaders = helmet(options);
  app.addHook('onRequest', (request, reply, done) => {
    applyHeaders(request.raw, reply.raw, (err?: unknown) => done(err instanceof Error ? err : undefined));
  });
});

/**
 * The same headers as a plain list, for the answers Node or the router write before any hook runs (a
 * malformed request, headers too large, a path parameter too long). Helmet's headers do not depend on
 * the request, so running it once against a recording response gives them all.
 */
export function securityHeaderList(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader: (name: string, value: unknown) => void (headers[name.toLowerCase()] = String(value)),
    removeHeader: (name: string) => void delete headers[name.toLowerCase()],
    getHeader: (name: string) => headers[name.toLowerCase()],
  };
  helmet(options)(
    { headers: {}, method: 'GET', url: '/' } as unknown as IncomingMessage,
    recorder as unknown as ServerResponse,
    () => {},
  );
  return headers;
}

const FRAMEWORK_ERRORS: Record<string, { status: number; message: string; code: ErrorCode }> = {
  FST_ERR_MAX_PARAM_LENGTH: { status: 414, message: 'The address is too long', code: 'uri_too_long' },
  FST_ERR_BAD_URL: { status: 400, message: 'The address is not valid', code: 'bad_request' },
};

/** Fastify's `frameworkErrors`: the router's own refusals, as JSON {message, code} with the security headers. */
export function frameworkErrorAnswer(headers: Record<string, string>) {
  return (error: FastifyError, request: FastifyRequest, reply: FastifyReply): void => {
    const known = FRAMEWORK_ERRORS[error.code] ?? { status: 400, message: 'Bad request', code: 'bad_request' };
    void reply
      .headers(headers)
      .header('x-request-id', request.id)
      .code(known.status)
      .send({ message: known.message, code: known.code });
  };
}

/**
 * Node's `clientError` (through Fastify's clientErrorHandler): a request too broken to reach Fastify,
 * answered with the same headers and body shape as every other answer, and never Fastify's codes.
 * It gets an x-request-id of its own like every answer, though no Fastify request (and no log line) has it.
 */
export function clientErrorAnswer(headers: Record<string, string>) {
  const headerLines = Object.entries(headers)
    .map(([name, value]) => `${name}: ${value}\r\n`)
    .join('');
  return (error: NodeJS.ErrnoException, socket: Socket) => {
    if (error.code === 'ECONNRESET' || socket.destroyed) return;
    const [status, message, code]: [number, string, ErrorCode] =
      error.code === 'HPE_HEADER_OVERFLOW'
        ? [431, 'The request headers are too large', 'headers_too_large']
        : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
          ? [408, 'The request took too long to arrive', 'request_timeout']
          : [400, 'The request is malformed', 'bad_request'];
    const body = JSON.stringify({ message, code });
    if (socket.writable) {
      socket.write(
        `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\n${headerLines}x-request-id: ${randomUUID()}\r\ncontent-type: application/json; charset=utf-8\r\ncontent-length: ${Buffer.byteLength(body)}\r\nconnection: close\r\n\r\n${body}`,
      );
    }
    socket.destroy(error);
  };
}
