CREATE TABLE "anonymity_releases" (
	"id" serial PRIMARY KEY NOT NULL,
	"ran_at" timestamp with time zone DEFAULT now() NOT NULL,
	"period_start" timestamp with time zone NOT NULL,
	"released" integer NOT NULL,
	"held" integer NOT NULL,
	"ran_by" text NOT NULL,
	CONSTRAINT "anonymity_releases_counts_check" CHECK ("anonymity_releases"."released" >= 0 and "anonymity_releases"."held" >= 0)
);
--> statement-breakpoint
ALTER TABLE "rating_helpfulness" DROP CONSTRAINT "rating_helpfulness_rating_id_ratings_id_fk";
--> statement-breakpoint
ALTER TABLE "flagged_comments" DROP CONSTRAINT "flagged_comments_rating_id_ratings_id_fk";
--> statement-breakpoint
ALTER TABLE "trust_predictions" DROP CONSTRAINT "trust_predictions_rating_id_ratings_id_fk";
--> statement-breakpoint
DROP INDEX "ratings_player_created_idx";--> statement-breakpoint
ALTER TABLE "ratings" ALTER COLUMN "id" SET DEFAULT (floor(random() * 2147483646) + 1)::int;--> statement-breakpoint
ALTER TABLE "ratings" ADD COLUMN "listed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "ratings" ADD COLUMN "published_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "ratings" ADD COLUMN "pending_edit" jsonb;--> statement-breakpoint
ALTER TABLE "rating_helpfulness" ADD COLUMN "released_score" integer;--> statement-breakpoint
ALTER TABLE "rating_helpfulness" ADD CONSTRAINT "rating_helpfulness_rating_id_ratings_id_fk" FOREIGN KEY ("rating_id") REFERENCES "public"."ratings"("id") ON DELETE cascade ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "flagged_comments" ADD CONSTRAINT "flagged_comments_rating_id_ratings_id_fk" FOREIGN KEY ("rating_id") REFERENCES "public"."ratings"("id") ON DELETE cascade ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "trust_predictions" ADD CONSTRAINT "trust_predictions_rating_id_ratings_id_fk" FOREIGN KEY ("rating_id") REFERENCES "public"."ratings"("id") ON DELETE cascade ON UPDATE cascade;--> statement-breakpoint
CREATE INDEX "ratings_player_listed_idx" ON "ratings" USING btree ("player_id","listed_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "ratings"."listed_at" is not null;--> statement-breakpoint
ALTER TABLE "ratings" ADD CONSTRAINT "ratings_listed_check" CHECK (("ratings"."listed_at" is null) = ("ratings"."published_at" is null));--> statement-breakpoint
-- Every rating written before the release existed was already visible to everyone: listed and published as it stands.
UPDATE "ratings" SET "listed_at" = "created_at", "published_at" = "updated_at";--> statement-breakpoint
UPDATE "rating_helpfulness" SET "released_score" = "helpfulness_score";--> statement-breakpoint
-- New ids for the ratings already stored (decision 023): a random order of strides, one random id in each, so the new
-- ids are distinct without a retry and say nothing of the order ratings came in. References follow by ON UPDATE
-- CASCADE; the collusion flags' arrays are mapped by hand.
CREATE TEMP TABLE "rating_rekey" ON COMMIT DROP AS
  SELECT "id" AS "old_id", ((rn - 1) * stride + 1 + floor(random() * stride))::int AS "new_id"
  FROM (
    SELECT "id", row_number() OVER (ORDER BY random()) AS rn,
      greatest(1, floor(2147483646.0 / greatest(count(*) OVER (), 1)))::bigint AS stride
    FROM "ratings"
  ) AS ranked;--> statement-breakpoint
UPDATE "ratings" SET "id" = -"id";--> statement-breakpoint
UPDATE "ratings" SET "id" = k."new_id" FROM "rating_rekey" k WHERE "ratings"."id" = -k."old_id";--> statement-breakpoint
UPDATE "trust_flags" f SET "rating_ids" = coalesce((
  SELECT array_agg(k."new_id" ORDER BY u.ord) FROM unnest(f."rating_ids") WITH ORDINALITY AS u(old_id, ord)
  JOIN "rating_rekey" k ON k."old_id" = u.old_id
), '{}');--> statement-breakpoint
-- A signature names its type and its sorted rating ids (detect-collusion.ts): rewritten so a dismissed set stays dismissed.
UPDATE "trust_flags" SET "signature" = "type" || ':' || coalesce((
  SELECT string_agg(id::text, ',' ORDER BY id) FROM unnest("rating_ids") AS id
), '');--> statement-breakpoint
DROP SEQUENCE IF EXISTS "ratings_id_seq";
