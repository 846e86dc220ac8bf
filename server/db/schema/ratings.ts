import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  doublePrecision,
  index,
  integer,
  pgTable,
  jsonb,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { players } from './players';
import { users } from './users';

const score = (name: string) => integer(name).notNull();

export const ratings = pgTable(
  'ratings',
  {
    /**
     * Random, not a sequence (docs/decisions/023): an id is shown outside the server, and a sequence would order an
     * anonymous rating between its rater's named ones. The insert retries the rare collision.
     */
    id: integer('id')
      .primaryKey()
      .default(sql`(floor(random() * 2147483646) + 1)::int`),
    playerId: integer('player_id')
      .notNull()
      .references(() => players.id, { onDelete: 'cascade' }),
    raterUserId: uuid('rater_user_id').references(() => users.id, { onDelete: 'set null' }),
    raterEmail: text('rater_email').notNull(),
    isAnonymous: boolean('is_anonymous').notNull().default(false),
    serveReturn: score('serve_return'),
    groundstrokesThirdShot: score('groundstrokes_third_shot'),
    netPlayVolleysDinks: score('net_play_volleys_dinks'),
    movementCourtAwareness: score('movement_court_awareness'),
    mentalPhysicalGame: score('mental_physical_game'),
    /** Whole stars when submitted; the one-decimal mean of the five after an edit (docs/product.md#rating-rules). */
    overallRating: doublePrecision('overall_rating').notNull(),
    strengthsImprovements: text('strengths_improvements'),
    serveReturnComments: text('serve_return_comments'),
    groundstrokesThirdShotComments: text('groundstrokes_third_shot_comments'),
    netPlayVolleysDinksComments: text('net_play_volleys_dinks_comments'),
    movementCourtAwarenessComments: text('movement_court_awareness_comments'),
    mentalPhysicalGameComments: text('mental_physical_game_comments'),
    /** True while moderation holds any of this rating's text. */
    isHeld: boolean('is_held').notNull().default(false),
    helpfulnessSum: integer('helpfulness_sum').notNull().default(0),
    helpfulnessCount: integer('helpfulness_count').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * When others first could see it, and the date and order they see it by (docs/product.md#anonymity): its
     * createdAt when named; for an anonymous rating, the start of the release period it came out in. Null while an
     * anonymous rating awaits its release: then it counts nowhere but its rater's My Ratings.
     */
    listedAt: timestamp('listed_at', { withTimezone: true }),
    /** When the version others see became visible: updatedAt when named, its release's period start when anonymous. */
    publishedAt: timestamp('published_at', { withTimezone: true }),
    /** An anonymous rating's edit after its release, waiting for the next one; its rater sees it at once. */
    pendingEdit: jsonb('pending_edit').$type<PendingRatingEdit>(),
    /**
     * When a moderator took it down (docs/product.md#take-down), with the rule it broke; null while it stands. A
     * removed rating is unlisted (listed_at null) and counts nowhere; its rater still sees it, marked removed.
     */
    removedAt: timestamp('removed_at', { withTimezone: true }),
    removalRule: text('removal_rule'),
    /**
     * The burst of young accounts' ratings this rating was part of (a trust_flags row of type 'burst',
     * docs/product.md#bursts), kept after the hold ends so a reviewed burst is not flagged again.
     */
    burstFlagId: integer('burst_flag_id'),
    /** Since when the burst holds it: unlisted and counted nowhere until a release or for good once confirmed. */
    burstHeldAt: timestamp('burst_held_at', { withTimezone: true }),
  },
  (t) => [
    // One rating per rater and player (docs/product.md#rating-rules); a merge's duplicate, removed, stays stored beside
    // the rater's rating it kept (docs/product.md#merging-players), so it alone is outside the key.
    uniqueIndex('ratings_player_rater_key')
      .on(t.playerId, sql`lower(${t.raterEmail})`)
      .where(sql`${t.removalRule} is distinct from 'duplicate'`),
    // Every rating of a player, whatever its state: a player's deletion (its ratings cascade), a merge, an erasure and
    // the admins' list of a player's ratings; the partial key above serves none of them.
    index('ratings_player_idx').on(t.playerId),
    // The rated player's and the page's lists, newest first, with only the released ratings in the index.
    index('ratings_player_listed_idx')
      .on(t.playerId, t.listedAt.desc(), t.id.desc())
      .where(sql`${t.listedAt} is not null`),
    // With the id, My Ratings' newest-first page (created_at desc, id desc: this index read backwards) reads
    // limit + 1 entries, not all of the rater's; declared ascending so its nulls order matches the query's.
    index('ratings_rater_email_created_idx').on(sql`lower(${t.raterEmail})`, t.createdAt, t.id),
    index('ratings_rater_user_idx').on(t.raterUserId),
    // A search's "already rated" probes (players.repo callerRatingProbe, decision 024): the caller's own ratings, by player.
    index('ratings_rater_player_idx').on(sql`(lower(${t.raterEmail}) collate "C")`, t.playerId),
    check(
      'ratings_scores_check',
      sql`${t.serveReturn} between 1 and 5 and ${t.groundstrokesThirdShot} between 1 and 5 and ${t.netPlayVolleysDinks} between 1 and 5 and ${t.movementCourtAwareness} between 1 and 5 and ${t.mentalPhysicalGame} between 1 and 5 and ${t.overallRating} between 1 and 5`,
    ),
    check('ratings_listed_check', sql`(${t.listedAt} is null) = (${t.publishedAt} is null)`),
    // The admins' list of removed ratings, latest take-down first: only the removed ones are in it.
    index('ratings_removed_idx')
      .on(t.removedAt.desc(), t.id.desc())
      .where(sql`${t.removedAt} is not null`),
    check(
      'ratings_removed_check',
      sql`(${t.removedAt} is null) = (${t.removalRule} is null) and (${t.removedAt} is null or ${t.listedAt} is null)`,
    ),
    // The release of bursts reads the held ratings of one flag; only held ones are in it.
    index('ratings_burst_held_idx')
      .on(t.burstFlagId)
      .where(sql`${t.burstHeldAt} is not null`),
    check('ratings_burst_held_check', sql`${t.burstHeldAt} is null or ${t.listedAt} is null`),
    check('ratings_helpfulness_check', sql`${t.helpfulnessCount} >= 0 and ${t.helpfulnessSum} >= 0`),
  ],
);

/** The scores and texts of an edit, as the edit route computed them (overall included), awaiting release. */
export type PendingRatingEdit = {
  serveReturn: number;
  groundstrokesThirdShot: number;
  netPlayVolleysDinks: number;
  movementCourtAwareness: number;
  mentalPhysicalGame: number;
  overallRating: number;
  strengthsImprovements: string | null;
  serveReturnComments: string | null;
  groundstrokesThirdShotComments: string | null;
  netPlayVolleysDinksComments: string | null;
  movementCourtAwarenessComments: string | null;
  mentalPhysicalGameComments: string | null;
  editedAt: string;
};

export type RatingRow = typeof ratings.$inferSelect;
