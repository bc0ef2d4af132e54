CREATE TABLE "step_clicks" (
	"id" serial PRIMARY KEY NOT NULL,
	"link_id" integer NOT NULL,
	"step_id" integer NOT NULL,
	"friend_id" integer,
	"clicked_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "step_links" (
	"id" serial PRIMARY KEY NOT NULL,
	"step_id" integer NOT NULL,
	"url" text NOT NULL,
	"token" varchar(24) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "step_recipient_tokens" (
	"token" varchar(24) PRIMARY KEY NOT NULL,
	"step_id" integer NOT NULL,
	"friend_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "scenario_sends" ADD COLUMN "link_token" varchar(24);--> statement-breakpoint
ALTER TABLE "step_clicks" ADD CONSTRAINT "step_clicks_link_id_step_links_id_fk" FOREIGN KEY ("link_id") REFERENCES "public"."step_links"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "step_clicks_step_idx" ON "step_clicks" USING btree ("step_id");--> statement-breakpoint
CREATE UNIQUE INDEX "step_clicks_link_friend_uq" ON "step_clicks" USING btree ("link_id","friend_id");--> statement-breakpoint
CREATE UNIQUE INDEX "step_links_token_uq" ON "step_links" USING btree ("token");--> statement-breakpoint
CREATE UNIQUE INDEX "step_links_step_url_uq" ON "step_links" USING btree ("step_id","url");--> statement-breakpoint
CREATE INDEX "step_recipient_tokens_step_idx" ON "step_recipient_tokens" USING btree ("step_id","friend_id");