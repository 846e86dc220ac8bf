import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app';

type Operation = {
  operationId?: string;
  summary?: string;
  security?: Record<string, string[]>[];
  parameters?: unknown[];
  requestBody?: unknown;
  responses: Record<string, { description?: string }>;
};
type Document = {
  paths: Record<string, Record<string, Operation>>;
  components: { securitySchemes: Record<string, { type: string; in: string; name: string }> };
};

/** Routes with a per-address rate limit (config.rateLimit). */
const RATE_LIMITED = [
  'adminLogin',
  'developerLogin',
  'registerWithPassword',
  'loginWithPassword',
  'requestPasswordReset',
  'resetPassword',
  'resendConfirmationEmail',
  'suggestLocations',
  'signUpForUpdates',
  'requestVerificationCode',
  'confirmVerificationCode',
];
const REDIRECTING = ['logout', 'confirmEmail', 'startGoogleLogin', 'finishGoogleLogin'];
const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/** Served for people and tools, not operations of the API. */
const NOT_OPERATIONS = /^\/api\/(openapi\.json|docs(\/|$))/;

describe('the OpenAPI document', () => {
  let t: TestApp;
  let doc: Document;
  let operations: { method: string; path: string; op: Operation; access: string }[];

  beforeAll(async () => {
    t = await createTestApp();
    const res = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(res.statusCode).toBe(200);
    doc = res.json<Document>();
    const accessOf = new Map(
      t.app.authorize.routes.map((route) => [`${route.method} ${route.url.replace(/:(\w+)/g, '{$1}')}`, route.access]),
    );
    operations = Object.entries(doc.paths).flatMap(([path, item]) =>
      Object.entries(item).map(([method, op]) => ({
        method: method.toUpperCase(),
        path,
        op,
        access: accessOf.get(`${method.toUpperCase()} ${path}`) ?? 'unknown',
      })),
    );
  });
  afterAll(() => t.close());

  it('documents every API route', () => {
    const documented = new Set(operations.map(({ method, path }) => `${method} ${path}`));
    const routes = t.app.authorize.routes
      .filter((route) => route.url.startsWith('/api/') && route.method !== 'HEAD' && !NOT_OPERATIONS.test(route.url))
      .map((route) => `${route.method} ${route.url.replace(/:(\w+)/g, '{$1}')}`);
    expect(routes.filter((route) => !documented.has(route))).toEqual([]);
    expect(operations.length).toBeGreaterThan(40);
    expect(operations.filter(({ access }) => access === 'unknown')).toEqual([]);
  });

  it('names every operation: a unique operationId and a summary in words', () => {
    for (const { method, path, op } of operations) {
      expect(op.operationId, `${method} ${path}`).toMatch(/^[a-z][A-Za-z]+$/);
      expect(op.summary, `${method} ${path}`).toMatch(/^[A-Z'].* .*[a-z)]$/);
    }
    const ids = operations.map(({ op }) => op.operationId);
    expect(ids.filter((id, index) => ids.indexOf(id) !== index)).toEqual([]);
  });

  it('declares the session cookie and the admin headers, and which operations need them', () => {
    expect(doc.components.securitySchemes).toMatchObject({
      session: { type: 'apiKey', in: 'cookie', name: 'pr_session' },
      adminEmail: { type: 'apiKey', in: 'header', name: 'x-admin-email' },
      adminToken: { type: 'apiKey', in: 'header', name: 'x-admin-token' },
    });
    expect(Object.keys(doc.components.securitySchemes)).toEqual(['session', 'adminEmail', 'adminToken']);
    for (const { method, path, op, access } of operations) {
      const expected =
        access === 'admin'
          ? [{ session: [] }, { adminEmail: [], adminToken: [] }]
          : access === 'public'
            ? undefined
            : [{ session: [] }];
      expect(op.security, `${method} ${path}`).toEqual(expected);
    }
    expect(operations.filter(({ access }) => access === 'admin').length).toBeGreaterThan(5);
  });

  it('lists every answer an operation can give, the shared ones included', () => {
    for (const { method, path, op, access } of operations) {
      const label = `${method} ${path}`;
      const statuses = Object.keys(op.responses);
      const expected = ['500', '503'];
      if (op.requestBody || op.parameters?.length) expected.push('400');
      if (op.requestBody) expected.push('413', '415');
      if (STATE_CHANGING.has(method)) expected.push('403');
      if (access !== 'public') expected.push('401');
      if (access === 'confirmed' || access === 'admin') expected.push('403');
      if (RATE_LIMITED.includes(op.operationId ?? '')) expected.push('429');
      if (REDIRECTING.includes(op.operationId ?? '')) expected.push('302');
      expect(statuses, label).toEqual(expect.arrayContaining(expected));
      expect(
        statuses.some((status) => /^[23]/.test(status)),
        `${label} has a success answer`,
      ).toBe(true);
      for (const [status, answer] of Object.entries(op.responses)) {
        expect(answer.description, `${label} ${status}`).toBeTruthy();
        expect(answer.description, `${label} ${status}`).not.toBe('Default Response');
      }
    }
    const resolve = operations.find(({ op }) => op.operationId === 'resolveFlaggedComment')?.op;
    expect(resolve?.responses['403']?.description).toMatch(/admin rights.*Cross-site request refused/);
    const internal = operations[0]?.op.responses['500'] as { content?: Record<string, { schema: unknown }> };
    expect(internal.content?.['application/json']?.schema).toMatchObject({
      properties: { message: { type: 'string' }, requestId: { type: 'string' } },
    });
  });
});

describe('the API browser at /api/docs', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('serves Swagger UI from our own origin, under our Content-Security-Policy', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/api/docs' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    expect(page.headers['content-security-policy']).toContain("script-src 'self'");
    expect(page.body).toContain('<title>Pickleball Ratings API</title>');
    const sources = [...page.body.matchAll(/(?:src|href)="([^"]+)"/g)].map((match) => match[1] ?? '');
    expect(sources.length).toBeGreaterThan(3);
    for (const source of sources) {
      expect(source).toMatch(/^\/api\/docs\/static\//);
      const asset = await t.app.inject({ method: 'GET', url: source });
      expect(asset.statusCode, source).toBe(200);
    }
    const spec = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(spec.statusCode).toBe(200);
    expect(spec.json<Document>().paths['/api/ratings']).toBeDefined();
  });
});
