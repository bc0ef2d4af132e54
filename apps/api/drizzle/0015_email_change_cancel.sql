ALTER TYPE "public"."auth_token_kind" ADD VALUE 'EMAIL_CHANGE_CANCEL';--> statement-breakpoint
ALTER TABLE "auth_tokens" ADD COLUMN "email" varchar(254);