CREATE TABLE "player_skill_marks" (
	"player_id" integer PRIMARY KEY NOT NULL,
	"marked_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "player_skill_marks" ADD CONSTRAINT "player_skill_marks_player_id_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."players"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "player_skill_marks_marked_at_idx" ON "player_skill_marks" USING btree ("marked_at","player_id");--> statement-breakpoint
-- The marks set before this release move over; players.skill_stale_at is no longer written or read.
INSERT INTO "player_skill_marks" ("player_id", "marked_at")
SELECT "id", "skill_stale_at" FROM "players" WHERE "skill_stale_at" IS NOT NULL;--> statement-breakpoint
UPDATE "players" SET "skill_stale_at" = NULL WHERE "skill_stale_at" IS NOT NULL;
