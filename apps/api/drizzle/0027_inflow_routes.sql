CREATE TABLE "inflow_attributions" (
	"id" serial PRIMARY KEY NOT NULL,
	"client_id" integer NOT NULL,
	"line_account_id" integer NOT NULL,
	"route_id" integer NOT NULL,
	"visit_id" integer NOT NULL,
	"friend_id" integer NOT NULL,
	"kind" varchar(16) NOT NULL,
	"event_id" integer,
	"attributed_at" timestamp with time zone NOT NULL,
	"member_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "inflow_routes" (
	"id" serial PRIMARY KEY NOT NULL,
	"client_id" integer NOT NULL,
	"line_account_id" integer NOT NULL,
	"name" varchar(100) NOT NULL,
	"slug" varchar(32) NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"tag_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "inflow_visits" (
	"id" serial PRIMARY KEY NOT NULL,
	"client_id" integer NOT NULL,
	"line_account_id" integer NOT NULL,
	"route_id" integer NOT NULL,
	"line_user_id" varchar(64),
	"was_friend" boolean DEFAULT false NOT NULL,
	"visited_at" timestamp with time zone NOT NULL,
	"recorded_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "inflow_attributions" ADD CONSTRAINT "inflow_attributions_route_id_inflow_routes_id_fk" FOREIGN KEY ("route_id") REFERENCES "public"."inflow_routes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inflow_routes" ADD CONSTRAINT "inflow_routes_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inflow_routes" ADD CONSTRAINT "inflow_routes_line_account_id_line_accounts_id_fk" FOREIGN KEY ("line_account_id") REFERENCES "public"."line_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inflow_visits" ADD CONSTRAINT "inflow_visits_route_id_inflow_routes_id_fk" FOREIGN KEY ("route_id") REFERENCES "public"."inflow_routes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "inflow_attributions_event_uq" ON "inflow_attributions" USING btree ("event_id");--> statement-breakpoint
CREATE UNIQUE INDEX "inflow_attributions_visit_uq" ON "inflow_attributions" USING btree ("visit_id");--> statement-breakpoint
CREATE INDEX "inflow_attributions_route_idx" ON "inflow_attributions" USING btree ("route_id","attributed_at");--> statement-breakpoint
CREATE INDEX "inflow_attributions_friend_idx" ON "inflow_attributions" USING btree ("line_account_id","friend_id");--> statement-breakpoint
CREATE UNIQUE INDEX "inflow_routes_slug_uq" ON "inflow_routes" USING btree ("slug");--> statement-breakpoint
CREATE INDEX "inflow_routes_account_idx" ON "inflow_routes" USING btree ("client_id","line_account_id");--> statement-breakpoint
CREATE INDEX "inflow_visits_route_idx" ON "inflow_visits" USING btree ("route_id","visited_at");--> statement-breakpoint
CREATE INDEX "inflow_visits_user_idx" ON "inflow_visits" USING btree ("line_account_id","line_user_id","visited_at");