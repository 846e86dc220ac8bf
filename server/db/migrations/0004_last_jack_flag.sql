ALTER TABLE "player_match_requests" DROP CONSTRAINT "player_match_requests_status_check";--> statement-breakpoint
DROP INDEX "player_match_requests_one_pending_key";--> statement-breakpoint
ALTER TABLE "player_match_requests" ADD COLUMN "withdrawn_at" timestamp with time zone;--> statement-breakpoint
-- Hand-added: a user may hold one pending claim from now on; older duplicates are kept as withdrawn (decision 008).
UPDATE "player_match_requests" AS "older" SET "status" = 'withdrawn', "withdrawn_at" = now() WHERE "older"."status" = 'pending' AND EXISTS (SELECT 1 FROM "player_match_requests" AS "newer" WHERE "newer"."user_id" = "older"."user_id" AND "newer"."status" = 'pending' AND ("newer"."created_at", "newer"."id") > ("older"."created_at", "older"."id"));--> statement-breakpoint
CREATE UNIQUE INDEX "player_match_requests_one_pending_per_user_key" ON "player_match_requests" USING btree ("user_id") WHERE "player_match_requests"."status" = 'pending';--> statement-breakpoint
ALTER TABLE "player_match_requests" ADD CONSTRAINT "player_match_requests_status_check" CHECK ("player_match_requests"."status" in ('pending', 'approved', 'denied', 'withdrawn'));