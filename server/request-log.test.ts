import { describe, expect, it } from 'vitest';
import { buildApp } from './app';
import { parseEnv } from './env';
import { openTestDatabase } from './test/test-app';
import { capturedLog } from './test/captured-log';

describe('request logs', () => {
  it('never carry a reset or confirmation token, or an authorization code, from the URL', async () => {
    const { lines, stream } = capturedLog();
    const database = await openTestDatabase();
    const env = parseEnv({ NODE_ENV: 'test' });
    const app = await buildApp({ env, database, mailer: { send: async () => {} }, logger: { level: 'info', stream } });
    try {
      for (const url of [
        '/reset-password?token=reset-secret-1',
        '/api/auth/confirm-email?token=confirm-secret-2',
        '/api/callback?code=oidc-secret-3&state=abc',
        '/verify?email=a%40example.com&verificationCode=code-secret-4',
      ]) {
        await app.inject({ method: 'GET', url });
      }
      const log = lines.join('');
      expect(log).toContain('/reset-password?token=redacted');
      expect(log).toContain('/api/callback?code=redacted&state=abc');
      for (const secret of ['reset-secret-1', 'confirm-secret-2', 'oidc-secret-3', 'code-secret-4']) {
        expect(log).not.toContain(secret);
      }
    } finally {
      await app.close();
      await database.close();
    }
  });
});
