CREATE TABLE "data_backfills" (
	"name" text PRIMARY KEY NOT NULL,
	"done_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "players" ADD COLUMN "latitude" double precision;--> statement-breakpoint
ALTER TABLE "players" ADD COLUMN "longitude" double precision;--> statement-breakpoint
CREATE INDEX "players_latitude_longitude_idx" ON "players" USING btree ("latitude","longitude");--> statement-breakpoint
-- Existing players get their coordinates from the bundled ZIP data, which only the app has: it runs the
-- 'player_coordinates' backfill at start (server/features/players/coordinates-backfill.service.ts) unless
-- recorded here. A database with no players yet (a new one) has nothing to fill.
INSERT INTO "data_backfills" ("name") SELECT 'player_coordinates' WHERE NOT EXISTS (SELECT 1 FROM "players");
