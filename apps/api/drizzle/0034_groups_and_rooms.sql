CREATE TYPE "public"."chat_group_kind" AS ENUM('group', 'room');--> statement-breakpoint
CREATE TABLE "chat_group_members" (
	"group_id" integer NOT NULL,
	"line_user_id" varchar(64) NOT NULL,
	"display_name" varchar(100) DEFAULT '' NOT NULL,
	"picture_url" text,
	"joined_at" timestamp with time zone,
	"left_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "chat_group_members_group_id_line_user_id_pk" PRIMARY KEY("group_id","line_user_id")
);
--> statement-breakpoint
CREATE TABLE "chat_group_messages" (
	"id" serial PRIMARY KEY NOT NULL,
	"client_id" integer NOT NULL,
	"line_account_id" integer NOT NULL,
	"group_id" integer NOT NULL,
	"sender_line_user_id" varchar(64),
	"type" varchar(16) DEFAULT 'text' NOT NULL,
	"contents" jsonb NOT NULL,
	"source" "message_source" NOT NULL,
	"delivery" "message_delivery" NOT NULL,
	"retry_key" varchar(36),
	"line_message_id" varchar(64),
	"delivery_error" varchar(500),
	"sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"line_timestamp" timestamp with time zone,
	"unsent_at" timestamp with time zone,
	"reply_token" varchar(255)
);
--> statement-breakpoint
CREATE TABLE "chat_groups" (
	"id" serial PRIMARY KEY NOT NULL,
	"client_id" integer NOT NULL,
	"line_account_id" integer NOT NULL,
	"kind" "chat_group_kind" NOT NULL,
	"line_group_id" varchar(64) NOT NULL,
	"name" varchar(100) DEFAULT '' NOT NULL,
	"picture_url" text,
	"joined_at" timestamp with time zone,
	"left_at" timestamp with time zone,
	"last_message_at" timestamp with time zone NOT NULL,
	"last_message_id" integer DEFAULT 0 NOT NULL,
	"last_message_preview" varchar(120) DEFAULT '' NOT NULL,
	"last_message_source" "message_source" DEFAULT 'user' NOT NULL,
	"unread_count" integer DEFAULT 0 NOT NULL,
	"status" "conversation_status" DEFAULT 'NEEDS_REPLY' NOT NULL,
	"assignee_user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "chat_group_members" ADD CONSTRAINT "chat_group_members_group_id_chat_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."chat_groups"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_group_messages" ADD CONSTRAINT "chat_group_messages_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_group_messages" ADD CONSTRAINT "chat_group_messages_line_account_id_line_accounts_id_fk" FOREIGN KEY ("line_account_id") REFERENCES "public"."line_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_group_messages" ADD CONSTRAINT "chat_group_messages_group_id_chat_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."chat_groups"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_groups" ADD CONSTRAINT "chat_groups_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_groups" ADD CONSTRAINT "chat_groups_line_account_id_line_accounts_id_fk" FOREIGN KEY ("line_account_id") REFERENCES "public"."line_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "chat_group_messages_group_time_idx" ON "chat_group_messages" USING btree ("group_id","line_timestamp" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "chat_group_messages_line_message_id_idx" ON "chat_group_messages" USING btree ("line_account_id","line_message_id");--> statement-breakpoint
CREATE INDEX "chat_group_messages_client_id_idx" ON "chat_group_messages" USING btree ("client_id");--> statement-breakpoint
CREATE UNIQUE INDEX "chat_groups_account_line_group_uq" ON "chat_groups" USING btree ("line_account_id","line_group_id");--> statement-breakpoint
CREATE INDEX "chat_groups_client_id_idx" ON "chat_groups" USING btree ("client_id");--> statement-breakpoint
CREATE INDEX "chat_groups_inbox_idx" ON "chat_groups" USING btree ("line_account_id","last_message_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
-- (hand-written) groups and rooms join the inbox's live feed (decision 0043) as messages and conversations do.
CREATE TRIGGER chat_groups_inbox_notify AFTER INSERT OR UPDATE ON chat_groups FOR EACH ROW EXECUTE FUNCTION inbox_notify();--> statement-breakpoint
CREATE TRIGGER chat_group_messages_inbox_notify AFTER INSERT OR UPDATE ON chat_group_messages FOR EACH ROW EXECUTE FUNCTION inbox_notify();
