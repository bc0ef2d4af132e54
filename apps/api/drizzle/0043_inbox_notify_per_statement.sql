-- The inbox's live feed (decision 0043) announced once per statement on messages instead of once per row:
-- a delivery writes its chunk of 500 friends' chat history in one INSERT, and the row trigger ran 500
-- times for the one notification PostgreSQL keeps (one per distinct payload per transaction). The same
-- channel and payload (the account's id), from the statement's transition table; conversations keep
-- their row trigger (one row a statement).
DROP TRIGGER IF EXISTS messages_inbox_notify ON messages;--> statement-breakpoint
CREATE OR REPLACE FUNCTION inbox_notify_statement() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('inbox_changes', a::text) FROM (SELECT DISTINCT line_account_id AS a FROM new_rows) accounts;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER messages_inbox_notify_insert AFTER INSERT ON messages REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION inbox_notify_statement();--> statement-breakpoint
CREATE TRIGGER messages_inbox_notify_update AFTER UPDATE ON messages REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION inbox_notify_statement();
