CREATE TYPE "public"."member_attribute_type" AS ENUM('STRING', 'NUMBER', 'DATE', 'RADIO', 'CHECKBOX', 'IMAGE');--> statement-breakpoint
CREATE TYPE "public"."member_attribute_visibility" AS ENUM('PUBLIC', 'PRIVATE');--> statement-breakpoint
CREATE TYPE "public"."member_code_show_mode" AS ENUM('QRCODE', 'BARCODE', 'TEXT', 'NONE');--> statement-breakpoint
CREATE TYPE "public"."member_status" AS ENUM('ACTIVE', 'INACTIVE');--> statement-breakpoint
CREATE TABLE "member_attribute_choices" (
	"id" serial PRIMARY KEY NOT NULL,
	"client_id" integer NOT NULL,
	"attribute_id" integer NOT NULL,
	"value" varchar(100) NOT NULL,
	"display_order" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "member_attributes" (
	"id" serial PRIMARY KEY NOT NULL,
	"client_id" integer NOT NULL,
	"store_id" integer NOT NULL,
	"visibility" "member_attribute_visibility" DEFAULT 'PUBLIC' NOT NULL,
	"label" varchar(50) NOT NULL,
	"type" "member_attribute_type" NOT NULL,
	"is_required" boolean DEFAULT false NOT NULL,
	"display_order" integer DEFAULT 0 NOT NULL,
	"internal_name" varchar(50),
	"is_deletable" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "member_settings" (
	"store_id" integer PRIMARY KEY NOT NULL,
	"client_id" integer NOT NULL,
	"is_show_member_card" boolean DEFAULT true NOT NULL,
	"require_registration" boolean DEFAULT true NOT NULL,
	"member_code_show_mode" "member_code_show_mode" DEFAULT 'QRCODE' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "member_value_choices" (
	"member_value_id" integer NOT NULL,
	"choice_id" integer NOT NULL,
	"client_id" integer NOT NULL,
	CONSTRAINT "member_value_choices_member_value_id_choice_id_pk" PRIMARY KEY("member_value_id","choice_id")
);
--> statement-breakpoint
CREATE TABLE "member_values" (
	"id" serial PRIMARY KEY NOT NULL,
	"client_id" integer NOT NULL,
	"member_id" integer NOT NULL,
	"attribute_id" integer NOT NULL,
	"value" text,
	"number_value" double precision,
	"date_value" date
);
--> statement-breakpoint
CREATE TABLE "members" (
	"id" serial PRIMARY KEY NOT NULL,
	"client_id" integer NOT NULL,
	"store_id" integer NOT NULL,
	"friend_id" integer NOT NULL,
	"status" "member_status" DEFAULT 'ACTIVE' NOT NULL,
	"member_code" varchar(20) NOT NULL,
	"remarks" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "member_attribute_choices" ADD CONSTRAINT "member_attribute_choices_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_attribute_choices" ADD CONSTRAINT "member_attribute_choices_attribute_id_member_attributes_id_fk" FOREIGN KEY ("attribute_id") REFERENCES "public"."member_attributes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_attributes" ADD CONSTRAINT "member_attributes_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_attributes" ADD CONSTRAINT "member_attributes_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_settings" ADD CONSTRAINT "member_settings_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_settings" ADD CONSTRAINT "member_settings_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_value_choices" ADD CONSTRAINT "member_value_choices_member_value_id_member_values_id_fk" FOREIGN KEY ("member_value_id") REFERENCES "public"."member_values"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_value_choices" ADD CONSTRAINT "member_value_choices_choice_id_member_attribute_choices_id_fk" FOREIGN KEY ("choice_id") REFERENCES "public"."member_attribute_choices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_value_choices" ADD CONSTRAINT "member_value_choices_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_values" ADD CONSTRAINT "member_values_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_values" ADD CONSTRAINT "member_values_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_values" ADD CONSTRAINT "member_values_attribute_id_member_attributes_id_fk" FOREIGN KEY ("attribute_id") REFERENCES "public"."member_attributes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "members" ADD CONSTRAINT "members_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "members" ADD CONSTRAINT "members_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "members" ADD CONSTRAINT "members_friend_id_friends_id_fk" FOREIGN KEY ("friend_id") REFERENCES "public"."friends"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "member_attribute_choices_attribute_id_idx" ON "member_attribute_choices" USING btree ("attribute_id");--> statement-breakpoint
CREATE INDEX "member_attribute_choices_client_id_idx" ON "member_attribute_choices" USING btree ("client_id");--> statement-breakpoint
CREATE INDEX "member_attributes_client_id_idx" ON "member_attributes" USING btree ("client_id");--> statement-breakpoint
CREATE UNIQUE INDEX "member_attributes_store_label_uq" ON "member_attributes" USING btree ("store_id","label");--> statement-breakpoint
CREATE INDEX "member_value_choices_choice_id_idx" ON "member_value_choices" USING btree ("choice_id","member_value_id");--> statement-breakpoint
CREATE INDEX "member_value_choices_client_id_idx" ON "member_value_choices" USING btree ("client_id");--> statement-breakpoint
CREATE UNIQUE INDEX "member_values_member_attribute_uq" ON "member_values" USING btree ("member_id","attribute_id");--> statement-breakpoint
CREATE INDEX "member_values_attribute_value_idx" ON "member_values" USING btree ("attribute_id","value");--> statement-breakpoint
CREATE INDEX "member_values_attribute_number_idx" ON "member_values" USING btree ("attribute_id","number_value");--> statement-breakpoint
CREATE INDEX "member_values_attribute_date_idx" ON "member_values" USING btree ("attribute_id","date_value");--> statement-breakpoint
CREATE INDEX "member_values_client_id_idx" ON "member_values" USING btree ("client_id");--> statement-breakpoint
CREATE UNIQUE INDEX "members_store_friend_uq" ON "members" USING btree ("store_id","friend_id");--> statement-breakpoint
CREATE UNIQUE INDEX "members_store_code_uq" ON "members" USING btree ("store_id","member_code");--> statement-breakpoint
CREATE INDEX "members_friend_id_idx" ON "members" USING btree ("friend_id");--> statement-breakpoint
CREATE INDEX "members_client_id_idx" ON "members" USING btree ("client_id");--> statement-breakpoint
CREATE INDEX "members_store_created_idx" ON "members" USING btree ("store_id","created_at");