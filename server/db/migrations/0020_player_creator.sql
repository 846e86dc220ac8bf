ALTER TABLE "players" ADD COLUMN "created_by_user_id" uuid;--> statement-breakpoint
ALTER TABLE "players" ADD CONSTRAINT "players_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "players_created_by_idx" ON "players" USING btree ("created_by_user_id","created_at");