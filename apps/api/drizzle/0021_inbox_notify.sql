-- The チャット inbox's live feed (decision 0043): a change of a LINE account's messages or conversations
-- is announced on the channel inbox_changes at commit, with the account's id. PostgreSQL sends one
-- notification per distinct payload per transaction, so a chunk of many rows announces its account once.
CREATE OR REPLACE FUNCTION inbox_notify() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('inbox_changes', NEW.line_account_id::text);
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER messages_inbox_notify AFTER INSERT OR UPDATE ON messages FOR EACH ROW EXECUTE FUNCTION inbox_notify();--> statement-breakpoint
CREATE TRIGGER conversations_inbox_notify AFTER INSERT OR UPDATE ON conversations FOR EACH ROW EXECUTE FUNCTION inbox_notify();
