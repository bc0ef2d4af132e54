ALTER TABLE "shift_closure_settings" ADD COLUMN "min_rest_hours" integer DEFAULT 11 NOT NULL;--> statement-breakpoint
ALTER TABLE "shift_closure_settings" ADD COLUMN "max_hours_per_day" integer;--> statement-breakpoint
ALTER TABLE "shift_closure_settings" ADD COLUMN "max_hours_per_week" integer;--> statement-breakpoint
ALTER TABLE "shift_closure_settings" ADD COLUMN "max_hours_per_month" integer;--> statement-breakpoint
ALTER TABLE "shift_closure_settings" ADD COLUMN "allow_multiple_shifts_per_day" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "shift_staff" ADD COLUMN "max_hours_per_day" integer;--> statement-breakpoint
ALTER TABLE "shift_staff" ADD COLUMN "max_hours_per_week" integer;--> statement-breakpoint
ALTER TABLE "shift_staff" ADD COLUMN "max_hours_per_month" integer;--> statement-breakpoint
ALTER TABLE "shift_staff" ADD COLUMN "target_hours_per_month" integer;