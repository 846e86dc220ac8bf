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
    '0123456789abcdef', // 64 bits of hex
  ])('refuses the ADMIN_KEY %j (under 128 bits of randomness)', (key) => {
    expect(() => production({ ADMIN_EMAIL: 'admin@example.com', ADMIN_KEY: key })).toThrow(
      /ADMIN_KEY is too short or too repetitive for production/,
    );
  });

  it.each(['x'.repeat(40), 'ab'.repeat(20), 'short-secret'])('refuses the SESSION_SECRET %j', (secret) => {
    expect(() => parseEnv({ NODE_ENV: 'production', SESSION_SECRET: secret })).toThrow(/SESSION_SECRET/);
  });

  it('requires PUBLIC_URL in production, with what it is for', () => {
    expect(() => parseEnv({ NODE_ENV: 'production', SESSION_SECRET: STRONG_SECRET })).toThrow(
      /PUBLIC_URL is required when NODE_ENV=production: the public https origin people open/,
    );
  });

  it('estimates randomness conservatively', () => {
    expect(estimatedRandomBits('aaaaaaaaaaaa')).toBe(0);
    expect(estimatedRandomBits(STRONG_KEY)).toBeGreaterThan(150);
    // `openssl rand -base64 32`, the README's suggestion, passes with room to spare.
    expect(estimatedRandomBits('3q2+7wvQK9vXb1sZx8Y4uH6fN0mC5eL2rT7pA1dGk/o=')).toBeGreaterThan(180);
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
