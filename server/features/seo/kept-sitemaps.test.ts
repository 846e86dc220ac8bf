import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';
import { addPlayer, uniqueWord } from '../players/players-fixtures';
import { keptSitemaps } from './kept-sitemaps.service';

describe('keptSitemaps', () => {
  it('draws a sitemap once while it is kept, for requests at once and after', async () => {
    const keep = keptSitemaps(60_000);
    let draws = 0;
    const draw = async () => {
      draws += 1;
      await new Promise((resolve) => setTimeout(resolve, 20));
      return `<urlset>${draws}</urlset>`;
    };
    const answers = await Promise.all(Array.from({ length: 20 }, () => keep('players-1', draw)));
    expect(new Set(answers)).toEqual(new Set(['<urlset>1</urlset>']));
    expect(await keep('players-1', draw)).toBe('<urlset>1</urlset>');
    expect(draws).toBe(1);
    expect(await keep('players-2', draw)).toBe('<urlset>2</urlset>');
  });

  it('keeps neither an empty page nor a failed draw', async () => {
    const keep = keptSitemaps(60_000);
    let draws = 0;
    const empty = async () => {
      draws += 1;
      return undefined;
    };
    expect(await keep('players-9', empty)).toBeUndefined();
    expect(await keep('players-9', empty)).toBeUndefined();
    expect(draws).toBe(2);
    await expect(keep('players-3', () => Promise.reject(new Error('database down')))).rejects.toThrow('database down');
    expect(await keep('players-3', async () => '<urlset/>')).toBe('<urlset/>');
  });

  it('draws on every request with 0', async () => {
    const keep = keptSitemaps(0);
    let draws = 0;
    const draw = async () => `<urlset>${++draws}</urlset>`;
    await keep('index', draw);
    expect(await keep('index', draw)).toBe('<urlset>2</urlset>');
  });
});

describe('sitemaps kept by the server (SITEMAP_KEEP_SECONDS)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ SITEMAP_KEEP_SECONDS: '1' });
  });
  afterAll(() => t.close());

  const sitemap = async () => {
    const reply = await t.app.inject({ url: '/sitemap-players-1.xml' });
    expect(reply.statusCode).toBe(200);
    return reply.body;
  };

  it('answers the kept sitemap until it is drawn again', async () => {
    const first = await addPlayer(t.database.db, { lastName: uniqueWord() });
    expect(await sitemap()).toContain(`/players/${first.id}/`);
    const second = await addPlayer(t.database.db, { lastName: uniqueWord() });
    expect(await sitemap()).not.toContain(`/players/${second.id}/`);
    await new Promise((resolve) => setTimeout(resolve, 1100));
    expect(await sitemap()).toContain(`/players/${second.id}/`);
  });
});
