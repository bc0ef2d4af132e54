CREATE TABLE "member_images" (
	"id" serial PRIMARY KEY NOT NULL,
	"key" varchar(32) NOT NULL,
	"client_id" integer NOT NULL,
	"store_id" integer NOT NULL,
	"friend_id" integer NOT NULL,
	"content_type" varchar(20) NOT NULL,
	"byte_size" integer NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
DROP INDEX "members_store_created_idx";--> statement-breakpoint
ALTER TABLE "member_images" ADD CONSTRAINT "member_images_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_images" ADD CONSTRAINT "member_images_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_images" ADD CONSTRAINT "member_images_friend_id_friends_id_fk" FOREIGN KEY ("friend_id") REFERENCES "public"."friends"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "member_images_key_uq" ON "member_images" USING btree ("key");--> statement-breakpoint
CREATE INDEX "member_images_store_friend_idx" ON "member_images" USING btree ("store_id","friend_id");--> statement-breakpoint
CREATE INDEX "member_images_client_id_idx" ON "member_images" USING btree ("client_id");--> statement-breakpoint
CREATE INDEX "members_store_created_idx" ON "members" USING btree ("store_id","created_at","id");