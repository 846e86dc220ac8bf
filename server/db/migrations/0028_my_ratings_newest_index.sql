DROP INDEX "ratings_rater_email_created_idx";--> statement-breakpoint
CREATE INDEX "ratings_rater_email_created_idx" ON "ratings" USING btree (lower("rater_email"),"created_at","id");