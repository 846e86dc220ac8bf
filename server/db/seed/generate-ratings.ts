import { RATING_CATEGORIES } from '../../../common/constants';
import { COMMENT_FIELD_COUNT, isDetailedFeedback, pointsForRating } from '../../../common/gamification';
import { RATING_TEXT_FIELDS } from '../../../common/schemas/ratings';
import { ratings } from '../schema/index';
import { createCsvTable } from './csv';
import type { Player } from './generate-players';
import type { createRaterLedger } from './generate-rater-stats';
import type { Raters, User } from './generate-users';
import { DAY_MS, iso } from './people';
import { FLAGGED_TEXTS, categoryText, strengthsText, toneOf } from './phrases';
import { apportion, createRandom, pickWeighted, type Random } from './random';

/** The ratings columns of the texts (strengths, then the category comments), as the schema names them. */
export const TEXT_COLUMNS = RATING_TEXT_FIELDS.map((field) => ratings[field].name);
const SCORE_COLUMNS = RATING_CATEGORIES.map((category) => ratings[category.key].name);
const CATEGORY_KEYS = RATING_CATEGORIES.map((category) => category.key);

const HELPFULNESS_WEIGHTS = [5, 8, 20, 35, 32];
const VOTE_COMMENTS = [
  'Thanks, this is useful.',
  'Fair assessment.',
  'Good tips, will work on it.',
  'Not sure I agree.',
];

const clampStar = (value: number) => Math.min(5, Math.max(1, Math.round(value)));

type Table = ReturnType<typeof createCsvTable>;

type RatingContext = {
  random: Random;
  now: number;
  users: User[];
  raters: Raters;
  ledger: ReturnType<typeof createRaterLedger>;
  /** The admin who resolves flags. */
  admin: User;
  /** How likely a comment is one that moderation flags: a few dozen flags in all. */
  flagChance: number;
  tables: { ratings: Table; votes: Table; flags: Table };
};

type Flagged = (typeof FLAGGED_TEXTS)[number];

type RatingOptions = Omit<RatingContext, 'random' | 'tables' | 'flagChance'> & {
  count: number;
  players: Player[];
  popularity: Float64Array;
};

/**
 * Ratings per player follow the players' popularity; each rater rates a player at most once, never their own.
 * Each rating adds to its player's aggregates and its rater's ledger as it is written, with the rated player's
 * votes on its helpfulness and the flags moderation raised on it.
 */
export function generateRatings(options: RatingOptions, random: Random) {
  const { count, players, popularity, raters } = options;
  const perPlayer = apportion(count, popularity, raters.count - 1, random);
  const context: RatingContext = {
    ...options,
    random,
    flagChance: Math.min(0.01, 60 / Math.max(1, count)),
    tables: { ratings: ratingsTable(), votes: votesTable(), flags: flagsTable() },
  };
  const ids = randomRatingIds(count);
  let drawn = 0;
  const chosen = new Set<number>();
  for (const player of players) {
    chosen.clear();
    for (let k = 0; k < perPlayer[player.id - 1]; k += 1) {
      const raterIndex = pickRaterFor(player, chosen, context);
      chosen.add(raterIndex);
      addRating(context, ids[drawn++], player, raterIndex);
    }
  }
  return context.tables;
}

/**
 * Distinct random ids in 1..2^31-2 as the database draws them (decision 023), in a random order: one in each of
 * `count` equal strides, shuffled. From their own generator, so the dataset's other draws stay as they were.
 */
function randomRatingIds(count: number): Int32Array {
  const random = createRandom(0x1d5);
  const stride = Math.max(1, Math.floor(2_147_483_646 / Math.max(1, count)));
  const ids = new Int32Array(count);
  for (let k = 0; k < count; k += 1) ids[k] = k * stride + 1 + Math.floor(random.next() * stride);
  for (let k = count - 1; k > 0; k -= 1) {
    const j = Math.floor(random.next() * (k + 1));
    [ids[k], ids[j]] = [ids[j], ids[k]];
  }
  return ids;
}

/** A rater who has not rated the player yet and is not its linked user. */
function pickRaterFor(player: Player, chosen: Set<number>, { raters, users }: RatingContext): number {
  let raterIndex = raters.pick();
  for (
    let tries = 0;
    chosen.has(raterIndex) || raterIndex === player.userIndex || raters.weights[raterIndex] === 0;
    tries += 1
  ) {
    // Rejection first; a linear walk once the likely raters are all taken.
    raterIndex = tries < 50 ? raters.pick() : (raterIndex + 1) % users.length;
  }
  return raterIndex;
}

function addRating(context: RatingContext, ratingId: number, player: Player, raterIndex: number) {
  const { random, now, users } = context;
  const rater = users[raterIndex];
  const from = Math.max(player.createdAt, rater.createdAt);
  const createdAt = Math.floor(from + (now - from) * Math.pow(random.next(), 0.7));
  // Scores follow the player's skill, leaning by the rater's bias.
  const bias = 1.2 + (player.skill - 1) * 0.85 + context.raters.bias[raterIndex];
  const scores = CATEGORY_KEYS.map(() => clampStar(bias + random.normal() * 0.8));
  const overall = clampStar(scores.reduce((sum, score) => sum + score, 0) / 5 + random.normal() * 0.4);
  const texts = drawTexts(context, scores, overall);
  const owner = player.userIndex >= 0 ? users[player.userIndex] : undefined;
  const vote = owner ? drawVote(context, ratingId, owner, raterIndex, createdAt) : NO_VOTE;
  const isHeld = texts.flag ? addFlag(context, ratingId, texts.flag, createdAt) : false;
  context.tables.ratings.add([
    ratingId,
    player.id,
    rater.id,
    rater.email,
    random.chance(0.55),
    ...scores,
    overall,
    texts.strengths,
    ...texts.comments,
    isHeld,
    vote.sum,
    vote.count,
    iso(createdAt),
    iso(createdAt),
    // Every seeded rating is out: released, an anonymous one included (docs/product.md#anonymity).
    iso(createdAt),
    iso(createdAt),
  ]);

  player.count += 1;
  player.overallSum += overall;
  scores.forEach((score, i) => (player.sums[i] += score));
  player.stars[overall - 1] += 1;

  const raterTotals = context.ledger.totalsOf(raterIndex);
  raterTotals.times.push(createdAt);
  raterTotals.points += pointsForRating(texts.length);
  if (isDetailedFeedback(texts.length)) raterTotals.detailedTimes.push(createdAt);
  if (texts.fieldCount >= COMMENT_FIELD_COUNT) {
    raterTotals.fullBreakdownAt = Math.min(raterTotals.fullBreakdownAt ?? createdAt, createdAt);
  }
  context.ledger.addDaily(createdAt, raterIndex, 1, vote.sum, vote.count);
}

/** Strengths often, category comments now and then, all six sometimes; a rare comment is one moderation flags. */
function drawTexts({ random, flagChance }: RatingContext, scores: number[], overall: number) {
  const pick = <T>(items: readonly T[]) => random.pick(items);
  const fullBreakdown = random.chance(0.03);
  let strengths = fullBreakdown || random.chance(0.65) ? strengthsText(toneOf(overall), pick, random.int(1, 3)) : null;
  let flag: Flagged | undefined;
  if (strengths && random.chance(flagChance)) {
    flag = random.pick(FLAGGED_TEXTS);
    strengths = flag.text;
  }
  const comments = CATEGORY_KEYS.map((key, i) =>
    fullBreakdown || random.chance(0.12) ? categoryText(key, toneOf(scores[i]), pick) : null,
  );
  const present = [strengths, ...comments].filter((text): text is string => text !== null);
  const length = present.reduce((sum, text) => sum + text.trim().length, 0);
  return { strengths, comments, flag, fieldCount: present.length, length };
}

const NO_VOTE = { sum: 0, count: 0 };

/** The rated player's own user judges some of the ratings they received (docs/product.md#roles). */
function drawVote(context: RatingContext, ratingId: number, owner: User, raterIndex: number, createdAt: number) {
  const { random, now } = context;
  if (!random.chance(0.45)) return NO_VOTE;
  const score = pickWeighted([1, 2, 3, 4, 5], HELPFULNESS_WEIGHTS, random);
  const votedAt = Math.floor(createdAt + (now - createdAt) * random.next());
  context.tables.votes.add([
    ratingId,
    owner.id,
    score,
    score,
    random.chance(0.2) ? random.pick(VOTE_COMMENTS) : null,
    iso(votedAt),
    iso(votedAt),
  ]);
  const raterTotals = context.ledger.totalsOf(raterIndex);
  raterTotals.helpfulnessSum += score;
  raterTotals.helpfulnessCount += 1;
  raterTotals.lastVoteAt = Math.max(raterTotals.lastVoteAt, votedAt);
  return { sum: score, count: 1 };
}

/** The flag moderation raised on the comment; returns whether the rating is still held (flag unresolved). */
function addFlag(context: RatingContext, ratingId: number, flag: Flagged, flaggedAt: number): boolean {
  const { random, now, admin } = context;
  const resolved = random.chance(0.4);
  const resolvedAt = resolved ? Math.min(now, flaggedAt + random.next() * 5 * DAY_MS) : null;
  context.tables.flags.add([
    ratingId,
    'strengthsImprovements',
    flag.text,
    flag.reason,
    resolved,
    resolved ? admin.id : null,
    resolvedAt === null ? null : iso(resolvedAt),
    resolved ? 'Reviewed: left as is' : null,
    iso(flaggedAt),
  ]);
  return !resolved;
}

function ratingsTable() {
  return createCsvTable('ratings', [
    'id',
    'player_id',
    'rater_user_id',
    'rater_email',
    'is_anonymous',
    ...SCORE_COLUMNS,
    'overall_rating',
    ...TEXT_COLUMNS,
    'is_held',
    'helpfulness_sum',
    'helpfulness_count',
    'created_at',
    'updated_at',
    'listed_at',
    'published_at',
  ]);
}

function votesTable() {
  return createCsvTable('rating_helpfulness', [
    'rating_id',
    'user_id',
    'helpfulness_score',
    'released_score',
    'comment',
    'created_at',
    'updated_at',
  ]);
}

function flagsTable() {
  return createCsvTable('flagged_comments', [
    'rating_id',
    'field',
    'flagged_text',
    'flag_reason',
    'is_resolved',
    'resolved_by',
    'resolved_at',
    'resolution_notes',
    'created_at',
  ]);
}
