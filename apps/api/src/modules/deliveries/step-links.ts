import { and, countDistinct, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { stepClicks, stepLinks, stepRecipientTokens } from '../../db/schema/deliveries.ts';
import { linksIn, newLinkToken, rewriteLinks, TRACKED_LINK_PATH } from './deliveries.links.ts';
import type { LineMessage } from './line-messages.ts';

/**
 * Tracked links of scenario steps (decision 0060): a step's links go out through the deliveries' redirect,
 * each push naming its friend, so the scenario screen counts the friends who tapped each step's links.
 * Automation asks for them through the deliveries door; a step is named by its id only.
 */

/** Whether LINE messages carry a link a tap opens (then the step goes as one push per friend). */
export const hasLinks = (messages: LineMessage[]): boolean => linksIn(messages).length > 0;

/**
 * A random recipient token per friend of a step's send, stored in the caller's transaction (the one that
 * stores the sends): the send keeps its friend's token, so every retry names the friend the same way.
 */
export async function newStepRecipientTokens(
  db: Db,
  stepId: number,
  friendIds: number[],
  now: Date,
): Promise<Map<number, string>> {
  const tokens = new Map(friendIds.map((friendId) => [friendId, newLinkToken()]));
  if (tokens.size === 0) return tokens;
  // one statement with one parameter: a run stores 5,000 at a time
  await db.execute(sql`
    insert into ${stepRecipientTokens} (token, step_id, friend_id, created_at)
    select v.token, ${stepId}::int, v.friend_id, ${now.toISOString()}::timestamptz
    from jsonb_to_recordset(${JSON.stringify(
      [...tokens].map(([friendId, token]) => ({ token, friend_id: friendId })),
    )}::jsonb) as v(token text, friend_id int)`);
  return tokens;
}

/**
 * A step's messages with every link through the redirect (`/r/<link token>`, made once per step and URL);
 * each push then names its friend with `linksForRecipient` and the send's recipient token.
 */
export async function trackStepLinks(
  db: Db,
  input: { appUrl: string; stepId: number; messages: LineMessage[] },
): Promise<LineMessage[]> {
  const urls = linksIn(input.messages);
  if (urls.length === 0) return input.messages;
  await db
    .insert(stepLinks)
    .values(urls.map((url) => ({ stepId: input.stepId, url, token: newLinkToken() })))
    .onConflictDoNothing({ target: [stepLinks.stepId, stepLinks.url] });
  const rows = await db
    .select({ url: stepLinks.url, token: stepLinks.token })
    .from(stepLinks)
    .where(and(eq(stepLinks.stepId, input.stepId), inArray(stepLinks.url, urls)));
  const tokens = new Map(rows.map((r) => [r.url, r.token]));
  return rewriteLinks(input.messages, (url) => `${input.appUrl}${TRACKED_LINK_PATH}/${tokens.get(url)!}`);
}

/**
 * A tap on a step's link (the redirect found no delivery link with the token), in one statement (one round
 * trip, its own transaction): the link found by its token, the friend named when the recipient token is one
 * this step gave that friend, the tap inserted (a named friend once per link, the unique index), and the
 * target answered. Undefined: no step link has the token. As the delivery links' tap (decision 0058,
 * addendum "the redirect"; 0060), the transaction commits without waiting for the WAL flush
 * (`synchronous_commit` off for this transaction only): a crash of the database may lose the last fraction
 * of a second of step taps; nothing else is written this way.
 */
export async function followStepLink(
  db: Db,
  input: { linkToken: string; recipientToken: string | undefined; now: Date },
): Promise<{ url: string } | undefined> {
  const result = await db.execute(sql`
    with link as (
      select ${stepLinks.id} as id, ${stepLinks.stepId} as step_id, ${stepLinks.url} as url
      from ${stepLinks} where ${stepLinks.token} = ${input.linkToken}
    ), recipient as (
      select r.friend_id from ${stepRecipientTokens} r join link on link.step_id = r.step_id
      where r.token = ${input.recipientToken ?? null}
    ), tapped as (
      insert into ${stepClicks} (link_id, step_id, friend_id, clicked_at)
      select link.id, link.step_id, (select friend_id from recipient), ${input.now.toISOString()}::timestamptz
      from link
      on conflict do nothing
    )
    select url, set_config('synchronous_commit', 'off', true) as async_commit from link`);
  const [row] = (result as { rows: { url: string }[] }).rows;
  return row ? { url: row.url } : undefined;
}

/** Per step: the distinct named friends who tapped any of its links (the scenario screen's クリック). */
export async function stepClickedFriends(db: Db, stepIds: number[]): Promise<Map<number, number>> {
  if (stepIds.length === 0) return new Map();
  const rows = await db
    .select({ stepId: stepClicks.stepId, friends: countDistinct(stepClicks.friendId) })
    .from(stepClicks)
    .where(and(inArray(stepClicks.stepId, stepIds), isNotNull(stepClicks.friendId)))
    .groupBy(stepClicks.stepId);
  return new Map(rows.map((r) => [r.stepId, r.friends]));
}
