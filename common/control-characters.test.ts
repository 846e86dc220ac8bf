import { describe, expect, it } from 'vitest';
import { findControlCharacter } from './control-characters';

describe('findControlCharacter', () => {
  it('names the first bad field in the order the fields were written', () => {
    expect(findControlCharacter({ a: 'ok', b: ['ok', { c: 'x\u0000' }], d: '\u0007' })).toBe('b.1.c');
    expect(findControlCharacter({ first: '\u0001', second: '\u0002' })).toBe('first');
    expect(findControlCharacter('\u001b')).toBe('value');
    expect(findControlCharacter({ a: 'clean', b: [1, null, true] })).toBeNull();
  });

  it('checks keys where the walk meets them, and keeps line breaks in free-text fields', () => {
    expect(findControlCharacter({ a: 'ok', 'b\u0000': 'ok', c: '\u0000' })).toBe('b?');
    expect(findControlCharacter({ a: '\u0000', 'b\u0000': 'ok' })).toBe('a');
    expect(findControlCharacter({ bio: 'two\r\nlines\tand a tab', notes: 'fine\n' })).toBeNull();
    expect(findControlCharacter({ bio: 'bell\u0007' })).toBe('bio');
    expect(findControlCharacter({ firstName: 'two\nlines' })).toBe('firstName');
  });

  it('walks a value nested far deeper than the call stack allows', () => {
    let value: unknown = 'deep\u0000';
    for (let level = 0; level < 200_000; level += 1) value = level % 2 ? [value] : { k: value };
    const found = findControlCharacter(value);
    expect(found?.split('.')).toHaveLength(200_000);
  });
});
