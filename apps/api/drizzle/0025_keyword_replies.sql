CREATE TABLE "automation_sends" (
	"id" serial PRIMARY KEY NOT NULL,
	"client_id" integer NOT NULL,
	"line_account_id" integer NOT NULL,
	"friend_id" integer NOT NULL,
	"kind" varchar(16) NOT NULL,
	"source_name" varchar(100) NOT NULL,
	"friend_name" varchar(100) NOT NULL,
	"via" varchar(8) NOT NULL,
	"sent_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "keyword_fallbacks" (
	"id" serial PRIMARY KEY NOT NULL,
	"client_id" integer NOT NULL,
	"line_account_id" integer NOT NULL,
	"enabled" boolean DEFAULT false NOT NULL,
	"messages" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "keyword_rules" (
	"id" serial PRIMARY KEY NOT NULL,
	"client_id" integer NOT NULL,
	"line_account_id" integer NOT NULL,
	"position" integer NOT NULL,
	"name" varchar(50) NOT NULL,
	"keywords" jsonb NOT NULL,
	"time_window" jsonb,
	"days" jsonb NOT NULL,
	"out_of_hours" boolean DEFAULT false NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"messages" jsonb NOT NULL,
	"actions" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "postback_actions" (
	"id" serial PRIMARY KEY NOT NULL,
	"client_id" integer NOT NULL,
	"line_account_id" integer NOT NULL,
	"name" varchar(50) NOT NULL,
	"messages" jsonb NOT NULL,
	"actions" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "automation_sends" ADD CONSTRAINT "automation_sends_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "automation_sends" ADD CONSTRAINT "automation_sends_line_account_id_line_accounts_id_fk" FOREIGN KEY ("line_account_id") REFERENCES "public"."line_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "automation_sends" ADD CONSTRAINT "automation_sends_friend_id_friends_id_fk" FOREIGN KEY ("friend_id") REFERENCES "public"."friends"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "keyword_fallbacks" ADD CONSTRAINT "keyword_fallbacks_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "keyword_fallbacks" ADD CONSTRAINT "keyword_fallbacks_line_account_id_line_accounts_id_fk" FOREIGN KEY ("line_account_id") REFERENCES "public"."line_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "keyword_rules" ADD CONSTRAINT "keyword_rules_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "keyword_rules" ADD CONSTRAINT "keyword_rules_line_account_id_line_accounts_id_fk" FOREIGN KEY ("line_account_id") REFERENCES "public"."line_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "postback_actions" ADD CONSTRAINT "postback_actions_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "postback_actions" ADD CONSTRAINT "postback_actions_line_account_id_line_accounts_id_fk" FOREIGN KEY ("line_account_id") REFERENCES "public"."line_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "automation_sends_account_idx" ON "automation_sends" USING btree ("line_account_id","sent_at");--> statement-breakpoint
CREATE INDEX "automation_sends_client_id_idx" ON "automation_sends" USING btree ("client_id");--> statement-breakpoint
CREATE INDEX "automation_sends_friend_id_idx" ON "automation_sends" USING btree ("friend_id");--> statement-breakpoint
CREATE UNIQUE INDEX "keyword_fallbacks_account_uq" ON "keyword_fallbacks" USING btree ("line_account_id");--> statement-breakpoint
CREATE INDEX "keyword_fallbacks_client_id_idx" ON "keyword_fallbacks" USING btree ("client_id");--> statement-breakpoint
CREATE INDEX "keyword_rules_account_idx" ON "keyword_rules" USING btree ("line_account_id","position");--> statement-breakpoint
CREATE INDEX "keyword_rules_client_id_idx" ON "keyword_rules" USING btree ("client_id");--> statement-breakpoint
CREATE INDEX "postback_actions_account_idx" ON "postback_actions" USING btree ("line_account_id");--> statement-breakpoint
CREATE INDEX "postback_actions_client_id_idx" ON "postback_actions" USING btree ("client_id");