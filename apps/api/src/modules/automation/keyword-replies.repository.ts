import { and, asc, count, desc, eq, max } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import {
  automationSends,
  keywordFallbacks,
  keywordRules,
  postbackActions,
} from '../../db/schema/automation.ts';
import type { AccountScope } from './automation.repository.ts';

export type KeywordRuleRow = typeof keywordRules.$inferSelect;
export type KeywordFallbackRow = typeof keywordFallbacks.$inferSelect;
export type PostbackActionRow = typeof postbackActions.$inferSelect;
export type AutomationSendRow = typeof automationSends.$inferSelect;

const rulesOf = (scope: AccountScope) =>
  and(eq(keywordRules.clientId, scope.clientId), eq(keywordRules.lineAccountId, scope.lineAccountId));

/** The account's rules by priority (position, then id). */
export async function listRuleRows(db: Db, scope: AccountScope): Promise<KeywordRuleRow[]> {
  return db
    .select()
    .from(keywordRules)
    .where(rulesOf(scope))
    .orderBy(asc(keywordRules.position), asc(keywordRules.id));
}

export async function findRuleRow(
  db: Db,
  scope: AccountScope,
  id: number,
): Promise<KeywordRuleRow | undefined> {
  const [row] = await db
    .select()
    .from(keywordRules)
    .where(and(rulesOf(scope), eq(keywordRules.id, id)));
  return row;
}

export async function nextRulePosition(db: Db, scope: AccountScope): Promise<number> {
  const [row] = await db
    .select({ top: max(keywordRules.position) })
    .from(keywordRules)
    .where(rulesOf(scope));
  return (row?.top ?? 0) + 1;
}

export async function insertRuleRow(
  db: Db,
  values: typeof keywordRules.$inferInsert,
): Promise<KeywordRuleRow> {
  const [row] = await db.insert(keywordRules).values(values).returning();
  return row!;
}

export async function updateRuleRow(
  db: Db,
  scope: AccountScope,
  id: number,
  values: Partial<typeof keywordRules.$inferInsert>,
): Promise<KeywordRuleRow | undefined> {
  const [row] = await db
    .update(keywordRules)
    .set(values)
    .where(and(rulesOf(scope), eq(keywordRules.id, id)))
    .returning();
  return row;
}

export async function deleteRuleRow(db: Db, scope: AccountScope, id: number): Promise<boolean> {
  const rows = await db
    .delete(keywordRules)
    .where(and(rulesOf(scope), eq(keywordRules.id, id)))
    .returning({ id: keywordRules.id });
  return rows.length > 0;
}

export async function findFallbackRow(db: Db, scope: AccountScope): Promise<KeywordFallbackRow | undefined> {
  const [row] = await db
    .select()
    .from(keywordFallbacks)
    .where(
      and(
        eq(keywordFallbacks.clientId, scope.clientId),
        eq(keywordFallbacks.lineAccountId, scope.lineAccountId),
      ),
    );
  return row;
}

export async function upsertFallbackRow(
  db: Db,
  scope: AccountScope,
  values: { enabled: boolean; messages: KeywordFallbackRow['messages']; updatedAt: Date },
): Promise<KeywordFallbackRow> {
  const [row] = await db
    .insert(keywordFallbacks)
    .values({ ...scope, ...values })
    .onConflictDoUpdate({ target: keywordFallbacks.lineAccountId, set: values })
    .returning();
  return row!;
}

/** Whether a message to the account may get an answer: an enabled rule or an enabled fallback. */
export async function hasKeywordReplies(db: Db, scope: AccountScope): Promise<boolean> {
  const [rule] = await db
    .select({ id: keywordRules.id })
    .from(keywordRules)
    .where(and(rulesOf(scope), eq(keywordRules.enabled, true)))
    .limit(1);
  if (rule) return true;
  return (await findFallbackRow(db, scope))?.enabled ?? false;
}

const postbacksOf = (scope: AccountScope) =>
  and(eq(postbackActions.clientId, scope.clientId), eq(postbackActions.lineAccountId, scope.lineAccountId));

export async function listPostbackRows(db: Db, scope: AccountScope): Promise<PostbackActionRow[]> {
  return db.select().from(postbackActions).where(postbacksOf(scope)).orderBy(asc(postbackActions.id));
}

export async function findPostbackRow(
  db: Db,
  scope: AccountScope,
  id: number,
): Promise<PostbackActionRow | undefined> {
  const [row] = await db
    .select()
    .from(postbackActions)
    .where(and(postbacksOf(scope), eq(postbackActions.id, id)));
  return row;
}

export async function insertPostbackRow(
  db: Db,
  values: typeof postbackActions.$inferInsert,
): Promise<PostbackActionRow> {
  const [row] = await db.insert(postbackActions).values(values).returning();
  return row!;
}

export async function updatePostbackRow(
  db: Db,
  scope: AccountScope,
  id: number,
  values: Partial<typeof postbackActions.$inferInsert>,
): Promise<PostbackActionRow | undefined> {
  const [row] = await db
    .update(postbackActions)
    .set(values)
    .where(and(postbacksOf(scope), eq(postbackActions.id, id)))
    .returning();
  return row;
}

export async function deletePostbackRow(db: Db, scope: AccountScope, id: number): Promise<boolean> {
  const rows = await db
    .delete(postbackActions)
    .where(and(postbacksOf(scope), eq(postbackActions.id, id)))
    .returning({ id: postbackActions.id });
  return rows.length > 0;
}

export async function insertSendRow(db: Db, values: typeof automationSends.$inferInsert): Promise<void> {
  await db.insert(automationSends).values(values);
}

const sendsOf = (scope: AccountScope) =>
  and(eq(automationSends.clientId, scope.clientId), eq(automationSends.lineAccountId, scope.lineAccountId));

/** The latest sends, and how many of all went as replies and as pushes. */
export async function listSendRows(db: Db, scope: AccountScope, limit: number) {
  const items = await db
    .select()
    .from(automationSends)
    .where(sendsOf(scope))
    .orderBy(desc(automationSends.sentAt), desc(automationSends.id))
    .limit(limit);
  const counts = await db
    .select({ via: automationSends.via, n: count() })
    .from(automationSends)
    .where(sendsOf(scope))
    .groupBy(automationSends.via);
  return { items, counts };
}
