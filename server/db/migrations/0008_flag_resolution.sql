ALTER TABLE "flagged_comments" ADD COLUMN "resolution" text;--> statement-breakpoint
ALTER TABLE "flagged_comments" ADD CONSTRAINT "flagged_comments_resolution_check" CHECK ("flagged_comments"."resolution" in ('restored', 'kept_hidden'));--> statement-breakpoint
-- Flags an admin resolved before the choice existed were all shown again; the system's own closures (text replaced) stay null.
UPDATE "flagged_comments" SET "resolution" = 'restored' WHERE "is_resolved" AND "resolved_by_label" IS DISTINCT FROM 'system';
