CREATE TYPE "public"."coupon_kind" AS ENUM('AMOUNT', 'PERCENT', 'FREE_ITEM');--> statement-breakpoint
ALTER TYPE "public"."member_ledger_kind" ADD VALUE 'COUPON';--> statement-breakpoint
CREATE TABLE "member_coupon_claims" (
	"id" serial PRIMARY KEY NOT NULL,
	"client_id" integer NOT NULL,
	"store_id" integer NOT NULL,
	"coupon_id" integer NOT NULL,
	"member_id" integer NOT NULL,
	"code" varchar(12) NOT NULL,
	"claimed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "member_coupons" (
	"id" serial PRIMARY KEY NOT NULL,
	"client_id" integer NOT NULL,
	"store_id" integer NOT NULL,
	"name" varchar(40) NOT NULL,
	"kind" "coupon_kind" NOT NULL,
	"value" integer DEFAULT 0 NOT NULL,
	"item_text" varchar(60) DEFAULT '' NOT NULL,
	"description" varchar(300) DEFAULT '' NOT NULL,
	"image_url" text,
	"valid_from" date NOT NULL,
	"valid_to" date NOT NULL,
	"per_member_limit" integer DEFAULT 1 NOT NULL,
	"total_limit" integer,
	"is_enabled" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "member_ledger" ADD COLUMN "coupon_claim_id" integer;--> statement-breakpoint
ALTER TABLE "member_coupon_claims" ADD CONSTRAINT "member_coupon_claims_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_coupon_claims" ADD CONSTRAINT "member_coupon_claims_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_coupon_claims" ADD CONSTRAINT "member_coupon_claims_coupon_id_member_coupons_id_fk" FOREIGN KEY ("coupon_id") REFERENCES "public"."member_coupons"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_coupon_claims" ADD CONSTRAINT "member_coupon_claims_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_coupons" ADD CONSTRAINT "member_coupons_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_coupons" ADD CONSTRAINT "member_coupons_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "member_coupon_claims_code_uq" ON "member_coupon_claims" USING btree ("store_id","code");--> statement-breakpoint
CREATE INDEX "member_coupon_claims_member_idx" ON "member_coupon_claims" USING btree ("member_id","coupon_id");--> statement-breakpoint
CREATE INDEX "member_coupon_claims_coupon_idx" ON "member_coupon_claims" USING btree ("coupon_id");--> statement-breakpoint
CREATE INDEX "member_coupon_claims_client_idx" ON "member_coupon_claims" USING btree ("client_id");--> statement-breakpoint
CREATE INDEX "member_coupons_store_idx" ON "member_coupons" USING btree ("store_id","id");--> statement-breakpoint
CREATE INDEX "member_coupons_client_idx" ON "member_coupons" USING btree ("client_id");