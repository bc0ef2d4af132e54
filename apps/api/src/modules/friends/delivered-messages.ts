import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { AccountScope } from './friends.repository.ts';

/** One message of a delivery as the chat keeps it: LINE's kind and our contents (text, sticker ids, altText). */
export type DeliveredMessage = { type: string; contents: Record<string, unknown> };

/**
 * A delivery joins each recipient's chat history (decision 0040): its messages written as the account's
 * (source system, SENT, LINE's time the moment LINE took them), marked with the delivery (contents.delivery
 * { id, title }), in one INSERT ... SELECT per call (the friends times the messages). The inbox's
 * conversations are left alone: no unread, no 要対応, no new conversation and no move to the top (a
 * delivery to 10,000 friends would otherwise bury the few who wait for an answer); the chat shows them in
 * LINE's order among the friend's own messages.
 *
 * `lineUserIds` null: every following friend of the account (a broadcast). `fillName`: a text's
 * placeholder filled with each friend's name, as their push carried it. Call it in the transaction that
 * settles the LINE call, so a retried call never writes it twice.
 */
export async function recordDeliveredMessages(
  db: Db,
  input: {
    scope: AccountScope;
    lineUserIds: readonly string[] | null;
    messages: readonly DeliveredMessage[];
    delivery: { id: number; title: string };
    at: Date;
    /** A text's friend-name placeholder, filled with each friend's name (nameless: a friend without one). */
    fillName?: { placeholder: string; nameless: string };
  },
): Promise<void> {
  if (input.messages.length === 0 || input.lineUserIds?.length === 0) return;
  const at = input.at.toISOString();
  const items = JSON.stringify(
    input.messages.map((m) => ({ type: m.type, contents: { ...m.contents, delivery: input.delivery } })),
  );
  const who =
    input.lineUserIds === null
      ? sql`f.is_friend = true`
      : sql`f.line_user_id in (select jsonb_array_elements_text(${JSON.stringify(input.lineUserIds)}::jsonb))`;
  const fill = input.fillName;
  const contents = fill
    ? sql`case when m.item->>'type' = 'text' then jsonb_set(m.item->'contents', '{text}', to_jsonb(replace(m.item->'contents'->>'text', ${fill.placeholder}::text, coalesce(nullif(f.display_name, ''), ${fill.nameless}::text)))) else m.item->'contents' end`
    : sql`m.item->'contents'`;
  await db.execute(sql`
    insert into messages (client_id, line_account_id, friend_id, type, contents, source, delivery, sent_at, created_at, line_timestamp)
    select f.client_id, f.line_account_id, f.id, m.item->>'type', ${contents}, 'system', 'SENT',
           ${at}::timestamptz, ${at}::timestamptz, ${at}::timestamptz
    from friends f
    cross join jsonb_array_elements(${items}::jsonb) with ordinality as m(item, ord)
    where f.client_id = ${input.scope.clientId} and f.line_account_id = ${input.scope.lineAccountId} and ${who}
    order by f.id, m.ord
  `);
}
