import swagger, { type SwaggerTransform } from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { STATUS_CODES } from 'node:http';
import type { FastifyInstance, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { ERROR_CODE_LIST, ERROR_CODES } from '../../common/error-codes';
import { sessionCookieName } from './session';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route answers by redirecting a browser (documented as a 302). */
    redirects?: boolean;
  }
}

type JsonSchema = Record<string, unknown>;

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

const messageBody = (description: string, extra: JsonSchema = {}): JsonSchema => ({
  description,
  type: 'object',
  properties: { message: { type: 'string' }, code: { type: 'string', enum: ERROR_CODE_LIST }, ...extra },
  required: ['message', 'code'],
});

/** The meaning of each error code, listed once in the document's description. */
const errorCodesDescription = Object.entries(ERROR_CODES)
  .map(([code, meaning]) => `- \`${code}\`: ${meaning}`)
  .join('\n');

const validationFailed = messageBody(
  'The request does not match its schema: `message` names the first problem, `errors` each one with its path',
  {
    errors: {
      type: 'array',
      items: {
        type: 'object',
        properties: { path: { type: 'string' }, message: { type: 'string' } },
        required: ['path', 'message'],
      },
    },
  },
);

const internalError = messageBody(
  'Internal server error: quote `requestId` (also in the x-request-id header) to report it',
  {
    requestId: { type: 'string', format: 'uuid' },
  },
);

const redirect: JsonSchema = {
  type: 'null',
  description: 'A redirect to the page in the Location header',
  headers: { location: { type: 'string' } },
};

const FORBIDDEN_BY_ACCESS: Record<string, string | undefined> = {
  confirmed: 'The e-mail address is not confirmed yet',
  admin: 'Signed in without admin rights',
};

/** The answers the cross-cutting plugins give, which a route's own schema does not list. */
function commonAnswers(route: RouteOptions): Record<string, JsonSchema> {
  const schema = route.schema ?? {};
  const access = route.config?.access;
  const hasBody = Boolean(schema.body);
  const answers: Record<string, JsonSchema> = {};
  if (route.config?.redirects) answers[302] = redirect;
  if (hasBody || schema.querystring || schema.params) answers[400] = validationFailed;
  if (access) {
    answers[401] = messageBody('Not signed in, or the admin credentials are invalid or expired');
  }
  const forbidden = [
    FORBIDDEN_BY_ACCESS[access ?? ''],
    [route.method].flat().some((method) => STATE_CHANGING.has(method))
      ? 'Cross-site request refused (a browser marked it as coming from another site)'
      : undefined,
  ].filter(Boolean);
  if (forbidden.length > 0) answers[403] = messageBody(forbidden.join('; or: '));
  if (hasBody) {
    answers[413] = messageBody('Request body is too large');
    answers[415] = messageBody('Content-Type must be application/json');
  }
  if (route.config?.rateLimit) {
    answers[429] = {
      ...messageBody('Too many requests from this address: try again after Retry-After seconds'),
      headers: { 'retry-after': { type: 'integer', description: 'Seconds to wait' } },
    };
  }
  answers[500] = internalError;
  answers[503] = messageBody('The database is unavailable for the moment: try again shortly');
  return answers;
}

/** A route's own answer keeps its schema; without a description it borrows the common one, else the status text. */
function described(status: string, own: JsonSchema | undefined, common: JsonSchema | undefined): JsonSchema {
  if (!own) return common as JsonSchema;
  if (typeof own.description === 'string') return own;
  const description = common?.description ?? STATUS_CODES[Number(status)] ?? status;
  return { ...own, description };
}

/**
 * Each documented operation, from the route's zod schema (its own operationId, summary and answers), plus
 * what the route inherits from the plugins: who may call it (from `config.access`) and the answers the
 * shared parts give (validation, cross-site refusal, body limits, rate limits, sign-in, errors).
 */
const documentOperation: SwaggerTransform = (input) => {
  const { schema, url } = jsonSchemaTransform(input) as {
    schema: JsonSchema;
    url: string;
  };
  if (schema.hide) return { schema, url };
  const { route } = input;
  const access = route.config?.access;
  const own = (schema.response ?? {}) as Record<string, JsonSchema | undefined>;
  const common = commonAnswers(route);
  const response: Record<string, JsonSchema> = {};
  for (const status of [...new Set([...Object.keys(own), ...Object.keys(common)])].sort()) {
    response[status] = described(status, own[status], common[status]);
  }
  return {
    url,
    schema: {
      ...schema,
      ...(access
        ? { security: access === 'admin' ? [{ session: [] }, { adminEmail: [], adminToken: [] }] : [{ session: [] }] }
        : {}),
      response,
    },
  };
};

/**
 * The OpenAPI document (GET /api/openapi.json) and a browser for it at /api/docs. Swagger UI's scripts
 * and styles come from its own package, served by us, so the page keeps our Content-Security-Policy.
 */
export const apiDocsPlugin = fp(async (app: FastifyInstance, options: { secureCookies: boolean }) => {
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Pickleball Ratings API',
        version: '1.0.0',
        description:
          'Every error answers JSON `{message, code}`: the message is for people, the `code` is stable and is what a program ' +
          'branches on. A 500 also gives `requestId`, the same as the x-request-id header every answer carries.\n\n' +
          `Error codes:\n${errorCodesDescription}`,
      },
      components: {
        securitySchemes: {
          session: {
            type: 'apiKey',
            in: 'cookie',
            name: sessionCookieName(options.secureCookies),
            description: 'The session cookie set by signing in',
          },
          adminEmail: {
            type: 'apiKey',
            in: 'header',
            name: 'x-admin-email',
            description: 'The admin e-mail, sent together with x-admin-token',
          },
          adminToken: {
            type: 'apiKey',
            in: 'header',
            name: 'x-admin-token',
            description: 'The token answered by POST /api/admin/login',
          },
        },
      },
    },
    transform: documentOperation,
  });
  await app.register(swaggerUi, {
    routePrefix: '/api/docs',
    uiConfig: { deepLinking: true },
    theme: { title: 'Pickleball Ratings API' },
  });
});
