import { describe, expect, it } from 'vitest';
import { redactSecretParams } from './redact-secrets';

describe('redactSecretParams', () => {
  it.each([
    ['/reset-password?token=abc123', '/reset-password?token=redacted'],
    [
      'https://ratings.example/reset-password?token=abc123#x',
      'https://ratings.example/reset-password?token=redacted#x',
    ],
    ['/api/auth/confirm-email?token=abc', '/api/auth/confirm-email?token=redacted'],
    [
      '/api/callback?code=xyz&state=s1&iss=http%3A%2F%2Fidp',
      '/api/callback?code=redacted&state=s1&iss=http%3A%2F%2Fidp',
    ],
    ['/verify?email=a%40b.c&verificationCode=123456', '/verify?email=a%40b.c&verificationCode=redacted'],
    ['/x?TOKEN=abc&%74oken=def', '/x?TOKEN=redacted&%74oken=redacted'],
    ['/x?token', '/x?token=redacted'],
  ])('%s → %s', (url, expected) => {
    expect(redactSecretParams(url)).toBe(expected);
  });

  it('leaves other URLs as they are', () => {
    for (const url of ['/', '/players?q=ann', 'https://ratings.example/?tab=dashboard#top', '/x?tokens=1&mycode=2']) {
      expect(redactSecretParams(url)).toBe(url);
    }
  });
});
