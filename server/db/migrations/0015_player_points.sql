CREATE TABLE "player_points" (
	"latitude" double precision NOT NULL,
	"longitude" double precision NOT NULL,
	CONSTRAINT "player_points_latitude_longitude_pk" PRIMARY KEY("latitude","longitude")
);
--> statement-breakpoint
-- Every write of a player's point (registration, edits, a new player from a rating, the bulk import, the seed, the
-- coordinates backfill) records the point here; nothing is ever removed or locked, so writers never wait on it.
CREATE FUNCTION "player_points_keep"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW."latitude" IS NOT NULL AND NEW."longitude" IS NOT NULL THEN
    INSERT INTO "player_points" ("latitude", "longitude") VALUES (NEW."latitude", NEW."longitude")
      ON CONFLICT DO NOTHING;
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "player_points_keep" AFTER INSERT OR UPDATE OF "latitude", "longitude" ON "players"
  FOR EACH ROW EXECUTE FUNCTION "player_points_keep"();--> statement-breakpoint
INSERT INTO "player_points" ("latitude", "longitude")
  SELECT DISTINCT "latitude", "longitude" FROM "players" WHERE "latitude" IS NOT NULL AND "longitude" IS NOT NULL;
