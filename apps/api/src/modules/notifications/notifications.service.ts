import {
  defaultTemplates,
  notificationMessages,
  notificationPlaceholders,
  notificationTopics,
  paginationInfo,
  topicPlaceholders,
  type DeliveryLogEntry,
  type DeliveryStatus,
  type LineMessageTemplate,
  type MessageSetting,
  type NotificationRecipient,
  type NotificationTopic,
  type createMessageSettingBodySchema,
  type deliveryLogQuerySchema,
  type toggleTopicBodySchema,
  type updateMessageSettingBodySchema,
  type updateTemplateBodySchema,
} from '@app/contracts';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { inTransaction } from '../../db/client.ts';
import { latestDomainEventId } from '../../platform/domain-events.ts';
import { requireClientId, type ServiceContext } from '../../platform/context.ts';
import { notFound, validationError } from '../../platform/errors.ts';
import { listFollowingFriendCards, listFriendCards, type FriendCard } from '../friends/index.ts';
import { getLineAccountRowOrThrow } from '../line-accounts/index.ts';
import { shiftStaffDirectory } from '../shift/index.ts';
import {
  deleteSettingRow,
  findSettingRow,
  insertSettingRow,
  listDeliveryPage,
  listSettingFriendIds,
  listSettingRows,
  listTemplateRows,
  replaceSettingFriends,
  updateSettingRow,
  upsertTemplateRow,
  type AccountScope,
  type SettingRow,
  type TemplateRow,
} from './notifications.repository.ts';

type Ctx = { ctx: ServiceContext };
type AccountInput = { lineAccountId: number };
type SettingInput = AccountInput & { lineMessageSettingId: number };

/** The account (of the request's client) the call acts on; another client's is 404. */
async function scopeOf(ctx: ServiceContext, lineAccountId: number): Promise<AccountScope> {
  const clientId = requireClientId(ctx);
  await getLineAccountRowOrThrow(ctx, clientId, lineAccountId);
  return { clientId, lineAccountId };
}

// ---- templates ----

export function toTemplateView(topic: NotificationTopic, row: TemplateRow | undefined): LineMessageTemplate {
  return {
    topic,
    content: row?.content ?? defaultTemplates[topic],
    isEnable: row?.isEnable ?? true,
    topicEnable: row?.topicEnable ?? true,
    isDefault: !row?.content,
    placeholders: topicPlaceholders[topic].map((key) => ({ key, label: notificationPlaceholders[key] })),
  };
}

export async function listTemplates({ ctx, input }: Ctx & { input: AccountInput }) {
  const scope = await scopeOf(ctx, input.lineAccountId);
  const rows = await listTemplateRows(ctx.db, scope);
  return {
    data: notificationTopics.map((topic) =>
      toTemplateView(
        topic,
        rows.find((r) => r.topic === topic),
      ),
    ),
  };
}

export async function updateTemplate({
  ctx,
  input,
}: Ctx & { input: AccountInput & z.output<typeof updateTemplateBodySchema> }) {
  const scope = await scopeOf(ctx, input.lineAccountId);
  const row = await upsertTemplateRow(
    ctx.db,
    scope,
    input.topic,
    { content: input.content, ...(input.isEnable === undefined ? {} : { isEnable: input.isEnable }) },
    ctx.clock.now(),
  );
  return toTemplateView(input.topic, row);
}

export async function toggleTopic({
  ctx,
  input,
}: Ctx & { input: AccountInput & z.output<typeof toggleTopicBodySchema> }) {
  const scope = await scopeOf(ctx, input.lineAccountId);
  const row = await upsertTemplateRow(
    ctx.db,
    scope,
    input.topic,
    { topicEnable: input.isEnable },
    ctx.clock.now(),
  );
  return toTemplateView(input.topic, row);
}

// ---- recipients and groups ----

/** Friends as recipients: STAFF when they are shift staff of the client, MANAGER otherwise. */
async function toRecipients(db: Db, clientId: number, cards: FriendCard[]): Promise<NotificationRecipient[]> {
  const staff = await shiftStaffDirectory.listStaffOfFriends(
    db,
    clientId,
    cards.map((c) => c.id),
  );
  const staffFriendIds = new Set(staff.map((s) => s.friendId));
  return cards.map((c) => ({
    friendId: c.id,
    displayName: c.displayName,
    pictureUrl: c.pictureUrl,
    recipientType: staffFriendIds.has(c.id) ? 'STAFF' : 'MANAGER',
    isFriend: c.isFriend,
  }));
}

export async function listRecipientCandidates({ ctx, input }: Ctx & { input: AccountInput }) {
  const scope = await scopeOf(ctx, input.lineAccountId);
  const cards = await listFollowingFriendCards(ctx.db, scope, 1000);
  return { data: await toRecipients(ctx.db, scope.clientId, cards) };
}

async function toSettingViews(db: Db, scope: AccountScope, rows: SettingRow[]): Promise<MessageSetting[]> {
  const friendIds = await listSettingFriendIds(
    db,
    rows.map((r) => r.id),
  );
  const allIds = [...new Set([...friendIds.values()].flat())];
  const recipients = await toRecipients(db, scope.clientId, await listFriendCards(db, scope, allIds));
  const byFriend = new Map(recipients.map((r) => [r.friendId, r]));
  return rows.map((row) => ({
    lineMessageSettingId: row.id,
    label: row.label,
    friends: (friendIds.get(row.id) ?? []).flatMap((id) => byFriend.get(id) ?? []),
    topics: notificationTopics.filter((t) => row.topics.includes(t)),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  }));
}

/** Every recipient must be a friend of this account (following or not: a blocked one is skipped at delivery). */
async function checkRecipients(db: Db, scope: AccountScope, friendIds: number[]) {
  const found = await listFriendCards(db, scope, friendIds);
  if (found.length !== friendIds.length) {
    throw validationError(notificationMessages.recipientNotFound, [
      { path: 'body.friendIds', message: notificationMessages.recipientNotFound },
    ]);
  }
}

export async function listSettings({ ctx, input }: Ctx & { input: AccountInput }) {
  const scope = await scopeOf(ctx, input.lineAccountId);
  return { data: await toSettingViews(ctx.db, scope, await listSettingRows(ctx.db, scope)) };
}

export async function createSetting({
  ctx,
  input,
}: Ctx & { input: AccountInput & z.output<typeof createMessageSettingBodySchema> }) {
  const scope = await scopeOf(ctx, input.lineAccountId);
  await checkRecipients(ctx.db, scope, input.friendIds);
  return inTransaction(ctx.db, async (tx) => {
    const now = ctx.clock.now();
    const row = await insertSettingRow(tx, {
      ...scope,
      label: input.label,
      topics: input.topics,
      fromEventId: await latestDomainEventId(tx),
      createdAt: now,
      updatedAt: now,
    });
    await replaceSettingFriends(tx, row.id, input.friendIds);
    const [view] = await toSettingViews(tx, scope, [row]);
    return view!;
  });
}

async function settingOrThrow(db: Db, scope: AccountScope, id: number) {
  const row = await findSettingRow(db, scope, id);
  if (!row) throw notFound(notificationMessages.settingNotFound);
  return row;
}

export async function updateSetting({
  ctx,
  input,
}: Ctx & { input: SettingInput & z.output<typeof updateMessageSettingBodySchema> }) {
  const scope = await scopeOf(ctx, input.lineAccountId);
  await settingOrThrow(ctx.db, scope, input.lineMessageSettingId);
  if (input.friendIds) await checkRecipients(ctx.db, scope, input.friendIds);
  return inTransaction(ctx.db, async (tx) => {
    await updateSettingRow(tx, scope, input.lineMessageSettingId, {
      ...(input.label === undefined ? {} : { label: input.label }),
      ...(input.topics === undefined ? {} : { topics: input.topics }),
      updatedAt: ctx.clock.now(),
    });
    if (input.friendIds) await replaceSettingFriends(tx, input.lineMessageSettingId, input.friendIds);
    const [view] = await toSettingViews(tx, scope, [
      await settingOrThrow(tx, scope, input.lineMessageSettingId),
    ]);
    return view!;
  });
}

export async function deleteSetting({ ctx, input }: Ctx & { input: SettingInput }) {
  const scope = await scopeOf(ctx, input.lineAccountId);
  await settingOrThrow(ctx.db, scope, input.lineMessageSettingId);
  await deleteSettingRow(ctx.db, scope, input.lineMessageSettingId);
  return { success: true as const };
}

// ---- delivery log ----

export async function listDeliveries({
  ctx,
  input,
}: Ctx & { input: AccountInput & z.output<typeof deliveryLogQuerySchema> }) {
  const scope = await scopeOf(ctx, input.lineAccountId);
  const { rows, total } = await listDeliveryPage(ctx.db, scope, input.limit, (input.page - 1) * input.limit);
  const names = new Map(
    (await listFriendCards(ctx.db, scope, [...new Set(rows.map((r) => r.friendId))])).map((c) => [
      c.id,
      c.displayName,
    ]),
  );
  const data: DeliveryLogEntry[] = rows.map((row) => ({
    id: row.id,
    topic: row.topic,
    friendId: row.friendId,
    displayName: names.get(row.friendId) ?? '',
    status: row.status as DeliveryStatus,
    error: row.error,
    text: row.text,
    createdAt: row.createdAt.toISOString(),
    sentAt: row.sentAt?.toISOString() ?? null,
  }));
  return { data, pagination: paginationInfo(input.page, input.limit, total) };
}

/** The recipients (friend ids) of one notification group of the account; undefined: no such group. */
export async function notificationGroupRecipients(
  db: Db,
  scope: AccountScope,
  groupId: number,
): Promise<number[] | undefined> {
  if (!(await findSettingRow(db, scope, groupId))) return undefined;
  return (await listSettingFriendIds(db, [groupId])).get(groupId) ?? [];
}
