-- Session cache invalidation (decision 0006): every change of a row a cached session was read from is
-- announced on the channel session_cache at commit, to every API process that listens.
CREATE OR REPLACE FUNCTION session_cache_notify() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_LEVEL = 'STATEMENT' THEN
    PERFORM pg_notify('session_cache', '*');
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM pg_notify('session_cache', TG_ARGV[0] || ':' || (to_jsonb(OLD) ->> TG_ARGV[1]));
  ELSE
    PERFORM pg_notify('session_cache', TG_ARGV[0] || ':' || (to_jsonb(NEW) ->> TG_ARGV[1]));
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER sessions_session_cache AFTER DELETE ON sessions FOR EACH ROW EXECUTE FUNCTION session_cache_notify('s', 'id');--> statement-breakpoint
CREATE TRIGGER users_session_cache AFTER UPDATE OR DELETE ON users FOR EACH ROW EXECUTE FUNCTION session_cache_notify('u', 'id');--> statement-breakpoint
CREATE TRIGGER clients_session_cache AFTER UPDATE OR DELETE ON clients FOR EACH ROW EXECUTE FUNCTION session_cache_notify('c', 'id');--> statement-breakpoint
CREATE TRIGGER contact_persons_session_cache AFTER INSERT OR UPDATE OR DELETE ON contact_persons FOR EACH ROW EXECUTE FUNCTION session_cache_notify('c', 'client_id');--> statement-breakpoint
CREATE TRIGGER agencies_session_cache AFTER UPDATE OR DELETE ON agencies FOR EACH ROW EXECUTE FUNCTION session_cache_notify('a', 'id');--> statement-breakpoint
CREATE TRIGGER sessions_session_cache_truncate AFTER TRUNCATE ON sessions FOR EACH STATEMENT EXECUTE FUNCTION session_cache_notify();--> statement-breakpoint
CREATE TRIGGER users_session_cache_truncate AFTER TRUNCATE ON users FOR EACH STATEMENT EXECUTE FUNCTION session_cache_notify();--> statement-breakpoint
CREATE TRIGGER clients_session_cache_truncate AFTER TRUNCATE ON clients FOR EACH STATEMENT EXECUTE FUNCTION session_cache_notify();--> statement-breakpoint
CREATE TRIGGER contact_persons_session_cache_truncate AFTER TRUNCATE ON contact_persons FOR EACH STATEMENT EXECUTE FUNCTION session_cache_notify();--> statement-breakpoint
CREATE TRIGGER agencies_session_cache_truncate AFTER TRUNCATE ON agencies FOR EACH STATEMENT EXECUTE FUNCTION session_cache_notify();
