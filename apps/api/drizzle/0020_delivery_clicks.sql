CREATE TABLE "delivery_clicks" (
	"id" serial PRIMARY KEY NOT NULL,
	"link_id" integer NOT NULL,
	"delivery_id" integer NOT NULL,
	"friend_id" integer,
	"clicked_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "delivery_links" (
	"id" serial PRIMARY KEY NOT NULL,
	"delivery_id" integer NOT NULL,
	"url" text NOT NULL,
	"token" varchar(24) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "delivery_recipient_tokens" (
	"token" varchar(24) PRIMARY KEY NOT NULL,
	"delivery_id" integer NOT NULL,
	"friend_id" integer NOT NULL,
	"is_test" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "delivery_test_recipients" (
	"user_id" integer NOT NULL,
	"line_account_id" integer NOT NULL,
	"client_id" integer NOT NULL,
	"friend_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "delivery_test_recipients_user_id_line_account_id_pk" PRIMARY KEY("user_id","line_account_id")
);
--> statement-breakpoint
ALTER TABLE "message_deliveries" ADD COLUMN "recipient_limit" integer;--> statement-breakpoint
ALTER TABLE "delivery_clicks" ADD CONSTRAINT "delivery_clicks_link_id_delivery_links_id_fk" FOREIGN KEY ("link_id") REFERENCES "public"."delivery_links"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "delivery_links" ADD CONSTRAINT "delivery_links_delivery_id_message_deliveries_id_fk" FOREIGN KEY ("delivery_id") REFERENCES "public"."message_deliveries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "delivery_recipient_tokens" ADD CONSTRAINT "delivery_recipient_tokens_delivery_id_message_deliveries_id_fk" FOREIGN KEY ("delivery_id") REFERENCES "public"."message_deliveries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "delivery_test_recipients" ADD CONSTRAINT "delivery_test_recipients_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "delivery_test_recipients" ADD CONSTRAINT "delivery_test_recipients_line_account_id_line_accounts_id_fk" FOREIGN KEY ("line_account_id") REFERENCES "public"."line_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "delivery_test_recipients" ADD CONSTRAINT "delivery_test_recipients_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "delivery_clicks_delivery_idx" ON "delivery_clicks" USING btree ("delivery_id");--> statement-breakpoint
CREATE UNIQUE INDEX "delivery_clicks_link_friend_uq" ON "delivery_clicks" USING btree ("link_id","friend_id");--> statement-breakpoint
CREATE UNIQUE INDEX "delivery_links_token_uq" ON "delivery_links" USING btree ("token");--> statement-breakpoint
CREATE UNIQUE INDEX "delivery_links_delivery_url_uq" ON "delivery_links" USING btree ("delivery_id","url");--> statement-breakpoint
CREATE INDEX "delivery_recipient_tokens_delivery_idx" ON "delivery_recipient_tokens" USING btree ("delivery_id","friend_id");