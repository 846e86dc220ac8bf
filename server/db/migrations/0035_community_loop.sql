CREATE TABLE "rating_replies" (
	"rating_id" integer PRIMARY KEY NOT NULL,
	"author_user_id" uuid NOT NULL,
	"text" text NOT NULL,
	"status" text DEFAULT 'shown' NOT NULL,
	"hold_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "rating_replies_status_check" CHECK ("rating_replies"."status" in ('shown', 'held', 'hidden')),
	CONSTRAINT "rating_replies_text_check" CHECK (char_length("rating_replies"."text") between 1 and 1000)
);
--> statement-breakpoint
CREATE TABLE "appeals" (
	"id" serial PRIMARY KEY NOT NULL,
	"decision_id" integer NOT NULL,
	"appellant_user_id" uuid NOT NULL,
	"appellant_role" text NOT NULL,
	"text" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"outcome" text,
	"statement" text,
	"decided_by" uuid,
	"decided_by_label" text,
	"decided_at" timestamp with time zone,
	CONSTRAINT "appeals_role_check" CHECK ("appeals"."appellant_role" in ('rater', 'reporter', 'rated-player')),
	CONSTRAINT "appeals_outcome_check" CHECK ("appeals"."outcome" is null or "appeals"."outcome" in ('upheld', 'reversed')),
	CONSTRAINT "appeals_decided_check" CHECK (("appeals"."outcome" is null) = ("appeals"."decided_at" is null) and ("appeals"."outcome" is null) = ("appeals"."statement" is null)),
	CONSTRAINT "appeals_text_check" CHECK (char_length("appeals"."text") between 1 and 2000)
);
--> statement-breakpoint
CREATE TABLE "moderation_decisions" (
	"id" serial PRIMARY KEY NOT NULL,
	"rating_id" integer,
	"rater_user_id" uuid,
	"source" text NOT NULL,
	"outcome" text NOT NULL,
	"rule" text,
	"statement" text NOT NULL,
	"flag_id" integer,
	"flagged_comment_id" integer,
	"reverses_decision_id" integer,
	"decided_by" uuid,
	"decided_by_label" text NOT NULL,
	"decided_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "moderation_decisions_source_check" CHECK ("moderation_decisions"."source" in ('report', 'moderator', 'automatic-hold', 'collusion', 'burst')),
	CONSTRAINT "moderation_decisions_outcome_check" CHECK ("moderation_decisions"."outcome" in ('keep', 'hide-comment', 'remove', 'confirm', 'dismiss')),
	CONSTRAINT "moderation_decisions_rule_check" CHECK ("moderation_decisions"."rule" is null or "moderation_decisions"."rule" in ('offensive', 'personal-information', 'not-based-on-play', 'conflict-of-interest', 'spam-or-fake-account', 'duplicate', 'other')),
	CONSTRAINT "moderation_decisions_statement_check" CHECK (char_length("moderation_decisions"."statement") between 1 and 2000)
);
--> statement-breakpoint
CREATE TABLE "rating_reports" (
	"id" serial PRIMARY KEY NOT NULL,
	"rating_id" integer NOT NULL,
	"reporter_user_id" uuid NOT NULL,
	"reason" text NOT NULL,
	"details" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decision_id" integer,
	CONSTRAINT "rating_reports_reason_check" CHECK ("rating_reports"."reason" in ('offensive', 'personal-information', 'not-based-on-play', 'conflict-of-interest', 'spam-or-fake-account', 'duplicate', 'other')),
	CONSTRAINT "rating_reports_details_check" CHECK ("rating_reports"."details" is null or char_length("rating_reports"."details") <= 1000)
);
--> statement-breakpoint
CREATE TABLE "email_opt_outs" (
	"user_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "email_opt_outs_user_id_kind_pk" PRIMARY KEY("user_id","kind"),
	CONSTRAINT "email_opt_outs_kind_check" CHECK ("email_opt_outs"."kind" in ('ratings-digest', 'reply', 'report-decision', 'rating-decision', 'appeal-outcome', 'claim-decision'))
);
--> statement-breakpoint
CREATE TABLE "notifications" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"title" text NOT NULL,
	"body" text NOT NULL,
	"link" text,
	"dedupe_key" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"read_at" timestamp with time zone,
	"email_status" text DEFAULT 'pending' NOT NULL,
	"emailed_at" timestamp with time zone,
	CONSTRAINT "notifications_kind_check" CHECK ("notifications"."kind" in ('ratings-digest', 'reply', 'report-decision', 'rating-decision', 'appeal-outcome', 'claim-decision')),
	CONSTRAINT "notifications_email_status_check" CHECK ("notifications"."email_status" in ('pending', 'sending', 'sent', 'skipped', 'failed'))
);
--> statement-breakpoint
ALTER TABLE "trust_flags" DROP CONSTRAINT "trust_flags_type_check";--> statement-breakpoint
ALTER TABLE "rating_replies" ADD CONSTRAINT "rating_replies_rating_id_ratings_id_fk" FOREIGN KEY ("rating_id") REFERENCES "public"."ratings"("id") ON DELETE cascade ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "rating_replies" ADD CONSTRAINT "rating_replies_author_user_id_users_id_fk" FOREIGN KEY ("author_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appeals" ADD CONSTRAINT "appeals_decision_id_moderation_decisions_id_fk" FOREIGN KEY ("decision_id") REFERENCES "public"."moderation_decisions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appeals" ADD CONSTRAINT "appeals_appellant_user_id_users_id_fk" FOREIGN KEY ("appellant_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appeals" ADD CONSTRAINT "appeals_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "moderation_decisions" ADD CONSTRAINT "moderation_decisions_rating_id_ratings_id_fk" FOREIGN KEY ("rating_id") REFERENCES "public"."ratings"("id") ON DELETE set null ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "moderation_decisions" ADD CONSTRAINT "moderation_decisions_rater_user_id_users_id_fk" FOREIGN KEY ("rater_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "moderation_decisions" ADD CONSTRAINT "moderation_decisions_flag_id_trust_flags_id_fk" FOREIGN KEY ("flag_id") REFERENCES "public"."trust_flags"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "moderation_decisions" ADD CONSTRAINT "moderation_decisions_flagged_comment_id_flagged_comments_id_fk" FOREIGN KEY ("flagged_comment_id") REFERENCES "public"."flagged_comments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "moderation_decisions" ADD CONSTRAINT "moderation_decisions_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rating_reports" ADD CONSTRAINT "rating_reports_rating_id_ratings_id_fk" FOREIGN KEY ("rating_id") REFERENCES "public"."ratings"("id") ON DELETE cascade ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "rating_reports" ADD CONSTRAINT "rating_reports_reporter_user_id_users_id_fk" FOREIGN KEY ("reporter_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rating_reports" ADD CONSTRAINT "rating_reports_decision_id_moderation_decisions_id_fk" FOREIGN KEY ("decision_id") REFERENCES "public"."moderation_decisions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email_opt_outs" ADD CONSTRAINT "email_opt_outs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "rating_replies_author_idx" ON "rating_replies" USING btree ("author_user_id");--> statement-breakpoint
CREATE INDEX "rating_replies_held_idx" ON "rating_replies" USING btree ("updated_at") WHERE "rating_replies"."status" = 'held';--> statement-breakpoint
CREATE UNIQUE INDEX "appeals_decision_appellant_key" ON "appeals" USING btree ("decision_id","appellant_user_id");--> statement-breakpoint
CREATE INDEX "appeals_open_idx" ON "appeals" USING btree ("created_at") WHERE "appeals"."outcome" is null;--> statement-breakpoint
CREATE INDEX "appeals_appellant_idx" ON "appeals" USING btree ("appellant_user_id");--> statement-breakpoint
CREATE INDEX "appeals_decided_idx" ON "appeals" USING btree ("decided_at");--> statement-breakpoint
CREATE INDEX "moderation_decisions_rating_idx" ON "moderation_decisions" USING btree ("rating_id","id");--> statement-breakpoint
CREATE INDEX "moderation_decisions_decided_idx" ON "moderation_decisions" USING btree ("decided_at");--> statement-breakpoint
CREATE INDEX "moderation_decisions_rater_idx" ON "moderation_decisions" USING btree ("rater_user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "rating_reports_open_key" ON "rating_reports" USING btree ("rating_id","reporter_user_id") WHERE "rating_reports"."decision_id" is null;--> statement-breakpoint
CREATE INDEX "rating_reports_reporter_created_idx" ON "rating_reports" USING btree ("reporter_user_id","created_at");--> statement-breakpoint
CREATE INDEX "rating_reports_open_idx" ON "rating_reports" USING btree ("created_at") WHERE "rating_reports"."decision_id" is null;--> statement-breakpoint
CREATE INDEX "rating_reports_decision_idx" ON "rating_reports" USING btree ("decision_id");--> statement-breakpoint
CREATE INDEX "rating_reports_created_idx" ON "rating_reports" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "notifications_user_idx" ON "notifications" USING btree ("user_id","id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "notifications_unread_idx" ON "notifications" USING btree ("user_id") WHERE "notifications"."read_at" is null;--> statement-breakpoint
CREATE INDEX "notifications_email_pending_idx" ON "notifications" USING btree ("id") WHERE "notifications"."email_status" = 'pending';--> statement-breakpoint
CREATE UNIQUE INDEX "notifications_dedupe_key" ON "notifications" USING btree ("user_id","dedupe_key");--> statement-breakpoint
ALTER TABLE "trust_flags" ADD CONSTRAINT "trust_flags_type_check" CHECK ("trust_flags"."type" in ('ring', 'boost', 'burst'));