CREATE TABLE "integrity_checks" (
	"id" serial PRIMARY KEY NOT NULL,
	"checked_at" timestamp with time zone DEFAULT now() NOT NULL,
	"duration_ms" integer NOT NULL,
	"mismatch_count" integer NOT NULL,
	"mismatches" jsonb NOT NULL,
	"ran_by" text NOT NULL
);
--> statement-breakpoint
CREATE INDEX "integrity_checks_checked_idx" ON "integrity_checks" USING btree ("checked_at" DESC NULLS LAST);