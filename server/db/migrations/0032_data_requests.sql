CREATE TABLE "data_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"user_id" uuid NOT NULL,
	"admin_user_id" uuid,
	"admin_label" text,
	"counts" jsonb,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "data_requests_kind_check" CHECK ("data_requests"."kind" in ('export', 'erase')),
	CONSTRAINT "data_requests_counts_check" CHECK (("data_requests"."kind" = 'erase') = ("data_requests"."counts" is not null))
);
--> statement-breakpoint
ALTER TABLE "data_requests" ADD CONSTRAINT "data_requests_admin_user_id_users_id_fk" FOREIGN KEY ("admin_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "data_requests_at_idx" ON "data_requests" USING btree ("at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "data_requests_user_idx" ON "data_requests" USING btree ("user_id");