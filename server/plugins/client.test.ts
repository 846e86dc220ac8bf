import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import Fastify from 'fastify';
import type { UserConfig } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseEnv } from '../env';
import { CLIENT_DIST, clientPlugin } from './client';
import { compressPage, pageBytesBound, pickEncoding } from './compressed-page';
import { SESSION_COOKIE } from './session';

const ASSET = 'console.log("hello from the bundle");\n'.repeat(50);

describe('serving the built client', () => {
  const root = mkdtempSync(path.join(tmpdir(), 'pr-client-'));
  const app = Fastify({ logger: false });

  beforeAll(async () => {
    mkdirSync(path.join(root, 'assets'));
    writeFileSync(path.join(root, 'index.html'), '<html><head><!--app-head--></head><body></body></html>');
    writeFileSync(path.join(root, 'assets', 'app-123.js'), `${ASSET}//# sourceMappingURL=app-123.js.map`);
    writeFileSync(path.join(root, 'assets', 'app-123.js.br'), brotliCompressSync(ASSET));
    writeFileSync(path.join(root, 'assets', 'app-123.js.gz'), gzipSync(ASSET));
    writeFileSync(path.join(root, 'assets', 'app-123.js.map'), '{"version":3,"sources":["secret.ts"]}');
    await app.register(clientPlugin, { serveClient: true, env: parseEnv({ NODE_ENV: 'test' }), root });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    rmSync(root, { recursive: true, force: true });
  });

  const getAsset = (acceptEncoding?: string) =>
    app.inject({
      method: 'GET',
      url: '/assets/app-123.js',
      headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding },
    });

  it('serves hashed assets, cached for a year', async () => {
    const res = await getAsset();
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('answers an asset in brotli, gzip or as is by Accept-Encoding, and says it varies on it', async () => {
    const br = await getAsset('gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(ASSET);

    const gzip = await getAsset('gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(ASSET);

    const identity = await getAsset('identity');
    expect(identity.headers['content-encoding']).toBeUndefined();
    expect(identity.body.startsWith(ASSET)).toBe(true);

    for (const res of [br, gzip, identity]) {
      expect(res.statusCode).toBe(200);
      expect(res.headers.vary).toMatch(/accept-encoding/i);
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    }
  });

  it('serves pages compressed, revalidated every time, with an ETag', async () => {
    const br = await app.inject({ method: 'GET', url: '/register', headers: { 'accept-encoding': 'gzip, br' } });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.rawPayload).toString()).toContain('<title>Create your account');
    expect(br.headers['cache-control']).toBe('no-cache');
    expect(br.headers.vary).toBe('accept-encoding');

    const gzip = await app.inject({ method: 'GET', url: '/register', headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toContain('<title>Create your account');

    const plain = await app.inject({ method: 'GET', url: '/register' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toContain('<title>Create your account');

    const etag = plain.headers.etag as string;
    expect(etag).toMatch(/^".+"$/);
    expect(gzip.headers.etag).toBe(etag);
    const revalidated = await app.inject({ method: 'GET', url: '/register', headers: { 'if-none-match': etag } });
    expect(revalidated.statusCode).toBe(304);
    expect(revalidated.body).toBe('');
  });

  it('answers unknown pages with the compressed 404 page', async () => {
    const res = await app.inject({ method: 'GET', url: '/no-such-page', headers: { 'accept-encoding': 'br' } });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(res.rawPayload).toString()).toContain('<title>Page not found');
  });

  it('builds no source maps, and bundles the production builds', async () => {
    const { default: viteConfig } = await import('../../vite.config');
    const config: UserConfig = viteConfig({ command: 'build', mode: 'production' });
    expect(config).toMatchObject({ build: { sourcemap: false } });
    const aliases = config.resolve?.alias as { find: string | RegExp; replacement: string }[];
    expect(aliases.find((alias) => String(alias.find) === String(/^react-router$/))?.replacement).toMatch(
      /react-router[/\\]dist[/\\]production[/\\]index\.mjs$/,
    );
  });

  it('never serves a source map, even one a build left behind', async () => {
    const res = await app.inject({ method: 'GET', url: '/assets/app-123.js.map' });
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain('secret.ts');
  });
});

describe('pre-rendered signed-out pages', () => {
  const root = mkdtempSync(path.join(tmpdir(), 'pr-client-ssr-'));
  const app = Fastify({ logger: false });

  beforeAll(async () => {
    writeFileSync(
      path.join(root, 'index.html'),
      '<html><head><!--app-head--><script type="module" src="/a.js"></script></head><body><div id="root"></div></body></html>',
    );
    writeFileSync(
      path.join(root, 'prerender.mjs'),
      'export const renderSignedOutPage = (path, config) => ({ root: `<h1>Drawn ${path} google=${config.googleEnabled}</h1>`, head: "<script id=\\"app-config\\"></script>" });',
    );
    app.get('/api/config', async () => ({ demoMode: false, googleEnabled: true }));
    await app.register(clientPlugin, {
      serveClient: true,
      env: parseEnv({ NODE_ENV: 'test' }),
      root,
      ssrEntry: path.join(root, 'prerender.mjs'),
    });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    rmSync(root, { recursive: true, force: true });
  });

  it('sends the landing page drawn for a visitor without a session, with the config it was drawn with', async () => {
    const res = await app.inject({ method: 'GET', url: '/' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<div id="root"><h1>Drawn / google=true</h1></div>');
    expect(res.body).toContain('<script id="app-config"></script>');
    expect(res.headers.vary).toBe('accept-encoding, cookie');
    expect(res.body).toContain('<script type="module" fetchpriority="low" src="/a.js">');
  });

  it('sends the blank page to a browser with a session cookie, and other pages blank', async () => {
    const withSession = await app.inject({
      method: 'GET',
      url: '/',
      headers: { cookie: `a=1; ${SESSION_COOKIE}=abc` },
    });
    expect(withSession.body).toContain('<div id="root"></div>');
    expect(withSession.body).toContain('<script type="module" src="/a.js">');
    expect(withSession.headers.etag).not.toBe((await app.inject({ method: 'GET', url: '/' })).headers.etag);
    const register = await app.inject({ method: 'GET', url: '/register' });
    expect(register.body).toContain('<div id="root"></div>');
  });

  it('draws /login too, and a page with a query string blank (the query can change what it shows)', async () => {
    const login = await app.inject({ method: 'GET', url: '/login' });
    expect(login.body).toContain('<div id="root"><h1>Drawn /login google=true</h1></div>');
    const withQuery = await app.inject({ method: 'GET', url: '/login?error=auth_failed' });
    expect(withQuery.body).toContain('<div id="root"></div>');
  });
});

describe('/transparency drawn with its figures', () => {
  const root = mkdtempSync(path.join(tmpdir(), 'pr-client-transparency-'));
  const app = Fastify({ logger: false });
  let asked = 0;

  beforeAll(async () => {
    writeFileSync(
      path.join(root, 'index.html'),
      '<html><head><!--app-head--></head><body><div id="root"></div></body></html>',
    );
    // Fails on the first draw, as a renderer that throws; draws the figures on the next ones.
    writeFileSync(
      path.join(root, 'prerender.mjs'),
      [
        'let draws = 0;',
        'export const renderSignedOutPage = () => ({ root: "", head: "" });',
        'export const renderTransparencyPage = async (report) => {',
        '  if ((draws += 1) === 1) throw new Error("no");',
        '  return { root: `<p>${report.months[0].ratingsRemoved} removed</p>`, head: "" };',
        '};',
      ].join('\n'),
    );
    app.get('/api/config', async () => ({ demoMode: false, googleEnabled: false }));
    await app.register(clientPlugin, {
      serveClient: true,
      env: parseEnv({ NODE_ENV: 'test' }),
      root,
      ssrEntry: path.join(root, 'prerender.mjs'),
      transparency: {
        report: async () => {
          asked += 1;
          return { generatedAt: new Date().toISOString(), months: [{ ratingsRemoved: 7 }] } as never;
        },
        maxAgeMs: 300_000,
      },
    });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    rmSync(root, { recursive: true, force: true });
  });

  it('sends the client-drawn page when the draw fails, tries again on the next visit and keeps that page', async () => {
    const failed = await app.inject({ method: 'GET', url: '/transparency' });
    expect(failed.statusCode).toBe(200);
    expect(failed.body).toContain('<div id="root"></div>');
    expect(failed.body).toContain('<title>');
    const drawn = await app.inject({ method: 'GET', url: '/transparency' });
    expect(drawn.body).toContain('<div id="root"><p>7 removed</p></div>');
    expect(drawn.headers.vary).toBe('accept-encoding, cookie');
    const again = await app.inject({ method: 'GET', url: '/transparency?from=footer' });
    expect(again.body).toBe(drawn.body);
    expect(asked).toBe(2);
    const withSession = await app.inject({
      method: 'GET',
      url: '/transparency',
      headers: { cookie: `${SESSION_COOKIE}=abc` },
    });
    expect(withSession.body).toContain('<div id="root"></div>');
  });
});

describe('pickEncoding', () => {
  it.each([
    ['gzip, deflate, br, zstd', 'br'],
    ['gzip;q=1.0, br;q=0', 'gzip'],
    ['*', 'gzip'],
    ['identity', 'identity'],
    ['', 'identity'],
    [undefined, 'identity'],
  ])('%s → %s', (header, expected) => {
    expect(pickEncoding(header)).toBe(expected);
  });
});

describe('compressPage', () => {
  const html = `<!doctype html><title>Page</title>${'<p>A line of the page.</p>'.repeat(400)}`;

  it.each(['max', 'fast'] as const)('answers the same page in each encoding (%s)', (effort) => {
    const page = compressPage(html, effort);
    expect(page.body.identity.toString()).toBe(html);
    expect(brotliDecompressSync(page.body.br).toString()).toBe(html);
    expect(gunzipSync(page.body.gzip).toString()).toBe(html);
    expect(page.body.br.length).toBeLessThan(html.length / 5);
    expect(pageBytesBound(page)).toBeGreaterThanOrEqual(html.length + page.body.br.length + page.body.gzip.length);
  });

  it('compresses a page drawn per record in an encoding only when it is first asked for, and once', () => {
    const page = compressPage(html, 'fast');
    const made = (encoding: 'br' | 'gzip') => 'value' in Object.getOwnPropertyDescriptor(page.body, encoding)!;
    expect([made('br'), made('gzip')]).toEqual([false, false]);
    const first = page.body.br;
    expect([made('br'), made('gzip')]).toEqual([true, false]);
    expect(page.body.br).toBe(first);
  });
});

// Checks the build on disk when there is one (npm run build; in CI, the PostgreSQL pass after the browser suite
// built it): development builds log warnings and run slower. Read in the tests, not while collecting them.
describe.runIf(existsSync(path.join(CLIENT_DIST, 'assets')))('the built bundle', () => {
  const assets = path.join(CLIENT_DIST, 'assets');

  it('holds no development builds and no source maps', () => {
    const scripts = readdirSync(assets).filter((name) => name.endsWith('.js'));
    const code = scripts.map((name) => readFileSync(path.join(assets, name), 'utf8')).join('\n');
    // React's production build throws numbered errors; its development build and react-router's name the problem.
    expect(code).toContain('Minified React error');
    expect(code).not.toContain('No routes matched location');
    expect(code).not.toContain('Error handled by React Router default ErrorBoundary');
    expect(code).not.toMatch(/sourceMappingURL/);
    expect(readdirSync(assets).filter((name) => name.endsWith('.map'))).toEqual([]);
  });

  it('has a brotli and a gzip copy of every script and style sheet above 512 bytes', () => {
    for (const name of readdirSync(assets).filter((file) => /\.(js|css)$/.test(file))) {
      if (readFileSync(path.join(assets, name)).length <= 512) continue;
      expect(existsSync(path.join(assets, `${name}.br`)), name).toBe(true);
      expect(existsSync(path.join(assets, `${name}.gz`)), name).toBe(true);
    }
  });
});
