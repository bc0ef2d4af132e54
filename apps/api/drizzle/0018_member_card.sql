CREATE TYPE "public"."member_ledger_kind" AS ENUM('VISIT', 'PURCHASE', 'REDEEM', 'EXPIRE', 'REVERSAL');--> statement-breakpoint
CREATE TYPE "public"."member_program_kind" AS ENUM('POINTS', 'STAMPS');--> statement-breakpoint
CREATE TYPE "public"."member_rank_basis" AS ENUM('POINTS_12M', 'VISITS_12M');--> statement-breakpoint
CREATE TYPE "public"."member_rounding" AS ENUM('FLOOR', 'ROUND', 'CEIL');--> statement-breakpoint
ALTER TYPE "public"."notification_topic" ADD VALUE 'MEMBER_RANK_CHANGED';--> statement-breakpoint
CREATE TABLE "member_ledger" (
	"id" serial PRIMARY KEY NOT NULL,
	"client_id" integer NOT NULL,
	"store_id" integer NOT NULL,
	"member_id" integer NOT NULL,
	"kind" "member_ledger_kind" NOT NULL,
	"points" integer DEFAULT 0 NOT NULL,
	"stamps" integer DEFAULT 0 NOT NULL,
	"visits" integer DEFAULT 0 NOT NULL,
	"amount_yen" integer,
	"reason" varchar(200),
	"staff_user_id" integer,
	"reverses_id" integer,
	"expires_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "member_programs" (
	"store_id" integer PRIMARY KEY NOT NULL,
	"client_id" integer NOT NULL,
	"kind" "member_program_kind" NOT NULL,
	"points_per_visit" integer DEFAULT 0 NOT NULL,
	"points_per_yen" double precision DEFAULT 0 NOT NULL,
	"rounding" "member_rounding" DEFAULT 'FLOOR' NOT NULL,
	"expiry_months" integer,
	"reward_points" integer DEFAULT 0 NOT NULL,
	"stamps_for_reward" integer DEFAULT 10 NOT NULL,
	"stamp_interval_minutes" integer DEFAULT 0 NOT NULL,
	"reward_name" varchar(50) NOT NULL,
	"rank_basis" "member_rank_basis" DEFAULT 'POINTS_12M' NOT NULL,
	"ranks" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "members" ADD COLUMN "rank_name" varchar(30);--> statement-breakpoint
ALTER TABLE "member_ledger" ADD CONSTRAINT "member_ledger_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_ledger" ADD CONSTRAINT "member_ledger_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_ledger" ADD CONSTRAINT "member_ledger_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_ledger" ADD CONSTRAINT "member_ledger_staff_user_id_users_id_fk" FOREIGN KEY ("staff_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_programs" ADD CONSTRAINT "member_programs_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_programs" ADD CONSTRAINT "member_programs_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "member_ledger_member_idx" ON "member_ledger" USING btree ("member_id","created_at","id");--> statement-breakpoint
CREATE INDEX "member_ledger_store_expires_idx" ON "member_ledger" USING btree ("store_id","expires_at");--> statement-breakpoint
CREATE INDEX "member_ledger_client_id_idx" ON "member_ledger" USING btree ("client_id");--> statement-breakpoint
CREATE UNIQUE INDEX "member_ledger_reverses_uq" ON "member_ledger" USING btree ("reverses_id");