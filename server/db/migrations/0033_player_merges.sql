CREATE TABLE "player_merges" (
	"merged_id" integer PRIMARY KEY NOT NULL,
	"into_id" integer NOT NULL,
	"merged_by" text NOT NULL,
	"merged_by_user_id" uuid,
	"merged_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ratings_moved" integer NOT NULL,
	"duplicates_removed" integer NOT NULL,
	"conflicts_removed" integer NOT NULL,
	"claims_moved" integer NOT NULL,
	"flags_moved" integer NOT NULL,
	"link_moved" boolean NOT NULL
);
--> statement-breakpoint
DROP INDEX "ratings_player_rater_key";--> statement-breakpoint
ALTER TABLE "player_merges" ADD CONSTRAINT "player_merges_into_id_players_id_fk" FOREIGN KEY ("into_id") REFERENCES "public"."players"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "player_merges" ADD CONSTRAINT "player_merges_merged_by_user_id_users_id_fk" FOREIGN KEY ("merged_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "player_merges_into_idx" ON "player_merges" USING btree ("into_id");--> statement-breakpoint
CREATE UNIQUE INDEX "ratings_player_rater_key" ON "ratings" USING btree ("player_id",lower("rater_email")) WHERE "ratings"."removal_rule" is distinct from 'duplicate';