import fc from 'fast-check';
import { hostileValue, ownKeys } from './hostile-values';

/** The part of JSON Schema (OpenAPI 3.0 flavour, as the zod transform writes it) the routes use. */
export type JsonSchema = {
  type?: string;
  enum?: unknown[];
  nullable?: boolean;
  default?: unknown;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  allOf?: JsonSchema[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: boolean | number;
  exclusiveMaximum?: boolean | number;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  items?: JsonSchema;
  minItems?: number;
  maxItems?: number;
};

/** Values the test's own data makes meaningful: existing accounts, so valid-looking bodies reach the services. */
export type KnownValues = { emails: string[] };

const INT32_MAX = 2 ** 31 - 1;

function bounds(schema: JsonSchema): { min: number; max: number } {
  let min = schema.minimum ?? -INT32_MAX;
  let max = schema.maximum ?? INT32_MAX;
  if (schema.exclusiveMinimum === true) min += 1;
  if (typeof schema.exclusiveMinimum === 'number') min = schema.exclusiveMinimum + 1;
  if (schema.exclusiveMaximum === true) max -= 1;
  if (typeof schema.exclusiveMaximum === 'number') max = schema.exclusiveMaximum - 1;
  return { min, max };
}

/** Plain, printable text of a length the field accepts; mostly short words, sometimes anything unicode. */
function textOfLength(minLength: number, maxLength: number): fc.Arbitrary<string> {
  const cap = Math.min(maxLength, minLength + 60);
  return fc
    .oneof(
      { weight: 3, arbitrary: fc.string({ minLength, maxLength: cap }) },
      {
        weight: 2,
        arbitrary: fc.constantFrom(
          'Pat',
          'Dana Dinker',
          'Austin, TX 78701',
          'Good soft game at the kitchen line, but the third shot drop needs work.',
          'Total shit at dinking, what an asshole',
        ),
      },
      { weight: 1, arbitrary: fc.string({ unit: 'grapheme', minLength, maxLength: cap }) },
    )
    .filter((text) => text.length >= minLength && text.length <= maxLength);
}

function validString(schema: JsonSchema, name: string, known: KnownValues): fc.Arbitrary<string> {
  const minLength = schema.minLength ?? 0;
  const maxLength = schema.maxLength ?? 1000;
  if (/email/i.test(name)) {
    return fc.oneof(
      { weight: 3, arbitrary: fc.constantFrom(...known.emails) },
      { weight: 3, arbitrary: fc.nat(50).map((n) => `fuzz.new${n}@example.com`) },
      { weight: 1, arbitrary: fc.emailAddress().filter((email) => email.length <= maxLength) },
      { weight: 1, arbitrary: fc.constantFrom('UPPER@EXAMPLE.COM', ' spaced@example.com ', 'no-at-sign', 'a@b') },
    );
  }
  if (schema.pattern) {
    const pattern = new RegExp(schema.pattern);
    return fc.stringMatching(pattern).filter((text) => text.length >= minLength && text.length <= maxLength);
  }
  const patterns = (schema.allOf ?? []).flatMap((part) => (part.pattern ? [new RegExp(part.pattern)] : []));
  if (patterns.length > 0) {
    // A password-like field: one match of each pattern, then filler up to the length the field needs.
    return fc
      .tuple(
        ...patterns.map((pattern) => fc.stringMatching(pattern)),
        fc.string({ minLength, maxLength: minLength + 8 }),
      )
      .map((parts) => parts.join('').slice(0, maxLength))
      .filter((text) => text.length >= minLength);
  }
  return textOfLength(minLength, maxLength);
}

function validInteger(schema: JsonSchema): fc.Arbitrary<number> {
  const { min, max } = bounds(schema);
  // Small ids hit the rows the test created; the full range finds ids nobody has.
  return fc.oneof(
    { weight: 3, arbitrary: fc.integer({ min, max: Math.min(max, Math.max(min, 0) + 40) }) },
    { weight: 1, arbitrary: fc.integer({ min, max }) },
    { weight: 1, arbitrary: fc.constantFrom(min, max) },
  );
}

/** A value the schema accepts (or, for `{}`, anything JSON). */
export function validValue(schema: JsonSchema, name: string, known: KnownValues): fc.Arbitrary<unknown> {
  const inner = validNonNull(schema, name, known);
  return schema.nullable ? fc.oneof({ weight: 4, arbitrary: inner }, fc.constant(null)) : inner;
}

function validNonNull(schema: JsonSchema, name: string, known: KnownValues): fc.Arbitrary<unknown> {
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives?.length) return fc.oneof(...alternatives.map((part) => validValue(part, name, known)));
  if (schema.enum?.length) return fc.constantFrom(...schema.enum);
  switch (schema.type) {
    case 'string':
      return validString(schema, name, known);
    case 'integer':
      return validInteger(schema);
    case 'number': {
      const { min, max } = bounds(schema);
      return fc.oneof(validInteger(schema), fc.double({ min, max, noNaN: true, noDefaultInfinity: true }));
    }
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array': {
      const minLength = schema.minItems ?? 0;
      const maxLength = Math.min(schema.maxItems ?? 5, minLength + 5);
      return fc.array(validValue(schema.items ?? {}, name, known), { minLength, maxLength });
    }
    case 'object':
      return objectValue(schema, known, 'valid');
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

/** Just outside what the schema accepts: one past a bound, the wrong case of an enum, a number as text. */
export function nearValidValue(schema: JsonSchema): fc.Arbitrary<unknown> {
  const near: unknown[] = [undefined, ''];
  if (!schema.nullable) near.push(null);
  if (schema.enum?.length) {
    const first = String(schema.enum[0]);
    near.push(first.toUpperCase(), ` ${first}`, `${first}\u0000`, schema.enum);
  }
  if (schema.type === 'string') {
    if (schema.maxLength !== undefined) near.push('y'.repeat(schema.maxLength + 1), ' '.repeat(schema.maxLength));
    if (schema.minLength) near.push('z'.repeat(schema.minLength - 1), ' '.repeat(schema.minLength));
    near.push(42, ['text']);
  }
  if (schema.type === 'integer' || schema.type === 'number') {
    const { min, max } = bounds(schema);
    near.push(min - 1, max + 1, 2 ** 31, -(2 ** 31) - 1, 2 ** 53 + 2, 1.5, String(min), '1', 'NaN', true);
  }
  if (schema.type === 'boolean') near.push('true', 1, 0, 'false');
  if (schema.type === 'array') {
    near.push({}, 'list');
    if (schema.maxItems !== undefined && schema.maxItems <= 10_000) {
      near.push(new Array<unknown>(schema.maxItems + 1).fill({}));
    }
  }
  if (schema.type === 'object') near.push([], 'object', {});
  return fc.constantFrom(...near);
}

/** Valid mostly, near-valid often, hostile sometimes: the mix that reaches deep code and still probes edges. */
export function fieldValue(schema: JsonSchema, name: string, known: KnownValues): fc.Arbitrary<unknown> {
  return fc.oneof(
    { weight: 6, arbitrary: validValue(schema, name, known) },
    { weight: 2, arbitrary: nearValidValue(schema) },
    { weight: 2, arbitrary: hostileValue },
  );
}

const EXTRA_KEYS = ['__proto__', 'constructor', 'prototype', 'isAdmin', 'userId', 'raterEmail', 'id', 'extra'];

/**
 * An object for an object schema. 'complete': every key, none null (rules across fields, such as "a player
 * id or a new player's name", are not in the schema; this reaches the services most often). 'valid':
 * required keys always, optional ones sometimes. 'mixed': each key may be dropped or carry a near-valid or
 * hostile value, and keys the schema does not know may be added.
 */
export function objectValue(
  schema: JsonSchema,
  known: KnownValues,
  mode: 'complete' | 'valid' | 'mixed',
): fc.Arbitrary<Record<string, unknown>> {
  const properties = Object.entries(schema.properties ?? {});
  const required = new Set(schema.required ?? []);
  const entry = ([key, property]: [string, JsonSchema]) => {
    const value =
      mode === 'mixed'
        ? fieldValue(property, key, known)
        : validValue(mode === 'complete' ? { ...property, nullable: false } : property, key, known);
    const keep = mode === 'complete' || (required.has(key) && mode === 'valid') ? 10 : required.has(key) ? 9 : 5;
    return fc.oneof(
      { weight: keep, arbitrary: value.map((v): [string, unknown][] => (v === undefined ? [] : [[key, v]])) },
      { weight: 10 - keep, arbitrary: fc.constant<[string, unknown][]>([]) },
    );
  };
  const extras: fc.Arbitrary<[string, unknown][]> =
    mode !== 'mixed'
      ? fc.constant([])
      : fc.oneof(
          { weight: 6, arbitrary: fc.constant<[string, unknown][]>([]) },
          { weight: 1, arbitrary: fc.array(fc.tuple(fc.constantFrom(...EXTRA_KEYS), hostileValue), { maxLength: 2 }) },
        );
  return fc
    .tuple(fc.tuple(...properties.map(entry)), extras)
    .map(([parts, extra]) => ownKeys([...parts.flat(), ...extra]));
}
