DROP INDEX "line_accounts_channel_id_idx";--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "delivery_error" varchar(500);--> statement-breakpoint
CREATE UNIQUE INDEX "line_accounts_channel_id_uq" ON "line_accounts" USING btree ("channel_id");