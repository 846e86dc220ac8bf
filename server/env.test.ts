import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { buildApp } from './app';
import { parseEnv } from './env';
import { estimatedRandomBits } from './lib/secret-strength';
import { openTestDatabase } from './test/test-app';
import { capturedLog } from './test/captured-log';

const STRONG_KEY = 'q7Vt2mXc9LpR4sWz8KbN1dFg6HjY3aEu'; // 32 characters from 62 symbols, none repeated
const STRONG_SECRET = 'Zr8pQ2vLm5Xt9Kc1Wb7Nd4Fh6Jg3Ys0Ae'; // likewise

const production = (extra: Record<string, string>) =>
  parseEnv({
    NODE_ENV: 'production',
    SESSION_SECRET: STRONG_SECRET,
    PUBLIC_URL: 'https://pickleball.example',
    ...extra,
  });

describe('configuration refuses what is unsafe in production', () => {
  it('accepts random secrets', () => {
    const env = production({ ADMIN_EMAIL: 'admin@example.com', ADMIN_KEY: STRONG_KEY });
    expect(env.ADMIN_KEY).toBe(STRONG_KEY);
  });

  it('refuses DEMO_MODE=true, which publishes the admin key', () => {
    expect(() => production({ DEMO_MODE: 'true' })).toThrow(/DEMO_MODE=true is refused with NODE_ENV=production/);
    // Development and tests keep the demo.
    expect(parseEnv({ NODE_ENV: 'development', DEMO_MODE: 'true', SESSION_SECRET: STRONG_SECRET }).DEMO_MODE).toBe(
      true,
    );
  });

  it.each([
    'aaaaaaaaaaaa',
    'aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa',
    'abcabcabcabcabcabcabcabcabcabcab',
    'test-admin-key-123456',
    'password1234',
    '0123456789abcdef',
    // Long enough, and varied enough for a character count, but a sequence, a keyboard walk, a repeat, a word.
    'abcdefghijklmnopqrstuvwxyz012345',
    'qwertyuiopasdfghjklzxcvbnm123456',
    'aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa',
    'passwordpasswordpasswordpassword',
    'p4ssw0rdp4ssw0rdp4ssw0rdp4ssw0rd',
  ])('refuses the ADMIN_KEY %j (a pattern zxcvbn guesses in under 2^100 tries)', (key) => {
    expect(() => production({ ADMIN_EMAIL: 'admin@example.com', ADMIN_KEY: key })).toThrow(
      /ADMIN_KEY is too guessable for production \(under 100 bits: too short, or a sequence, keyboard walk, repeat or common word\): generate one with `openssl rand -base64 32`/,
    );
  });

  it.each([
    'x'.repeat(40),
    'ab'.repeat(20),
    'abcdefghijklmnopqrstuvwxyz012345',
    'qwertyuiopasdfghjklzxcvbnm123456',
    'passwordpasswordpasswordpassword',
  ])('refuses the SESSION_SECRET %j', (secret) => {
    expect(() => parseEnv({ NODE_ENV: 'production', SESSION_SECRET: secret })).toThrow(
      /SESSION_SECRET is too guessable for production/,
    );
  });

  it('refuses a SESSION_SECRET under 32 characters', () => {
    expect(() => parseEnv({ NODE_ENV: 'production', SESSION_SECRET: 'short-secret' })).toThrow(
      /SESSION_SECRET must be at least 32 characters/,
    );
  });

  it('accepts 32 random bytes, as base64url, base64 or hex, for every secret', () => {
    for (let i = 0; i < 10; i += 1) {
      for (const encoding of ['base64url', 'base64', 'hex'] as const) {
        const secret = randomBytes(32).toString(encoding);
        const env = production({
          SESSION_SECRET: secret,
          ADMIN_EMAIL: 'admin@example.com',
          ADMIN_KEY: secret,
          METRICS_TOKEN: secret,
        });
        expect(env.SESSION_SECRET).toBe(secret);
      }
    }
  });

  it('requires PUBLIC_URL in production, with what it is for', () => {
    expect(() => parseEnv({ NODE_ENV: 'production', SESSION_SECRET: STRONG_SECRET })).toThrow(
      /PUBLIC_URL is required when NODE_ENV=production: the public https origin people open/,
    );
  });

  it('estimates the bits a pattern-first guesser needs', () => {
    expect(estimatedRandomBits('')).toBe(0);
    expect(estimatedRandomBits('aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa')).toBeLessThan(20);
    expect(estimatedRandomBits('abcdefghijklmnopqrstuvwxyz012345')).toBeLessThan(20);
    expect(estimatedRandomBits(STRONG_KEY)).toBeGreaterThan(100);
    // `openssl rand -base64 32`, the README's suggestion, passes with room to spare.
    expect(estimatedRandomBits('3q2+7wvQK9vXb1sZx8Y4uH6fN0mC5eL2rT7pA1dGk/o=')).toBeGreaterThan(130);
  });

  it('logs a warning when TRUST_PROXY=true trusts every address', async () => {
    const { lines, stream } = capturedLog();
    const database = await openTestDatabase();
    const env = parseEnv({ NODE_ENV: 'test', TRUST_PROXY: 'true' });
    const app = await buildApp({ env, database, mailer: { send: async () => {} }, logger: { level: 'warn', stream } });
    try {
      expect(lines.join('')).toContain('TRUST_PROXY=true believes X-Forwarded-For from any address');
    } finally {
      await app.close();
      await database.close();
    }
  });
});

describe('the public address in development', () => {
  it('follows PORT when PUBLIC_URL is unset, and is PUBLIC_URL when set', () => {
    expect(parseEnv({ NODE_ENV: 'development', PORT: '5610', SESSION_SECRET: STRONG_SECRET }).PUBLIC_URL).toBe(
      'http://localhost:5610',
    );
    expect(parseEnv({ NODE_ENV: 'development', SESSION_SECRET: STRONG_SECRET }).PUBLIC_URL).toBe(
      'http://localhost:5000',
    );
    const behindProxy = { NODE_ENV: 'development', PORT: '5610', PUBLIC_URL: 'http://localhost:5173' } as const;
    expect(parseEnv({ ...behindProxy, SESSION_SECRET: STRONG_SECRET }).PUBLIC_URL).toBe('http://localhost:5173');
  });
});
