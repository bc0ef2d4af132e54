CREATE TABLE "notification_deliveries" (
	"id" serial PRIMARY KEY NOT NULL,
	"client_id" integer NOT NULL,
	"line_account_id" integer NOT NULL,
	"event_id" integer NOT NULL,
	"topic" "notification_topic" NOT NULL,
	"friend_id" integer NOT NULL,
	"status" varchar(16) NOT NULL,
	"text" text NOT NULL,
	"error" text,
	"retry_key" varchar(36),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "notification_setting_friends" (
	"setting_id" integer NOT NULL,
	"friend_id" integer NOT NULL,
	CONSTRAINT "notification_setting_friends_setting_id_friend_id_pk" PRIMARY KEY("setting_id","friend_id")
);
--> statement-breakpoint
CREATE TABLE "notification_settings" (
	"id" serial PRIMARY KEY NOT NULL,
	"client_id" integer NOT NULL,
	"line_account_id" integer NOT NULL,
	"label" varchar(50) NOT NULL,
	"topics" jsonb NOT NULL,
	"from_event_id" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notification_templates" (
	"id" serial PRIMARY KEY NOT NULL,
	"client_id" integer NOT NULL,
	"line_account_id" integer NOT NULL,
	"topic" "notification_topic" NOT NULL,
	"content" text,
	"is_enable" boolean DEFAULT true NOT NULL,
	"topic_enable" boolean DEFAULT true NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "notification_deliveries" ADD CONSTRAINT "notification_deliveries_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_deliveries" ADD CONSTRAINT "notification_deliveries_line_account_id_line_accounts_id_fk" FOREIGN KEY ("line_account_id") REFERENCES "public"."line_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_deliveries" ADD CONSTRAINT "notification_deliveries_friend_id_friends_id_fk" FOREIGN KEY ("friend_id") REFERENCES "public"."friends"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_setting_friends" ADD CONSTRAINT "notification_setting_friends_setting_id_notification_settings_id_fk" FOREIGN KEY ("setting_id") REFERENCES "public"."notification_settings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_setting_friends" ADD CONSTRAINT "notification_setting_friends_friend_id_friends_id_fk" FOREIGN KEY ("friend_id") REFERENCES "public"."friends"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_settings" ADD CONSTRAINT "notification_settings_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_settings" ADD CONSTRAINT "notification_settings_line_account_id_line_accounts_id_fk" FOREIGN KEY ("line_account_id") REFERENCES "public"."line_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_templates" ADD CONSTRAINT "notification_templates_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_templates" ADD CONSTRAINT "notification_templates_line_account_id_line_accounts_id_fk" FOREIGN KEY ("line_account_id") REFERENCES "public"."line_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "notification_deliveries_event_friend_uq" ON "notification_deliveries" USING btree ("event_id","friend_id");--> statement-breakpoint
CREATE INDEX "notification_deliveries_account_idx" ON "notification_deliveries" USING btree ("client_id","line_account_id","id");--> statement-breakpoint
CREATE INDEX "notification_deliveries_retry_key_idx" ON "notification_deliveries" USING btree ("retry_key");--> statement-breakpoint
CREATE INDEX "notification_settings_account_idx" ON "notification_settings" USING btree ("client_id","line_account_id");--> statement-breakpoint
CREATE UNIQUE INDEX "notification_templates_account_topic_uq" ON "notification_templates" USING btree ("line_account_id","topic");