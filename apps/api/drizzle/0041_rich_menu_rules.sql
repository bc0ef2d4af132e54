ALTER TYPE "public"."domain_topic" ADD VALUE 'FRIEND_TAG_REMOVED';--> statement-breakpoint
CREATE TABLE "friend_rich_menus" (
	"friend_id" integer NOT NULL,
	"client_id" integer NOT NULL,
	"line_account_id" integer NOT NULL,
	"rich_menu_id" integer,
	"line_rich_menu_id" varchar(100),
	"generation" integer DEFAULT 1 NOT NULL,
	"evaluated" integer DEFAULT 0 NOT NULL,
	"linked_at" timestamp with time zone,
	CONSTRAINT "friend_rich_menus_friend_id_pk" PRIMARY KEY("friend_id")
);
--> statement-breakpoint
CREATE TABLE "rich_menu_rules" (
	"id" serial PRIMARY KEY NOT NULL,
	"client_id" integer NOT NULL,
	"line_account_id" integer NOT NULL,
	"position" integer NOT NULL,
	"rich_menu_id" integer NOT NULL,
	"tag_id" integer,
	"segment_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "friend_rich_menus" ADD CONSTRAINT "friend_rich_menus_friend_id_friends_id_fk" FOREIGN KEY ("friend_id") REFERENCES "public"."friends"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "friend_rich_menus" ADD CONSTRAINT "friend_rich_menus_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "friend_rich_menus" ADD CONSTRAINT "friend_rich_menus_line_account_id_line_accounts_id_fk" FOREIGN KEY ("line_account_id") REFERENCES "public"."line_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "friend_rich_menus" ADD CONSTRAINT "friend_rich_menus_rich_menu_id_rich_menus_id_fk" FOREIGN KEY ("rich_menu_id") REFERENCES "public"."rich_menus"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rich_menu_rules" ADD CONSTRAINT "rich_menu_rules_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rich_menu_rules" ADD CONSTRAINT "rich_menu_rules_line_account_id_line_accounts_id_fk" FOREIGN KEY ("line_account_id") REFERENCES "public"."line_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rich_menu_rules" ADD CONSTRAINT "rich_menu_rules_rich_menu_id_rich_menus_id_fk" FOREIGN KEY ("rich_menu_id") REFERENCES "public"."rich_menus"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rich_menu_rules" ADD CONSTRAINT "rich_menu_rules_tag_id_tags_id_fk" FOREIGN KEY ("tag_id") REFERENCES "public"."tags"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rich_menu_rules" ADD CONSTRAINT "rich_menu_rules_segment_id_saved_segments_id_fk" FOREIGN KEY ("segment_id") REFERENCES "public"."saved_segments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "friend_rich_menus_account_idx" ON "friend_rich_menus" USING btree ("line_account_id","friend_id");--> statement-breakpoint
CREATE INDEX "rich_menu_rules_account_idx" ON "rich_menu_rules" USING btree ("client_id","line_account_id","position");