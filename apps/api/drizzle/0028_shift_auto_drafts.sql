CREATE TABLE "shift_auto_drafts" (
	"id" serial PRIMARY KEY NOT NULL,
	"client_id" integer NOT NULL,
	"store_id" integer NOT NULL,
	"input_key" varchar(64) NOT NULL,
	"answer" jsonb NOT NULL,
	"save" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "shift_auto_drafts" ADD CONSTRAINT "shift_auto_drafts_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shift_auto_drafts" ADD CONSTRAINT "shift_auto_drafts_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "shift_auto_drafts_store_input_uq" ON "shift_auto_drafts" USING btree ("store_id","input_key");--> statement-breakpoint
CREATE INDEX "shift_auto_drafts_client_id_idx" ON "shift_auto_drafts" USING btree ("client_id");