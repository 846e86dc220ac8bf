ALTER TABLE "players" ADD COLUMN "city" text;--> statement-breakpoint
ALTER TABLE "players" ADD COLUMN "state" text;--> statement-breakpoint
ALTER TABLE "players" ADD COLUMN "zip" text;--> statement-breakpoint
ALTER TABLE "players" ADD CONSTRAINT "players_place_parts_check" CHECK (("players"."city" is null) = ("players"."state" is null) and ("players"."zip" is null or "players"."city" is not null));--> statement-breakpoint
-- Existing players get their place's parts from the bundled ZIP data, which only the app has: it runs the
-- 'player_places' backfill at start (server/features/players/places-backfill.service.ts) unless recorded here.
-- A database with no players yet (a new one) has nothing to fill.
INSERT INTO "data_backfills" ("name") SELECT 'player_places' WHERE NOT EXISTS (SELECT 1 FROM "players");
