-- The job runner's wake-up (decision 0048): a statement that queues jobs or records domain events
-- announces it on the channel jobs_due at commit, so a runner starts its claim at once instead of at its
-- next poll (a keyword's answer waited up to a second). PostgreSQL sends one notification per distinct
-- payload per transaction; the runner's poll stays as the fallback when a notification is missed.
CREATE OR REPLACE FUNCTION jobs_notify() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('jobs_due', '');
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER jobs_jobs_notify AFTER INSERT ON jobs FOR EACH STATEMENT EXECUTE FUNCTION jobs_notify();--> statement-breakpoint
CREATE TRIGGER domain_events_jobs_notify AFTER INSERT ON domain_events FOR EACH STATEMENT EXECUTE FUNCTION jobs_notify();
