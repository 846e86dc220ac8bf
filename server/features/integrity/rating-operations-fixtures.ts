import fc from 'fast-check';
import { eq, inArray, sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import type { Db } from '../../db/client';
import {
  achievements,
  players,
  playerSkillMarks,
  raterDailyStats,
  raterStats,
  ratings,
  sessions,
  users,
} from '../../db/schema/index';
import { signInAs } from '../../test/sign-in';
import type { TestApp } from '../../test/test-app';
import { REMOVAL_RULES, type RemovalRule } from '../../../common/removal-rules';
import {
  RATING_SCORE_FIELDS,
  RATING_TEXT_FIELDS,
  type RatingScoreField,
  type RatingTextField,
} from '../../../common/schemas/ratings';
import { createPlayer, userIdOf } from '../ratings/ratings-fixtures';

/*
 * A small world and random sequences of what people and moderators do to ratings in it, sent through the real
 * routes, for the property test of the rating effects (rating-effects.property.test.ts): 4 members, 3 players of
 * which the first two are linked to the first two members, an admin, and a crowd of three more members who only rate
 * anonymously, so that a release has the 3 raters it needs (docs/product.md#anonymity) within a short sequence.
 */

const MEMBER_COUNT = 4;
/** The crowd: members after the first MEMBER_COUNT. */
const CROWD_SIZE = 3;
/** The member each player is linked to; null: nobody's. */
const PLAYER_LINKS = [0, 1, null] as const;

type Scores = Record<RatingScoreField, number>;
/** A text as sent: absent (undefined: on an edit, keep it), null or '' (clear it), or a text. */
type Texts = Partial<Record<RatingTextField, string | null>>;

export type Operation =
  | { kind: 'submit'; rater: number; player: number; anonymous: boolean; scores: Scores; overall: number; texts: Texts }
  | ({ kind: 'edit'; scores: Scores; texts: Texts } & RatingPick)
  /** By the member linked to the rating's player; `stranger` picks another member (refused). */
  | ({ kind: 'vote'; score: number; stranger: number | null } & RatingPick)
  /**
   * The crowd each rate the player anonymously, or edit the rating they gave it (once others see it, an edit waiting
   * for the release); with `vote`, the member linked to the player then votes on each of their ratings (a vote on an
   * anonymous rating waits for the release too).
   */
  | { kind: 'crowd'; player: number; scores: Scores; vote: number | null }
  | { kind: 'release' }
  | ({ kind: 'remove'; rule: RemovalRule } & RatingPick)
  | ({ kind: 'restore' } & RatingPick)
  | { kind: 'merge'; from: number; into: number }
  | { kind: 'erase'; member: number; deletePlayerProfile: boolean; byAdmin: boolean };

export type OperationKind = Operation['kind'];

/**
 * Which of the sequence's ratings an operation acts on: the `rating`-th (modulo how many) of those it fits (one still
 * standing to edit, vote on or remove, a removed one to restore), or with `fitting` false of all the sequence
 * submitted, gone or not, so refusals stay in the game. With none, a rating that does not exist.
 */
type RatingPick = { rating: number; fitting: boolean };

// ---- Texts: random lengths, emoji, and written feedback of exactly 49, 50 and 51 characters ----

/** One code point each: the detailed-feedback mark counts code points, so an emoji is one character. */
const ONE_CODE_POINT = ['a', 'Z', '7', 'é', 'ß', '中', '😀', '🏓', '!'];
/** Pieces of free text: spaces (trimmed at the ends), a skin tone (two code points), a family (five). */
const PIECES = [...ONE_CODE_POINT, ' ', '  ', '👍🏽', '👩‍👩‍👧', 'dink', 'third shot'];

const textOfLength = (length: number) =>
  fc.array(fc.constantFrom(...ONE_CODE_POINT), { minLength: length, maxLength: length }).map((chars) => chars.join(''));
const freeText = fc.array(fc.constantFrom(...PIECES), { maxLength: 30 }).map((pieces) => pieces.join(''));
const padded = (text: fc.Arbitrary<string>) =>
  fc
    .tuple(fc.constantFrom('', ' ', '  '), text, fc.constantFrom('', ' '))
    .map(([before, body, after]) => before + body + after);
const field = fc.constantFrom(...RATING_TEXT_FIELDS);

/** Feedback whose trimmed code points add up to 49, 50 or 51 over one or two fields: either side of the bonus. */
const boundaryTexts: fc.Arbitrary<Texts> = fc
  .tuple(fc.constantFrom(49, 50, 51), fc.integer({ min: 1, max: 48 }), field, field)
  .chain(([total, first, a, b]) =>
    a === b
      ? padded(textOfLength(total)).map((text) => ({ [a]: text }))
      : fc
          .tuple(padded(textOfLength(first)), padded(textOfLength(total - first)))
          .map(([x, y]) => ({ [a]: x, [b]: y })),
  );

/** All six texts written: the Full Breakdown badge. */
const fullTexts: fc.Arbitrary<Texts> = fc
  .tuple(
    ...RATING_TEXT_FIELDS.map(() =>
      fc.oneof(
        textOfLength(1),
        freeText.filter((text) => text.trim() !== ''),
      ),
    ),
  )
  .map((texts) => Object.fromEntries(RATING_TEXT_FIELDS.map((name, i) => [name, texts[i]])));

/** Each text absent, cleared (null or ''), short or long. */
const sparseTexts: fc.Arbitrary<Texts> = fc
  .tuple(
    ...RATING_TEXT_FIELDS.map(() =>
      fc.oneof(
        { weight: 4, arbitrary: fc.constant(undefined) },
        { weight: 1, arbitrary: fc.constantFrom(null, '', '   ') },
        { weight: 3, arbitrary: freeText },
        { weight: 1, arbitrary: textOfLength(60) },
      ),
    ),
  )
  .map((texts) =>
    Object.fromEntries(RATING_TEXT_FIELDS.flatMap((name, i) => (texts[i] === undefined ? [] : [[name, texts[i]]]))),
  );

/** Every text cleared: an edit that removes the detail. */
const noTexts: Texts = Object.fromEntries(RATING_TEXT_FIELDS.map((name) => [name, null]));

const texts = fc.oneof(sparseTexts, boundaryTexts, fullTexts, fc.constant(noTexts));
const star = fc.integer({ min: 1, max: 5 });
const scores = fc
  .tuple(...RATING_SCORE_FIELDS.map(() => star))
  .map((values) => Object.fromEntries(RATING_SCORE_FIELDS.map((name, i) => [name, values[i]])) as Scores);

// ---- Operations ----

const member = fc.integer({ min: 0, max: MEMBER_COUNT - 1 });
const player = fc.integer({ min: 0, max: PLAYER_LINKS.length - 1 });
const ratingPick = {
  rating: fc.nat(15),
  fitting: fc.oneof({ weight: 7, arbitrary: fc.constant(true) }, { weight: 1, arbitrary: fc.constant(false) }),
};

const submit = fc.record({
  kind: fc.constant('submit' as const),
  rater: member,
  player,
  anonymous: fc.oneof({ weight: 2, arbitrary: fc.constant(false) }, { weight: 1, arbitrary: fc.constant(true) }),
  scores,
  overall: star,
  texts,
});

const operation: fc.Arbitrary<Operation> = fc.oneof(
  { weight: 6, arbitrary: submit },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('edit' as const), ...ratingPick, scores, texts }) },
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('vote' as const),
      ...ratingPick,
      score: star,
      stranger: fc.oneof({ weight: 7, arbitrary: fc.constant(null) }, { weight: 1, arbitrary: member }),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({ kind: fc.constant('crowd' as const), player, scores, vote: fc.option(star, { nil: null }) }),
  },
  { weight: 2, arbitrary: fc.constant({ kind: 'release' as const }) },
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('remove' as const),
      ...ratingPick,
      rule: fc.constantFrom(...REMOVAL_RULES),
    }),
  },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('restore' as const), ...ratingPick }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('merge' as const), from: player, into: player }) },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('erase' as const),
      member,
      deletePlayerProfile: fc.boolean(),
      byAdmin: fc.boolean(),
    }),
  },
);

/** 1 to `maxSteps` operations, the first a submit: a sequence that starts with nothing to act on wastes its steps. */
export const operations = (maxSteps: number): fc.Arbitrary<Operation[]> =>
  fc.tuple(submit, fc.array(operation, { maxLength: maxSteps - 1 })).map(([first, rest]) => [first, ...rest]);

// ---- The world ----

type Member = { email: string; userId: string; cookie: string };
type World = {
  adminCookie: string;
  members: Member[];
  playerIds: number[];
  /** The sequence's ratings (the crowd's first ones included) and who gave each, by member index. */
  ratings: { id: number; rater: number }[];
};

/** Every row the world starts with, written back as it was before each sequence, parents first. */
async function worldRows(db: Db) {
  return {
    users: await db.select().from(users),
    sessions: await db.select().from(sessions),
    players: await db.select().from(players),
    ratings: await db.select().from(ratings),
    raterStats: await db.select().from(raterStats),
    raterDailyStats: await db.select().from(raterDailyStats),
    achievements: await db.select().from(achievements),
    playerSkillMarks: await db.select().from(playerSkillMarks),
  };
}

/** The world as first made, and its rows. */
export type WorldSnapshot = { world: World; rows: Awaited<ReturnType<typeof worldRows>> };

/**
 * Signs the admin and the members in, adds the players, and has the crowd rate the two linked players anonymously and
 * released (so their players can vote on them, a vote that waits for the next release), once per file.
 */
export async function createWorld(t: TestApp): Promise<WorldSnapshot> {
  const adminCookie = await signInAs(t, { email: 'effects.admin@example.com', isAdmin: true });
  const members: Member[] = [];
  for (let i = 0; i < MEMBER_COUNT + CROWD_SIZE; i += 1) {
    const email = `effects.member${i}@example.com`;
    const cookie = await signInAs(t, { email, firstName: `Member${i}`, lastName: 'Rater' });
    members.push({ email, cookie, userId: await userIdOf(t, email) });
  }
  const playerIds: number[] = [];
  for (const [i, link] of PLAYER_LINKS.entries()) {
    const row = await createPlayer(t, { firstName: `Player${i}`, userId: link === null ? null : members[link].userId });
    playerIds.push(row.id);
  }
  const world: World = { adminCookie, members, playerIds, ratings: [] };
  const stars = {
    serveReturn: 3,
    groundstrokesThirdShot: 4,
    netPlayVolleysDinks: 3,
    movementCourtAwareness: 2,
    mentalPhysicalGame: 5,
  };
  for (const player of [0, 1]) await runOperation(t, world, { kind: 'crowd', player, scores: stars, vote: null });
  const released = await runOperation(t, world, { kind: 'release' });
  if (released.json<{ released: number }>().released !== 2 * CROWD_SIZE) throw new Error(`release: ${released.body}`);
  return { world, rows: await worldRows(t.database.db) };
}

/**
 * Everything the operations write goes, and the world's rows come back as first made, with their ids and sessions
 * (far faster than a new database). Deleting the ratings, players and users cascades to every row that references
 * them; the rows that only name a user (data_requests) and the leaderboard's marks go on their own. The release
 * schedule's record (anonymity_releases) stays, so the schedule never releases in the middle of a sequence.
 */
export async function resetWorld(t: TestApp, snapshot: WorldSnapshot): Promise<World> {
  const { db } = t.database;
  await db.execute(sql`with ratings_gone as (delete from ratings), players_gone as (delete from players),
      users_gone as (delete from users), requests_gone as (delete from data_requests)
    delete from leaderboard_marks`);
  const { rows } = snapshot;
  await db.insert(users).values(rows.users);
  await db.insert(sessions).values(rows.sessions);
  await db.insert(players).values(rows.players);
  await db.insert(ratings).values(rows.ratings);
  await db.insert(raterStats).values(rows.raterStats);
  await db.insert(raterDailyStats).values(rows.raterDailyStats);
  await db.insert(achievements).values(rows.achievements);
  await db.insert(playerSkillMarks).values(rows.playerSkillMarks);
  return { ...snapshot.world, ratings: [...snapshot.world.ratings] };
}

// ---- Running an operation through its route ----

const MISSING_RATING = 2_000_000_000;

type RatingState = { id: number; removed: boolean; listed: boolean; playerUserId: string | null };

/** What each operation needs of a rating to do more than be refused. */
const FITS: Record<'edit' | 'vote' | 'remove' | 'restore', (rating: RatingState) => boolean> = {
  edit: (rating) => !rating.removed,
  vote: (rating) => !rating.removed && rating.listed && rating.playerUserId !== null,
  remove: (rating) => !rating.removed,
  restore: (rating) => rating.removed,
};

async function pickRating(t: TestApp, world: World, op: RatingPick & { kind: keyof typeof FITS }) {
  const all = world.ratings;
  if (all.length === 0) return { id: MISSING_RATING, rater: 0 };
  const pickFrom = (candidates: World['ratings']) => candidates[op.rating % candidates.length];
  if (!op.fitting) return pickFrom(all);
  const rows = await t.database.db
    .select({
      id: ratings.id,
      removed: sql<boolean>`${ratings.removedAt} is not null`,
      listed: sql<boolean>`${ratings.listedAt} is not null`,
      playerUserId: players.userId,
    })
    .from(ratings)
    .innerJoin(players, eq(players.id, ratings.playerId))
    .where(
      inArray(
        ratings.id,
        all.map((rating) => rating.id),
      ),
    );
  const fitting = new Set(rows.filter(FITS[op.kind]).map((row) => row.id));
  const candidates = all.filter((rating) => fitting.has(rating.id));
  return pickFrom(candidates.length > 0 ? candidates : all);
}

/** The member linked to the rating's player now (it may have moved by a merge), if any. */
async function linkedMemberOf(t: TestApp, world: World, ratingId: number): Promise<Member | undefined> {
  const [row] = await t.database.db
    .select({ userId: players.userId })
    .from(ratings)
    .innerJoin(players, eq(players.id, ratings.playerId))
    .where(eq(ratings.id, ratingId));
  return world.members.find((candidate) => candidate.userId === row?.userId);
}

/** Sends the operation as the person who would do it; answers the reply (the world learns a submitted rating). */
export async function runOperation(t: TestApp, world: World, op: Operation): Promise<LightMyRequestResponse> {
  const admin = { cookie: world.adminCookie };
  const send = (method: 'POST' | 'PUT' | 'DELETE', url: string, cookie: string, payload?: object) =>
    t.app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });
  switch (op.kind) {
    case 'submit': {
      const rater = op.rater;
      const res = await send('POST', '/api/ratings', world.members[rater].cookie, {
        playerId: world.playerIds[op.player],
        playerName: `Player${op.player} Dinker`,
        isAnonymous: op.anonymous,
        ...op.scores,
        overallRating: op.overall,
        ...op.texts,
      });
      if (res.statusCode === 201) world.ratings.push({ id: res.json<{ id: number }>().id, rater });
      return res;
    }
    case 'edit': {
      const target = await pickRating(t, world, op);
      return send('PUT', `/api/ratings/${target.id}`, world.members[target.rater].cookie, {
        ...op.scores,
        ...op.texts,
      });
    }
    case 'vote': {
      const target = await pickRating(t, world, op);
      const voter = op.stranger === null ? await linkedMemberOf(t, world, target.id) : world.members[op.stranger];
      return send('POST', `/api/ratings/${target.id}/helpfulness`, (voter ?? world.members[0]).cookie, {
        helpfulnessScore: op.score,
      });
    }
    case 'crowd': {
      const replies: LightMyRequestResponse[] = [];
      const crowdRatings: number[] = [];
      for (let rater = MEMBER_COUNT; rater < MEMBER_COUNT + CROWD_SIZE; rater += 1) {
        const { cookie } = world.members[rater];
        const body = { playerId: world.playerIds[op.player], playerName: 'Crowd', isAnonymous: true, ...op.scores };
        const res = await send('POST', '/api/ratings', cookie, { ...body, overallRating: op.scores.serveReturn });
        replies.push(res);
        if (res.statusCode === 201) world.ratings.push({ id: res.json<{ id: number }>().id, rater });
        // Rated already: the 409 names the rating, which an edit changes instead.
        const existing =
          res.statusCode === 409 ? res.json<{ existingRatingId?: number }>().existingRatingId : undefined;
        if (existing) {
          replies.push(await send('PUT', `/api/ratings/${existing}`, cookie, op.scores));
          crowdRatings.push(existing);
        }
      }
      const voter = crowdRatings.length > 0 ? await linkedMemberOf(t, world, crowdRatings[0]) : undefined;
      if (op.vote !== null && voter) {
        const payload = { helpfulnessScore: op.vote };
        for (const id of crowdRatings)
          replies.push(await send('POST', `/api/ratings/${id}/helpfulness`, voter.cookie, payload));
      }
      // A failure of any of them is the answer; else the first.
      return replies.find((res) => res.statusCode >= 500) ?? replies[0];
    }
    case 'release':
      return send('POST', '/api/admin/anonymity/release', admin.cookie);
    case 'remove':
      return send('POST', `/api/admin/ratings/${(await pickRating(t, world, op)).id}/remove`, admin.cookie, {
        rule: op.rule,
      });
    case 'restore':
      return send('POST', `/api/admin/ratings/${(await pickRating(t, world, op)).id}/restore`, admin.cookie, {});
    case 'merge':
      return send('POST', `/api/admin/players/${world.playerIds[op.from]}/merge`, admin.cookie, {
        intoPlayerId: world.playerIds[op.into],
      });
    case 'erase': {
      const target = world.members[op.member];
      const body = { confirm: 'DELETE', deletePlayerProfile: op.deletePlayerProfile };
      return op.byAdmin
        ? send('POST', `/api/admin/users/${target.userId}/erase`, admin.cookie, body)
        : send('DELETE', '/api/auth/user', target.cookie, body);
    }
  }
}
