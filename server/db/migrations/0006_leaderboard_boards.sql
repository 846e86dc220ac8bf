CREATE TABLE "leaderboard_boards" (
	"period" text PRIMARY KEY NOT NULL,
	"computed_at" timestamp with time zone NOT NULL,
	"rows" jsonb NOT NULL,
	CONSTRAINT "leaderboard_boards_period_check" CHECK ("leaderboard_boards"."period" in ('all', 'year', 'month', 'week'))
);
