ALTER TABLE "inflow_routes" ADD COLUMN "scenario_id" integer;--> statement-breakpoint
ALTER TABLE "inflow_routes" ADD COLUMN "rich_menu_id" integer;