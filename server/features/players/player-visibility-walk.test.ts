import { readFileSync } from 'node:fs';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { playerPath } from '../../../common/player-path';
import { MEMBERS_ONLY_MESSAGE } from '../../../common/schemas/player-page';
import type { PlayerDetail, PlayerSearchResult } from '../../../common/schemas/players';
import type { Database } from '../../db/client';
import { players, ratings } from '../../db/schema/index';
import type { App } from '../../deps';
import { adminTokenHeaders, signInAs } from '../../test/sign-in';
import { recomputeTrust } from '../../test/trust-recompute';
import { createPageServingApp } from '../../test/page-serving-app';
import { TEST_ADMIN, type TestApp } from '../../test/test-app';
import { SITE_PREVIEW_IMAGE } from '../seo/preview-image.service';
import { addPlayer, addRating, allScores, linkPlayerTo, uniqueEmail, uniqueWord } from './players-fixtures';

/*
 * docs/product.md#visibility and #places: every route that answers a player, walked with every kind of caller. A
 * members-only player is answered in full only to confirmed members, its owner and admins; everyone else gets the
 * page's "sign in" answer (401 signed out, 403 for an account whose e-mail is not confirmed, both `members_only`)
 * or is left out of a list. No answer to anyone but the owner and admins carries a street or a ZIP.
 */
const PUBLIC_URL = 'https://ratings.example';
let app: App;
let database: Database;
let t: TestApp;

beforeAll(async () => {
  t = await createPageServingApp({
    PUBLIC_URL,
    ADMIN_EMAIL: TEST_ADMIN.email,
    ADMIN_KEY: TEST_ADMIN.key,
    SESSION_CACHE_SECONDS: '0',
    LEADERBOARD_REFRESH_SECONDS: '0',
    // Sitemaps drawn on every request: the walk reads players it has just added.
    SITEMAP_KEEP_SECONDS: '0',
  });
  ({ app, database } = t);
});
afterAll(() => t.close());

type Caller = 'signedOut' | 'unconfirmed' | 'member' | 'owner' | 'admin' | 'adminToken';
const CALLERS: Caller[] = ['signedOut', 'unconfirmed', 'member', 'owner', 'admin', 'adminToken'];

/** A player as stored before places had parts: the text as written, street and ZIP included. */
type Walked = { id: number; lastName: string; raw: string; secrets: string[]; path: string; owner: string };

/** A linked, rated player with a bio and comments, whose stored location still carries a street and a ZIP. */
async function linkedPlayer(visibility: 'public' | 'members', place: { known: string; street: string; zip: string }) {
  const { db } = database;
  const lastName = uniqueWord();
  const owner = uniqueEmail(`owner-${visibility}`);
  await signInAs(t, { email: owner });
  const row = await addPlayer(db, {
    firstName: 'Sam',
    lastName,
    email: owner,
    location: `${place.known} ${place.zip}`,
  });
  const raw = `${place.street}, ${place.known} ${place.zip}`;
  await db
    .update(players)
    .set({ location: raw, bio: `bio of ${lastName}` })
    .where(eq(players.id, row.id));
  await linkPlayerTo(db, row.id, owner, { visibility });
  for (const stars of [4, 5, 3]) {
    const rating = await addRating(db, {
      playerId: row.id,
      ...allScores(stars),
      strengthsImprovements: `comment on ${lastName}`,
    });
    // Named ratings, shown to others at once (listed and published when given).
    await db
      .update(ratings)
      .set({ listedAt: rating.createdAt, publishedAt: rating.createdAt })
      .where(eq(ratings.id, rating.id));
  }
  return {
    id: row.id,
    lastName,
    raw,
    secrets: [place.street, place.zip, `bio of ${lastName}`, `comment on ${lastName}`],
    path: playerPath({ id: row.id, firstName: 'Sam', lastName, location: raw }),
    owner,
  };
}

let hidden: Walked;
let open: Walked;
const headersOf: Partial<Record<Caller, Record<string, string>>> = {};
/** The owner's cookie of each walked player. */
const ownerCookie = new Map<number, string>();

beforeAll(async () => {
  hidden = await linkedPlayer('members', { known: 'Austin, TX', street: '123 Main St', zip: '78701' });
  open = await linkedPlayer('public', { known: 'Austin, TX', street: '456 Oak Ave', zip: '78702' });
  for (const player of [hidden, open]) ownerCookie.set(player.id, await signInAs(t, { email: player.owner }));
  await recomputeTrust(app, await adminTokenHeaders(t));
  headersOf.signedOut = {};
  headersOf.unconfirmed = { cookie: await signInAs(t, { email: uniqueEmail('unconfirmed'), emailVerified: false }) };
  headersOf.member = { cookie: await signInAs(t, { email: uniqueEmail('member') }) };
  headersOf.admin = { cookie: await signInAs(t, { email: uniqueEmail('admin'), isAdmin: true }) };
  headersOf.adminToken = await adminTokenHeaders(t);
});

const headers = (caller: Caller, player: Walked) =>
  caller === 'owner' ? { cookie: ownerCookie.get(player.id)! } : headersOf[caller]!;
const get = (url: string, caller: Caller, player: Walked) => app.inject({ url, headers: headers(caller, player) });

const seesInFull = (caller: Caller, player: Walked) =>
  player === open || !['signedOut', 'unconfirmed'].includes(caller);
const seesStreet = (caller: Caller) => ['owner', 'admin', 'adminToken'].includes(caller);

/** The "sign in" answer of a members-only page: 401 signed out, 403 for an unconfirmed account. */
function expectMembersOnly(reply: Awaited<ReturnType<typeof get>>, caller: Caller, url: string) {
  expect(reply.statusCode, `${caller} ${url}`).toBe(caller === 'signedOut' ? 401 : 403);
  expect(reply.json<{ code: string }>().code, `${caller} ${url}`).toBe('members_only');
  if (caller === 'signedOut') expect(reply.json<{ message: string }>().message).toBe(MEMBERS_ONLY_MESSAGE);
}

function expectNoSecrets(body: string, player: Walked, what: string, { street = true, rest = true } = {}) {
  const [streetText, zip, bio, comment] = player.secrets;
  if (street) {
    expect(body, what).not.toContain(streetText);
    expect(body, what).not.toContain(zip);
  }
  if (rest) {
    expect(body, what).not.toContain(bio);
    expect(body, what).not.toContain(comment);
  }
}

describe('every player-returning route, by every kind of caller', () => {
  for (const caller of CALLERS) {
    for (const which of ['members-only', 'public'] as const) {
      it(`${caller} reading a ${which} player`, async () => {
        const player = which === 'members-only' ? hidden : open;
        const full = seesInFull(caller, player);
        const street = seesStreet(caller);

        // GET /api/players/:id
        const detailUrl = `/api/players/${player.id}`;
        const detail = await get(detailUrl, caller, player);
        if (!full) {
          expectMembersOnly(detail, caller, detailUrl);
          expectNoSecrets(detail.body, player, `${caller} ${detailUrl}`);
        } else {
          expect(detail.statusCode, `${caller} ${detailUrl}`).toBe(200);
          const shown = detail.json<PlayerDetail>();
          expect(shown.bio).toBe(player.secrets[2]);
          expect(shown.recentComments.length).toBeGreaterThan(0);
          expect(shown.location, `${caller} ${detailUrl}`).toBe(street ? player.raw : 'Austin, TX');
          if (!street) expectNoSecrets(detail.body, player, `${caller} ${detailUrl}`, { rest: false });
        }

        // GET /api/players/:id/page and /comments
        for (const url of [`/api/players/${player.id}/page`, `/api/players/${player.id}/comments`]) {
          const reply = await get(url, caller, player);
          if (!full) {
            expectMembersOnly(reply, caller, url);
            expectNoSecrets(reply.body, player, `${caller} ${url}`);
          } else {
            expect(reply.statusCode, `${caller} ${url}`).toBe(200);
            expectNoSecrets(reply.body, player, `${caller} ${url}`, { rest: false });
          }
        }

        // GET /api/players/:id/received-ratings: the player and signed-in admins only, whatever the page's visibility.
        const received = await get(`/api/players/${player.id}/received-ratings`, caller, player);
        if (caller === 'owner' || caller === 'admin') {
          expect(received.statusCode, `${caller} received`).toBe(200);
        } else {
          expect([401, 403], `${caller} received`).toContain(received.statusCode);
          expectNoSecrets(received.body, player, `${caller} received`);
        }

        // Search by name, near a place with the name, and near a place alone (two different statements).
        for (const url of [
          `/api/players/search?q=${player.lastName}`,
          `/api/players/search?near=${encodeURIComponent('Austin, TX')}&q=${player.lastName}`,
          `/api/players/search?near=${encodeURIComponent('Austin, TX')}&radiusMiles=10`,
        ]) {
          const reply = await get(url, caller, player);
          expect(reply.statusCode, `${caller} ${url}`).toBe(200);
          const found = reply.json<PlayerSearchResult[]>().find((result) => result.id === player.id);
          if (!full) {
            expect(found, `${caller} ${url}`).toBeUndefined();
            expect(reply.body).not.toContain(player.lastName);
          } else {
            expect(found, `${caller} ${url}`).toBeDefined();
            expect(found!.location, `${caller} ${url}`).toBe(street ? player.raw : 'Austin, TX');
          }
          if (!street) expectNoSecrets(reply.body, player, `${caller} ${url}`);
        }

        // The page's HTML (head, facts, JSON-LD): the same for every caller; a members-only page shows the name only.
        const html = await get(player.path, caller, player);
        expect(html.statusCode, `${caller} ${player.path}`).toBe(200);
        expectNoSecrets(html.body, player, `${caller} HTML`);
        if (which === 'members-only') {
          expect(html.body).toContain('<meta name="robots" content="noindex" />');
          expect(html.body).not.toContain('ProfilePage');
          expect(html.body).not.toContain('Austin');
        } else {
          expect(html.body).toContain('"addressLocality":"Austin"');
        }

        // The preview image: a members-only player's is the site's own picture, for everyone.
        const image = await get(`/og/players/${player.id}.png`, caller, player);
        expect(image.statusCode).toBe(200);
        expect(image.rawPayload.equals(readFileSync(SITE_PREVIEW_IMAGE))).toBe(which === 'members-only');

        // The sitemap lists public pages only, by their street-free address.
        const sitemap = await get('/sitemap-players-1.xml', caller, player);
        expectNoSecrets(sitemap.body, player, `${caller} sitemap`);
        if (which === 'members-only') expect(sitemap.body).not.toContain(`/players/${player.id}/`);
        else expect(sitemap.body).toContain(`${PUBLIC_URL}${player.path}<`);
      });
    }
  }
});

describe('a bulk-imported place that is not one', () => {
  it('shows a stranger and a member no street or ZIP of a free-text location; its admins see it as written', async () => {
    const word = uniqueWord();
    const email = uniqueEmail('imported');
    const imported = await app.inject({
      method: 'POST',
      url: '/api/players/bulk',
      headers: await adminTokenHeaders(t),
      payload: {
        players: [
          { firstName: 'Ima', lastName: word, email, skillLevel: '3.0', location: '123 Main St Austin TX 78701' },
        ],
      },
    });
    expect(imported.statusCode).toBe(200);
    const [row] = await database.db.select().from(players).where(eq(players.email, email));
    expect(row.location).toBe('123 Main St Austin TX 78701');
    for (const caller of ['signedOut', 'member', 'adminToken'] as const) {
      const callerHeaders = headersOf[caller]!;
      const detail = await app.inject({ url: `/api/players/${row.id}`, headers: callerHeaders });
      const search = await app.inject({ url: `/api/players/search?q=${word}`, headers: callerHeaders });
      const shown = caller === 'adminToken' ? row.location : 'Unknown Location';
      expect(detail.json<PlayerDetail>().location, caller).toBe(shown);
      expect(search.json<PlayerSearchResult[]>()[0].location, caller).toBe(shown);
    }
  });
});
