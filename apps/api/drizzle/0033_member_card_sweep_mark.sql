CREATE TABLE "member_card_sweeps" (
	"store_id" integer PRIMARY KEY NOT NULL,
	"client_id" integer NOT NULL,
	"swept_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "member_card_sweeps" ADD CONSTRAINT "member_card_sweeps_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_card_sweeps" ADD CONSTRAINT "member_card_sweeps_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;