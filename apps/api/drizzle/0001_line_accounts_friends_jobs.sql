CREATE TYPE "public"."active_status" AS ENUM('ACTIVE', 'INACTIVE');--> statement-breakpoint
CREATE TYPE "public"."operation_scope" AS ENUM('BACK_OFFICE', 'FRONT_OFFICE');--> statement-breakpoint
CREATE TYPE "public"."store_status" AS ENUM('ACTIVE', 'INACTIVE', 'PENDING', 'CLOSED');--> statement-breakpoint
CREATE TYPE "public"."message_delivery" AS ENUM('RECEIVED', 'QUEUED', 'SENT', 'FAILED');--> statement-breakpoint
CREATE TYPE "public"."message_source" AS ENUM('user', 'system');--> statement-breakpoint
CREATE TYPE "public"."job_status" AS ENUM('PENDING', 'RUNNING', 'DONE', 'DEAD');--> statement-breakpoint
CREATE TYPE "public"."notification_topic" AS ENUM('SHIFT_SUBMITTED', 'SHIFT_EDITED', 'SHIFT_SUBMISSION_REMIND', 'SHIFT_SUBMISSION_COMPLETE', 'SHIFT_CONFIRMED', 'NEW_FRIEND', 'LINE_UNBLOCK_EVENT', 'MEMBERSHIP_REGISTRATION', 'SHIFT_MEMBER_STAFF_APPROVED');--> statement-breakpoint
CREATE TABLE "line_account_services" (
	"id" serial PRIMARY KEY NOT NULL,
	"client_id" integer NOT NULL,
	"line_account_id" integer NOT NULL,
	"service_code" varchar(16) NOT NULL,
	"liff_id" varchar(64),
	"status" "active_status" DEFAULT 'ACTIVE' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "line_accounts" (
	"id" serial PRIMARY KEY NOT NULL,
	"client_id" integer NOT NULL,
	"channel_id" varchar(32) NOT NULL,
	"channel_secret_encrypted" text NOT NULL,
	"login_channel_id" varchar(32),
	"login_channel_secret_encrypted" text,
	"operation_scope" "operation_scope" DEFAULT 'BACK_OFFICE' NOT NULL,
	"display_name" varchar(100) DEFAULT '' NOT NULL,
	"basic_id" varchar(32),
	"premium_id" varchar(32),
	"bot_id" varchar(64),
	"picture_url" text,
	"friend_url" text,
	"qr_code_url" text,
	"chat_mode" varchar(8),
	"mark_as_read_mode" varchar(8),
	"main_color" varchar(7) DEFAULT '#1C7F09' NOT NULL,
	"title" varchar(100),
	"logo_url" text,
	"favicon_url" text,
	"webhook_url" text,
	"webhook_status" boolean DEFAULT false NOT NULL,
	"status" "active_status" DEFAULT 'ACTIVE' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "stores" (
	"id" serial PRIMARY KEY NOT NULL,
	"client_id" integer NOT NULL,
	"line_account_id" integer NOT NULL,
	"line_account_service_id" integer NOT NULL,
	"service_code" varchar(16) NOT NULL,
	"name" varchar(100) NOT NULL,
	"status" "store_status" DEFAULT 'ACTIVE' NOT NULL,
	"time_zone" varchar(64) DEFAULT 'Asia/Tokyo' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "friends" (
	"id" serial PRIMARY KEY NOT NULL,
	"client_id" integer NOT NULL,
	"line_account_id" integer NOT NULL,
	"line_user_id" varchar(64) NOT NULL,
	"display_name" varchar(100) DEFAULT '' NOT NULL,
	"picture_url" text,
	"status_message" text,
	"language" varchar(16),
	"is_friend" boolean DEFAULT true NOT NULL,
	"manager_notes" text,
	"followed_at" timestamp with time zone,
	"unfollowed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "messages" (
	"id" serial PRIMARY KEY NOT NULL,
	"client_id" integer NOT NULL,
	"line_account_id" integer NOT NULL,
	"friend_id" integer NOT NULL,
	"type" varchar(16) DEFAULT 'text' NOT NULL,
	"contents" jsonb NOT NULL,
	"source" "message_source" NOT NULL,
	"delivery" "message_delivery" NOT NULL,
	"retry_key" varchar(36),
	"line_message_id" varchar(64),
	"sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "webhook_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"line_account_id" integer NOT NULL,
	"webhook_event_id" varchar(64) NOT NULL,
	"type" varchar(32) NOT NULL,
	"payload" jsonb NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	"processed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "domain_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"topic" "notification_topic" NOT NULL,
	"client_id" integer NOT NULL,
	"line_account_id" integer,
	"store_id" integer,
	"payload" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"handled_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "jobs" (
	"id" serial PRIMARY KEY NOT NULL,
	"queue" varchar(64) NOT NULL,
	"payload" jsonb NOT NULL,
	"status" "job_status" DEFAULT 'PENDING' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"max_attempts" integer DEFAULT 10 NOT NULL,
	"run_at" timestamp with time zone DEFAULT now() NOT NULL,
	"locked_until" timestamp with time zone,
	"last_error" text,
	"dedupe_key" varchar(200),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "jobs_dedupe_key_unique" UNIQUE("dedupe_key")
);
--> statement-breakpoint
ALTER TABLE "line_account_services" ADD CONSTRAINT "line_account_services_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "line_account_services" ADD CONSTRAINT "line_account_services_line_account_id_line_accounts_id_fk" FOREIGN KEY ("line_account_id") REFERENCES "public"."line_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "line_accounts" ADD CONSTRAINT "line_accounts_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stores" ADD CONSTRAINT "stores_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stores" ADD CONSTRAINT "stores_line_account_id_line_accounts_id_fk" FOREIGN KEY ("line_account_id") REFERENCES "public"."line_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stores" ADD CONSTRAINT "stores_line_account_service_id_line_account_services_id_fk" FOREIGN KEY ("line_account_service_id") REFERENCES "public"."line_account_services"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "friends" ADD CONSTRAINT "friends_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "friends" ADD CONSTRAINT "friends_line_account_id_line_accounts_id_fk" FOREIGN KEY ("line_account_id") REFERENCES "public"."line_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_line_account_id_line_accounts_id_fk" FOREIGN KEY ("line_account_id") REFERENCES "public"."line_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_friend_id_friends_id_fk" FOREIGN KEY ("friend_id") REFERENCES "public"."friends"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_events" ADD CONSTRAINT "webhook_events_line_account_id_line_accounts_id_fk" FOREIGN KEY ("line_account_id") REFERENCES "public"."line_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "domain_events" ADD CONSTRAINT "domain_events_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "line_account_services_account_code_uq" ON "line_account_services" USING btree ("line_account_id","service_code");--> statement-breakpoint
CREATE INDEX "line_account_services_client_id_idx" ON "line_account_services" USING btree ("client_id");--> statement-breakpoint
CREATE INDEX "line_accounts_client_id_idx" ON "line_accounts" USING btree ("client_id");--> statement-breakpoint
CREATE INDEX "line_accounts_channel_id_idx" ON "line_accounts" USING btree ("channel_id");--> statement-breakpoint
CREATE UNIQUE INDEX "stores_service_link_uq" ON "stores" USING btree ("line_account_service_id");--> statement-breakpoint
CREATE INDEX "stores_client_id_idx" ON "stores" USING btree ("client_id");--> statement-breakpoint
CREATE INDEX "stores_line_account_id_idx" ON "stores" USING btree ("line_account_id");--> statement-breakpoint
CREATE UNIQUE INDEX "friends_account_user_uq" ON "friends" USING btree ("line_account_id","line_user_id");--> statement-breakpoint
CREATE INDEX "friends_client_id_idx" ON "friends" USING btree ("client_id");--> statement-breakpoint
CREATE INDEX "messages_friend_id_idx" ON "messages" USING btree ("friend_id","id");--> statement-breakpoint
CREATE INDEX "messages_line_account_id_idx" ON "messages" USING btree ("line_account_id");--> statement-breakpoint
CREATE INDEX "messages_client_id_idx" ON "messages" USING btree ("client_id");--> statement-breakpoint
CREATE UNIQUE INDEX "webhook_events_account_event_uq" ON "webhook_events" USING btree ("line_account_id","webhook_event_id");--> statement-breakpoint
CREATE INDEX "domain_events_client_topic_idx" ON "domain_events" USING btree ("client_id","topic");--> statement-breakpoint
CREATE INDEX "domain_events_unhandled_idx" ON "domain_events" USING btree ("handled_at");--> statement-breakpoint
CREATE INDEX "jobs_due_idx" ON "jobs" USING btree ("status","run_at");