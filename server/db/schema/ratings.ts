import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  doublePrecision,
  index,
  integer,
  pgTable,
  serial,
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
    id: serial('id').primaryKey(),
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
  },
  (t) => [
    uniqueIndex('ratings_player_rater_key').on(t.playerId, sql`lower(${t.raterEmail})`),
    index('ratings_player_created_idx').on(t.playerId, t.createdAt.desc()),
    index('ratings_rater_email_created_idx').on(sql`lower(${t.raterEmail})`, t.createdAt.desc()),
    index('ratings_rater_user_idx').on(t.raterUserId),
    check(
      'ratings_scores_check',
      sql`${t.serveReturn} between 1 and 5 and ${t.groundstrokesThirdShot} between 1 and 5 and ${t.netPlayVolleysDinks} between 1 and 5 and ${t.movementCourtAwareness} between 1 and 5 and ${t.mentalPhysicalGame} between 1 and 5 and ${t.overallRating} between 1 and 5`,
    ),
    check('ratings_helpfulness_check', sql`${t.helpfulnessCount} >= 0 and ${t.helpfulnessSum} >= 0`),
  ],
);

export type RatingRow = typeof ratings.$inferSelect;
