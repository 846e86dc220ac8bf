CREATE TABLE "player_estimate_history" (
	"player_id" integer NOT NULL,
	"quarter" text NOT NULL,
	"mean" double precision NOT NULL,
	"low" double precision NOT NULL,
	"high" double precision NOT NULL,
	"n" integer NOT NULL,
	"computed_at" timestamp with time zone NOT NULL,
	CONSTRAINT "player_estimate_history_pkey" PRIMARY KEY("player_id","quarter"),
	CONSTRAINT "player_estimate_history_quarter_check" CHECK ("player_estimate_history"."quarter" ~ '^[0-9]{4}-Q[1-4]$'),
	CONSTRAINT "player_estimate_history_range_check" CHECK ("player_estimate_history"."low" >= 1 and "player_estimate_history"."high" <= 5 and "player_estimate_history"."low" <= "player_estimate_history"."mean" and "player_estimate_history"."mean" <= "player_estimate_history"."high"),
	CONSTRAINT "player_estimate_history_n_check" CHECK ("player_estimate_history"."n" >= 0)
);
--> statement-breakpoint
ALTER TABLE "player_estimate_history" ADD CONSTRAINT "player_estimate_history_player_id_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."players"("id") ON DELETE cascade ON UPDATE cascade;