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
      errors: [{ path: 'firstName', message: 'firstName must not contain control characters' }],
    });
  });

  it('every route answers 400 naming the field, never 500, for a NUL in each text field', async () => {
    const probes = await textFieldsOfEveryRoute(t);
    expect(probes.length).toBeGreaterThan(40);
    const failures: string[] = [];
    for (const probe of probes) {
      let url = probe.path.replace(/\{(\w+)\}/g, (_m, name: string) =>
        probe.where === 'path' && name === probe.field ? encodeURIComponent(NUL) : '1',
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

  it('keeps line breaks in free text, refuses them in a name', async () => {
    const bio = await t.app.inject({
      method: 'POST',
      url: '/api/players',
      headers: { cookie: admin },
      payload: {
        firstName: 'Line\nBreak',
        lastName: 'X',
        email: 'control-admin@example.com',
        skillLevel: '3.0',
        location: 'Austin, TX',
      },
    });
    expect(bio.statusCode).toBe(400);
    expect(bio.json()).toMatchObject({ message: 'firstName must not contain control characters' });
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
});
