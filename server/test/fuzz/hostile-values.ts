import fc from 'fast-check';

/*
 * Values a careless or hostile client sends in place of what a field asks for. Each list stays small and
 * explicit so a failure names a value a reader recognises; fast-check mixes them with generated ones.
 */

/** An object with own keys that JavaScript treats specially (`{__proto__: …}` in a literal would not make one). */
export function ownKeys(entries: [string, unknown][]): Record<string, unknown> {
  const object = Object.create(null) as Record<string, unknown>;
  for (const [key, value] of entries) object[key] = value;
  return object;
}

export function nested(depth: number, leaf: unknown = 1, kind: 'array' | 'object' = 'array'): unknown {
  let value = leaf;
  for (let level = 0; level < depth; level += 1) value = kind === 'array' ? [value] : { a: value };
  return value;
}

export const HUGE = 100_000;

export const controlStrings = [
  '\u0000',
  'Pat\u0000Player',
  '\u001b[31mred\u001b[0m',
  'line\r\nbreak',
  'tab\there',
  '\u0085next line',
  '\u007f',
  '\u2028\u2029',
];

export const unicodeStrings = [
  '😀',
  '👨‍👩‍👧‍👦 family',
  '\u202Eevil\u202C',
  'مرحبا بالعالم',
  'שלום',
  '\uD800',
  'a\uDC00b',
  '\uDBFF\uDFFF',
  '\u200B\u200D\uFEFF',
  'e\u0301'.repeat(50),
  'Ａｕｓｔｉｎ',
  'İstanbul ß ǅ',
  '𝔘𝔫𝔦𝔠𝔬𝔡𝔢',
];

export const numberLikeStrings = [
  'NaN',
  'Infinity',
  '-Infinity',
  '1e309',
  '-1',
  '0',
  '-0',
  '0x1F',
  '1_000',
  ' 1 ',
  '1.5',
  '1e3',
  '01',
  '2147483648',
  '9007199254740993',
  '99999999999999999999999999',
  '',
  'true',
  'null',
  'undefined',
];

export const injectionStrings = [
  "' or 1=1 --",
  '%',
  '_%_',
  '\\',
  '"; drop table players; --',
  '<script>alert(1)</script>',
  '../../etc/passwd',
  '${7*7}{{7*7}}',
  '=cmd|/c calc!A1',
];

export const hostileNumbers = [
  -1,
  0,
  -0,
  0.5,
  1.5,
  2 ** 31,
  2 ** 31 - 1,
  -(2 ** 31) - 1,
  2 ** 32,
  2 ** 53 + 2,
  Number.MAX_SAFE_INTEGER,
  Number.MAX_VALUE,
  -Number.MAX_VALUE,
  Number.MIN_VALUE,
  1e21,
];

const hostileString = fc.oneof(
  fc.constantFrom(...controlStrings, ...unicodeStrings, ...numberLikeStrings, ...injectionStrings),
  fc.constantFrom('x'.repeat(HUGE), 'é'.repeat(HUGE / 4), '😀'.repeat(HUGE / 8), ' '.repeat(HUGE)),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.string({ unit: fc.constantFrom('\u0000', '\u001f', '\uD800', '\uDFFF', 'a', '\u202E'), maxLength: 12 }),
);

const protoKeyed = fc.constantFrom(
  ownKeys([['__proto__', { isAdmin: true }]]),
  ownKeys([['constructor', { prototype: { isAdmin: true } }]]),
  ownKeys([
    ['prototype', 1],
    ['toString', 'x'],
    ['hasOwnProperty', 1],
  ]),
  ownKeys([['\u0000key', 1]]),
  ownKeys([['', 1]]),
);

// As values, nesting stays within what JSON.stringify can write; route-requests sends deeper raw text.
const deep = fc.constantFrom(nested(64), nested(2000), nested(2000, 1, 'object'), new Array<number>(50_000).fill(1));

/** Any hostile JSON value: wrong type, huge, control characters, odd unicode, odd numbers, deep, proto keys. */
export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: hostileString },
  { weight: 2, arbitrary: fc.constantFrom<unknown>(...hostileNumbers) },
  { weight: 2, arbitrary: fc.constantFrom<unknown>(null, true, false, {}, [], [1, 2], { value: 1 }) },
  { weight: 1, arbitrary: protoKeyed },
  { weight: 1, arbitrary: deep },
  { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
);

/** Text for a URL part (path segment or query value), already percent-encoded where it must be. */
export const hostileUrlText: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(...numberLikeStrings, ...injectionStrings).map(encodeURIComponent),
  fc.constantFrom(
    '%00',
    '%ZZ',
    '%',
    '%E0%A4%A',
    '%ED%A0%80',
    '%C0%AF',
    '%F0%9F%98%80',
    '%E2%80%AE',
    '%0D%0ASet-Cookie:%20x=1',
    '..%2F..%2F',
    '%2e%2e',
    '9'.repeat(400),
    'x'.repeat(5_000),
    '%2F',
    '1%3B',
    '-2147483649',
  ),
  fc.string({ maxLength: 20 }).map(encodeURIComponent),
);
