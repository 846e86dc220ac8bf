import { describe, expect, it } from 'vitest';
import { raterDisplayName } from './rater-display-name';

describe('raterDisplayName', () => {
  it('shows the first name and last initial', () => {
    expect(raterDisplayName('Jordan', 'rivera', 'jordan@example.com')).toBe('Jordan R.');
    expect(raterDisplayName('Jordan', null, 'jordan@example.com')).toBe('Jordan');
  });

  it('keeps an emoji last name whole as the initial', () => {
    expect(raterDisplayName('Sam', '🏓 Smash', 'sam@example.com')).toBe('Sam 🏓.');
  });

  it('falls back to the masked e-mail, never the e-mail itself', () => {
    expect(raterDisplayName(null, null, 'jordan.rivera@example.com')).toBe('j***a@example.com');
    expect(raterDisplayName('  ', '', 'jo@example.com')).toBe('j***@example.com');
  });
});
