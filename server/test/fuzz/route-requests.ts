import fc from 'fast-check';
import { z } from 'zod';
import { bulkPlayerRowSchema } from '../../../common/schemas/admin';
import type { App } from '../../deps';
import { PENDING_LOGIN_COOKIE } from '../../features/auth/oidc-pending-login';
import { SESSION_COOKIE } from '../../plugins/session';
import { hostileUrlText, hostileValue, HUGE } from './hostile-values';
import {
  fieldValue,
  nearValidValue,
  objectValue,
  validValue,
  type JsonSchema,
  type KnownValues,
} from './schema-values';

/** One registered route with the schemas the OpenAPI document gives it (or the hints below, for hidden ones). */
export type RouteSpec = {
  method: string;
  url: string;
  access: string;
  params: Record<string, JsonSchema>;
  query: Record<string, JsonSchema>;
  body: JsonSchema | null;
};

type OpenApiOperation = {
  parameters?: { in: string; name: string; schema: JsonSchema }[];
  requestBody?: { content?: Record<string, { schema: JsonSchema }> };
};
type OpenApiDocument = { paths?: Record<string, Record<string, OpenApiOperation>> };

const text = (maxLength: number): JsonSchema => ({ type: 'string', maxLength });

/** What hidden routes (no OpenAPI entry) read from the query string. */
const HIDDEN_QUERIES: Record<string, Record<string, JsonSchema>> = {
  '/api/auth/confirm-email': { token: text(200) },
  '/api/callback': { code: text(100), state: text(100), iss: text(100), error: text(100) },
  '/api/bench/pk': { id: { type: 'integer', minimum: 1, maximum: 2 ** 31 - 1 } },
  '/login': { returnTo: text(500), error: text(50) },
  '/reset-password': { token: text(200) },
  '/verify': { email: text(254) },
};

/** The bulk import checks its rows itself, so the route schema says only "a list"; the rows get their own. */
const BULK_ROW = z.toJSONSchema(bulkPlayerRowSchema, {
  io: 'input',
  unrepresentable: 'any',
  target: 'openapi-3.0',
}) as JsonSchema;

/**
 * Every route the app registered (hidden ones too: the authorize plugin records each), with its parameter,
 * query and body schemas from the app's own OpenAPI document.
 */
export function routeSpecs(app: App): RouteSpec[] {
  const document = app.swagger() as OpenApiDocument;
  return app.authorize.routes.map((route) => {
    const openApiPath = route.url.replace(/:(\w+)/g, '{$1}');
    const method = route.method === 'HEAD' ? 'get' : route.method.toLowerCase();
    const operation = document.paths?.[openApiPath]?.[method];
    const params: Record<string, JsonSchema> = {};
    const query: Record<string, JsonSchema> = { ...HIDDEN_QUERIES[route.url] };
    for (const parameter of operation?.parameters ?? []) {
      if (parameter.in === 'path') params[parameter.name] = parameter.schema;
      if (parameter.in === 'query') query[parameter.name] = parameter.schema;
    }
    for (const name of route.url.match(/:(\w+)/g) ?? []) params[name.slice(1)] ??= { type: 'string', maxLength: 20 };
    let body = operation?.requestBody?.content?.['application/json']?.schema ?? null;
    if (body && body.properties?.players?.type === 'array') {
      body = { ...body, properties: { ...body.properties, players: { ...body.properties.players, items: BULK_ROW } } };
    }
    return { method: route.method, url: route.url, access: route.access, params, query, body };
  });
}

/** A request before it is given a caller: the same one is sent as each kind of caller. */
export type RequestTemplate = {
  route: RouteSpec;
  url: string;
  /** The raw request body (undefined: none), and the Content-Type it is sent with (undefined: no header). */
  payload?: string;
  contentType?: string;
  extraHeaders: Record<string, string>;
  /** Sign-ins and sign-outs get a fresh session, so what one request ends or replaces does not change the next. */
  needsFreshCredentials: boolean;
};

const METHODS_WITH_BODY = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

const pathValue = (schema: JsonSchema, known: KnownValues) =>
  fc.oneof(
    { weight: 6, arbitrary: validValue(schema, 'id', known).map((value) => encodeURIComponent(String(value))) },
    { weight: 2, arbitrary: nearValidValue(schema).map((value) => encodeURIComponent(String(value))) },
    { weight: 2, arbitrary: hostileUrlText },
  );

/** A value as query-string text: scalars as themselves, anything else as JSON (percent-encoded). */
function queryText(value: unknown): string | null {
  if (value === undefined) return null;
  const raw = typeof value === 'string' ? value : JSON.stringify(value);
  try {
    return encodeURIComponent(raw.length > HUGE ? raw.slice(0, HUGE) : raw);
  } catch {
    // encodeURIComponent refuses lone surrogates: send the bytes such a client would, invalid UTF-8.
    return '%ED%A0%80';
  }
}

function queryString(schemas: Record<string, JsonSchema>, known: KnownValues): fc.Arbitrary<string> {
  const declared = Object.entries(schemas).map(([name, schema]) =>
    fc
      .oneof(
        { weight: 8, arbitrary: fieldValue(schema, name, known).map(queryText) },
        { weight: 1, arbitrary: hostileUrlText },
        { weight: 1, arbitrary: fc.constant(null) },
      )
      .map((value) => (value === null ? [] : [`${name}=${value}`])),
  );
  const extras = fc.oneof(
    { weight: 8, arbitrary: fc.constant<string[]>([]) },
    {
      weight: 2,
      arbitrary: fc.subarray([
        '__proto__=1',
        '__proto__[isAdmin]=true',
        'constructor[prototype][x]=1',
        'q=a&q=b',
        'period=all&period=week',
        '%00=%00',
        'a',
        '&&=&',
        `long=${'x'.repeat(10_000)}`,
      ]),
    },
  );
  return fc.tuple(fc.tuple(...declared), extras).map(([parts, extra]) => {
    const all = [...parts.flat(), ...extra];
    return all.length ? `?${all.join('&')}` : '';
  });
}

const deepText = (depth: number, open: string, close: string, leaf = '1') =>
  `${open.repeat(depth)}${leaf}${close.repeat(depth)}`;

/** Bodies that are not the JSON object a route asks for: malformed, the wrong JSON type, huge or very deep. */
const rawHostileBody = fc.constantFrom(
  '',
  '{',
  'not json',
  '{"a":1,}',
  "{'a':1}",
  '[]',
  '"text"',
  '123',
  'null',
  'true',
  '{"__proto__":{"isAdmin":true}}',
  '{"constructor":{"prototype":{"isAdmin":true}}}',
  '{"a":1,"a":2}',
  '\uFEFF{}',
  '{"x":"\\ud800"}',
  '{"x":"\\u0000"}',
  deepText(100_000, '[', ']'),
  deepText(20_000, '{"a":', '}'),
  `[${new Array<string>(200_000).fill('1').join(',')}]`,
  `{"x":"${'x'.repeat(5 * 1024 * 1024)}"}`,
);

const contentTypes = fc.oneof(
  { weight: 12, arbitrary: fc.constant<string | undefined>('application/json') },
  {
    weight: 3,
    arbitrary: fc.constantFrom<string | undefined>(
      undefined,
      'application/json; charset=utf-8',
      'application/json; charset=latin1',
      'APPLICATION/JSON',
      'text/plain',
      'application/x-www-form-urlencoded',
      'multipart/form-data; boundary=x',
      'application/xml',
      'application/json\u0000',
    ),
  },
);

function bodyArbitrary(route: RouteSpec, known: KnownValues): fc.Arbitrary<string | undefined> {
  if (!METHODS_WITH_BODY.has(route.method)) {
    return fc.oneof({ weight: 9, arbitrary: fc.constant(undefined) }, { weight: 1, arbitrary: rawHostileBody });
  }
  const schema = route.body ?? { type: 'object', properties: {}, additionalProperties: false };
  const object = schema.type === 'object' || schema.properties;
  const generated: fc.Arbitrary<unknown> = object
    ? fc.oneof(
        { weight: 2, arbitrary: objectValue(schema, known, 'complete') },
        { weight: 2, arbitrary: objectValue(schema, known, 'valid') },
        { weight: 5, arbitrary: objectValue(schema, known, 'mixed') },
      )
    : fieldValue(schema, 'body', known);
  return fc.oneof(
    { weight: 8, arbitrary: generated.map((value) => JSON.stringify(value) ?? 'null') },
    { weight: 1, arbitrary: hostileValue.map((value) => JSON.stringify(value) ?? 'null') },
    { weight: 1, arbitrary: rawHostileBody },
  );
}

const extraHeaders = fc.oneof(
  { weight: 12, arbitrary: fc.constant<Record<string, string>>({}) },
  {
    weight: 1,
    arbitrary: fc.constantFrom<Record<string, string>>(
      { origin: 'https://evil.example' },
      { 'sec-fetch-site': 'cross-site' },
      { 'x-admin-email': 'admin@example.com', 'x-admin-token': 'x'.repeat(300) },
      { 'x-admin-email': '', 'x-admin-token': '' },
      { 'accept-language': 'x'.repeat(5000) },
      { accept: 'text/html' },
      { 'x-forwarded-for': '1.2.3.4, ::1, not-an-ip' },
      { cookie: `${SESSION_COOKIE}=forged` },
      { cookie: `${SESSION_COOKIE}=${'x'.repeat(8000)}` },
      { cookie: `${PENDING_LOGIN_COOKIE}=forged.sealed.value; ${SESSION_COOKIE}=%ZZ` },
      { cookie: '=;;;==; ;a=%00' },
    ),
  },
);

const summary = (value: string | undefined) =>
  value === undefined ? 'none' : value.length > 200 ? `${value.slice(0, 200)}… (${value.length} chars)` : value;

/** The request in one line, long parts cut short. */
export function describeRequest(template: RequestTemplate): string {
  const { route, url, contentType, payload, extraHeaders: headers } = template;
  return `${route.method} ${summary(url)} content-type=${contentType} body=${summary(payload)} headers=${JSON.stringify(headers)}`;
}

/** Requests for one route: path, query and body from its schemas, each part valid, near-valid or hostile. */
export function requestTemplate(route: RouteSpec, known: KnownValues): fc.Arbitrary<RequestTemplate> {
  const segments = route.url
    .split('/')
    .map((segment) =>
      segment.startsWith(':') ? pathValue(route.params[segment.slice(1)], known) : fc.constant(segment),
    );
  return fc
    .record({
      path: fc.tuple(...segments).map((parts) => parts.join('/')),
      query: queryString(route.query, known),
      payload: bodyArbitrary(route, known),
      contentType: contentTypes,
      extraHeaders,
    })
    .map(({ path, query, payload, contentType, extraHeaders: headers }) => {
      const template: RequestTemplate = {
        route,
        url: `${path}${query}`,
        payload,
        contentType: payload === undefined ? undefined : contentType,
        extraHeaders: headers,
        needsFreshCredentials: /logout|login|register|callback|confirm-email|reset-password/.test(route.url),
      };
      // fast-check prints this on failure instead of megabytes of payload.
      return Object.assign(template, { [fc.toStringMethod]: () => describeRequest(template) });
    });
}

/** Paths no route serves, and methods the routes do not take: the not-found answer must be JSON too. */
const unrouted: fc.Arbitrary<RouteSpec> = fc
  .record({
    method: fc.constantFrom('GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'),
    url: fc.oneof(
      fc.constantFrom(
        '/api/nope',
        '/api/players/1/nope',
        '/api/ratings',
        '/api/admin',
        '/api/../api/health',
        '//api/health',
        '/api/health/',
        '/API/HEALTH',
      ),
      hostileUrlText.map((segment) => `/api/${segment}`),
    ),
  })
  .map(({ method, url }) => ({ method, url, access: 'public', params: {}, query: {}, body: null }));

/** Routes that read input get more of the budget than fixed pages: that is where bad input can go wrong. */
const routeWeight = (route: RouteSpec) =>
  route.body ? 6 : Object.keys(route.params).length + Object.keys(route.query).length > 0 ? 3 : 1;

/** A request for any route, weighted by how much input it reads, and now and then for one that does not exist. */
export function anyRequest(routes: RouteSpec[], known: KnownValues): fc.Arbitrary<RequestTemplate> {
  const weighted = routes.map((route) => ({ weight: routeWeight(route), arbitrary: requestTemplate(route, known) }));
  return fc.oneof(
    { weight: 30, arbitrary: fc.oneof(...weighted) },
    { weight: 1, arbitrary: unrouted.chain((route) => requestTemplate(route, known)) },
  );
}
