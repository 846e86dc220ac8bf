CREATE TABLE "demo_world" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"seeded_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_player_id" integer NOT NULL,
	"user_ids" uuid[] NOT NULL,
	"sample_player_id" integer,
	"removed_at" timestamp with time zone,
	CONSTRAINT "demo_world_one_row_check" CHECK ("demo_world"."id" = 1)
);
