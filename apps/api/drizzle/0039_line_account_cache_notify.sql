-- The webhook's account in memory (issue 31): an API process keeps the LINE account a webhook call names
-- (platform/feed-cache.ts) and drops it when this trigger announces `l:<id>` on the session cache's
-- channel at the commit of the account's change (status, channel secret, anything).
CREATE TRIGGER line_accounts_session_cache AFTER UPDATE OR DELETE ON line_accounts FOR EACH ROW EXECUTE FUNCTION session_cache_notify('l', 'id');--> statement-breakpoint
CREATE TRIGGER line_accounts_session_cache_truncate AFTER TRUNCATE ON line_accounts FOR EACH STATEMENT EXECUTE FUNCTION session_cache_notify();
