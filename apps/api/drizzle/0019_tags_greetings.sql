CREATE TABLE "friend_tags" (
	"friend_id" integer NOT NULL,
	"tag_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "friend_tags_friend_id_tag_id_pk" PRIMARY KEY("friend_id","tag_id")
);
--> statement-breakpoint
CREATE TABLE "tag_folders" (
	"id" serial PRIMARY KEY NOT NULL,
	"client_id" integer NOT NULL,
	"line_account_id" integer NOT NULL,
	"name" varchar(50) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tags" (
	"id" serial PRIMARY KEY NOT NULL,
	"client_id" integer NOT NULL,
	"line_account_id" integer NOT NULL,
	"folder_id" integer,
	"name" varchar(50) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "greetings" (
	"id" serial PRIMARY KEY NOT NULL,
	"client_id" integer NOT NULL,
	"line_account_id" integer NOT NULL,
	"new_friend_messages" jsonb NOT NULL,
	"unblock_messages" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "friend_tags" ADD CONSTRAINT "friend_tags_friend_id_friends_id_fk" FOREIGN KEY ("friend_id") REFERENCES "public"."friends"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "friend_tags" ADD CONSTRAINT "friend_tags_tag_id_tags_id_fk" FOREIGN KEY ("tag_id") REFERENCES "public"."tags"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tag_folders" ADD CONSTRAINT "tag_folders_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tag_folders" ADD CONSTRAINT "tag_folders_line_account_id_line_accounts_id_fk" FOREIGN KEY ("line_account_id") REFERENCES "public"."line_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tags" ADD CONSTRAINT "tags_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tags" ADD CONSTRAINT "tags_line_account_id_line_accounts_id_fk" FOREIGN KEY ("line_account_id") REFERENCES "public"."line_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tags" ADD CONSTRAINT "tags_folder_id_tag_folders_id_fk" FOREIGN KEY ("folder_id") REFERENCES "public"."tag_folders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "greetings" ADD CONSTRAINT "greetings_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "greetings" ADD CONSTRAINT "greetings_line_account_id_line_accounts_id_fk" FOREIGN KEY ("line_account_id") REFERENCES "public"."line_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "friend_tags_tag_friend_idx" ON "friend_tags" USING btree ("tag_id","friend_id");--> statement-breakpoint
CREATE UNIQUE INDEX "tag_folders_account_name_uq" ON "tag_folders" USING btree ("line_account_id","name");--> statement-breakpoint
CREATE INDEX "tag_folders_client_id_idx" ON "tag_folders" USING btree ("client_id");--> statement-breakpoint
CREATE UNIQUE INDEX "tags_account_name_uq" ON "tags" USING btree ("line_account_id","name");--> statement-breakpoint
CREATE INDEX "tags_client_id_idx" ON "tags" USING btree ("client_id");--> statement-breakpoint
CREATE INDEX "tags_folder_id_idx" ON "tags" USING btree ("folder_id");--> statement-breakpoint
CREATE UNIQUE INDEX "greetings_account_uq" ON "greetings" USING btree ("line_account_id");--> statement-breakpoint
CREATE INDEX "greetings_client_id_idx" ON "greetings" USING btree ("client_id");