CREATE TABLE "rich_menu_link_leases" (
	"line_account_id" integer PRIMARY KEY NOT NULL,
	"job_id" integer NOT NULL,
	"locked_until" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "rich_menu_link_leases" ADD CONSTRAINT "rich_menu_link_leases_line_account_id_line_accounts_id_fk" FOREIGN KEY ("line_account_id") REFERENCES "public"."line_accounts"("id") ON DELETE cascade ON UPDATE no action;