import { and, asc, count, eq, getTableColumns, inArray, max, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import {
  memberAttributeChoices,
  memberAttributes,
  memberImages,
  members,
  memberSettings,
  memberValueChoices,
  memberValues,
} from '../../db/schema/members.ts';
import { friendsForJoin } from '../friends/index.ts';
import { storesForJoin } from '../services/index.ts';
import { MEMBER_SERVICE_CODE, type MemberScope } from './member-store.ts';

type AccountOfClient = { clientId: number; lineAccountId: number };

export type AttributeRow = typeof memberAttributes.$inferSelect;
export type ChoiceRow = typeof memberAttributeChoices.$inferSelect;
export type MemberRow = typeof members.$inferSelect;
export type ValueRow = typeof memberValues.$inferSelect;
export type SettingsRow = typeof memberSettings.$inferSelect;

export const likePattern = (s: string) => `%${s.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

const attributesOf = (scope: MemberScope) =>
  and(eq(memberAttributes.clientId, scope.clientId), eq(memberAttributes.storeId, scope.storeId));
export const membersOf = (scope: MemberScope) =>
  and(eq(members.clientId, scope.clientId), eq(members.storeId, scope.storeId));

// ---- settings ----

export async function findSettings(db: Db, scope: MemberScope): Promise<SettingsRow | undefined> {
  const [row] = await db
    .select()
    .from(memberSettings)
    .where(and(eq(memberSettings.clientId, scope.clientId), eq(memberSettings.storeId, scope.storeId)))
    .limit(1);
  return row;
}

export async function upsertSettings(
  db: Db,
  scope: MemberScope,
  values: Pick<SettingsRow, 'isShowMemberCard' | 'requireRegistration' | 'memberCodeShowMode' | 'updatedAt'>,
): Promise<SettingsRow> {
  const [row] = await db
    .insert(memberSettings)
    .values({ ...scope, ...values })
    .onConflictDoUpdate({ target: memberSettings.storeId, set: values })
    .returning();
  return row!;
}

// ---- attribute definitions ----

export async function listAttributes(db: Db, scope: MemberScope): Promise<AttributeRow[]> {
  return db
    .select()
    .from(memberAttributes)
    .where(attributesOf(scope))
    .orderBy(asc(memberAttributes.displayOrder), asc(memberAttributes.id));
}

/** The attributes of the member stores where some friends of a client are members (one statement). */
export async function listAttributesOfFriendsStores(
  db: Db,
  clientId: number,
  friendIds: number[],
): Promise<AttributeRow[]> {
  if (friendIds.length === 0) return [];
  const storesOfFriends = db
    .select({ storeId: members.storeId })
    .from(members)
    .where(and(eq(members.clientId, clientId), inArray(members.friendId, friendIds)));
  return db
    .select()
    .from(memberAttributes)
    .where(and(eq(memberAttributes.clientId, clientId), inArray(memberAttributes.storeId, storesOfFriends)))
    .orderBy(asc(memberAttributes.displayOrder), asc(memberAttributes.id));
}

export async function findAttribute(
  db: Db,
  scope: MemberScope,
  id: number,
): Promise<AttributeRow | undefined> {
  const [row] = await db
    .select()
    .from(memberAttributes)
    .where(and(attributesOf(scope), eq(memberAttributes.id, id)))
    .limit(1);
  return row;
}

export async function findAttributeByLabel(
  db: Db,
  scope: MemberScope,
  label: string,
): Promise<AttributeRow | undefined> {
  const [row] = await db
    .select()
    .from(memberAttributes)
    .where(and(attributesOf(scope), eq(memberAttributes.label, label)))
    .limit(1);
  return row;
}

export async function nextDisplayOrder(db: Db, scope: MemberScope): Promise<number> {
  const [row] = await db
    .select({ n: max(memberAttributes.displayOrder) })
    .from(memberAttributes)
    .where(attributesOf(scope));
  return row?.n === null || row?.n === undefined ? 0 : row.n + 1;
}

export async function insertAttribute(
  db: Db,
  values: typeof memberAttributes.$inferInsert,
): Promise<AttributeRow> {
  const [row] = await db.insert(memberAttributes).values(values).returning();
  return row!;
}

export async function updateAttribute(
  db: Db,
  scope: MemberScope,
  id: number,
  values: Partial<typeof memberAttributes.$inferInsert>,
): Promise<void> {
  await db
    .update(memberAttributes)
    .set(values)
    .where(and(attributesOf(scope), eq(memberAttributes.id, id)));
}

export async function deleteAttribute(db: Db, scope: MemberScope, id: number): Promise<void> {
  await db.delete(memberAttributes).where(and(attributesOf(scope), eq(memberAttributes.id, id)));
}

/** The member store of a LINE account of a client (a join condition on the services' `storesForJoin`). */
const memberStoreOf = (account: AccountOfClient) =>
  and(
    eq(storesForJoin.clientId, account.clientId),
    eq(storesForJoin.lineAccountId, account.lineAccountId),
    eq(storesForJoin.serviceCode, MEMBER_SERVICE_CODE),
  );

/**
 * A friend id halfway between the lowest and the highest of a LINE account's members (null without any),
 * as a scalar SQL expression: both ends read from the store's (store_id, friend_id) index.
 */
export const membersMiddleFriend = (account: AccountOfClient): SQL =>
  sql`(select (min(${members.friendId}) + max(${members.friendId})) / 2 from ${members} where ${members.storeId} = (select ${storesForJoin.id} from ${storesForJoin} where ${memberStoreOf(account)}))`;

/**
 * The attribute definitions of a LINE account's member store (none without one) and every choice of
 * them, each in its order: two reads side by side, without reading the store first (the friend search).
 */
export async function listAttributesOfAccount(
  db: Db,
  account: AccountOfClient,
): Promise<{ attributes: AttributeRow[]; choices: ChoiceRow[] }> {
  const [attributes, choices] = await Promise.all([
    db
      .select(getTableColumns(memberAttributes))
      .from(memberAttributes)
      .innerJoin(storesForJoin, and(eq(storesForJoin.id, memberAttributes.storeId), memberStoreOf(account)))
      .where(eq(memberAttributes.clientId, account.clientId))
      .orderBy(asc(memberAttributes.displayOrder), asc(memberAttributes.id)),
    db
      .select(getTableColumns(memberAttributeChoices))
      .from(memberAttributeChoices)
      .innerJoin(memberAttributes, eq(memberAttributes.id, memberAttributeChoices.attributeId))
      .innerJoin(storesForJoin, and(eq(storesForJoin.id, memberAttributes.storeId), memberStoreOf(account)))
      .where(eq(memberAttributeChoices.clientId, account.clientId))
      .orderBy(asc(memberAttributeChoices.displayOrder), asc(memberAttributeChoices.id)),
  ]);
  return { attributes, choices };
}

export async function listChoices(db: Db, clientId: number, attributeIds: number[]): Promise<ChoiceRow[]> {
  if (attributeIds.length === 0) return [];
  return db
    .select()
    .from(memberAttributeChoices)
    .where(
      and(
        eq(memberAttributeChoices.clientId, clientId),
        inArray(memberAttributeChoices.attributeId, attributeIds),
      ),
    )
    .orderBy(asc(memberAttributeChoices.displayOrder), asc(memberAttributeChoices.id));
}

export async function insertChoices(db: Db, values: (typeof memberAttributeChoices.$inferInsert)[]) {
  if (values.length > 0) await db.insert(memberAttributeChoices).values(values);
}

export async function updateChoice(
  db: Db,
  clientId: number,
  id: number,
  values: { value: string; displayOrder: number },
) {
  await db
    .update(memberAttributeChoices)
    .set(values)
    .where(and(eq(memberAttributeChoices.clientId, clientId), eq(memberAttributeChoices.id, id)));
}

export async function deleteChoices(db: Db, clientId: number, ids: number[]) {
  if (ids.length === 0) return;
  await db
    .delete(memberAttributeChoices)
    .where(and(eq(memberAttributeChoices.clientId, clientId), inArray(memberAttributeChoices.id, ids)));
}

/** How many members hold a value of each attribute. */
export async function valueCounts(db: Db, clientId: number, attributeIds: number[]) {
  if (attributeIds.length === 0) return new Map<number, number>();
  const rows = await db
    .select({ attributeId: memberValues.attributeId, n: count() })
    .from(memberValues)
    .where(and(eq(memberValues.clientId, clientId), inArray(memberValues.attributeId, attributeIds)))
    .groupBy(memberValues.attributeId);
  return new Map(rows.map((r) => [r.attributeId, r.n]));
}

/** The choices (of those given) that some member has chosen. */
export async function choicesInUse(db: Db, clientId: number, choiceIds: number[]): Promise<number[]> {
  if (choiceIds.length === 0) return [];
  const rows = await db
    .selectDistinct({ id: memberValueChoices.choiceId })
    .from(memberValueChoices)
    .where(and(eq(memberValueChoices.clientId, clientId), inArray(memberValueChoices.choiceId, choiceIds)));
  return rows.map((r) => r.id);
}

// ---- members ----

export async function findMemberByFriend(
  db: Db,
  scope: MemberScope,
  friendId: number,
  options: { forUpdate?: boolean } = {},
): Promise<MemberRow | undefined> {
  const query = db
    .select()
    .from(members)
    .where(and(membersOf(scope), eq(members.friendId, friendId)))
    .limit(1);
  const [row] = options.forUpdate ? await query.for('update') : await query;
  return row;
}

/** The member records of some friends of a client (whatever their store). */
export async function listMembersByFriends(
  db: Db,
  clientId: number,
  friendIds: number[],
): Promise<MemberRow[]> {
  return db
    .select()
    .from(members)
    .where(and(eq(members.clientId, clientId), inArray(members.friendId, friendIds)));
}

export type MemberWithFriend = Omit<MemberRow, 'rankName'> & {
  displayName: string;
  pictureUrl: string | null;
  isFriend: boolean;
};

export const memberWithFriendColumns = {
  id: members.id,
  clientId: members.clientId,
  storeId: members.storeId,
  friendId: members.friendId,
  status: members.status,
  memberCode: members.memberCode,
  remarks: members.remarks,
  createdAt: members.createdAt,
  updatedAt: members.updatedAt,
  displayName: friendsForJoin.displayName,
  pictureUrl: friendsForJoin.pictureUrl,
  isFriend: friendsForJoin.isFriend,
};

export async function findMember(
  db: Db,
  scope: MemberScope,
  id: number,
): Promise<MemberWithFriend | undefined> {
  const [row] = await db
    .select(memberWithFriendColumns)
    .from(members)
    .innerJoin(friendsForJoin, eq(friendsForJoin.id, members.friendId))
    .where(and(membersOf(scope), eq(members.id, id)))
    .limit(1);
  return row;
}

/** Insert a member unless the friend or the code is taken (then undefined: the caller looks again). */
export async function insertMember(
  db: Db,
  values: typeof members.$inferInsert,
): Promise<MemberRow | undefined> {
  const [row] = await db.insert(members).values(values).onConflictDoNothing().returning();
  return row;
}

export async function updateMember(
  db: Db,
  scope: MemberScope,
  id: number,
  values: Partial<typeof members.$inferInsert>,
): Promise<void> {
  await db
    .update(members)
    .set(values)
    .where(and(membersOf(scope), eq(members.id, id)));
}

export async function deleteValuesOf(db: Db, scope: MemberScope, memberId: number, attributeIds: number[]) {
  if (attributeIds.length === 0) return;
  await db
    .delete(memberValues)
    .where(
      and(
        eq(memberValues.clientId, scope.clientId),
        eq(memberValues.memberId, memberId),
        inArray(memberValues.attributeId, attributeIds),
      ),
    );
}

export type NewValue = {
  attributeId: number;
  value: string | null;
  numberValue: number | null;
  dateValue: string | null;
  choiceIds: number[];
};

export async function insertValues(
  db: Db,
  scope: MemberScope,
  member: { id: number; friendId: number },
  values: NewValue[],
) {
  if (values.length === 0) return;
  const rows = await db
    .insert(memberValues)
    .values(
      values.map((v) => ({
        clientId: scope.clientId,
        memberId: member.id,
        friendId: member.friendId,
        attributeId: v.attributeId,
        value: v.value,
        numberValue: v.numberValue,
        dateValue: v.dateValue,
      })),
    )
    .returning({ id: memberValues.id, attributeId: memberValues.attributeId });
  const choices = rows.flatMap((row) =>
    (values.find((v) => v.attributeId === row.attributeId)?.choiceIds ?? []).map((choiceId) => ({
      memberValueId: row.id,
      choiceId,
      clientId: scope.clientId,
      friendId: member.friendId,
    })),
  );
  if (choices.length > 0) await db.insert(memberValueChoices).values(choices);
}

export type StoredValue = ValueRow & { choices: { id: number; value: string }[] };

/**
 * Every value of some members, with their chosen choices: one query (each value's choices come as one JSON
 * text, in the choices' order), whatever the number of members.
 */
export async function listValuesOfMembers(
  db: Db,
  clientId: number,
  memberIds: number[],
  /** `friends`: the ids are the members' friends (member_values.friend_id), read beside the members. */
  of: 'members' | 'friends' = 'members',
): Promise<StoredValue[]> {
  if (memberIds.length === 0) return [];
  // Written with aliases: a selection from one table renders its columns unqualified (`"id"`), which
  // inside this subquery would name the choice's id.
  const chosen = sql<
    string | null
  >`(select json_agg(json_build_object('id', c.id, 'value', c.value) order by c.display_order, c.id)::text from ${memberValueChoices} vc inner join ${memberAttributeChoices} c on c.id = vc.choice_id where vc.member_value_id = ${sql.raw('"member_values"."id"')} and vc.client_id = ${clientId})`;
  const rows = await db
    .select({ value: memberValues, chosen })
    .from(memberValues)
    .where(
      and(
        eq(memberValues.clientId, clientId),
        inArray(of === 'friends' ? memberValues.friendId : memberValues.memberId, memberIds),
      ),
    );
  return rows.map(({ value, chosen }) => ({
    ...value,
    choices: chosen ? (JSON.parse(chosen) as { id: number; value: string }[]) : [],
  }));
}

// ---- uploaded images ----

export type ImageRow = typeof memberImages.$inferSelect;

export async function insertImage(db: Db, row: typeof memberImages.$inferInsert): Promise<ImageRow> {
  const [inserted] = await db.insert(memberImages).values(row).returning();
  return inserted!;
}

/** How many images a friend keeps in a store, and how many the friend and the store received since a time. */
export async function countImageUploads(db: Db, scope: MemberScope, friendId: number, since: Date) {
  const [row] = await db
    .select({
      friendHeld: sql<number>`count(*) filter (where ${memberImages.friendId} = ${friendId})`.mapWith(Number),
      friendRecent:
        sql<number>`count(*) filter (where ${memberImages.friendId} = ${friendId} and ${memberImages.createdAt} >= ${since.toISOString()})`.mapWith(
          Number,
        ),
      storeRecent:
        sql<number>`count(*) filter (where ${memberImages.createdAt} >= ${since.toISOString()})`.mapWith(
          Number,
        ),
    })
    .from(memberImages)
    .where(and(eq(memberImages.clientId, scope.clientId), eq(memberImages.storeId, scope.storeId)));
  return row!;
}

/**
 * The images of these keys that this friend uploaded to this store (another's or unknown: left out).
 * `forShare`: in the transaction that stores them as values, so the sweep of unattached images
 * (member-images.repository.ts) cannot remove one before that transaction commits.
 */
export async function findImagesOfFriend(
  db: Db,
  scope: MemberScope,
  friendId: number,
  keys: string[],
  options: { forShare?: boolean } = {},
): Promise<ImageRow[]> {
  if (keys.length === 0) return [];
  const query = db
    .select()
    .from(memberImages)
    .where(
      and(
        eq(memberImages.clientId, scope.clientId),
        eq(memberImages.storeId, scope.storeId),
        eq(memberImages.friendId, friendId),
        inArray(memberImages.key, keys),
      ),
    );
  return options.forShare ? query.for('share') : query;
}
