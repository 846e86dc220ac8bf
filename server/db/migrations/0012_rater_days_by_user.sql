DROP INDEX "rater_daily_stats_user_idx";--> statement-breakpoint
CREATE INDEX "rater_daily_stats_user_day_idx" ON "rater_daily_stats" USING btree ("user_id","day");