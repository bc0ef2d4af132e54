CREATE TABLE "line_push_seconds" (
	"channel_id" varchar(64) NOT NULL,
	"second" bigint NOT NULL,
	"used" integer NOT NULL,
	CONSTRAINT "line_push_seconds_channel_id_second_pk" PRIMARY KEY("channel_id","second")
);
