ALTER TABLE "rich_menu_taps" ALTER COLUMN "friend_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "rich_menus" ADD COLUMN "tap_slug" varchar(24);--> statement-breakpoint
ALTER TABLE "rich_menus" ADD CONSTRAINT "rich_menus_tap_slug_unique" UNIQUE("tap_slug");