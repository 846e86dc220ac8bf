DROP INDEX "players_latitude_longitude_idx";--> statement-breakpoint
CREATE INDEX "players_point_name_idx" ON "players" USING btree ("latitude","longitude","search_name" collate "C","id");