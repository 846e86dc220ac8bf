DROP INDEX "players_search_name_trgm_idx";--> statement-breakpoint
DROP INDEX "players_search_location_trgm_idx";--> statement-breakpoint
DROP INDEX "players_last_name_prefix_idx";--> statement-breakpoint
DROP INDEX "players_search_name_prefix_idx";--> statement-breakpoint
ALTER TABLE "players" ADD COLUMN "search_last" text DEFAULT '' NOT NULL;--> statement-breakpoint
-- Backfill: search_name is the normalized "first last" (normalizeForSearch keeps word boundaries), so the
-- last name is its last N words, N being the number of words of last_name.
UPDATE "players" AS p SET "search_last" = array_to_string(w.words[greatest(1, cardinality(w.words) - w.n + 1):], ' ')
FROM (
  SELECT "id", string_to_array("search_name", ' ') AS words,
    cardinality(array_remove(regexp_split_to_array("last_name", '[[:space:][:punct:]]+'), '')) AS n
  FROM "players"
) AS w
WHERE p."id" = w."id" AND w.n > 0 AND p."search_name" <> '';--> statement-breakpoint
CREATE INDEX "players_search_text_trgm_idx" ON "players" USING gin ((' ' || "search_name" || ' ' || "search_location") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "players_search_last_prefix_idx" ON "players" USING btree ("search_last" text_pattern_ops,"search_name" text_pattern_ops,"id");--> statement-breakpoint
CREATE INDEX "players_search_location_prefix_idx" ON "players" USING btree ("search_location" text_pattern_ops,"search_name" text_pattern_ops,"id");--> statement-breakpoint
CREATE INDEX "players_search_name_prefix_idx" ON "players" USING btree ("search_name" text_pattern_ops,"id");