import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  check,
  doublePrecision,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { PLAYER_VISIBILITIES } from '../../../common/schemas/players';
import { users } from './users';

const count = (name: string) => integer(name).notNull().default(0);

/**
 * Name and location as one text, each word preceded by a space, so "% jo%" finds a word start.
 * Queries must write exactly this expression for players_search_text_trgm_idx to serve them.
 */
export function searchText(t: { searchName: AnyPgColumn; searchLocation: AnyPgColumn }) {
  return sql`(' ' || ${t.searchName} || ' ' || ${t.searchLocation})`;
}

export const players = pgTable(
  'players',
  {
    id: serial('id').primaryKey(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    email: text('email').notNull(),
    skillLevel: text('skill_level').notNull(),
    yearsPlaying: text('years_playing'),
    /**
     * The place as shown: "Austin, TX" for a place the ZIP data knows (its parts below), else the text as written
     * (a bulk import's own text, 'Unknown Location', a row older than the parts that the data could not read).
     */
    location: text('location').notNull(),
    /** The known place's city and state as the ZIP data spells them, and its ZIP when one was given; else null. */
    city: text('city'),
    state: text('state'),
    zip: text('zip'),
    bio: text('bio'),
    /** Who sees the player's page: everyone, or signed-in members only (docs/product.md#visibility). */
    visibility: text('visibility', { enum: PLAYER_VISIBILITIES }).notNull().default('public'),
    isVerified: boolean('is_verified').notNull().default(false),
    /** SHA-256 of the current verification code. */
    verificationToken: text('verification_token'),
    verificationExpires: timestamp('verification_expires', { withTimezone: true }),
    verificationAttempts: integer('verification_attempts').notNull().default(0),
    importedBy: text('imported_by'),
    /**
     * The account that added the player (the rate wizard's new player, or its own registration): what the daily
     * limit on new players counts (docs/product.md#new-players). Null for bulk imports and older rows.
     */
    createdByUserId: uuid('created_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** Lower-case, accent-free "first last", last name and location, kept by the data layer for search. */
    searchName: text('search_name').notNull().default(''),
    searchLast: text('search_last').notNull().default(''),
    searchLocation: text('search_location').notNull().default(''),
    /** Where the location is (its ZIP, else its "City, ST"), for the search near a place; null when unplaced. */
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
    // Running aggregates of this player's ratings, changed in the same transaction as the ratings.
    ratingCount: count('rating_count'),
    overallSum: doublePrecision('overall_sum').notNull().default(0),
    serveReturnSum: count('serve_return_sum'),
    groundstrokesThirdShotSum: count('groundstrokes_third_shot_sum'),
    netPlayVolleysDinksSum: count('net_play_volleys_dinks_sum'),
    movementCourtAwarenessSum: count('movement_court_awareness_sum'),
    mentalPhysicalGameSum: count('mental_physical_game_sum'),
    stars1: count('stars_1'),
    stars2: count('stars_2'),
    stars3: count('stars_3'),
    stars4: count('stars_4'),
    stars5: count('stars_5'),
    /**
     * No longer written or read: marks live in player_skill_marks (migration 0016). Kept for one release so that
     * instances of the previous one, still running during a rolling deploy, can save ratings; drop it after.
     */
    skillStaleAt: timestamp('skill_stale_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('players_email_lower_key').on(sql`lower(${t.email})`),
    uniqueIndex('players_user_id_key').on(t.userId),
    // Search (players.repo.ts): one trigram index over name and location for "every word somewhere",
    // and three byte-ordered indexes whose prefix ranges are read in result order.
    index('players_search_text_trgm_idx').using('gin', sql`${searchText(t)} gin_trgm_ops`),
    index('players_search_name_prefix_idx').on(sql`${t.searchName} text_pattern_ops`, t.id),
    index('players_search_last_prefix_idx').on(
      sql`${t.searchLast} text_pattern_ops`,
      sql`${t.searchName} text_pattern_ops`,
      t.id,
    ),
    index('players_search_location_prefix_idx').on(
      sql`${t.searchLocation} text_pattern_ops`,
      sql`${t.searchName} text_pattern_ops`,
      t.id,
    ),
    index('players_created_at_idx').on(t.createdAt),
    index('players_created_by_idx').on(t.createdByUserId, t.createdAt),
    // Search near a place: each point of the radius (from player_points) gives its players in name order, from
    // this index alone (players-near.repo.ts); with a query, its words and tiers are matched on the index's last two
    // columns, not on each player's row (decision 024).
    index('players_point_name_idx').on(
      t.latitude,
      t.longitude,
      sql`${t.searchName} collate "C"`,
      t.id,
      t.searchLast,
      t.searchLocation,
    ),
    check('players_rating_count_check', sql`${t.ratingCount} >= 0`),
    check('players_visibility_check', sql`${t.visibility} in ('public', 'members')`),
    // A place is a city with its state, and a ZIP only with them.
    check(
      'players_place_parts_check',
      sql`(${t.city} is null) = (${t.state} is null) and (${t.zip} is null or ${t.city} is not null)`,
    ),
  ],
);

export type PlayerRow = typeof players.$inferSelect;

/**
 * Every point that holds, or once held, a player: what search near a place reads over the radius's box by one range
 * of its key, instead of walking every player location in the box's band of latitude (decision 017). Kept by the
 * trigger player_points_keep on players (migration 0015), insert-only: a point whose players moved stays, and its
 * probe finds nobody.
 */
export const playerPoints = pgTable(
  'player_points',
  {
    latitude: doublePrecision('latitude').notNull(),
    longitude: doublePrecision('longitude').notNull(),
  },
  (t) => [primaryKey({ columns: [t.latitude, t.longitude] })],
);
