CREATE TYPE "public"."shift_closure_pattern" AS ENUM('FULL_MONTH', 'HALF_MONTH');--> statement-breakpoint
CREATE TYPE "public"."schedule_status" AS ENUM('DRAFT', 'PUBLISHED');--> statement-breakpoint
CREATE TYPE "public"."shift_staff_status" AS ENUM('PENDING', 'APPROVED');--> statement-breakpoint
CREATE TYPE "public"."staff_shift_status" AS ENUM('REQUEST', 'DRAFT', 'APPROVED');--> statement-breakpoint
CREATE TABLE "normal_rules" (
	"id" serial PRIMARY KEY NOT NULL,
	"client_id" integer NOT NULL,
	"store_id" integer NOT NULL,
	"day_of_week" varchar(1) NOT NULL,
	"shift_start_time" time NOT NULL,
	"shift_end_time" time NOT NULL,
	"shift_duration_minutes" integer NOT NULL,
	"shift_end_day_diff" integer DEFAULT 0 NOT NULL,
	"staff_count" integer DEFAULT 0 NOT NULL,
	"is_rest" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "reminder_settings" (
	"id" serial PRIMARY KEY NOT NULL,
	"client_id" integer NOT NULL,
	"store_id" integer NOT NULL,
	"reminder1_time" varchar(5),
	"reminder1_day_gap" integer,
	"reminder2_time" varchar(5),
	"reminder2_day_gap" integer,
	"reminder3_time" varchar(5),
	"reminder3_day_gap" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "schedules" (
	"id" serial PRIMARY KEY NOT NULL,
	"client_id" integer NOT NULL,
	"store_id" integer NOT NULL,
	"period_key" varchar(16) NOT NULL,
	"status" "schedule_status" DEFAULT 'DRAFT' NOT NULL,
	"start" date NOT NULL,
	"end" date NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "shift_closure_settings" (
	"id" serial PRIMARY KEY NOT NULL,
	"client_id" integer NOT NULL,
	"store_id" integer NOT NULL,
	"pattern" "shift_closure_pattern" DEFAULT 'FULL_MONTH' NOT NULL,
	"day_of_month" integer DEFAULT 20 NOT NULL,
	"first_half_date" integer DEFAULT 16 NOT NULL,
	"second_half_date" integer DEFAULT 1 NOT NULL,
	"is_published" boolean DEFAULT false NOT NULL,
	"time_division_setting" integer DEFAULT 15 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "shift_patterns" (
	"id" serial PRIMARY KEY NOT NULL,
	"client_id" integer NOT NULL,
	"store_id" integer NOT NULL,
	"name" varchar(50) NOT NULL,
	"start_hour" integer NOT NULL,
	"start_minute" integer NOT NULL,
	"end_hour" integer NOT NULL,
	"end_minute" integer NOT NULL,
	"end_day_diff" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "shift_staff" (
	"id" serial PRIMARY KEY NOT NULL,
	"client_id" integer NOT NULL,
	"store_id" integer NOT NULL,
	"friend_id" integer,
	"helper_name" varchar(50),
	"employee_number" varchar(50),
	"status" "shift_staff_status" DEFAULT 'PENDING' NOT NULL,
	"manager_notes" text,
	"approved_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "special_rule_groups" (
	"id" serial PRIMARY KEY NOT NULL,
	"client_id" integer NOT NULL,
	"store_id" integer NOT NULL,
	"label" varchar(50) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "special_rules" (
	"id" serial PRIMARY KEY NOT NULL,
	"client_id" integer NOT NULL,
	"store_id" integer NOT NULL,
	"special_rule_group_id" integer NOT NULL,
	"shift_start_date_time" timestamp with time zone NOT NULL,
	"shift_end_date_time" timestamp with time zone NOT NULL,
	"shift_duration_minutes" integer NOT NULL,
	"staff_count" integer DEFAULT 0 NOT NULL,
	"is_rest" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "staff_remarks" (
	"id" serial PRIMARY KEY NOT NULL,
	"client_id" integer NOT NULL,
	"store_id" integer NOT NULL,
	"staff_id" integer NOT NULL,
	"date" date NOT NULL,
	"remark" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "staff_shifts" (
	"id" serial PRIMARY KEY NOT NULL,
	"client_id" integer NOT NULL,
	"store_id" integer NOT NULL,
	"schedule_id" integer,
	"staff_id" integer NOT NULL,
	"status" "staff_shift_status" NOT NULL,
	"start_at" timestamp with time zone NOT NULL,
	"end_at" timestamp with time zone NOT NULL,
	"duration" integer NOT NULL,
	"manager_note" text,
	"is_rest" boolean DEFAULT false NOT NULL,
	"requested_at" timestamp with time zone,
	"original_start_at" timestamp with time zone,
	"original_end_at" timestamp with time zone,
	"original_duration" integer,
	"has_been_modified" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "normal_rules" ADD CONSTRAINT "normal_rules_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "normal_rules" ADD CONSTRAINT "normal_rules_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reminder_settings" ADD CONSTRAINT "reminder_settings_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reminder_settings" ADD CONSTRAINT "reminder_settings_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "schedules" ADD CONSTRAINT "schedules_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "schedules" ADD CONSTRAINT "schedules_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shift_closure_settings" ADD CONSTRAINT "shift_closure_settings_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shift_closure_settings" ADD CONSTRAINT "shift_closure_settings_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shift_patterns" ADD CONSTRAINT "shift_patterns_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shift_patterns" ADD CONSTRAINT "shift_patterns_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shift_staff" ADD CONSTRAINT "shift_staff_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shift_staff" ADD CONSTRAINT "shift_staff_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shift_staff" ADD CONSTRAINT "shift_staff_friend_id_friends_id_fk" FOREIGN KEY ("friend_id") REFERENCES "public"."friends"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "special_rule_groups" ADD CONSTRAINT "special_rule_groups_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "special_rule_groups" ADD CONSTRAINT "special_rule_groups_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "special_rules" ADD CONSTRAINT "special_rules_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "special_rules" ADD CONSTRAINT "special_rules_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "special_rules" ADD CONSTRAINT "special_rules_special_rule_group_id_special_rule_groups_id_fk" FOREIGN KEY ("special_rule_group_id") REFERENCES "public"."special_rule_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_remarks" ADD CONSTRAINT "staff_remarks_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_remarks" ADD CONSTRAINT "staff_remarks_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_remarks" ADD CONSTRAINT "staff_remarks_staff_id_shift_staff_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."shift_staff"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_shifts" ADD CONSTRAINT "staff_shifts_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_shifts" ADD CONSTRAINT "staff_shifts_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_shifts" ADD CONSTRAINT "staff_shifts_schedule_id_schedules_id_fk" FOREIGN KEY ("schedule_id") REFERENCES "public"."schedules"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_shifts" ADD CONSTRAINT "staff_shifts_staff_id_shift_staff_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."shift_staff"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "normal_rules_store_idx" ON "normal_rules" USING btree ("store_id","day_of_week");--> statement-breakpoint
CREATE INDEX "normal_rules_client_id_idx" ON "normal_rules" USING btree ("client_id");--> statement-breakpoint
CREATE UNIQUE INDEX "reminder_settings_store_uq" ON "reminder_settings" USING btree ("store_id");--> statement-breakpoint
CREATE INDEX "reminder_settings_client_id_idx" ON "reminder_settings" USING btree ("client_id");--> statement-breakpoint
CREATE UNIQUE INDEX "schedules_store_period_uq" ON "schedules" USING btree ("store_id","period_key");--> statement-breakpoint
CREATE INDEX "schedules_client_id_idx" ON "schedules" USING btree ("client_id");--> statement-breakpoint
CREATE UNIQUE INDEX "shift_closure_settings_store_uq" ON "shift_closure_settings" USING btree ("store_id");--> statement-breakpoint
CREATE INDEX "shift_closure_settings_client_id_idx" ON "shift_closure_settings" USING btree ("client_id");--> statement-breakpoint
CREATE INDEX "shift_patterns_store_id_idx" ON "shift_patterns" USING btree ("store_id");--> statement-breakpoint
CREATE INDEX "shift_patterns_client_id_idx" ON "shift_patterns" USING btree ("client_id");--> statement-breakpoint
CREATE UNIQUE INDEX "shift_staff_store_friend_uq" ON "shift_staff" USING btree ("store_id","friend_id");--> statement-breakpoint
CREATE INDEX "shift_staff_client_id_idx" ON "shift_staff" USING btree ("client_id");--> statement-breakpoint
CREATE INDEX "shift_staff_friend_id_idx" ON "shift_staff" USING btree ("friend_id");--> statement-breakpoint
CREATE INDEX "special_rule_groups_store_id_idx" ON "special_rule_groups" USING btree ("store_id");--> statement-breakpoint
CREATE INDEX "special_rule_groups_client_id_idx" ON "special_rule_groups" USING btree ("client_id");--> statement-breakpoint
CREATE INDEX "special_rules_group_id_idx" ON "special_rules" USING btree ("special_rule_group_id");--> statement-breakpoint
CREATE INDEX "special_rules_store_start_idx" ON "special_rules" USING btree ("store_id","shift_start_date_time");--> statement-breakpoint
CREATE INDEX "special_rules_client_id_idx" ON "special_rules" USING btree ("client_id");--> statement-breakpoint
CREATE UNIQUE INDEX "staff_remarks_staff_date_uq" ON "staff_remarks" USING btree ("staff_id","date");--> statement-breakpoint
CREATE INDEX "staff_remarks_store_date_idx" ON "staff_remarks" USING btree ("store_id","date");--> statement-breakpoint
CREATE INDEX "staff_remarks_client_id_idx" ON "staff_remarks" USING btree ("client_id");--> statement-breakpoint
CREATE INDEX "staff_shifts_store_start_idx" ON "staff_shifts" USING btree ("store_id","start_at");--> statement-breakpoint
CREATE INDEX "staff_shifts_staff_start_idx" ON "staff_shifts" USING btree ("staff_id","start_at");--> statement-breakpoint
CREATE INDEX "staff_shifts_schedule_id_idx" ON "staff_shifts" USING btree ("schedule_id");--> statement-breakpoint
CREATE INDEX "staff_shifts_client_id_idx" ON "staff_shifts" USING btree ("client_id");