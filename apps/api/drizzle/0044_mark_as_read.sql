ALTER TABLE "line_accounts" ADD COLUMN "mark_as_read_timing" varchar(8) DEFAULT 'AUTO' NOT NULL;--> statement-breakpoint
ALTER TABLE "conversations" ADD COLUMN "mark_as_read_token" varchar(255);--> statement-breakpoint
CREATE INDEX "chat_groups_needs_reply_idx" ON "chat_groups" USING btree ("line_account_id","last_message_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE status = 'NEEDS_REPLY';--> statement-breakpoint
CREATE INDEX "chat_groups_unread_idx" ON "chat_groups" USING btree ("line_account_id","last_message_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE unread_count > 0;--> statement-breakpoint
CREATE INDEX "chat_groups_client_unread_idx" ON "chat_groups" USING btree ("client_id","unread_count") WHERE unread_count > 0;