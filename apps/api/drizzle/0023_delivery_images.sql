CREATE TABLE "delivery_images" (
	"id" serial PRIMARY KEY NOT NULL,
	"key" varchar(32) NOT NULL,
	"client_id" integer NOT NULL,
	"line_account_id" integer NOT NULL,
	"kind" varchar(8) NOT NULL,
	"content_type" varchar(16) NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"byte_size" integer NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "delivery_images" ADD CONSTRAINT "delivery_images_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "delivery_images" ADD CONSTRAINT "delivery_images_line_account_id_line_accounts_id_fk" FOREIGN KEY ("line_account_id") REFERENCES "public"."line_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "delivery_images" ADD CONSTRAINT "delivery_images_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "delivery_images_key_uq" ON "delivery_images" USING btree ("key");--> statement-breakpoint
CREATE INDEX "delivery_images_account_idx" ON "delivery_images" USING btree ("line_account_id");