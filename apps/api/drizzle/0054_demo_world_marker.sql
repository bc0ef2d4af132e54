CREATE TABLE "demo_world" (
	"id" integer PRIMARY KEY NOT NULL,
	"version" integer NOT NULL,
	"completed_at" timestamp with time zone DEFAULT now() NOT NULL
);
