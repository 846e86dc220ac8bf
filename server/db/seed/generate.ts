import { faker, fakerES_MX, type Faker } from '@faker-js/faker';
import {
  BULK_IMPORT_DEFAULTS,
  RATING_CATEGORIES,
  SKILL_LEVELS,
  YEARS_PLAYING,
  type RatingCategoryKey,
} from '../../../common/constants';
import {
  BADGES,
  COMMENT_FIELD_COUNT,
  isDetailedFeedback,
  pointsForHelpfulness,
  pointsForRating,
  rankForPoints,
  type BadgeFacts,
  type BadgeType,
} from '../../../common/gamification';
import { normalizeForSearch } from '../../../common/text';
import { searchColumns } from '../../features/players/search-columns';
import { createCsvTable, type CsvTable } from './csv';
import { PLACES, placeLabel, type Place } from './places';
import { BIOS, FLAGGED_TEXTS, categoryText, strengthsText, toneOf } from './phrases';
import { apportion, createRandom, weightedPicker, type Random } from './random';

export type GenerateOptions = {
  players: number;
  ratings: number;
  /** Accounts (raters, linked players, admins); default a tenth of the players, at least 10. */
  users?: number;
  seed: number;
  /** The moment the data ends at; ratings and votes are spread over the three years before it. */
  now: Date;
  /** argon2 hash every seeded password account shares (see SEED_PASSWORD). */
  passwordHash: string;
};

export type Dataset = {
  /** In load order (foreign keys first). */
  tables: CsvTable[];
  /** Ids the bench and the report pick from. */
  summary: {
    users: number;
    raters: number;
    admins: { id: string; email: string }[];
    /** The busiest rater: most ratings given. */
    topRater: { id: string; email: string; ratings: number };
    linkedPlayers: number;
    maxPlayerId: number;
  };
};

/** The password of every seeded password account: meets §5 (upper, lower, digit, 8+). */
export const SEED_PASSWORD = 'Pickleball1';
const ADMIN_COUNT = 3;
const YEAR_MS = 365 * 24 * 60 * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;

const SKILL_WEIGHTS: Record<(typeof SKILL_LEVELS)[number], number> = {
  '1.0': 2,
  '2.0': 6,
  '2.5': 12,
  '3.0': 22,
  '3.5': 25,
  '4.0': 18,
  '4.5': 10,
  '5.0': 5,
};
const HELPFULNESS_WEIGHTS = [5, 8, 20, 35, 32];
const VOTE_COMMENTS = [
  'Thanks, this is useful.',
  'Fair assessment.',
  'Good tips, will work on it.',
  'Not sure I agree.',
];

type User = {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  createdAt: number;
  isAdmin: boolean;
  playerIndex: number;
};

type Player = {
  id: number;
  userIndex: number;
  firstName: string;
  lastName: string;
  email: string;
  skill: number;
  createdAt: number;
  place: Place;
  row: {
    skillLevel: string;
    yearsPlaying: string | null;
    location: string;
    bio: string | null;
    isVerified: boolean;
    importedBy: string | null;
  };
  count: number;
  overallSum: number;
  sums: number[];
  stars: number[];
};

type RaterTotals = {
  times: number[];
  detailedTimes: number[];
  fullBreakdownAt: number | null;
  points: number;
  helpfulnessSum: number;
  helpfulnessCount: number;
  lastVoteAt: number;
};

/** Letters and digits only, for the local part of generated e-mails. */
function emailPart(name: string): string {
  return normalizeForSearch(name).replace(/[^a-z0-9]/g, '') || 'player';
}

function iso(ms: number): Date {
  return new Date(ms);
}

function pickWeighted<T>(items: readonly T[], weights: readonly number[], random: Random): T {
  const total = weights.reduce((sum, weight) => sum + weight, 0);
  let target = random.next() * total;
  for (let i = 0; i < items.length; i += 1) {
    target -= weights[i];
    if (target < 0) return items[i];
  }
  return items[items.length - 1];
}

function personName(random: Random): { firstName: string; lastName: string } {
  // About one in twelve names from the Mexican Spanish locale, so search meets accents.
  const source: Faker = random.chance(0.08) ? fakerES_MX : faker;
  return { firstName: source.person.firstName(), lastName: source.person.lastName() };
}

const clampStar = (value: number) => Math.min(5, Math.max(1, Math.round(value)));

/**
 * Builds every row in memory as COPY text, computing the running aggregates (players' sums and
 * star counts, ratings' helpfulness, rater_stats, rater_daily_stats, achievements) from the very
 * rows it writes, so they agree by construction.
 */
export function generateDataset(options: GenerateOptions): Dataset {
  const { players: playerCount, ratings: ratingCount, seed } = options;
  const now = options.now.getTime();
  const userCount = options.users ?? Math.max(10, Math.round(playerCount / 10));
  if (userCount < ADMIN_COUNT + 2 || userCount >= 2 ** 21) {
    throw new Error(`--users must be between ${ADMIN_COUNT + 2} and ${2 ** 21 - 1}`);
  }
  faker.seed(seed);
  fakerES_MX.seed(seed + 1);
  const random = createRandom(seed);
  const pickPlace = weightedPicker(
    PLACES.map((place) => place.weight),
    random,
  );

  // Users: a few admins first, then accounts; most of them rate (and a few rate a lot).
  const users: User[] = [];
  const usersTable = createCsvTable('users', [
    'id',
    'email',
    'email_verified',
    'first_name',
    'last_name',
    'is_admin',
    'auth_provider',
    'google_id',
    'password_hash',
    'created_at',
    'updated_at',
  ]);
  for (let i = 0; i < userCount; i += 1) {
    const isAdmin = i < ADMIN_COUNT;
    const name = isAdmin ? { firstName: 'Admin', lastName: `Seed ${i + 1}` } : personName(random);
    const email = isAdmin
      ? `admin${i + 1}@example.net`
      : `${emailPart(name.firstName)}.${emailPart(name.lastName)}.${i + 1}@example.net`;
    const createdAt = isAdmin ? now - 3 * YEAR_MS : now - random.next() * 3 * YEAR_MS;
    const provider = isAdmin || random.chance(0.3) ? 'password' : 'google';
    const user: User = { id: faker.string.uuid(), email, ...name, createdAt, isAdmin, playerIndex: -1 };
    users.push(user);
    // Seeded accounts rate and own players, which needs a confirmed e-mail (decision 006): all are confirmed. The
    // draw that once chose an unconfirmed password account stays, so every later value of a seed is unchanged.
    if (provider === 'password') random.chance(0.8);
    usersTable.add([
      user.id,
      email,
      true,
      name.firstName,
      name.lastName,
      isAdmin,
      provider,
      provider === 'google' ? `seed-google-${seed}-${i + 1}` : null,
      provider === 'password' ? options.passwordHash : null,
      iso(createdAt),
      iso(createdAt),
    ]);
  }
  const admin = users[0];

  // Rater weights: Zipf-like over a shuffled order, so a few power raters top the leaderboard.
  const raterWeights = new Float64Array(userCount);
  const raterBias = new Float32Array(userCount);
  const order = faker.helpers.shuffle(Array.from({ length: userCount - ADMIN_COUNT }, (_, i) => i + ADMIN_COUNT));
  let raterCount = 0;
  order.forEach((userIndex, rank) => {
    raterBias[userIndex] = random.normal() * 0.35;
    if (random.chance(0.85)) {
      raterWeights[userIndex] = 1 / Math.pow(rank + 1, 0.8);
      raterCount += 1;
    }
  });
  if (raterCount < 2) throw new Error('too few raters: raise --users');
  const pickRater = weightedPicker(raterWeights, random);

  // Players: some are users' own (linked, often verified), some came from a bulk import.
  const linkedCount = Math.min(playerCount, Math.floor((userCount - ADMIN_COUNT) * 0.4));
  const linkedUsers = faker.helpers.shuffle(order).slice(0, linkedCount);
  const linkedSlots = new Set<number>();
  while (linkedSlots.size < linkedCount) linkedSlots.add(random.int(0, playerCount - 1));
  const slotOwners = [...linkedSlots].sort((a, b) => a - b);
  const ownerOfSlot = new Map(slotOwners.map((slot, i) => [slot, linkedUsers[i]]));

  const players: Player[] = [];
  const popularity = new Float64Array(playerCount);
  for (let i = 0; i < playerCount; i += 1) {
    const id = i + 1;
    const userIndex = ownerOfSlot.get(i) ?? -1;
    const user = userIndex >= 0 ? users[userIndex] : undefined;
    const place = PLACES[pickPlace()];
    const imported = !user && random.chance(0.1);
    const name = user ? { firstName: user.firstName, lastName: user.lastName } : personName(random);
    const skillLevel = imported
      ? BULK_IMPORT_DEFAULTS.skillLevel
      : pickWeighted(SKILL_LEVELS, Object.values(SKILL_WEIGHTS), random);
    const createdAt = user
      ? Math.min(now, user.createdAt + random.next() * 30 * DAY_MS)
      : now - random.next() * 3 * YEAR_MS;
    let bio: string | null = null;
    if (imported) bio = BULK_IMPORT_DEFAULTS.bio;
    else if (random.chance(0.35)) bio = random.pick(BIOS);
    let yearsPlaying: string | null = null;
    if (imported) yearsPlaying = BULK_IMPORT_DEFAULTS.yearsPlaying;
    else if (random.chance(0.85)) yearsPlaying = random.pick(YEARS_PLAYING);
    const player: Player = {
      id,
      userIndex,
      ...name,
      email: user ? user.email : `${emailPart(name.firstName)}.${emailPart(name.lastName)}.p${id}@example.com`,
      skill: Number(skillLevel),
      createdAt,
      place,
      row: {
        skillLevel,
        yearsPlaying,
        location: placeLabel(place),
        bio,
        isVerified: user ? random.chance(0.6) : random.chance(0.03),
        importedBy: imported ? admin.email : null,
      },
      count: 0,
      overallSum: 0,
      sums: [0, 0, 0, 0, 0],
      stars: [0, 0, 0, 0, 0],
    };
    if (user) user.playerIndex = i;
    players.push(player);
    popularity[i] = random.chance(0.12) ? 0 : Math.exp(random.normal() * 0.9);
  }

  // Ratings per player follow the players' popularity; each rater rates a player at most once.
  const perPlayer = apportion(ratingCount, popularity, raterCount - 1, random);
  const ratingsTable = createCsvTable('ratings', [
    'id',
    'player_id',
    'rater_user_id',
    'rater_email',
    'is_anonymous',
    'serve_return',
    'groundstrokes_third_shot',
    'net_play_volleys_dinks',
    'movement_court_awareness',
    'mental_physical_game',
    'overall_rating',
    'strengths_improvements',
    'serve_return_comments',
    'groundstrokes_third_shot_comments',
    'net_play_volleys_dinks_comments',
    'movement_court_awareness_comments',
    'mental_physical_game_comments',
    'is_held',
    'helpfulness_sum',
    'helpfulness_count',
    'created_at',
    'updated_at',
  ]);
  const votesTable = createCsvTable('rating_helpfulness', [
    'rating_id',
    'user_id',
    'helpfulness_score',
    'comment',
    'created_at',
    'updated_at',
  ]);
  const flagsTable = createCsvTable('flagged_comments', [
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
  const totals = new Map<number, RaterTotals>();
  const daily = new Map<number, [number, number, number]>();
  const dailyKey = (time: number, userIndex: number) => Math.floor(time / DAY_MS) * 2 ** 21 + userIndex;
  const addDaily = (time: number, userIndex: number, ratings: number, sum: number, count: number) => {
    const key = dailyKey(time, userIndex);
    const entry = daily.get(key) ?? [0, 0, 0];
    entry[0] += ratings;
    entry[1] += sum;
    entry[2] += count;
    daily.set(key, entry);
  };
  const flagChance = Math.min(0.01, 60 / Math.max(1, ratingCount));
  const categoryKeys: RatingCategoryKey[] = RATING_CATEGORIES.map((category) => category.key);
  const pick = <T>(items: readonly T[]) => random.pick(items);

  let ratingId = 0;
  const chosen = new Set<number>();
  for (const player of players) {
    const wanted = perPlayer[player.id - 1];
    chosen.clear();
    const mean = 1.2 + (player.skill - 1) * 0.85;
    const owner = player.userIndex >= 0 ? users[player.userIndex] : undefined;
    for (let k = 0; k < wanted; k += 1) {
      let raterIndex = pickRater();
      for (
        let tries = 0;
        chosen.has(raterIndex) || raterIndex === player.userIndex || raterWeights[raterIndex] === 0;
        tries += 1
      ) {
        // Rejection first; a linear walk once the likely raters are all taken.
        raterIndex = tries < 50 ? pickRater() : (raterIndex + 1) % userCount;
      }
      chosen.add(raterIndex);
      const rater = users[raterIndex];
      ratingId += 1;

      const from = Math.max(player.createdAt, rater.createdAt);
      const createdAt = Math.floor(from + (now - from) * Math.pow(random.next(), 0.7));
      const bias = mean + raterBias[raterIndex];
      const scores = categoryKeys.map(() => clampStar(bias + random.normal() * 0.8));
      const overall = clampStar(scores.reduce((sum, score) => sum + score, 0) / 5 + random.normal() * 0.4);
      const tone = toneOf(overall);

      const fullBreakdown = random.chance(0.03);
      let strengths = fullBreakdown || random.chance(0.65) ? strengthsText(tone, pick, random.int(1, 3)) : null;
      let flag: (typeof FLAGGED_TEXTS)[number] | undefined;
      if (strengths && random.chance(flagChance)) {
        flag = random.pick(FLAGGED_TEXTS);
        strengths = flag.text;
      }
      const comments = categoryKeys.map((key, i) =>
        fullBreakdown || random.chance(0.12) ? categoryText(key, toneOf(scores[i]), pick) : null,
      );
      const texts = [strengths, ...comments].filter((text): text is string => text !== null);
      const commentLength = texts.reduce((sum, text) => sum + text.trim().length, 0);

      // The rated player's own user judges some of the ratings they received (§6).
      let helpfulnessSum = 0;
      let helpfulnessCount = 0;
      if (owner && random.chance(0.45)) {
        const score = pickWeighted([1, 2, 3, 4, 5], HELPFULNESS_WEIGHTS, random);
        const votedAt = Math.floor(createdAt + (now - createdAt) * random.next());
        helpfulnessSum = score;
        helpfulnessCount = 1;
        votesTable.add([
          ratingId,
          owner.id,
          score,
          random.chance(0.2) ? random.pick(VOTE_COMMENTS) : null,
          iso(votedAt),
          iso(votedAt),
        ]);
        const raterTotals = totalsOf(totals, raterIndex);
        raterTotals.helpfulnessSum += score;
        raterTotals.helpfulnessCount += 1;
        raterTotals.lastVoteAt = Math.max(raterTotals.lastVoteAt, votedAt);
      }

      let isHeld = false;
      if (flag) {
        const resolved = random.chance(0.4);
        isHeld = !resolved;
        const flaggedAt = createdAt;
        const resolvedAt = resolved ? Math.min(now, flaggedAt + random.next() * 5 * DAY_MS) : null;
        flagsTable.add([
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
      }

      ratingsTable.add([
        ratingId,
        player.id,
        rater.id,
        rater.email,
        random.chance(0.55),
        ...scores,
        overall,
        strengths,
        ...comments,
        isHeld,
        helpfulnessSum,
        helpfulnessCount,
        iso(createdAt),
        iso(createdAt),
      ]);

      player.count += 1;
      player.overallSum += overall;
      scores.forEach((score, i) => (player.sums[i] += score));
      player.stars[overall - 1] += 1;

      const raterTotals = totalsOf(totals, raterIndex);
      raterTotals.times.push(createdAt);
      raterTotals.points += pointsForRating(commentLength);
      if (isDetailedFeedback(commentLength)) raterTotals.detailedTimes.push(createdAt);
      if (texts.length >= COMMENT_FIELD_COUNT) {
        raterTotals.fullBreakdownAt = Math.min(raterTotals.fullBreakdownAt ?? createdAt, createdAt);
      }
      addDaily(createdAt, raterIndex, 1, helpfulnessSum, helpfulnessCount);
    }
  }

  const playersTable = createCsvTable('players', [
    'id',
    'user_id',
    'first_name',
    'last_name',
    'email',
    'skill_level',
    'years_playing',
    'location',
    'bio',
    'is_verified',
    'imported_by',
    'created_at',
    'search_name',
    'search_last',
    'search_location',
    'latitude',
    'longitude',
    'rating_count',
    'overall_sum',
    'serve_return_sum',
    'groundstrokes_third_shot_sum',
    'net_play_volleys_dinks_sum',
    'movement_court_awareness_sum',
    'mental_physical_game_sum',
    'stars_1',
    'stars_2',
    'stars_3',
    'stars_4',
    'stars_5',
  ]);
  for (const player of players) {
    const search = searchColumns({
      firstName: player.firstName,
      lastName: player.lastName,
      location: player.row.location,
    });
    playersTable.add([
      player.id,
      player.userIndex >= 0 ? users[player.userIndex].id : null,
      player.firstName,
      player.lastName,
      player.email,
      player.row.skillLevel,
      player.row.yearsPlaying,
      player.row.location,
      player.row.bio,
      player.row.isVerified,
      player.row.importedBy,
      iso(player.createdAt),
      search.searchName,
      search.searchLast,
      search.searchLocation,
      search.latitude,
      search.longitude,
      player.count,
      player.overallSum,
      ...player.sums,
      ...player.stars,
    ]);
  }

  const { statsTable, achievementsTable, topRater } = raterTables(users, totals);
  const dailyTable = createCsvTable('rater_daily_stats', [
    'day',
    'user_id',
    'ratings_count',
    'helpfulness_sum',
    'helpfulness_count',
  ]);
  for (const [key, [ratings, sum, count]] of daily) {
    const day = Math.floor(key / 2 ** 21);
    dailyTable.add([new Date(day * DAY_MS).toISOString().slice(0, 10), users[key % 2 ** 21].id, ratings, sum, count]);
  }

  const claimsTable = claimRows(users, players, random, now, admin);
  const signupsTable = createCsvTable('email_signups', ['email', 'created_at']);
  const signupCount = Math.max(5, Math.round(playerCount / 50));
  for (let i = 0; i < signupCount; i += 1) {
    const name = personName(random);
    signupsTable.add([
      `${emailPart(name.firstName)}.${emailPart(name.lastName)}.s${i + 1}@example.org`,
      iso(now - random.next() * YEAR_MS),
    ]);
  }

  return {
    tables: [
      usersTable.finish(),
      playersTable.finish(),
      ratingsTable.finish(),
      votesTable.finish(),
      flagsTable.finish(),
      claimsTable.finish(),
      signupsTable.finish(),
      statsTable.finish(),
      dailyTable.finish(),
      achievementsTable.finish(),
    ],
    summary: {
      users: userCount,
      raters: raterCount,
      admins: users.filter((user) => user.isAdmin).map(({ id, email }) => ({ id, email })),
      topRater,
      linkedPlayers: linkedCount,
      maxPlayerId: playerCount,
    },
  };
}

function totalsOf(totals: Map<number, RaterTotals>, userIndex: number): RaterTotals {
  let entry = totals.get(userIndex);
  if (!entry) {
    entry = {
      times: [],
      detailedTimes: [],
      fullBreakdownAt: null,
      points: 0,
      helpfulnessSum: 0,
      helpfulnessCount: 0,
      lastVoteAt: 0,
    };
    totals.set(userIndex, entry);
  }
  return entry;
}

/** rater_stats and achievements from each rater's totals, with the rules of common/gamification.ts. */
function raterTables(users: User[], totals: Map<number, RaterTotals>) {
  const statsTable = createCsvTable('rater_stats', [
    'user_id',
    'total_points',
    'current_rank',
    'ratings_submitted',
    'detailed_comments_count',
    'helpfulness_sum',
    'helpfulness_count',
    'last_activity_date',
  ]);
  const achievementsTable = createCsvTable('achievements', [
    'user_id',
    'achievement_type',
    'achievement_name',
    'achievement_description',
    'badge_icon',
    'earned_at',
  ]);
  let topRater = { id: '', email: '', ratings: -1 };
  for (const [userIndex, entry] of [...totals].sort((a, b) => a[0] - b[0])) {
    const user = users[userIndex];
    entry.times.sort((a, b) => a - b);
    entry.detailedTimes.sort((a, b) => a - b);
    const lastActivity = entry.times[entry.times.length - 1];
    const totalPoints = entry.points + pointsForHelpfulness(entry.helpfulnessSum);
    statsTable.add([
      user.id,
      totalPoints,
      rankForPoints(totalPoints),
      entry.times.length,
      entry.detailedTimes.length,
      entry.helpfulnessSum,
      entry.helpfulnessCount,
      iso(lastActivity),
    ]);
    if (entry.times.length > topRater.ratings)
      topRater = { id: user.id, email: user.email, ratings: entry.times.length };

    const facts: BadgeFacts = {
      ratingsSubmitted: entry.times.length,
      detailedCommentsCount: entry.detailedTimes.length,
      helpfulnessSum: entry.helpfulnessSum,
      helpfulnessCount: entry.helpfulnessCount,
      fullBreakdown: entry.fullBreakdownAt !== null,
      improvedRating: false,
    };
    // When each badge's rule first held, as far as the seeded history tells.
    const earnedAt: Partial<Record<BadgeType, number>> = {
      first_rating: entry.times[0],
      ten_ratings: entry.times[9],
      fifty_ratings: entry.times[49],
      detailed_reviewer: entry.detailedTimes[4],
      full_breakdown: entry.fullBreakdownAt ?? undefined,
      community_favorite: entry.lastVoteAt || undefined,
      five_star_excellence: entry.lastVoteAt || undefined,
    };
    for (const badge of BADGES) {
      if (!badge.earned(facts)) continue;
      achievementsTable.add([
        user.id,
        badge.type,
        badge.name,
        badge.description,
        badge.icon,
        iso(earnedAt[badge.type] ?? lastActivity),
      ]);
    }
  }
  return { statsTable, achievementsTable, topRater };
}

/** A few claims: approved ones are the links they made, pending and denied ones target unlinked players. */
function claimRows(users: User[], players: Player[], random: Random, now: number, admin: User) {
  const table = createCsvTable('player_match_requests', [
    'user_id',
    'player_id',
    'status',
    'request_message',
    'claimant_first_name',
    'claimant_last_name',
    'claimant_email',
    'claimant_city',
    'claimant_state',
    'claimant_zip',
    'reviewed_by',
    'reviewed_at',
    'review_notes',
    'created_at',
  ]);
  const linked = players.filter((player) => player.userIndex >= 0);
  const unlinked = players.filter((player) => player.userIndex < 0);
  const claimants = users.filter((user) => !user.isAdmin && user.playerIndex < 0);
  const count = Math.max(3, Math.round(players.length / 500));
  const taken = new Set<string>();
  for (let i = 0; i < count; i += 1) {
    const roll = random.next();
    const status = roll < 0.5 ? 'pending' : roll < 0.8 ? 'approved' : 'denied';
    let user: User;
    let player: Player;
    if (status === 'approved' && linked.length > 0) {
      player = random.pick(linked);
      user = users[player.userIndex];
    } else {
      if (claimants.length === 0 || unlinked.length === 0) continue;
      user = random.pick(claimants);
      player = random.pick(unlinked);
    }
    const key = `${user.id}:${player.id}`;
    // A user holds at most one pending claim (player_match_requests_one_pending_per_user_key).
    const pendingKey = `pending:${user.id}`;
    if (taken.has(key) || (status === 'pending' && taken.has(pendingKey))) continue;
    taken.add(key);
    if (status === 'pending') taken.add(pendingKey);
    const createdAt = Math.max(player.createdAt, user.createdAt) + random.next() * 20 * DAY_MS;
    const reviewed = status !== 'pending';
    const place = player.place;
    table.add([
      user.id,
      player.id,
      reviewed ? status : 'pending',
      random.chance(0.5) ? 'This is my profile, I play at the local courts.' : null,
      user.firstName,
      user.lastName,
      user.email,
      place.city,
      place.state,
      place.zip,
      reviewed ? admin.id : null,
      reviewed ? iso(Math.min(now, createdAt + 2 * DAY_MS)) : null,
      status === 'approved' ? 'Request approved by admin' : status === 'denied' ? 'Request denied by admin' : null,
      iso(Math.min(now, createdAt)),
    ]);
  }
  return table;
}
