import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInAs } from '../test/sign-in';
import { createTestApp, type TestApp } from '../test/test-app';

type JsonSchema = { type?: string | string[]; properties?: Record<string, JsonSchema>; anyOf?: JsonSchema[] };
type Operation = {
  requestBody?: { content?: { 'application/json'?: { schema?: JsonSchema } } };
  parameters?: { in: string; name: string; schema?: JsonSchema }[];
};

const NUL = 'a\u0000b';
const isString = (schema: JsonSchema | undefined): boolean =>
  !!schema && (schema.type === 'string' || [schema.type].flat().includes('string') || !!schema.anyOf?.some(isString));

/** Every text field of every route, as the OpenAPI document (from the route schemas) describes it. */
async function textFieldsOfEveryRoute(t: TestApp) {
  const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json<{
    paths: Record<string, Record<string, Operation>>;
  }>();
  const probes: { method: string; path: string; where: 'body' | 'query' | 'path'; field: string }[] = [];
  for (const [path, operations] of Object.entries(doc.paths)) {
    for (const [method, operation] of Object.entries(operations)) {
      const body = operation.requestBody?.content?.['application/json']?.schema;
      for (const [field, schema] of Object.entries(body?.properties ?? {})) {
        if (isString(schema)) probes.push({ method: method.toUpperCase(), path, where: 'body', field });
      }
      for (const parameter of operation.parameters ?? []) {
        if (parameter.in === 'query' || parameter.in === 'path') {
          probes.push({ method: method.toUpperCase(), path, where: parameter.in, field: parameter.name });
        }
      }
    }
  }
  return probes;
}

describe('control characters in any text field', () => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await createTestApp();
    admin = await signInAs(t, { email: 'control-admin@example.com', isAdmin: true, emailVerified: true });
  });
  afterAll(() => t.close());

  it('POST /api/auth/register with a NUL in firstName is a 400 naming the field, not a 500', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { email: 'nul@example.com', password: 'Pickleball1', firstName: NUL, lastName: 'Last' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      message: 'firstName must not contain control characters',
      code: 'validation_failed',
      errors: [{ path: 'firstName', message: 'firstName must not contain control characters' }],
    });
  });

  it('every route answers 400 naming the field, never 500, for a NUL in each text field', async () => {
    const probes = await textFieldsOfEveryRoute(t);
    expect(probes.length).toBeGreaterThan(40);
    const failures: string[] = [];
    for (const probe of probes) {
      // A user is named by a uuid, everything else by a number: the body is validated once the path is valid.
      const validId = probe.path.includes('/users/') ? '00000000-0000-4000-8000-000000000000' : '1';
      let url = probe.path.replace(/\{(\w+)\}/g, (_m, name: string) =>
        probe.where === 'path' && name === probe.field ? encodeURIComponent(NUL) : validId,
      );
      let payload: Record<string, string> | undefined;
      if (probe.where === 'query') url += `?${probe.field}=${encodeURIComponent(NUL)}`;
      if (probe.where === 'body') payload = { [probe.field]: NUL };
      const res = await t.app.inject({
        method: probe.method as 'GET',
        url,
        headers: { cookie: admin },
        ...(payload ? { payload } : {}),
      });
      const label = `${probe.method} ${probe.path} ${probe.where}.${probe.field}`;
      if (res.statusCode !== 400 || !res.json<{ message: string }>().message.includes(probe.field)) {
        failures.push(`${label}: ${res.statusCode} ${res.body.slice(0, 120)}`);
      }
    }
    expect(failures).toEqual([]);
  });

  it('every registered route, hidden ones included, answers a NUL in its path, query or body without a 500', async () => {
    const routes = t.app.authorize.routes.filter((route) => route.method !== 'HEAD' && route.method !== 'OPTIONS');
    expect(routes.length).toBeGreaterThan(40);
    const nul = encodeURIComponent(NUL);
    // Names routes read without a declared schema too (the OpenID Connect callback, the mailed links).
    const queryNames = ['q', 'token', 'code', 'state', 'returnTo', 'provider', 'status', 'period', 'email'];
    const bodyFields = ['firstName', 'email', 'comment', 'message'];
    const failures: string[] = [];
    for (const route of routes) {
      const pathWith = (value: string) => route.url.replace(/:\w+/g, value).replace(/\*$/, value);
      const probes: { url: string; payload?: Record<string, string> }[] = [];
      if (/[:*]/.test(route.url)) probes.push({ url: pathWith(nul) });
      for (const name of queryNames) probes.push({ url: `${pathWith('1')}?${name}=${nul}` });
      if (route.method !== 'GET' && route.method !== 'DELETE') {
        for (const field of bodyFields) probes.push({ url: pathWith('1'), payload: { [field]: NUL } });
      }
      // A session of its own per route: a sign-out route on the way must not leave the rest unauthenticated.
      const cookie = await signInAs(t, { email: 'walk-admin@example.com', isAdmin: true });
      for (const probe of probes) {
        const res = await t.app.inject({
          method: route.method as 'GET',
          url: probe.url,
          headers: { cookie },
          ...(probe.payload ? { payload: probe.payload } : {}),
        });
        const isJson = String(res.headers['content-type'] ?? '').startsWith('application/json');
        const shapeOk =
          res.statusCode < 400 || !isJson || typeof res.json<{ message?: unknown }>().message === 'string';
        if (res.statusCode >= 500 || !shapeOk) {
          failures.push(`${route.method} ${probe.url} ${JSON.stringify(probe.payload ?? {})}: ${res.statusCode}`);
        }
      }
    }
    expect(failures).toEqual([]);
  });

  it('keeps line breaks in free text, refuses them in a name', async () => {
    const player = {
      firstName: 'Lena',
      lastName: 'Break',
      email: 'control-admin@example.com',
      skillLevel: '3.0',
      location: 'Austin, TX',
    };
    const named = await t.app.inject({
      method: 'POST',
      url: '/api/players',
      headers: { cookie: admin },
      payload: { ...player, firstName: 'Line\nBreak' },
    });
    expect(named.statusCode).toBe(400);
    expect(named.json()).toMatchObject({ message: 'firstName must not contain control characters' });
    const nulInBio = await t.app.inject({
      method: 'POST',
      url: '/api/players',
      headers: { cookie: admin },
      payload: { ...player, bio: 'Plays\u0000Sundays' },
    });
    expect(nulInBio.json()).toMatchObject({ message: 'bio must not contain control characters' });
    const bio = await t.app.inject({
      method: 'POST',
      url: '/api/players',
      headers: { cookie: admin },
      payload: { ...player, bio: 'Plays Sundays.\r\n\tDinks a lot.' },
    });
    expect(bio.statusCode).toBe(201);
    const detail = await t.app.inject({
      method: 'GET',
      url: `/api/players/${bio.json<{ player: { id: number } }>().player.id}`,
    });
    expect(detail.json<{ bio: string }>().bio).toBe('Plays Sundays.\r\n\tDinks a lot.');
  });

  it('bulk import reports a row with a control character and imports the rest', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/players/bulk',
      headers: { cookie: admin },
      payload: {
        players: [
          { firstName: 'Good', lastName: 'One', email: 'good.one@example.com' },
          { firstName: NUL, lastName: 'Bad', email: 'bad.row@example.com' },
          { firstName: 'Good', lastName: 'Two', email: 'good.two@example.com', bio: 'Plays\nevery Sunday' },
        ],
      },
    });
    expect(res.statusCode).toBe(200);
    const { results } = res.json<{ results: { created: { email: string }[]; errors: { error: string }[] } }>();
    expect(results.created.map((row) => row.email)).toEqual(['good.one@example.com', 'good.two@example.com']);
    expect(results.errors).toEqual([{ error: 'Row 2: firstName must not contain control characters' }]);
  });

  // Found by the route fuzz (server/test/route-fuzz.test.ts): the walk recursed once per level.
  it('a body nested as deep as the body limit allows is a 400, not a stack overflow answered 500', async () => {
    const deep = (depth: number, leaf: string) => `${'{"a":'.repeat(depth)}${leaf}${'}'.repeat(depth)}`;
    // Within the default 64 KiB: 10,000 objects, or 32,000 arrays, one inside the other.
    for (const payload of [deep(10_000, '1'), `{"email":${'['.repeat(32_000)}${']'.repeat(32_000)}}`]) {
      expect(payload.length).toBeLessThan(64 * 1024);
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/email-signup',
        headers: { 'content-type': 'application/json' },
        payload,
      });
      expect(res.statusCode).toBe(400);
      expect(typeof res.json<{ message: unknown }>().message).toBe('string');
    }
    // The bulk import takes far larger bodies: 20,000 levels there.
    const bulk = await t.app.inject({
      method: 'POST',
      url: '/api/players/bulk',
      headers: { cookie: admin, 'content-type': 'application/json' },
      payload: `{"players":[${deep(20_000, '"x"')}]}`,
    });
    expect(bulk.statusCode).toBe(200);
    expect(bulk.json<{ results: { errors: unknown[] } }>().results.errors).toHaveLength(1);
  });
});
