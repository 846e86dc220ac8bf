import { describe, expect, it } from 'vitest';
import { maskEmail } from './mask-email';

describe('maskEmail (docs/product.md#email-masking)', () => {
  it('keeps the first and last character with up to three asterisks', () => {
    expect(maskEmail('jonathan@example.com')).toBe('j***n@example.com');
    expect(maskEmail('abc@example.com')).toBe('a*c@example.com');
    expect(maskEmail('abcd@example.com')).toBe('a**d@example.com');
  });
  it('shows the first character plus *** for short local parts', () => {
    expect(maskEmail('ab@example.com')).toBe('a***@example.com');
    expect(maskEmail('a@example.com')).toBe('a***@example.com');
  });
});
