ALTER TABLE "users" ADD COLUMN "email_confirmation_token" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "email_confirmation_expires" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "email_confirmation_sent_at" timestamp with time zone;--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_confirmation_token_key" ON "users" USING btree ("email_confirmation_token");--> statement-breakpoint
-- Hand-added: developer acting accounts are confirmed by configuration (decision 006).
UPDATE "users" SET "email_verified" = true WHERE "auth_provider" = 'developer';