CREATE TABLE "rating_removals" (
	"id" serial PRIMARY KEY NOT NULL,
	"rating_id" integer NOT NULL,
	"action" text NOT NULL,
	"rule" text,
	"note" text,
	"acted_by" uuid,
	"acted_by_label" text NOT NULL,
	"acted_at" timestamp with time zone DEFAULT now() NOT NULL,
	"listed_at" timestamp with time zone,
	"published_at" timestamp with time zone,
	CONSTRAINT "rating_removals_action_check" CHECK ("rating_removals"."action" in ('remove', 'restore')),
	CONSTRAINT "rating_removals_rule_check" CHECK (("rating_removals"."action" = 'remove') = ("rating_removals"."rule" is not null))
);
--> statement-breakpoint
ALTER TABLE "ratings" ADD COLUMN "removed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "ratings" ADD COLUMN "removal_rule" text;--> statement-breakpoint
ALTER TABLE "rating_removals" ADD CONSTRAINT "rating_removals_rating_id_ratings_id_fk" FOREIGN KEY ("rating_id") REFERENCES "public"."ratings"("id") ON DELETE cascade ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "rating_removals" ADD CONSTRAINT "rating_removals_acted_by_users_id_fk" FOREIGN KEY ("acted_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "rating_removals_rating_idx" ON "rating_removals" USING btree ("rating_id","id");--> statement-breakpoint
CREATE INDEX "rating_removals_acted_idx" ON "rating_removals" USING btree ("acted_at" DESC NULLS LAST);--> statement-breakpoint
ALTER TABLE "ratings" ADD CONSTRAINT "ratings_removed_check" CHECK (("ratings"."removed_at" is null) = ("ratings"."removal_rule" is null) and ("ratings"."removed_at" is null or "ratings"."listed_at" is null));