CREATE TABLE "users" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"email" text NOT NULL,
	"email_verified" boolean DEFAULT false NOT NULL,
	"first_name" text,
	"last_name" text,
	"profile_image_url" text,
	"is_admin" boolean DEFAULT false NOT NULL,
	"auth_provider" text DEFAULT 'google' NOT NULL,
	"google_id" text,
	"password_hash" text,
	"password_salt" text,
	"password_reset_token" text,
	"password_reset_expires" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "users_auth_provider_check" CHECK ("users"."auth_provider" in ('google', 'password', 'developer'))
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"sid" text PRIMARY KEY NOT NULL,
	"sess" jsonb NOT NULL,
	"expire" timestamp with time zone NOT NULL,
	"user_id" uuid
);
--> statement-breakpoint
CREATE TABLE "admin_tokens" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "players" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" uuid,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"email" text NOT NULL,
	"skill_level" text NOT NULL,
	"years_playing" text,
	"location" text NOT NULL,
	"bio" text,
	"is_verified" boolean DEFAULT false NOT NULL,
	"verification_token" text,
	"verification_expires" timestamp with time zone,
	"verification_attempts" integer DEFAULT 0 NOT NULL,
	"imported_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"search_name" text DEFAULT '' NOT NULL,
	"search_location" text DEFAULT '' NOT NULL,
	"rating_count" integer DEFAULT 0 NOT NULL,
	"overall_sum" double precision DEFAULT 0 NOT NULL,
	"serve_return_sum" integer DEFAULT 0 NOT NULL,
	"groundstrokes_third_shot_sum" integer DEFAULT 0 NOT NULL,
	"net_play_volleys_dinks_sum" integer DEFAULT 0 NOT NULL,
	"movement_court_awareness_sum" integer DEFAULT 0 NOT NULL,
	"mental_physical_game_sum" integer DEFAULT 0 NOT NULL,
	"stars_1" integer DEFAULT 0 NOT NULL,
	"stars_2" integer DEFAULT 0 NOT NULL,
	"stars_3" integer DEFAULT 0 NOT NULL,
	"stars_4" integer DEFAULT 0 NOT NULL,
	"stars_5" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "players_rating_count_check" CHECK ("players"."rating_count" >= 0)
);
--> statement-breakpoint
CREATE TABLE "ratings" (
	"id" serial PRIMARY KEY NOT NULL,
	"player_id" integer NOT NULL,
	"rater_user_id" uuid,
	"rater_email" text NOT NULL,
	"is_anonymous" boolean DEFAULT false NOT NULL,
	"serve_return" integer NOT NULL,
	"groundstrokes_third_shot" integer NOT NULL,
	"net_play_volleys_dinks" integer NOT NULL,
	"movement_court_awareness" integer NOT NULL,
	"mental_physical_game" integer NOT NULL,
	"overall_rating" double precision NOT NULL,
	"strengths_improvements" text,
	"serve_return_comments" text,
	"groundstrokes_third_shot_comments" text,
	"net_play_volleys_dinks_comments" text,
	"movement_court_awareness_comments" text,
	"mental_physical_game_comments" text,
	"is_held" boolean DEFAULT false NOT NULL,
	"helpfulness_sum" integer DEFAULT 0 NOT NULL,
	"helpfulness_count" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ratings_scores_check" CHECK ("ratings"."serve_return" between 1 and 5 and "ratings"."groundstrokes_third_shot" between 1 and 5 and "ratings"."net_play_volleys_dinks" between 1 and 5 and "ratings"."movement_court_awareness" between 1 and 5 and "ratings"."mental_physical_game" between 1 and 5 and "ratings"."overall_rating" between 1 and 5),
	CONSTRAINT "ratings_helpfulness_check" CHECK ("ratings"."helpfulness_count" >= 0 and "ratings"."helpfulness_sum" >= 0)
);
--> statement-breakpoint
CREATE TABLE "rating_helpfulness" (
	"id" serial PRIMARY KEY NOT NULL,
	"rating_id" integer NOT NULL,
	"user_id" uuid NOT NULL,
	"helpfulness_score" integer NOT NULL,
	"comment" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "rating_helpfulness_score_check" CHECK ("rating_helpfulness"."helpfulness_score" between 1 and 5)
);
--> statement-breakpoint
CREATE TABLE "flagged_comments" (
	"id" serial PRIMARY KEY NOT NULL,
	"rating_id" integer NOT NULL,
	"field" text NOT NULL,
	"flagged_text" text NOT NULL,
	"flag_reason" text NOT NULL,
	"is_resolved" boolean DEFAULT false NOT NULL,
	"resolved_by" uuid,
	"resolved_by_label" text,
	"resolved_at" timestamp with time zone,
	"resolution_notes" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "flagged_comments_reason_check" CHECK ("flagged_comments"."flag_reason" in ('racial', 'slur', 'religious', 'sexual', 'contextual', 'other'))
);
--> statement-breakpoint
CREATE TABLE "player_match_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"player_id" integer NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"request_message" text,
	"claimant_first_name" text NOT NULL,
	"claimant_last_name" text NOT NULL,
	"claimant_email" text NOT NULL,
	"claimant_city" text NOT NULL,
	"claimant_state" text NOT NULL,
	"claimant_zip" text NOT NULL,
	"reviewed_by" uuid,
	"reviewed_by_label" text,
	"reviewed_at" timestamp with time zone,
	"review_notes" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "player_match_requests_status_check" CHECK ("player_match_requests"."status" in ('pending', 'approved', 'denied'))
);
--> statement-breakpoint
CREATE TABLE "email_signups" (
	"id" serial PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rater_daily_stats" (
	"day" date NOT NULL,
	"user_id" uuid NOT NULL,
	"ratings_count" integer DEFAULT 0 NOT NULL,
	"helpfulness_sum" integer DEFAULT 0 NOT NULL,
	"helpfulness_count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "rater_daily_stats_day_user_id_pk" PRIMARY KEY("day","user_id")
);
--> statement-breakpoint
CREATE TABLE "rater_stats" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"total_points" integer DEFAULT 0 NOT NULL,
	"current_rank" text DEFAULT 'Rookie' NOT NULL,
	"ratings_submitted" integer DEFAULT 0 NOT NULL,
	"detailed_comments_count" integer DEFAULT 0 NOT NULL,
	"helpfulness_sum" integer DEFAULT 0 NOT NULL,
	"helpfulness_count" integer DEFAULT 0 NOT NULL,
	"last_activity_date" timestamp with time zone,
	CONSTRAINT "rater_stats_counts_check" CHECK ("rater_stats"."ratings_submitted" >= 0 and "rater_stats"."total_points" >= 0)
);
--> statement-breakpoint
CREATE TABLE "achievements" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"achievement_type" text NOT NULL,
	"achievement_name" text NOT NULL,
	"achievement_description" text NOT NULL,
	"badge_icon" text NOT NULL,
	"earned_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "players" ADD CONSTRAINT "players_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ratings" ADD CONSTRAINT "ratings_player_id_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."players"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ratings" ADD CONSTRAINT "ratings_rater_user_id_users_id_fk" FOREIGN KEY ("rater_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rating_helpfulness" ADD CONSTRAINT "rating_helpfulness_rating_id_ratings_id_fk" FOREIGN KEY ("rating_id") REFERENCES "public"."ratings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rating_helpfulness" ADD CONSTRAINT "rating_helpfulness_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "flagged_comments" ADD CONSTRAINT "flagged_comments_rating_id_ratings_id_fk" FOREIGN KEY ("rating_id") REFERENCES "public"."ratings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "flagged_comments" ADD CONSTRAINT "flagged_comments_resolved_by_users_id_fk" FOREIGN KEY ("resolved_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "player_match_requests" ADD CONSTRAINT "player_match_requests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "player_match_requests" ADD CONSTRAINT "player_match_requests_player_id_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."players"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "player_match_requests" ADD CONSTRAINT "player_match_requests_reviewed_by_users_id_fk" FOREIGN KEY ("reviewed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rater_daily_stats" ADD CONSTRAINT "rater_daily_stats_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rater_stats" ADD CONSTRAINT "rater_stats_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "achievements" ADD CONSTRAINT "achievements_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_lower_key" ON "users" USING btree (lower("email"));--> statement-breakpoint
CREATE UNIQUE INDEX "users_google_id_key" ON "users" USING btree ("google_id");--> statement-breakpoint
CREATE UNIQUE INDEX "users_password_reset_token_key" ON "users" USING btree ("password_reset_token");--> statement-breakpoint
CREATE INDEX "users_created_at_idx" ON "users" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "sessions_expire_idx" ON "sessions" USING btree ("expire");--> statement-breakpoint
CREATE INDEX "sessions_user_id_idx" ON "sessions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "admin_tokens_expires_at_idx" ON "admin_tokens" USING btree ("expires_at");--> statement-breakpoint
CREATE UNIQUE INDEX "players_email_lower_key" ON "players" USING btree (lower("email"));--> statement-breakpoint
CREATE UNIQUE INDEX "players_user_id_key" ON "players" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "players_search_name_trgm_idx" ON "players" USING gin ("search_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "players_search_location_trgm_idx" ON "players" USING gin ("search_location" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "players_search_name_prefix_idx" ON "players" USING btree ("search_name" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "players_last_name_prefix_idx" ON "players" USING btree (lower("last_name") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "players_created_at_idx" ON "players" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "ratings_player_rater_key" ON "ratings" USING btree ("player_id",lower("rater_email"));--> statement-breakpoint
CREATE INDEX "ratings_player_created_idx" ON "ratings" USING btree ("player_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "ratings_rater_email_created_idx" ON "ratings" USING btree (lower("rater_email"),"created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "ratings_rater_user_idx" ON "ratings" USING btree ("rater_user_id");--> statement-breakpoint
CREATE INDEX "ratings_created_at_idx" ON "ratings" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "rating_helpfulness_rating_user_key" ON "rating_helpfulness" USING btree ("rating_id","user_id");--> statement-breakpoint
CREATE INDEX "rating_helpfulness_user_idx" ON "rating_helpfulness" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "flagged_comments_resolved_created_idx" ON "flagged_comments" USING btree ("is_resolved","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "flagged_comments_rating_idx" ON "flagged_comments" USING btree ("rating_id");--> statement-breakpoint
CREATE UNIQUE INDEX "player_match_requests_one_pending_key" ON "player_match_requests" USING btree ("user_id","player_id") WHERE "player_match_requests"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "player_match_requests_status_created_idx" ON "player_match_requests" USING btree ("status","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "player_match_requests_player_idx" ON "player_match_requests" USING btree ("player_id");--> statement-breakpoint
CREATE UNIQUE INDEX "email_signups_email_lower_key" ON "email_signups" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "email_signups_created_at_idx" ON "email_signups" USING btree ("created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "rater_daily_stats_user_idx" ON "rater_daily_stats" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "rater_stats_leaderboard_idx" ON "rater_stats" USING btree ("ratings_submitted" DESC NULLS LAST,("helpfulness_sum"::float8 / greatest("helpfulness_count", 1)) desc);--> statement-breakpoint
CREATE UNIQUE INDEX "achievements_user_type_key" ON "achievements" USING btree ("user_id","achievement_type");--> statement-breakpoint
CREATE INDEX "achievements_user_idx" ON "achievements" USING btree ("user_id");