import { describe, expect, it } from 'vitest';
import { firstCharacter, initialsOf } from './initials';

/** A lone half of a surrogate pair: what a split emoji is, drawn as "\uFFFD". */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

describe('initialsOf', () => {
  it('takes the first letter of the first and last words', () => {
    expect(initialsOf('Jordan Rivera')).toBe('JR');
    expect(initialsOf('Mary Ann van Dyke')).toBe('MD');
    expect(initialsOf('Jordan R.')).toBe('JR');
    expect(initialsOf('cher')).toBe('C');
  });

  it('keeps an emoji whole instead of splitting its surrogate pair', () => {
    expect(initialsOf('Sam 🏓')).toBe('S🏓');
    expect(initialsOf('😀 Smith')).toBe('😀S');
    expect(initialsOf('Ana 👩🏽‍💻')).toBe('A👩🏽‍💻');
    expect(initialsOf('Flag 🇺🇸')).toBe('F🇺🇸');
    for (const name of ['Sam 🏓', '🏓', '🇺🇸 Team', 'Zoë 👍🏿']) expect(initialsOf(name)).not.toMatch(LONE_SURROGATE);
  });

  it('keeps a letter with a combining accent whole', () => {
    expect(initialsOf('E\u0301mile Zola')).toBe('E\u0301Z');
  });

  it('reads an e-mail by its local part, and a masked one by its first letter', () => {
    expect(initialsOf('jordan.rivera@example.com')).toBe('JR');
    expect(initialsOf('j***n@example.com')).toBe('J');
  });

  it('answers "?" for a name with nothing to draw', () => {
    expect(initialsOf('')).toBe('?');
    expect(initialsOf('  ')).toBe('?');
  });
});

describe('firstCharacter', () => {
  it('is the first grapheme, trimmed', () => {
    expect(firstCharacter('  🏓 dink')).toBe('🏓');
    expect(firstCharacter('Rivera')).toBe('R');
    expect(firstCharacter('')).toBe('');
  });
});
