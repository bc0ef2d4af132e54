CREATE TABLE "rich_menu_taps" (
	"id" serial PRIMARY KEY NOT NULL,
	"client_id" integer NOT NULL,
	"line_account_id" integer NOT NULL,
	"rich_menu_id" integer NOT NULL,
	"area_index" integer NOT NULL,
	"friend_id" integer NOT NULL,
	"tapped_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "rich_menu_taps" ADD CONSTRAINT "rich_menu_taps_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rich_menu_taps" ADD CONSTRAINT "rich_menu_taps_line_account_id_line_accounts_id_fk" FOREIGN KEY ("line_account_id") REFERENCES "public"."line_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rich_menu_taps" ADD CONSTRAINT "rich_menu_taps_rich_menu_id_rich_menus_id_fk" FOREIGN KEY ("rich_menu_id") REFERENCES "public"."rich_menus"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rich_menu_taps" ADD CONSTRAINT "rich_menu_taps_friend_id_friends_id_fk" FOREIGN KEY ("friend_id") REFERENCES "public"."friends"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "rich_menu_taps_menu_idx" ON "rich_menu_taps" USING btree ("client_id","line_account_id","rich_menu_id","tapped_at");--> statement-breakpoint
CREATE INDEX "rich_menu_taps_friend_idx" ON "rich_menu_taps" USING btree ("friend_id");