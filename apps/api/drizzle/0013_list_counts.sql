-- List totals and friend sets for the friends list, the member list and the friend search (decision 0019).
CREATE TABLE "friend_counts" (
	"line_account_id" integer NOT NULL,
	"is_friend" boolean NOT NULL,
	"n" integer NOT NULL,
	CONSTRAINT "friend_counts_line_account_id_is_friend_pk" PRIMARY KEY("line_account_id","is_friend")
);
--> statement-breakpoint
CREATE TABLE "member_counts" (
	"store_id" integer NOT NULL,
	"status" "member_status" NOT NULL,
	"n" integer NOT NULL,
	CONSTRAINT "member_counts_store_id_status_pk" PRIMARY KEY("store_id","status")
);
--> statement-breakpoint
DROP INDEX "member_values_attribute_value_idx";--> statement-breakpoint
DROP INDEX "member_values_attribute_number_idx";--> statement-breakpoint
DROP INDEX "member_values_attribute_date_idx";--> statement-breakpoint
-- Each value (and chosen choice) names its member's friend, so a search condition is a set of friends read
-- from one index (decision 0019). Filled for the rows already there, then required.
ALTER TABLE "member_values" ADD COLUMN "friend_id" integer;--> statement-breakpoint
UPDATE "member_values" v SET "friend_id" = m."friend_id" FROM "members" m WHERE m."id" = v."member_id";--> statement-breakpoint
ALTER TABLE "member_values" ALTER COLUMN "friend_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "member_value_choices" ADD COLUMN "friend_id" integer;--> statement-breakpoint
UPDATE "member_value_choices" c SET "friend_id" = v."friend_id" FROM "member_values" v WHERE v."id" = c."member_value_id";--> statement-breakpoint
ALTER TABLE "member_value_choices" ALTER COLUMN "friend_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "friend_counts" ADD CONSTRAINT "friend_counts_line_account_id_line_accounts_id_fk" FOREIGN KEY ("line_account_id") REFERENCES "public"."line_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_counts" ADD CONSTRAINT "member_counts_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_value_choices" ADD CONSTRAINT "member_value_choices_friend_id_friends_id_fk" FOREIGN KEY ("friend_id") REFERENCES "public"."friends"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_values" ADD CONSTRAINT "member_values_friend_id_friends_id_fk" FOREIGN KEY ("friend_id") REFERENCES "public"."friends"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "member_value_choices_choice_friend_idx" ON "member_value_choices" USING btree ("choice_id","friend_id");--> statement-breakpoint
CREATE INDEX "member_values_attribute_value_idx" ON "member_values" USING btree ("attribute_id","value","friend_id");--> statement-breakpoint
CREATE INDEX "member_values_attribute_number_idx" ON "member_values" USING btree ("attribute_id","number_value","friend_id");--> statement-breakpoint
CREATE INDEX "member_values_attribute_date_idx" ON "member_values" USING btree ("attribute_id","date_value","friend_id");;--> statement-breakpoint
-- The counters are kept by statement triggers with transition tables: one upsert per (account, isFriend)
-- or (store, status) a statement touches, whoever writes (the API, the bench's bulk inserts, a fix by hand).
-- The upsert locks the counter row until commit, so concurrent writers add up exactly.
CREATE FUNCTION friend_counts_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO friend_counts (line_account_id, is_friend, n)
      SELECT line_account_id, is_friend, count(*) FROM new_rows GROUP BY 1, 2 ORDER BY 1, 2
      ON CONFLICT (line_account_id, is_friend) DO UPDATE SET n = friend_counts.n + excluded.n;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO friend_counts (line_account_id, is_friend, n)
      SELECT line_account_id, is_friend, -count(*) FROM old_rows GROUP BY 1, 2 ORDER BY 1, 2
      ON CONFLICT (line_account_id, is_friend) DO UPDATE SET n = friend_counts.n + excluded.n;
  ELSE
    -- Only what moved between keys: an update of other columns leaves the counter (and its lock) alone.
    INSERT INTO friend_counts (line_account_id, is_friend, n)
      SELECT line_account_id, is_friend, sum(d) FROM (
        SELECT line_account_id, is_friend, 1 AS d FROM new_rows UNION ALL SELECT line_account_id, is_friend, -1 FROM old_rows
      ) moved GROUP BY 1, 2 HAVING sum(d) <> 0 ORDER BY 1, 2
      ON CONFLICT (line_account_id, is_friend) DO UPDATE SET n = friend_counts.n + excluded.n;
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE FUNCTION member_counts_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO member_counts (store_id, status, n)
      SELECT store_id, status, count(*) FROM new_rows GROUP BY 1, 2 ORDER BY 1, 2
      ON CONFLICT (store_id, status) DO UPDATE SET n = member_counts.n + excluded.n;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO member_counts (store_id, status, n)
      SELECT store_id, status, -count(*) FROM old_rows GROUP BY 1, 2 ORDER BY 1, 2
      ON CONFLICT (store_id, status) DO UPDATE SET n = member_counts.n + excluded.n;
  ELSE
    -- Only what moved between keys: an update of other columns leaves the counter (and its lock) alone.
    INSERT INTO member_counts (store_id, status, n)
      SELECT store_id, status, sum(d) FROM (
        SELECT store_id, status, 1 AS d FROM new_rows UNION ALL SELECT store_id, status, -1 FROM old_rows
      ) moved GROUP BY 1, 2 HAVING sum(d) <> 0 ORDER BY 1, 2
      ON CONFLICT (store_id, status) DO UPDATE SET n = member_counts.n + excluded.n;
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER friend_counts_insert AFTER INSERT ON friends REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION friend_counts_apply();--> statement-breakpoint
CREATE TRIGGER friend_counts_update AFTER UPDATE ON friends REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION friend_counts_apply();--> statement-breakpoint
CREATE TRIGGER friend_counts_delete AFTER DELETE ON friends REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION friend_counts_apply();--> statement-breakpoint
CREATE TRIGGER member_counts_insert AFTER INSERT ON members REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION member_counts_apply();--> statement-breakpoint
CREATE TRIGGER member_counts_update AFTER UPDATE ON members REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION member_counts_apply();--> statement-breakpoint
CREATE TRIGGER member_counts_delete AFTER DELETE ON members REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION member_counts_apply();--> statement-breakpoint
INSERT INTO friend_counts (line_account_id, is_friend, n) SELECT line_account_id, is_friend, count(*) FROM friends GROUP BY 1, 2;--> statement-breakpoint
INSERT INTO member_counts (store_id, status, n) SELECT store_id, status, count(*) FROM members GROUP BY 1, 2;