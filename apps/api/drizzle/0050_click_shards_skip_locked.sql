-- Decision 0058, addendum "the redirect": a click never waits for another click's counter row. The link's
-- roll-up rows were 8 shards chosen by the click id (mod 8): two concurrent clicks on one link met on the
-- same row one time in eight, and the second waited until the first committed (under a loaded machine, a
-- preempted holder made every click behind it wait). Now each link group takes the first of its shard rows
-- that no other transaction holds (FOR UPDATE SKIP LOCKED), and adds a shard when all are held: the rows
-- grow to the number of clicks written at once (at most the writers' connections), and no click waits on
-- another's row but the rare two that add the same new shard at the same moment. The reads sum every
-- shard of a link, as before. The named friends' rows (per delivery and friend) are kept as before.
CREATE OR REPLACE FUNCTION delivery_clicks_rollup() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  groups jsonb;
  g record;
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
  SELECT coalesce(jsonb_agg(jsonb_build_object('link_id', r.link_id, 'delivery_id', r.delivery_id,
           'clicks', r.clicks, 'friends', r.friends, 'firsts', coalesce(f.n, 0))), '[]'::jsonb)
    INTO groups
    FROM (
      SELECT link_id, delivery_id, count(*) AS clicks, count(friend_id) AS friends
      FROM new_rows GROUP BY link_id, delivery_id
    ) r LEFT JOIN firsts f ON f.link_id = r.link_id;
  FOR g IN SELECT * FROM jsonb_to_recordset(groups)
      AS x(link_id int, delivery_id int, clicks int, friends int, firsts int) ORDER BY link_id LOOP
    UPDATE delivery_link_click_counts c SET clicks = c.clicks + g.clicks, friends = c.friends + g.friends,
        delivery_friends = c.delivery_friends + g.firsts
      WHERE (c.link_id, c.shard) = (
        SELECT s.link_id, s.shard FROM delivery_link_click_counts s WHERE s.link_id = g.link_id
        ORDER BY s.shard LIMIT 1 FOR UPDATE SKIP LOCKED);
    IF NOT FOUND THEN
      INSERT INTO delivery_link_click_counts (link_id, shard, delivery_id, clicks, friends, delivery_friends)
        SELECT g.link_id, coalesce(max(s.shard) + 1, 0), g.delivery_id, g.clicks, g.friends, g.firsts
        FROM delivery_link_click_counts s WHERE s.link_id = g.link_id
        ON CONFLICT (link_id, shard) DO UPDATE SET clicks = delivery_link_click_counts.clicks + excluded.clicks,
          friends = delivery_link_click_counts.friends + excluded.friends,
          delivery_friends = delivery_link_click_counts.delivery_friends + excluded.delivery_friends;
    END IF;
  END LOOP;
  RETURN NULL;
END
$$;
