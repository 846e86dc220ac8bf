CREATE TABLE "player_skill" (
	"player_id" integer PRIMARY KEY NOT NULL,
	"skill" jsonb NOT NULL,
	"weights" jsonb NOT NULL,
	"computed_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rater_trust" (
	"rater_key" text PRIMARY KEY NOT NULL,
	"leniency" double precision NOT NULL,
	"leniency_sd" double precision NOT NULL,
	"ratings_given" integer NOT NULL,
	"helpfulness_score" double precision,
	"computed_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "trust_flags" (
	"id" serial PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"score" double precision NOT NULL,
	"signature" text NOT NULL,
	"rater_keys" text[] NOT NULL,
	"player_ids" integer[] NOT NULL,
	"rating_ids" integer[] NOT NULL,
	"evidence" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"reviewed_at" timestamp with time zone,
	"reviewed_by" text,
	"review_notes" text,
	CONSTRAINT "trust_flags_type_check" CHECK ("trust_flags"."type" in ('ring', 'boost')),
	CONSTRAINT "trust_flags_status_check" CHECK ("trust_flags"."status" in ('pending', 'confirmed', 'dismissed'))
);
--> statement-breakpoint
CREATE TABLE "trust_jobs" (
	"name" text PRIMARY KEY NOT NULL,
	"holder" text NOT NULL,
	"lease_until" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "trust_predictions" (
	"rating_id" integer PRIMARY KEY NOT NULL,
	"inside" integer NOT NULL,
	"fields" integer NOT NULL,
	"rated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "trust_runs" (
	"id" serial PRIMARY KEY NOT NULL,
	"computed_at" timestamp with time zone NOT NULL,
	"duration_ms" integer NOT NULL,
	"players" integer NOT NULL,
	"ratings" integer NOT NULL,
	"hyper" jsonb NOT NULL
);
--> statement-breakpoint
ALTER TABLE "players" ADD COLUMN "skill_stale_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "player_skill" ADD CONSTRAINT "player_skill_player_id_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."players"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trust_predictions" ADD CONSTRAINT "trust_predictions_rating_id_ratings_id_fk" FOREIGN KEY ("rating_id") REFERENCES "public"."ratings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "trust_flags_signature_key" ON "trust_flags" USING btree ("signature");--> statement-breakpoint
CREATE INDEX "trust_flags_status_created_idx" ON "trust_flags" USING btree ("status","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "trust_predictions_rated_at_idx" ON "trust_predictions" USING btree ("rated_at");--> statement-breakpoint
CREATE INDEX "trust_runs_computed_at_idx" ON "trust_runs" USING btree ("computed_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "players_skill_stale_idx" ON "players" USING btree ("skill_stale_at") WHERE "players"."skill_stale_at" is not null;