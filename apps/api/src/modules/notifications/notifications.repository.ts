import type { DeliveryStatus, NotificationTopic } from '@app/contracts';
import { and, asc, count, desc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import {
  notificationDeliveries,
  notificationSettingFriends,
  notificationSettings,
  notificationTemplates,
} from '../../db/schema/notifications.ts';

export type AccountScope = { clientId: number; lineAccountId: number };
export type TemplateRow = typeof notificationTemplates.$inferSelect;
export type SettingRow = typeof notificationSettings.$inferSelect;
export type DeliveryRow = typeof notificationDeliveries.$inferSelect;

const templatesOf = (scope: AccountScope) =>
  and(
    eq(notificationTemplates.clientId, scope.clientId),
    eq(notificationTemplates.lineAccountId, scope.lineAccountId),
  );
const settingsOf = (scope: AccountScope) =>
  and(
    eq(notificationSettings.clientId, scope.clientId),
    eq(notificationSettings.lineAccountId, scope.lineAccountId),
  );

export async function listTemplateRows(db: Db, scope: AccountScope): Promise<TemplateRow[]> {
  return db.select().from(notificationTemplates).where(templatesOf(scope));
}

export async function findTemplateRow(
  db: Db,
  scope: AccountScope,
  topic: NotificationTopic,
): Promise<TemplateRow | undefined> {
  const [row] = await db
    .select()
    .from(notificationTemplates)
    .where(and(templatesOf(scope), eq(notificationTemplates.topic, topic)))
    .limit(1);
  return row;
}

/** Insert or change the account's row of a topic (only the fields given change). */
export async function upsertTemplateRow(
  db: Db,
  scope: AccountScope,
  topic: NotificationTopic,
  changes: { content?: string; isEnable?: boolean; topicEnable?: boolean },
  now: Date,
): Promise<TemplateRow> {
  const [row] = await db
    .insert(notificationTemplates)
    .values({ ...scope, topic, ...changes, updatedAt: now })
    .onConflictDoUpdate({
      target: [notificationTemplates.lineAccountId, notificationTemplates.topic],
      set: { ...changes, updatedAt: now },
    })
    .returning();
  return row!;
}

export async function listSettingRows(db: Db, scope: AccountScope): Promise<SettingRow[]> {
  return db
    .select()
    .from(notificationSettings)
    .where(settingsOf(scope))
    .orderBy(asc(notificationSettings.id));
}

export async function findSettingRow(
  db: Db,
  scope: AccountScope,
  id: number,
): Promise<SettingRow | undefined> {
  const [row] = await db
    .select()
    .from(notificationSettings)
    .where(and(settingsOf(scope), eq(notificationSettings.id, id)))
    .limit(1);
  return row;
}

export async function insertSettingRow(
  db: Db,
  values: typeof notificationSettings.$inferInsert,
): Promise<SettingRow> {
  const [row] = await db.insert(notificationSettings).values(values).returning();
  return row!;
}

export async function updateSettingRow(
  db: Db,
  scope: AccountScope,
  id: number,
  changes: Partial<Pick<SettingRow, 'label' | 'topics' | 'updatedAt'>>,
): Promise<void> {
  await db
    .update(notificationSettings)
    .set(changes)
    .where(and(settingsOf(scope), eq(notificationSettings.id, id)));
}

export async function deleteSettingRow(db: Db, scope: AccountScope, id: number): Promise<void> {
  await db.delete(notificationSettings).where(and(settingsOf(scope), eq(notificationSettings.id, id)));
}

export async function replaceSettingFriends(db: Db, settingId: number, friendIds: number[]): Promise<void> {
  await db.delete(notificationSettingFriends).where(eq(notificationSettingFriends.settingId, settingId));
  if (friendIds.length > 0) {
    await db
      .insert(notificationSettingFriends)
      .values(friendIds.map((friendId) => ({ settingId, friendId })));
  }
}

/** The recipients (friend ids) of some settings, by setting. */
export async function listSettingFriendIds(db: Db, settingIds: number[]): Promise<Map<number, number[]>> {
  const byId = new Map<number, number[]>(settingIds.map((id) => [id, []]));
  if (settingIds.length === 0) return byId;
  const rows = await db
    .select()
    .from(notificationSettingFriends)
    .where(inArray(notificationSettingFriends.settingId, settingIds))
    .orderBy(asc(notificationSettingFriends.friendId));
  for (const row of rows) byId.get(row.settingId)?.push(row.friendId);
  return byId;
}

/** Log rows of one event; an (event, friend) pair already there is left as it is. */
export async function insertDeliveries(
  db: Db,
  rows: (typeof notificationDeliveries.$inferInsert)[],
): Promise<void> {
  if (rows.length === 0) return;
  await db.insert(notificationDeliveries).values(rows).onConflictDoNothing();
}

export async function listQueuedOfBatch(db: Db, retryKey: string): Promise<DeliveryRow[]> {
  return db
    .select()
    .from(notificationDeliveries)
    .where(and(eq(notificationDeliveries.retryKey, retryKey), eq(notificationDeliveries.status, 'QUEUED')))
    .orderBy(asc(notificationDeliveries.id));
}

export async function setDeliveryStatus(
  db: Db,
  ids: number[],
  changes: { status?: DeliveryStatus; error?: string | null; sentAt?: Date },
): Promise<void> {
  if (ids.length === 0) return;
  await db.update(notificationDeliveries).set(changes).where(inArray(notificationDeliveries.id, ids));
}

export async function listDeliveryPage(db: Db, scope: AccountScope, limit: number, offset: number) {
  const where = and(
    eq(notificationDeliveries.clientId, scope.clientId),
    eq(notificationDeliveries.lineAccountId, scope.lineAccountId),
  );
  const rows = await db
    .select()
    .from(notificationDeliveries)
    .where(where)
    .orderBy(desc(notificationDeliveries.id))
    .limit(limit)
    .offset(offset);
  const [total] = await db.select({ n: count() }).from(notificationDeliveries).where(where);
  return { rows, total: total?.n ?? 0 };
}
