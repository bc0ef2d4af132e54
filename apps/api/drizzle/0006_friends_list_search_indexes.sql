-- Friend search matches any part of the display name: trigram index (pg_trgm; PGlite loads it in db/client.ts).
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE INDEX "friends_account_created_idx" ON "friends" USING btree ("client_id","line_account_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "friends_display_name_trgm_idx" ON "friends" USING gin ("display_name" gin_trgm_ops);