-- Custom SQL migration file, put your code below! --
-- The leaderboard refresh reads only the raters marked here (decision 026). Triggers by statement, from the rows the
-- statement changed: a rating adds one small insert per table, a bulk load one mark per rater, and every writer of
-- the totals (a rating, a vote, the anonymity release, the seed, an account's deletion) marks without knowing of it.
CREATE FUNCTION "leaderboard_mark_raters"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "leaderboard_marks" ("user_id") SELECT DISTINCT "user_id" FROM "changed_rows";
  RETURN NULL;
END
$$;--> statement-breakpoint
-- A truncated table leaves no rows to name: a null mark draws every board again.
CREATE FUNCTION "leaderboard_mark_everyone"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "leaderboard_marks" ("user_id") VALUES (NULL);
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "leaderboard_marks_stats_insert" AFTER INSERT ON "rater_stats"
  REFERENCING NEW TABLE AS "changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "leaderboard_mark_raters"();--> statement-breakpoint
CREATE TRIGGER "leaderboard_marks_stats_update" AFTER UPDATE ON "rater_stats"
  REFERENCING NEW TABLE AS "changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "leaderboard_mark_raters"();--> statement-breakpoint
CREATE TRIGGER "leaderboard_marks_stats_delete" AFTER DELETE ON "rater_stats"
  REFERENCING OLD TABLE AS "changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "leaderboard_mark_raters"();--> statement-breakpoint
CREATE TRIGGER "leaderboard_marks_stats_truncate" AFTER TRUNCATE ON "rater_stats"
  FOR EACH STATEMENT EXECUTE FUNCTION "leaderboard_mark_everyone"();--> statement-breakpoint
CREATE TRIGGER "leaderboard_marks_days_insert" AFTER INSERT ON "rater_daily_stats"
  REFERENCING NEW TABLE AS "changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "leaderboard_mark_raters"();--> statement-breakpoint
CREATE TRIGGER "leaderboard_marks_days_update" AFTER UPDATE ON "rater_daily_stats"
  REFERENCING NEW TABLE AS "changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "leaderboard_mark_raters"();--> statement-breakpoint
CREATE TRIGGER "leaderboard_marks_days_delete" AFTER DELETE ON "rater_daily_stats"
  REFERENCING OLD TABLE AS "changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "leaderboard_mark_raters"();--> statement-breakpoint
CREATE TRIGGER "leaderboard_marks_days_truncate" AFTER TRUNCATE ON "rater_daily_stats"
  FOR EACH STATEMENT EXECUTE FUNCTION "leaderboard_mark_everyone"();--> statement-breakpoint
-- The boards stored before the standings existed are drawn again from them by the first refresh.
INSERT INTO "leaderboard_marks" ("user_id") VALUES (NULL);
