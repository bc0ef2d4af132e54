CREATE TABLE "rich_menu_tap_days" (
	"rich_menu_id" integer NOT NULL,
	"area_index" integer NOT NULL,
	"day" date NOT NULL,
	"taps" integer DEFAULT 0 NOT NULL,
	"friends" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "rich_menu_tap_days_rich_menu_id_area_index_day_pk" PRIMARY KEY("rich_menu_id","area_index","day")
);
--> statement-breakpoint
CREATE TABLE "rich_menu_tap_friends" (
	"rich_menu_id" integer NOT NULL,
	"area_index" integer NOT NULL,
	"friend_id" integer NOT NULL,
	"last_tapped_at" timestamp with time zone,
	CONSTRAINT "rich_menu_tap_friends_rich_menu_id_area_index_friend_id_pk" PRIMARY KEY("rich_menu_id","area_index","friend_id")
);
--> statement-breakpoint
CREATE TABLE "delivery_click_friends" (
	"delivery_id" integer NOT NULL,
	"friend_id" integer NOT NULL,
	"links" integer NOT NULL,
	"last_clicked_at" timestamp with time zone NOT NULL,
	CONSTRAINT "delivery_click_friends_delivery_id_friend_id_pk" PRIMARY KEY("delivery_id","friend_id")
);
--> statement-breakpoint
CREATE TABLE "delivery_link_click_counts" (
	"link_id" integer NOT NULL,
	"shard" smallint NOT NULL,
	"delivery_id" integer NOT NULL,
	"clicks" integer DEFAULT 0 NOT NULL,
	"friends" integer DEFAULT 0 NOT NULL,
	"delivery_friends" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "delivery_link_click_counts_link_id_shard_pk" PRIMARY KEY("link_id","shard")
);
--> statement-breakpoint
CREATE TABLE "inflow_route_days" (
	"route_id" integer NOT NULL,
	"day" date NOT NULL,
	"visits" integer DEFAULT 0 NOT NULL,
	"anonymous" integer DEFAULT 0 NOT NULL,
	"visitors" integer DEFAULT 0 NOT NULL,
	"new_friends" integer DEFAULT 0 NOT NULL,
	"unblocks" integer DEFAULT 0 NOT NULL,
	"blocked" integer DEFAULT 0 NOT NULL,
	"members" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "inflow_route_days_route_id_day_pk" PRIMARY KEY("route_id","day")
);
--> statement-breakpoint
CREATE TABLE "inflow_route_friends" (
	"route_id" integer NOT NULL,
	"friend_id" integer NOT NULL,
	"last_at" timestamp with time zone,
	"member_last_at" timestamp with time zone,
	CONSTRAINT "inflow_route_friends_route_id_friend_id_pk" PRIMARY KEY("route_id","friend_id")
);
--> statement-breakpoint
CREATE TABLE "inflow_route_visitors" (
	"route_id" integer NOT NULL,
	"line_user_id" varchar(64) NOT NULL,
	"last_visited_at" timestamp with time zone,
	CONSTRAINT "inflow_route_visitors_route_id_line_user_id_pk" PRIMARY KEY("route_id","line_user_id")
);
--> statement-breakpoint
ALTER TABLE "delivery_click_friends" ADD CONSTRAINT "delivery_click_friends_delivery_id_message_deliveries_id_fk" FOREIGN KEY ("delivery_id") REFERENCES "public"."message_deliveries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "delivery_link_click_counts" ADD CONSTRAINT "delivery_link_click_counts_link_id_delivery_links_id_fk" FOREIGN KEY ("link_id") REFERENCES "public"."delivery_links"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "rich_menu_tap_friends_last_idx" ON "rich_menu_tap_friends" USING btree ("rich_menu_id","last_tapped_at","area_index");--> statement-breakpoint
CREATE INDEX "rich_menu_tap_friends_friend_idx" ON "rich_menu_tap_friends" USING btree ("friend_id","last_tapped_at");--> statement-breakpoint
CREATE INDEX "delivery_click_friends_last_idx" ON "delivery_click_friends" USING btree ("delivery_id","last_clicked_at" DESC NULLS LAST,"friend_id");--> statement-breakpoint
CREATE INDEX "delivery_link_click_counts_delivery_idx" ON "delivery_link_click_counts" USING btree ("delivery_id");--> statement-breakpoint
CREATE INDEX "inflow_route_friends_friend_idx" ON "inflow_route_friends" USING btree ("friend_id");--> statement-breakpoint
-- Hand-written (decision 0058): the report roll-ups are kept by statement triggers in the writer's own
-- transaction, so every writer (the landing, the attribution, the webhook, the hop, the demo's history,
-- the bench's SQL) keeps them right. Days are Japan days. A distinct count is counted on the day of each
-- person's LAST touch: the reports' periods all end now, so "touched since S" is "last touch since S",
-- and those counts sum exactly over days. The last-touch rows are claimed first (insert, on conflict
-- nothing), then locked and moved forward only (greatest), so two writers of one person serialise.
CREATE OR REPLACE FUNCTION report_japan_day(ts timestamptz) RETURNS date LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT (ts AT TIME ZONE 'Asia/Tokyo')::date
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION inflow_visits_rollup() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO inflow_route_visitors (route_id, line_user_id)
    SELECT DISTINCT route_id, line_user_id FROM new_rows WHERE line_user_id IS NOT NULL ORDER BY 1, 2
    ON CONFLICT DO NOTHING;
  -- one statement takes every day row it moves, in key order (no two writers wait on each other's days)
  WITH incoming AS (
    SELECT route_id, line_user_id, max(visited_at) AS new_at FROM new_rows
    WHERE line_user_id IS NOT NULL GROUP BY 1, 2
  ), locked AS (
    SELECT v.route_id, v.line_user_id, v.last_visited_at AS old_at, i.new_at
    FROM inflow_route_visitors v JOIN incoming i ON i.route_id = v.route_id AND i.line_user_id = v.line_user_id
    ORDER BY 1, 2 FOR UPDATE OF v
  ), moved AS (
    SELECT * FROM locked WHERE old_at IS NULL OR new_at > old_at
  ), saved AS (
    UPDATE inflow_route_visitors v SET last_visited_at = m.new_at FROM moved m
    WHERE v.route_id = m.route_id AND v.line_user_id = m.line_user_id
  )
  INSERT INTO inflow_route_days (route_id, day, visits, anonymous, visitors)
    SELECT route_id, day, sum(v), sum(an), sum(d) FROM (
      SELECT route_id, report_japan_day(visited_at) AS day, 1 AS v, (line_user_id IS NULL)::int AS an, 0 AS d
        FROM new_rows
      UNION ALL
      SELECT route_id, report_japan_day(new_at), 0, 0, 1 FROM moved
      UNION ALL
      SELECT route_id, report_japan_day(old_at), 0, 0, -1 FROM moved WHERE old_at IS NOT NULL
    ) x GROUP BY 1, 2 HAVING sum(v) <> 0 OR sum(d) <> 0 ORDER BY 1, 2
    ON CONFLICT (route_id, day) DO UPDATE SET visits = inflow_route_days.visits + excluded.visits,
      anonymous = inflow_route_days.anonymous + excluded.anonymous,
      visitors = inflow_route_days.visitors + excluded.visitors;
  RETURN NULL;
END
$$;--> statement-breakpoint
-- Attributions: counted only for friends that exist (the report joins the friends table). The friends
-- are locked (FOR SHARE) first, so an is_friend flip (the friends trigger below) waits or is seen.
CREATE OR REPLACE FUNCTION inflow_attributions_rollup() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM 1 FROM friends WHERE id IN (SELECT friend_id FROM new_rows) ORDER BY id FOR SHARE;
  IF TG_OP = 'INSERT' THEN
    INSERT INTO inflow_route_friends (route_id, friend_id)
      SELECT DISTINCT n.route_id, n.friend_id FROM new_rows n JOIN friends f ON f.id = n.friend_id ORDER BY 1, 2
      ON CONFLICT DO NOTHING;
  END IF;
  WITH incoming AS (
    SELECT route_id, friend_id, max(attributed_at) AS new_at,
      max(attributed_at) FILTER (WHERE member_at IS NOT NULL) AS member_at
    FROM new_rows GROUP BY 1, 2
  ), locked AS (
    SELECT r.route_id, r.friend_id, r.last_at AS old_at, r.member_last_at AS old_member_at,
      greatest(r.last_at, i.new_at) AS new_at, greatest(r.member_last_at, i.member_at) AS member_at
    FROM inflow_route_friends r JOIN incoming i ON i.route_id = r.route_id AND i.friend_id = r.friend_id
    ORDER BY 1, 2 FOR UPDATE OF r
  ), moved AS (
    SELECT l.*, NOT f.is_friend AS blocked FROM locked l JOIN friends f ON f.id = l.friend_id
    WHERE l.new_at IS DISTINCT FROM l.old_at OR l.member_at IS DISTINCT FROM l.old_member_at
  ), saved AS (
    UPDATE inflow_route_friends r SET last_at = m.new_at, member_last_at = m.member_at FROM moved m
    WHERE r.route_id = m.route_id AND r.friend_id = m.friend_id
  )
  INSERT INTO inflow_route_days (route_id, day, new_friends, unblocks, blocked, members)
    SELECT route_id, day, sum(nf), sum(ub), sum(b), sum(mb) FROM (
      SELECT n.route_id, report_japan_day(n.attributed_at) AS day, (n.kind = 'NEW_FRIEND')::int AS nf,
          (n.kind = 'UNBLOCK')::int AS ub, 0 AS b, 0 AS mb
        FROM new_rows n JOIN friends f ON f.id = n.friend_id WHERE TG_OP = 'INSERT'
      UNION ALL
      SELECT route_id, report_japan_day(new_at), 0, 0, 1, 0 FROM moved
        WHERE blocked AND new_at IS DISTINCT FROM old_at
      UNION ALL
      SELECT route_id, report_japan_day(old_at), 0, 0, -1, 0 FROM moved
        WHERE blocked AND old_at IS NOT NULL AND new_at IS DISTINCT FROM old_at
      UNION ALL
      SELECT route_id, report_japan_day(member_at), 0, 0, 0, 1 FROM moved
        WHERE member_at IS NOT NULL AND member_at IS DISTINCT FROM old_member_at
      UNION ALL
      SELECT route_id, report_japan_day(old_member_at), 0, 0, 0, -1 FROM moved
        WHERE old_member_at IS NOT NULL AND member_at IS DISTINCT FROM old_member_at
    ) x GROUP BY 1, 2 HAVING sum(nf) <> 0 OR sum(ub) <> 0 OR sum(b) <> 0 OR sum(mb) <> 0 ORDER BY 1, 2
    ON CONFLICT (route_id, day) DO UPDATE SET new_friends = inflow_route_days.new_friends + excluded.new_friends,
      unblocks = inflow_route_days.unblocks + excluded.unblocks,
      blocked = inflow_route_days.blocked + excluded.blocked,
      members = inflow_route_days.members + excluded.members;
  RETURN NULL;
END
$$;--> statement-breakpoint
-- A friend who blocks (or follows again) moves their routes' "blocked later" on the day of their last
-- attribution to each route.
CREATE OR REPLACE FUNCTION inflow_friends_rollup() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  WITH flipped AS (
    SELECT n.id, n.is_friend FROM new_rows n JOIN old_rows o ON o.id = n.id
    WHERE o.is_friend IS DISTINCT FROM n.is_friend
  ), locked AS (
    SELECT r.route_id, r.friend_id, r.last_at, fl.is_friend
    FROM inflow_route_friends r JOIN flipped fl ON fl.id = r.friend_id
    WHERE r.last_at IS NOT NULL ORDER BY 1, 2 FOR UPDATE OF r
  )
  INSERT INTO inflow_route_days (route_id, day, blocked)
    SELECT route_id, report_japan_day(last_at), sum(CASE WHEN is_friend THEN -1 ELSE 1 END)
    FROM locked GROUP BY 1, 2 ORDER BY 1, 2
    ON CONFLICT (route_id, day) DO UPDATE SET blocked = inflow_route_days.blocked + excluded.blocked;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION rich_menu_taps_rollup() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO rich_menu_tap_friends (rich_menu_id, area_index, friend_id)
      SELECT DISTINCT rich_menu_id, area_index, friend_id FROM new_rows WHERE friend_id IS NOT NULL
      ORDER BY 1, 2, 3
      ON CONFLICT DO NOTHING;
    WITH incoming AS (
      SELECT rich_menu_id, area_index, friend_id, max(tapped_at) AS new_at FROM new_rows
      WHERE friend_id IS NOT NULL GROUP BY 1, 2, 3
    ), locked AS (
      SELECT t.rich_menu_id, t.area_index, t.friend_id, t.last_tapped_at AS old_at, i.new_at
      FROM rich_menu_tap_friends t JOIN incoming i
        ON i.rich_menu_id = t.rich_menu_id AND i.area_index = t.area_index AND i.friend_id = t.friend_id
      ORDER BY 1, 2, 3 FOR UPDATE OF t
    ), moved AS (
      SELECT * FROM locked WHERE old_at IS NULL OR new_at > old_at
    ), saved AS (
      UPDATE rich_menu_tap_friends t SET last_tapped_at = m.new_at FROM moved m
      WHERE t.rich_menu_id = m.rich_menu_id AND t.area_index = m.area_index AND t.friend_id = m.friend_id
    )
    INSERT INTO rich_menu_tap_days (rich_menu_id, area_index, day, taps, friends)
      SELECT rich_menu_id, area_index, day, sum(n), sum(d) FROM (
        SELECT rich_menu_id, area_index, report_japan_day(tapped_at) AS day, 1 AS n, 0 AS d FROM new_rows
        UNION ALL
        SELECT rich_menu_id, area_index, report_japan_day(new_at), 0, 1 FROM moved
        UNION ALL
        SELECT rich_menu_id, area_index, report_japan_day(old_at), 0, -1 FROM moved WHERE old_at IS NOT NULL
      ) x GROUP BY 1, 2, 3 HAVING sum(n) <> 0 OR sum(d) <> 0 ORDER BY 1, 2, 3
      ON CONFLICT (rich_menu_id, area_index, day) DO UPDATE SET taps = rich_menu_tap_days.taps + excluded.taps,
        friends = rich_menu_tap_days.friends + excluded.friends;
  ELSE
    -- taps go when their menu or friend does (cascades): counted off, and each friend's last tap of an
    -- area found again among the taps left
    WITH keys AS (
      SELECT DISTINCT rich_menu_id, area_index, friend_id FROM old_rows WHERE friend_id IS NOT NULL
    ), locked AS (
      SELECT t.rich_menu_id, t.area_index, t.friend_id, t.last_tapped_at AS old_at
      FROM rich_menu_tap_friends t JOIN keys k
        ON k.rich_menu_id = t.rich_menu_id AND k.area_index = t.area_index AND k.friend_id = t.friend_id
      ORDER BY 1, 2, 3 FOR UPDATE OF t
    ), refound AS (
      SELECT l.*, (SELECT max(x.tapped_at) FROM rich_menu_taps x WHERE x.friend_id = l.friend_id
        AND x.rich_menu_id = l.rich_menu_id AND x.area_index = l.area_index) AS new_at
      FROM locked l
    ), moved AS (
      SELECT * FROM refound WHERE new_at IS DISTINCT FROM old_at
    ), gone AS (
      DELETE FROM rich_menu_tap_friends t USING moved m
      WHERE m.new_at IS NULL AND t.rich_menu_id = m.rich_menu_id AND t.area_index = m.area_index
        AND t.friend_id = m.friend_id
    ), saved AS (
      UPDATE rich_menu_tap_friends t SET last_tapped_at = m.new_at FROM moved m
      WHERE m.new_at IS NOT NULL AND t.rich_menu_id = m.rich_menu_id AND t.area_index = m.area_index
        AND t.friend_id = m.friend_id
    )
    INSERT INTO rich_menu_tap_days (rich_menu_id, area_index, day, taps, friends)
      SELECT rich_menu_id, area_index, day, sum(n), sum(d) FROM (
        SELECT rich_menu_id, area_index, report_japan_day(tapped_at) AS day, -1 AS n, 0 AS d FROM old_rows
        UNION ALL
        SELECT rich_menu_id, area_index, report_japan_day(new_at), 0, 1 FROM moved WHERE new_at IS NOT NULL
        UNION ALL
        SELECT rich_menu_id, area_index, report_japan_day(old_at), 0, -1 FROM moved WHERE old_at IS NOT NULL
      ) x GROUP BY 1, 2, 3 HAVING sum(n) <> 0 OR sum(d) <> 0 ORDER BY 1, 2, 3
      ON CONFLICT (rich_menu_id, area_index, day) DO UPDATE SET taps = rich_menu_tap_days.taps + excluded.taps,
        friends = rich_menu_tap_days.friends + excluded.friends;
    -- a deleted menu leaves no day rows behind
    DELETE FROM rich_menu_tap_days d
      WHERE d.rich_menu_id IN (SELECT DISTINCT rich_menu_id FROM old_rows)
        AND NOT EXISTS (SELECT 1 FROM rich_menus m WHERE m.id = d.rich_menu_id);
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
-- The rows written before this migration, rolled up once.
INSERT INTO inflow_route_visitors (route_id, line_user_id, last_visited_at)
  SELECT route_id, line_user_id, max(visited_at) FROM inflow_visits WHERE line_user_id IS NOT NULL GROUP BY 1, 2;--> statement-breakpoint
INSERT INTO inflow_route_friends (route_id, friend_id, last_at, member_last_at)
  SELECT a.route_id, a.friend_id, max(a.attributed_at), max(a.attributed_at) FILTER (WHERE a.member_at IS NOT NULL)
  FROM inflow_attributions a JOIN friends f ON f.id = a.friend_id GROUP BY 1, 2;--> statement-breakpoint
INSERT INTO inflow_route_days (route_id, day, visits, anonymous, visitors, new_friends, unblocks, blocked, members)
  SELECT route_id, day, sum(visits), sum(anonymous), sum(visitors), sum(new_friends), sum(unblocks), sum(blocked), sum(members)
  FROM (
    SELECT route_id, report_japan_day(visited_at) AS day, 1 AS visits, (line_user_id IS NULL)::int AS anonymous,
      0 AS visitors, 0 AS new_friends, 0 AS unblocks, 0 AS blocked, 0 AS members FROM inflow_visits
    UNION ALL
    SELECT route_id, report_japan_day(last_visited_at), 0, 0, 1, 0, 0, 0, 0 FROM inflow_route_visitors
    UNION ALL
    SELECT a.route_id, report_japan_day(a.attributed_at), 0, 0, 0, (a.kind = 'NEW_FRIEND')::int, (a.kind = 'UNBLOCK')::int, 0, 0
      FROM inflow_attributions a JOIN friends f ON f.id = a.friend_id
    UNION ALL
    SELECT r.route_id, report_japan_day(r.last_at), 0, 0, 0, 0, 0, 1, 0
      FROM inflow_route_friends r JOIN friends f ON f.id = r.friend_id WHERE NOT f.is_friend
    UNION ALL
    SELECT route_id, report_japan_day(member_last_at), 0, 0, 0, 0, 0, 0, 1 FROM inflow_route_friends
      WHERE member_last_at IS NOT NULL
  ) x GROUP BY 1, 2;--> statement-breakpoint
INSERT INTO rich_menu_tap_friends (rich_menu_id, area_index, friend_id, last_tapped_at)
  SELECT rich_menu_id, area_index, friend_id, max(tapped_at) FROM rich_menu_taps WHERE friend_id IS NOT NULL
  GROUP BY 1, 2, 3;--> statement-breakpoint
INSERT INTO rich_menu_tap_days (rich_menu_id, area_index, day, taps, friends)
  SELECT rich_menu_id, area_index, day, sum(taps), sum(friends) FROM (
    SELECT rich_menu_id, area_index, report_japan_day(tapped_at) AS day, 1 AS taps, 0 AS friends FROM rich_menu_taps
    UNION ALL
    SELECT rich_menu_id, area_index, report_japan_day(last_tapped_at), 0, 1 FROM rich_menu_tap_friends
  ) x GROUP BY 1, 2, 3;--> statement-breakpoint
CREATE TRIGGER inflow_visits_rollup AFTER INSERT ON inflow_visits
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION inflow_visits_rollup();--> statement-breakpoint
CREATE TRIGGER inflow_attributions_rollup_insert AFTER INSERT ON inflow_attributions
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION inflow_attributions_rollup();--> statement-breakpoint
CREATE TRIGGER inflow_attributions_rollup_update AFTER UPDATE ON inflow_attributions
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION inflow_attributions_rollup();--> statement-breakpoint
CREATE TRIGGER friends_inflow_rollup AFTER UPDATE ON friends
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION inflow_friends_rollup();--> statement-breakpoint
CREATE TRIGGER rich_menu_taps_rollup_insert AFTER INSERT ON rich_menu_taps
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION rich_menu_taps_rollup();--> statement-breakpoint
CREATE TRIGGER rich_menu_taps_rollup_delete AFTER DELETE ON rich_menu_taps
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION rich_menu_taps_rollup();
--> statement-breakpoint
-- Clicks: per link in 8 shards (the redirect's clicks on one link spread over 8 rows), and each named
-- friend's row per delivery (inserted: their first click of it, counted on the link of that click).
CREATE OR REPLACE FUNCTION delivery_clicks_rollup() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  WITH named AS (
    SELECT delivery_id, friend_id, count(*) AS n, max(clicked_at) AS new_at, min(link_id) AS link_id
    FROM new_rows WHERE friend_id IS NOT NULL GROUP BY 1, 2
  ), claimed AS (
    INSERT INTO delivery_click_friends (delivery_id, friend_id, links, last_clicked_at)
      SELECT delivery_id, friend_id, n, new_at FROM named ORDER BY 1, 2
      ON CONFLICT (delivery_id, friend_id) DO UPDATE SET links = delivery_click_friends.links + excluded.links,
        last_clicked_at = greatest(delivery_click_friends.last_clicked_at, excluded.last_clicked_at)
      RETURNING delivery_id, friend_id, (xmax = 0) AS inserted
  ), firsts AS (
    SELECT nm.link_id, count(*) AS n FROM claimed c
      JOIN named nm ON nm.delivery_id = c.delivery_id AND nm.friend_id = c.friend_id
    WHERE c.inserted GROUP BY 1
  )
  INSERT INTO delivery_link_click_counts (link_id, shard, delivery_id, clicks, friends, delivery_friends)
    SELECT r.link_id, r.shard, r.delivery_id, r.clicks, r.friends, coalesce(f.n, 0)
    FROM (
      SELECT link_id, (min(id) % 8)::smallint AS shard, delivery_id, count(*) AS clicks, count(friend_id) AS friends
      FROM new_rows GROUP BY link_id, delivery_id
    ) r LEFT JOIN firsts f ON f.link_id = r.link_id
    ORDER BY 1, 2
    ON CONFLICT (link_id, shard) DO UPDATE SET clicks = delivery_link_click_counts.clicks + excluded.clicks,
      friends = delivery_link_click_counts.friends + excluded.friends,
      delivery_friends = delivery_link_click_counts.delivery_friends + excluded.delivery_friends;
  RETURN NULL;
END
$$;--> statement-breakpoint
INSERT INTO delivery_click_friends (delivery_id, friend_id, links, last_clicked_at)
  SELECT c.delivery_id, c.friend_id, count(*), max(c.clicked_at) FROM delivery_clicks c
    JOIN message_deliveries d ON d.id = c.delivery_id
  WHERE c.friend_id IS NOT NULL GROUP BY 1, 2;--> statement-breakpoint
INSERT INTO delivery_link_click_counts (link_id, shard, delivery_id, clicks, friends, delivery_friends)
  SELECT link_id, 0, delivery_id, sum(clicks), sum(friends), sum(firsts) FROM (
    SELECT link_id, delivery_id, 1 AS clicks, (friend_id IS NOT NULL)::int AS friends, 0 AS firsts FROM delivery_clicks
    UNION ALL
    SELECT min(link_id), delivery_id, 0, 0, 1 FROM delivery_clicks WHERE friend_id IS NOT NULL GROUP BY delivery_id, friend_id
  ) x GROUP BY link_id, delivery_id;--> statement-breakpoint
CREATE TRIGGER delivery_clicks_rollup AFTER INSERT ON delivery_clicks
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION delivery_clicks_rollup();
