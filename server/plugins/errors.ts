import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import type { ErrorCode } from '../../common/error-codes';
import { AppError } from '../lib/app-error';
import { databaseUnavailable } from '../lib/db-errors';

/** How long a client is asked to wait before retrying when the database cannot serve. */
export const UNAVAILABLE_RETRY_AFTER_SECONDS = 5;
export const UNAVAILABLE_MESSAGE = 'The service is busy or briefly unavailable. Please try again in a few seconds.';
/** A database outage fails every request: it is logged once per this interval, with a count. */
const OUTAGE_LOG_INTERVAL_MS = 10_000;

type ValidationIssue = { path: string; message: string };

function validationIssues(error: FastifyError): ValidationIssue[] {
  if (!hasZodFastifySchemaValidationErrors(error)) return [];
  // fastify-type-provider-zod puts the zod issue code in `keyword`, its path in `instancePath`
  // ("/players/0/email") and the rest of the issue (e.g. `keys`) in `params`.
  return error.validation.map((issue) => {
    const params = issue.params as { keys?: string[] };
    let path = issue.instancePath.split('/').filter(Boolean).join('.');
    let message = issue.message ?? 'Invalid value';
    if (issue.keyword === 'unrecognized_keys') {
      const keys = params.keys ?? [];
      path = [path, keys[0]].filter(Boolean).join('.');
      message = `Unknown field${keys.length > 1 ? 's' : ''}: ${keys.join(', ')}`;
    }
    return { path, message };
  });
}

/**
 * Every error leaves as JSON `{message, code}` (codes: common/error-codes.ts): validation as 400 with `errors`,
 * refusals with their status, and anything unexpected as a bare 500 that is logged with the request id.
 */
export const errorsPlugin = fp(async (app: FastifyInstance) => {
  let outageLoggedAt = 0;
  let outageFailures = 0;
  app.setErrorHandler((error: FastifyError, request, reply) => {
    // Unreachable, timed out or overloaded database: a 503 the client can retry, logged once per interval.
    if (databaseUnavailable(error)) {
      outageFailures += 1;
      if (Date.now() - outageLoggedAt >= OUTAGE_LOG_INTERVAL_MS) {
        request.log.error({ err: error, failures: outageFailures }, 'database unavailable: answering 503');
        outageLoggedAt = Date.now();
        outageFailures = 0;
      }
      return reply
        .status(503)
        .header('retry-after', String(UNAVAILABLE_RETRY_AFTER_SECONDS))
        .send({ message: UNAVAILABLE_MESSAGE, code: 'service_unavailable' });
    }
    if (error instanceof AppError) {
      return reply.status(error.statusCode).send({ message: error.message, code: error.code, ...error.details });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const errors = validationIssues(error);
      return reply
        .status(400)
        .send({ message: errors[0]?.message ?? 'Invalid request', code: 'validation_failed', errors });
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error, reqId: request.id }, 'response did not match its schema');
      return reply
        .status(500)
        .send({ message: 'Internal server error', code: 'internal_error', requestId: request.id });
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      if (status === 429 && !reply.getHeader('retry-after') && error.message) {
        return reply.status(429).send({ message: error.message, code: 'rate_limited' });
      }
      return reply.status(status).send({ message: clientMessage(error), code: clientCode(error, status) });
    }
    request.log.error({ err: error, reqId: request.id }, 'unhandled error');
    return reply.status(500).send({ message: 'Internal server error', code: 'internal_error', requestId: request.id });
  });
});

function clientMessage(error: FastifyError): string {
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return 'Content-Type must be application/json';
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return 'Request body is too large';
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return 'Request body is empty';
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return 'Request body is not valid JSON';
    default:
      return error.message || 'Bad request';
  }
}

/** The code of a 4xx the framework or a plugin raised (no AppError): by its cause where it names one, else its status. */
const CODES_BY_STATUS: Record<number, ErrorCode> = {
  401: 'unauthenticated',
  403: 'forbidden',
  404: 'not_found',
  409: 'conflict',
  413: 'payload_too_large',
  414: 'uri_too_long',
  415: 'unsupported_media_type',
  429: 'rate_limited',
};

function clientCode(error: FastifyError, status: number): ErrorCode {
  if (error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') return 'unsupported_media_type';
  if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') return 'payload_too_large';
  return CODES_BY_STATUS[status] ?? 'bad_request';
}
