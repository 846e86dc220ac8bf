ALTER TABLE "ratings" ADD COLUMN "burst_flag_id" integer;--> statement-breakpoint
ALTER TABLE "ratings" ADD COLUMN "burst_held_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "ratings_burst_held_idx" ON "ratings" USING btree ("burst_flag_id") WHERE "ratings"."burst_held_at" is not null;--> statement-breakpoint
ALTER TABLE "ratings" ADD CONSTRAINT "ratings_burst_held_check" CHECK ("ratings"."burst_held_at" is null or "ratings"."listed_at" is null);