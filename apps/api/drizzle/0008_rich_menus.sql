CREATE TABLE "rich_menus" (
	"id" serial PRIMARY KEY NOT NULL,
	"client_id" integer NOT NULL,
	"line_account_id" integer NOT NULL,
	"line_rich_menu_id" varchar(100) NOT NULL,
	"name" varchar(300) NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"selected" boolean DEFAULT false NOT NULL,
	"chat_bar_text" varchar(14) NOT NULL,
	"areas" jsonb NOT NULL,
	"image_type" varchar(16) NOT NULL,
	"image" "bytea" NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"tab_group_id" varchar(40),
	"tab_index" integer,
	"menu_alias_id" varchar(32),
	"tab_config" jsonb,
	"updated_by_user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "rich_menus" ADD CONSTRAINT "rich_menus_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rich_menus" ADD CONSTRAINT "rich_menus_line_account_id_line_accounts_id_fk" FOREIGN KEY ("line_account_id") REFERENCES "public"."line_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rich_menus" ADD CONSTRAINT "rich_menus_updated_by_user_id_users_id_fk" FOREIGN KEY ("updated_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "rich_menus_account_idx" ON "rich_menus" USING btree ("client_id","line_account_id");