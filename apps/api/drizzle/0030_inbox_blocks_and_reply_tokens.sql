-- Issue 27's inbox slices: the friends list's ブロック count, and reply tokens for the chat's answers.
-- The friends list's ブロック means followed, then blocked: a user who only wrote and never followed
-- (followed_at null, 未追加) is not counted as a block. The counter gets a third key, has_followed.
ALTER TABLE "friend_counts" ADD COLUMN "has_followed" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "friend_counts" DROP CONSTRAINT "friend_counts_line_account_id_is_friend_pk";--> statement-breakpoint
-- Counted again from the rows, by the new key (the old rows had no has_followed to split by).
DELETE FROM "friend_counts";--> statement-breakpoint
INSERT INTO "friend_counts" ("line_account_id", "is_friend", "has_followed", "n")
  SELECT "line_account_id", "is_friend", "followed_at" IS NOT NULL, count(*) FROM "friends" GROUP BY 1, 2, 3;--> statement-breakpoint
ALTER TABLE "friend_counts" ADD CONSTRAINT "friend_counts_line_account_id_is_friend_has_followed_pk" PRIMARY KEY("line_account_id","is_friend","has_followed");--> statement-breakpoint
-- The same statement triggers, keyed by (account, isFriend, followed once); an update moving none of
-- them leaves the counter (and its lock) alone.
CREATE OR REPLACE FUNCTION friend_counts_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO friend_counts (line_account_id, is_friend, has_followed, n)
      SELECT line_account_id, is_friend, followed_at IS NOT NULL, count(*) FROM new_rows GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
      ON CONFLICT (line_account_id, is_friend, has_followed) DO UPDATE SET n = friend_counts.n + excluded.n;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO friend_counts (line_account_id, is_friend, has_followed, n)
      SELECT line_account_id, is_friend, followed_at IS NOT NULL, -count(*) FROM old_rows GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
      ON CONFLICT (line_account_id, is_friend, has_followed) DO UPDATE SET n = friend_counts.n + excluded.n;
  ELSE
    INSERT INTO friend_counts (line_account_id, is_friend, has_followed, n)
      SELECT line_account_id, is_friend, has_followed, sum(d) FROM (
        SELECT line_account_id, is_friend, followed_at IS NOT NULL AS has_followed, 1 AS d FROM new_rows
        UNION ALL
        SELECT line_account_id, is_friend, followed_at IS NOT NULL, -1 FROM old_rows
      ) moved GROUP BY 1, 2, 3 HAVING sum(d) <> 0 ORDER BY 1, 2, 3
      ON CONFLICT (line_account_id, is_friend, has_followed) DO UPDATE SET n = friend_counts.n + excluded.n;
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
-- A message from the user keeps its webhook event's reply token until an answer from the chat claims it
-- (decision 0045): the answer then goes as a free reply instead of a counted push.
ALTER TABLE "messages" ADD COLUMN "reply_token" varchar(255);
