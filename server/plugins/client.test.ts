import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseEnv } from '../env';
import { clientPlugin } from './client';

describe('serving the built client', () => {
  const root = mkdtempSync(path.join(tmpdir(), 'pr-client-'));
  const app = Fastify({ logger: false });

  beforeAll(async () => {
    mkdirSync(path.join(root, 'assets'));
    writeFileSync(path.join(root, 'index.html'), '<html><head><!--app-head--></head><body></body></html>');
    writeFileSync(path.join(root, 'assets', 'app-123.js'), 'console.log(1);\n//# sourceMappingURL=app-123.js.map');
    writeFileSync(path.join(root, 'assets', 'app-123.js.map'), '{"version":3,"sources":["secret.ts"]}');
    await app.register(clientPlugin, { serveClient: true, env: parseEnv({ NODE_ENV: 'test' }), root });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    rmSync(root, { recursive: true, force: true });
  });

  it('serves hashed assets, cached for a year', async () => {
    const res = await app.inject({ method: 'GET', url: '/assets/app-123.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('builds no source maps', async () => {
    const { default: viteConfig } = await import('../../vite.config');
    expect(viteConfig).toMatchObject({ build: { sourcemap: false } });
  });

  it('never serves a source map, even one a build left behind', async () => {
    const res = await app.inject({ method: 'GET', url: '/assets/app-123.js.map' });
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain('secret.ts');
  });
});
