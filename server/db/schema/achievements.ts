import { index, pgTable, serial, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './users';

export const achievements = pgTable(
  'achievements',
  {
    id: serial('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    achievementType: text('achievement_type').notNull(),
    achievementName: text('achievement_name').notNull(),
    achievementDescription: text('achievement_description').notNull(),
    badgeIcon: text('badge_icon').notNull(),
    earnedAt: timestamp('earned_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('achievements_user_type_key').on(t.userId, t.achievementType),
    index('achievements_user_idx').on(t.userId),
  ],
);
