-- Hand-written (decision 0049, addendum "menus made before the hop"): every account with a rich menu made
-- before the tap hop (no tap key; a tab's menu is one) gets one job that sends those menus to LINE
-- again, so their link areas go through the hop and their postback areas carry the tap mark. The
-- same job as `queueResend` (rich-menu-resend.ts): its queue, payload, dedupe key and attempts.
INSERT INTO jobs (queue, payload, run_at, dedupe_key, max_attempts)
  SELECT 'rich-menus.resend', jsonb_build_object('clientId', client_id, 'lineAccountId', line_account_id), now(),
    'rich-menus.resend:' || line_account_id, 50
  FROM rich_menus WHERE tap_slug IS NULL
  GROUP BY client_id, line_account_id
  ON CONFLICT (dedupe_key) DO NOTHING;
