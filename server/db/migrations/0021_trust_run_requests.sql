CREATE TABLE "trust_run_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"state" text DEFAULT 'queued' NOT NULL,
	"requested_at" timestamp with time zone DEFAULT now() NOT NULL,
	"requested_by" uuid,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"heartbeat_at" timestamp with time zone,
	"holder" text,
	"phase" text,
	"progress_done" integer DEFAULT 0 NOT NULL,
	"progress_total" integer DEFAULT 0 NOT NULL,
	"players" integer,
	"ratings" integer,
	"duration_ms" integer,
	"error" text,
	CONSTRAINT "trust_run_requests_progress_check" CHECK ("trust_run_requests"."progress_done" >= 0 and "trust_run_requests"."progress_total" >= 0)
);
--> statement-breakpoint
ALTER TABLE "trust_run_requests" ADD CONSTRAINT "trust_run_requests_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "trust_run_requests_one_open_idx" ON "trust_run_requests" USING btree ((true)) WHERE "trust_run_requests"."state" in ('queued', 'running');--> statement-breakpoint
CREATE INDEX "trust_run_requests_requested_at_idx" ON "trust_run_requests" USING btree ("requested_at" DESC NULLS LAST);