import { sql } from 'drizzle-orm';
import { check, integer, pgTable, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * The demo world a development start adds to an empty embedded database (server/db/seed/demo-world.ts), one row at
 * most: which rows are made up, so `npm run demo:remove` deletes exactly those, and when it was removed, so a later
 * start does not add it again. Written only by the seed's demo-world code.
 */
export const demoWorld = pgTable(
  'demo_world',
  {
    id: integer('id').primaryKey().default(1),
    seededAt: timestamp('seeded_at', { withTimezone: true }).notNull().defaultNow(),
    /** The demo players are ids 1 to this one: the world is only added to a database without players. */
    lastPlayerId: integer('last_player_id').notNull(),
    /** Every account the world added (its raters, the linked players' owners and its admins). */
    userIds: uuid('user_ids').array().notNull(),
    /** The player the landing page's sample card shows while the world is there. */
    samplePlayerId: integer('sample_player_id'),
    removedAt: timestamp('removed_at', { withTimezone: true }),
  },
  (t) => [check('demo_world_one_row_check', sql`${t.id} = 1`)],
);
