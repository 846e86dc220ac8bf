import { faker } from '@faker-js/faker';
import { createCsvTable } from './csv';
import { YEAR_MS, fakeEmail, iso, personName } from './people';
import { weightedPicker, type Random } from './random';

/** Seeded admins come first: admin1..3@example.net. */
export const ADMIN_COUNT = 3;

export type User = {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  createdAt: number;
  isAdmin: boolean;
  /** Only password accounts can sign in: a Google account's id is made up. */
  provider: 'password' | 'google';
  /** The user's linked player, -1 for none. */
  playerIndex: number;
};

type UserOptions = { count: number; seed: number; now: number; passwordHash: string };

/** Users: a few admins first, then accounts signing in with a password or with Google. */
export function generateUsers(options: UserOptions, random: Random) {
  const { count, seed, now } = options;
  const users: User[] = [];
  const table = createCsvTable('users', [
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
  for (let i = 0; i < count; i += 1) {
    const isAdmin = i < ADMIN_COUNT;
    const name = isAdmin ? { firstName: 'Admin', lastName: `Seed ${i + 1}` } : personName(random);
    const email = isAdmin ? `admin${i + 1}@example.net` : fakeEmail(name, String(i + 1), 'example.net');
    const createdAt = isAdmin ? now - 3 * YEAR_MS : now - random.next() * 3 * YEAR_MS;
    const provider = isAdmin || random.chance(0.3) ? 'password' : 'google';
    const user: User = { id: faker.string.uuid(), email, ...name, createdAt, isAdmin, provider, playerIndex: -1 };
    users.push(user);
    // Seeded accounts rate and own players, which needs a confirmed e-mail (decision 006): all are confirmed. The
    // draw that once chose an unconfirmed password account stays, so every later value of a seed is unchanged.
    if (provider === 'password') random.chance(0.8);
    table.add([
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
  return { users, table };
}

export type Raters = {
  /** How often each user rates (0: never); Zipf-like, so a few power raters top the leaderboard. */
  weights: Float64Array;
  /** How far each rater's scores lean above or below the player's skill. */
  bias: Float32Array;
  /** The non-admin users in a shuffled order (the Zipf ranks). */
  order: number[];
  count: number;
  /** Draws a user index in proportion to the weights. */
  pick: () => number;
};

/** Which users rate and how much: most of them rate, and a few rate a lot. */
export function chooseRaters(userCount: number, random: Random): Raters {
  const weights = new Float64Array(userCount);
  const bias = new Float32Array(userCount);
  const order = faker.helpers.shuffle(Array.from({ length: userCount - ADMIN_COUNT }, (_, i) => i + ADMIN_COUNT));
  let count = 0;
  order.forEach((userIndex, rank) => {
    bias[userIndex] = random.normal() * 0.35;
    if (random.chance(0.85)) {
      weights[userIndex] = 1 / Math.pow(rank + 1, 0.8);
      count += 1;
    }
  });
  if (count < 2) throw new Error('too few raters: raise --users');
  return { weights, bias, order, count, pick: weightedPicker(weights, random) };
}
