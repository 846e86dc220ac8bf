import { randomBytes } from 'node:crypto';
import { recomputeNow } from '../../features/trust/trust-jobs';
import { hashPassword } from '../../lib/password';
import type { Database } from '../client';
import { createCsvTable } from './csv';
import type { Dataset } from './generate';
import type { FeaturedPlayer } from './generate-players';
import { seedDatabase } from './seed-database';

/** A few hundred players, about eight ratings each: enough to search, browse and rate, loaded in seconds. */
export const DEMO_WORLD_SIZE = { players: 300, ratings: 2400, users: 40 } as const;

/** The player the landing page's sample card shows (and its search field's example), made real in the demo world. */
export const DEMO_SAMPLE_PLAYER: FeaturedPlayer = {
  firstName: 'Jordan',
  lastName: 'Rivera',
  city: 'Austin',
  state: 'TX',
  skillLevel: '3.5',
};

/** The demo_world row: the made-up players are ids 1..N (the database had none), and every account it added. */
function demoWorldRecord(dataset: Dataset) {
  const table = createCsvTable('demo_world', ['id', 'seeded_at', 'last_player_id', 'user_ids', 'sample_player_id']);
  const { maxPlayerId, userIds, featuredPlayerId } = dataset.summary;
  table.add([1, new Date(), maxPlayerId, `{${userIds.join(',')}}`, featuredPlayerId]);
  return table.finish();
}

/**
 * Loads the demo world with the seed's generator and computes its skill estimates at once, so the first pages show
 * them. Its accounts cannot sign in: their password is random and forgotten, and their Google ids are made up, so
 * the world adds no known password to a server that may listen on the network.
 */
export async function addDemoWorld(database: Database) {
  const result = await seedDatabase(database, {
    ...DEMO_WORLD_SIZE,
    seed: 1,
    featured: DEMO_SAMPLE_PLAYER,
    signups: false,
    passwordHash: await hashPassword(randomBytes(32).toString('base64url')),
    extraTable: demoWorldRecord,
  });
  await recomputeNow(database.db);
  return { players: result.rows.players ?? 0, ratings: result.rows.ratings ?? 0, users: result.rows.users ?? 0 };
}
