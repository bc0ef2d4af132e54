CREATE TABLE "scenario_enrolments" (
	"id" serial PRIMARY KEY NOT NULL,
	"client_id" integer NOT NULL,
	"line_account_id" integer NOT NULL,
	"scenario_id" integer NOT NULL,
	"friend_id" integer NOT NULL,
	"line_user_id" varchar(64) NOT NULL,
	"status" varchar(12) DEFAULT 'ACTIVE' NOT NULL,
	"stop_reason" varchar(20),
	"enrolled_at" timestamp with time zone NOT NULL,
	"done_step_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"last_step_at" timestamp with time zone,
	"next_step_id" integer,
	"due_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "scenario_sends" (
	"id" serial PRIMARY KEY NOT NULL,
	"scenario_id" integer NOT NULL,
	"step_id" integer NOT NULL,
	"retry_key" uuid NOT NULL,
	"recipients" jsonb NOT NULL,
	"status" varchar(10) DEFAULT 'PENDING' NOT NULL,
	"error" varchar(500),
	"created_at" timestamp with time zone NOT NULL,
	"sent_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "scenario_steps" (
	"id" serial PRIMARY KEY NOT NULL,
	"scenario_id" integer NOT NULL,
	"position" integer NOT NULL,
	"delay" jsonb NOT NULL,
	"conditions" jsonb NOT NULL,
	"messages" jsonb NOT NULL,
	"actions" jsonb NOT NULL,
	"sent_count" integer DEFAULT 0 NOT NULL,
	"skipped_count" integer DEFAULT 0 NOT NULL,
	"removed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "scenarios" (
	"id" serial PRIMARY KEY NOT NULL,
	"client_id" integer NOT NULL,
	"line_account_id" integer NOT NULL,
	"name" varchar(50) NOT NULL,
	"enabled" boolean DEFAULT false NOT NULL,
	"trigger" varchar(20) NOT NULL,
	"stop_tag_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"stop_on_member" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "scenario_enrolments" ADD CONSTRAINT "scenario_enrolments_scenario_id_scenarios_id_fk" FOREIGN KEY ("scenario_id") REFERENCES "public"."scenarios"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scenario_sends" ADD CONSTRAINT "scenario_sends_scenario_id_scenarios_id_fk" FOREIGN KEY ("scenario_id") REFERENCES "public"."scenarios"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scenario_steps" ADD CONSTRAINT "scenario_steps_scenario_id_scenarios_id_fk" FOREIGN KEY ("scenario_id") REFERENCES "public"."scenarios"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scenarios" ADD CONSTRAINT "scenarios_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scenarios" ADD CONSTRAINT "scenarios_line_account_id_line_accounts_id_fk" FOREIGN KEY ("line_account_id") REFERENCES "public"."line_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "scenario_enrolments_friend_uq" ON "scenario_enrolments" USING btree ("scenario_id","friend_id");--> statement-breakpoint
CREATE INDEX "scenario_enrolments_due_idx" ON "scenario_enrolments" USING btree ("due_at") WHERE "scenario_enrolments"."status" = 'ACTIVE';--> statement-breakpoint
CREATE INDEX "scenario_enrolments_friend_idx" ON "scenario_enrolments" USING btree ("friend_id");--> statement-breakpoint
CREATE UNIQUE INDEX "scenario_sends_retry_key_uq" ON "scenario_sends" USING btree ("retry_key");--> statement-breakpoint
CREATE INDEX "scenario_sends_pending_idx" ON "scenario_sends" USING btree ("created_at") WHERE "scenario_sends"."status" = 'PENDING';--> statement-breakpoint
CREATE INDEX "scenario_steps_scenario_idx" ON "scenario_steps" USING btree ("scenario_id","position");--> statement-breakpoint
CREATE INDEX "scenarios_account_idx" ON "scenarios" USING btree ("line_account_id","trigger");--> statement-breakpoint
CREATE INDEX "scenarios_client_id_idx" ON "scenarios" USING btree ("client_id");