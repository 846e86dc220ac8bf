CREATE TABLE "leaderboard_marks" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" uuid
);
--> statement-breakpoint
CREATE TABLE "leaderboard_standings" (
	"period" text NOT NULL,
	"user_id" uuid NOT NULL,
	"ratings_count" integer NOT NULL,
	"helpfulness_sum" integer NOT NULL,
	"helpfulness_count" integer NOT NULL,
	CONSTRAINT "leaderboard_standings_period_user_id_pk" PRIMARY KEY("period","user_id"),
	CONSTRAINT "leaderboard_standings_period_check" CHECK ("leaderboard_standings"."period" in ('all', 'year', 'month', 'week')),
	CONSTRAINT "leaderboard_standings_count_check" CHECK ("leaderboard_standings"."ratings_count" > 0)
);
--> statement-breakpoint
ALTER TABLE "leaderboard_boards" ADD COLUMN "since" date;--> statement-breakpoint
ALTER TABLE "leaderboard_boards" ADD COLUMN "trust_run_id" integer;--> statement-breakpoint
ALTER TABLE "leaderboard_boards" ADD COLUMN "checked_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "leaderboard_boards" ADD COLUMN "names_checked_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
CREATE INDEX "leaderboard_standings_count_idx" ON "leaderboard_standings" USING btree ("period","ratings_count" DESC NULLS LAST);