import { faker, fakerES_MX } from '@faker-js/faker';
import { createCsvTable, type CsvTable } from './csv';
import { claimsTable } from './generate-claims';
import { generatePlayers, playersTable, type FeaturedPlayer } from './generate-players';
import { createRaterLedger, MAX_USERS } from './generate-rater-stats';
import { generateRatings } from './generate-ratings';
import { ADMIN_COUNT, chooseRaters, generateUsers } from './generate-users';
import { YEAR_MS, fakeEmail, iso, personName } from './people';
import { createRandom, type Random } from './random';

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
  /** A player to include by name, place and level (the demo world's sample player). */
  featured?: FeaturedPlayer;
  /** E-mail sign-ups from the coming-soon page (default true); they belong to no user or player. */
  signups?: boolean;
};

export type Dataset = {
  /** In load order (foreign keys first). */
  tables: CsvTable[];
  /** Ids the bench and the report pick from. */
  summary: {
    users: number;
    userIds: string[];
    raters: number;
    admins: { id: string; email: string }[];
    /** Accounts that sign in with SEED_PASSWORD (the admins among them); the others are Google accounts. */
    passwordAccounts: number;
    /** The busiest rater among the password accounts (ratings -1: none rated). */
    topRater: { id: string; email: string; ratings: number };
    /** The featured player's id, when one was asked for. */
    featuredPlayerId?: number;
    linkedPlayers: number;
    maxPlayerId: number;
  };
};

/** The password of every seeded password account: meets docs/product.md#password-rules (upper, lower, digit, 8+). */
export const SEED_PASSWORD = 'Pickleball1';

/**
 * Builds every row in memory as COPY text, computing the running aggregates (players' sums and
 * star counts, ratings' helpfulness, rater_stats, rater_daily_stats, achievements) from the very
 * rows it writes, so they agree by construction. Each step draws from the one seeded generator in
 * a fixed order, so the same seed gives the same data.
 */
export function generateDataset(options: GenerateOptions): Dataset {
  const { players: playerCount, seed } = options;
  const now = options.now.getTime();
  const userCount = options.users ?? Math.max(10, Math.round(playerCount / 10));
  if (userCount < ADMIN_COUNT + 2 || userCount > MAX_USERS) {
    throw new Error(`--users must be between ${ADMIN_COUNT + 2} and ${MAX_USERS}`);
  }
  faker.seed(seed);
  fakerES_MX.seed(seed + 1);
  const random = createRandom(seed);

  const { users, table: usersTable } = generateUsers(
    { count: userCount, seed, now, passwordHash: options.passwordHash },
    random,
  );
  const admin = users[0];
  const raters = chooseRaters(userCount, random);
  const { players, popularity, linkedCount, featuredPlayerId } = generatePlayers(
    { count: playerCount, now, users, raterOrder: raters.order, featured: options.featured },
    random,
  );
  const ledger = createRaterLedger();
  const rated = generateRatings(
    { count: options.ratings, now, users, raters, players, popularity, ledger, admin },
    random,
  );
  const { statsTable, achievementsTable, dailyTable, topRater } = ledger.tables(users);
  const claims = claimsTable(users, players, random, now, admin);
  const signups = options.signups === false ? undefined : signupsTable(playerCount, random, now);

  return {
    tables: [
      usersTable.finish(),
      playersTable(players, users).finish(),
      rated.ratings.finish(),
      rated.votes.finish(),
      rated.flags.finish(),
      claims.finish(),
      ...(signups ? [signups.finish()] : []),
      statsTable.finish(),
      dailyTable.finish(),
      achievementsTable.finish(),
    ],
    summary: {
      users: userCount,
      userIds: users.map((user) => user.id),
      raters: raters.count,
      admins: users.filter((user) => user.isAdmin).map(({ id, email }) => ({ id, email })),
      passwordAccounts: users.filter((user) => user.provider === 'password').length,
      topRater,
      featuredPlayerId,
      linkedPlayers: linkedCount,
      maxPlayerId: playerCount,
    },
  };
}

/** E-mail sign-ups from the coming-soon page: people who are not users, over the last year. */
function signupsTable(playerCount: number, random: Random, now: number) {
  const table = createCsvTable('email_signups', ['email', 'created_at']);
  const count = Math.max(5, Math.round(playerCount / 50));
  for (let i = 0; i < count; i += 1) {
    table.add([fakeEmail(personName(random), `s${i + 1}`, 'example.org'), iso(now - random.next() * YEAR_MS)]);
  }
  return table;
}
