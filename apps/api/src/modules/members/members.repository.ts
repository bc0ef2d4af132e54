import {
  and,
  asc,
  count,
  desc,
  eq,
  getTableColumns,
  ilike,
  inArray,
  max,
  or,
  sql,
  type SQL,
} from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import {
  friends,
  memberAttributeChoices,
  memberAttributes,
  memberCounts,
  memberImages,
  members,
  memberSettings,
  memberValueChoices,
  memberValues,
  stores,
} from '../../db/schema/index.ts';
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
const membersOf = (scope: MemberScope) =>
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

/** The member store of a LINE account of a client (a join condition on `stores`). */
const memberStoreOf = (account: AccountOfClient) =>
  and(
    eq(stores.clientId, account.clientId),
    eq(stores.lineAccountId, account.lineAccountId),
    eq(stores.serviceCode, MEMBER_SERVICE_CODE),
  );

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
      .innerJoin(stores, and(eq(stores.id, memberAttributes.storeId), memberStoreOf(account)))
      .where(eq(memberAttributes.clientId, account.clientId))
      .orderBy(asc(memberAttributes.displayOrder), asc(memberAttributes.id)),
    db
      .select(getTableColumns(memberAttributeChoices))
      .from(memberAttributeChoices)
      .innerJoin(memberAttributes, eq(memberAttributes.id, memberAttributeChoices.attributeId))
      .innerJoin(stores, and(eq(stores.id, memberAttributes.storeId), memberStoreOf(account)))
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

export type MemberWithFriend = MemberRow & {
  displayName: string;
  pictureUrl: string | null;
  isFriend: boolean;
};

const memberWithFriendColumns = {
  id: members.id,
  clientId: members.clientId,
  storeId: members.storeId,
  friendId: members.friendId,
  status: members.status,
  memberCode: members.memberCode,
  remarks: members.remarks,
  createdAt: members.createdAt,
  updatedAt: members.updatedAt,
  displayName: friends.displayName,
  pictureUrl: friends.pictureUrl,
  isFriend: friends.isFriend,
};

export async function findMember(
  db: Db,
  scope: MemberScope,
  id: number,
): Promise<MemberWithFriend | undefined> {
  const [row] = await db
    .select(memberWithFriendColumns)
    .from(members)
    .innerJoin(friends, eq(friends.id, members.friendId))
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
    .where(and(eq(memberValues.clientId, clientId), inArray(memberValues.memberId, memberIds)));
  return rows.map(({ value, chosen }) => ({
    ...value,
    choices: chosen ? (JSON.parse(chosen) as { id: number; value: string }[]) : [],
  }));
}

export type MemberListFilter = {
  status?: 'ACTIVE' | 'INACTIVE' | undefined;
  /** The label/value filter as a set of friends (`select friend_id ...`, see attributeValueSet). */
  attributeSet?: SQL | undefined;
  search?: string | undefined;
  /** nullsLast for an attribute's value (members without one last); the member columns are never null. */
  sort: { column: SQL[]; order: 'ASC' | 'DESC'; nullsLast?: boolean };
};

/** How many members a store has (of a status, or all): the counter the members triggers keep. */
export async function countStoreMembers(
  db: Db,
  scope: MemberScope,
  status?: 'ACTIVE' | 'INACTIVE',
): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`coalesce(sum(${memberCounts.n}), 0)::int` })
    .from(memberCounts)
    .innerJoin(stores, eq(stores.id, memberCounts.storeId))
    .where(
      and(
        eq(memberCounts.storeId, scope.storeId),
        eq(stores.clientId, scope.clientId),
        status ? eq(memberCounts.status, status) : undefined,
      ),
    );
  return row?.n ?? 0;
}

/** How many friends a set (`select friend_id ...`, each friend once) holds. */
export async function countFriendSet(db: Db, set: SQL): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(sql`(${set}) as friend_set`);
  return row?.n ?? 0;
}

export async function listMembers(
  db: Db,
  scope: MemberScope,
  filter: MemberListFilter,
  page: { limit: number; offset: number } | undefined,
): Promise<{ rows: MemberWithFriend[]; total: number }> {
  const pattern = filter.search ? likePattern(filter.search) : undefined;
  const where = and(
    membersOf(scope),
    filter.status ? eq(members.status, filter.status) : undefined,
    filter.attributeSet ? sql`${members.friendId} in (${filter.attributeSet})` : undefined,
    pattern
      ? or(
          ilike(members.memberCode, pattern),
          ilike(friends.displayName, pattern),
          sql`exists (select 1 from ${memberValues} inner join ${memberAttributes} on ${memberAttributes.id} = ${memberValues.attributeId} where ${memberValues.memberId} = ${members.id} and ${memberAttributes.type} = 'STRING' and ${memberValues.value} ilike ${pattern})`,
        )
      : undefined,
  );
  const direction = filter.sort.order === 'ASC' ? asc : desc;
  const query = db
    .select(memberWithFriendColumns)
    .from(members)
    .innerJoin(friends, eq(friends.id, members.friendId))
    .where(where)
    .orderBy(
      ...filter.sort.column.map((c) =>
        filter.sort.nullsLast ? sql`${direction(c)} nulls last` : direction(c),
      ),
      direction(members.id),
    );
  if (!page) {
    const rows = await query;
    return { rows, total: rows.length };
  }
  const rows = await query.limit(page.limit).offset(page.offset);
  return { rows, total: await countMembers(db, scope, filter, where, pattern !== undefined) };
}

/**
 * The exact number of members the list's filter keeps, read the cheapest way that is still exact:
 * no filter, the store's counter; only the label/value filter, the size of its set of friends (each
 * holds members of this store only: the attribute is the store's); otherwise counted.
 */
async function countMembers(
  db: Db,
  scope: MemberScope,
  filter: MemberListFilter,
  where: SQL | undefined,
  joinsFriends: boolean,
): Promise<number> {
  if (!filter.attributeSet && !joinsFriends) return countStoreMembers(db, scope, filter.status);
  if (filter.attributeSet && !filter.status && !joinsFriends) return countFriendSet(db, filter.attributeSet);
  // The friend is joined only when the search looks at display names (every member has its friend row).
  const counted = db.select({ n: count() }).from(members);
  const [total] = await (joinsFriends
    ? counted.innerJoin(friends, eq(friends.id, members.friendId)).where(where)
    : counted.where(where));
  return total?.n ?? 0;
}

// ---- list filters and sorting ----

const isDay = (s: string) => /^\d{4}-\d{2}-\d{2}$/.test(s) && !Number.isNaN(Date.parse(s));

/** The set of no friend (a label no attribute has). */
export const noFriends = sql`select null::integer as friend_id where false`;

/**
 * The friends whose value of an attribute passes a test (one read of a member_values index). Each friend
 * once: a member has one value per attribute, a friend one member per store.
 */
export const friendsWithValue = (attributeId: number, test?: SQL) =>
  sql`select ${memberValues.friendId} as friend_id from ${memberValues} where ${memberValues.attributeId} = ${attributeId}${test ? sql` and ${test}` : sql``}`;

/**
 * The friends who chose one of some choices (one read of member_value_choices (choice_id, friend_id)).
 * Each friend once: one choice is chosen once per member; several may be, so they are made distinct.
 */
export function friendsWithChoice(choiceIds: number[]): SQL {
  if (choiceIds.length === 0) return noFriends;
  const column = sql`${memberValueChoices.friendId}`;
  return sql`select ${choiceIds.length > 1 ? sql`distinct ` : sql``}${column} as friend_id from ${memberValueChoices} where ${inArray(memberValueChoices.choiceId, choiceIds)}`;
}

/**
 * The label/value filter as a set of friends: those with a value of the attribute, and (when given)
 * this value: a choice of that value (RADIO, CHECKBOX), the number, the day, or text containing it.
 */
export function attributeValueSet(
  attribute: AttributeRow,
  choices: ChoiceRow[],
  value: string | undefined,
): SQL {
  if (value === undefined || value === '') return friendsWithValue(attribute.id);
  switch (attribute.type) {
    case 'NUMBER': {
      const n = Number(value);
      return Number.isFinite(n) ? friendsWithValue(attribute.id, eq(memberValues.numberValue, n)) : noFriends;
    }
    case 'DATE':
      return isDay(value) ? friendsWithValue(attribute.id, eq(memberValues.dateValue, value)) : noFriends;
    case 'RADIO':
    case 'CHECKBOX':
      return friendsWithChoice(
        choices.filter((c) => c.attributeId === attribute.id && c.value === value).map((c) => c.id),
      );
    default:
      return friendsWithValue(attribute.id, ilike(memberValues.value, likePattern(value)));
  }
}

const memberColumns = {
  createdAt: members.createdAt,
  updatedAt: members.updatedAt,
  memberCode: members.memberCode,
  status: members.status,
  displayName: friends.displayName,
} as const;

export const isMemberColumn = (s: string): s is keyof typeof memberColumns => s in memberColumns;
export const memberColumnSort = (s: keyof typeof memberColumns): SQL[] => [sql`${memberColumns[s]}`];

/** An attribute's value as a sort key: its number, day or text; for choices the first chosen one's order. */
export function attributeSort(attribute: AttributeRow): SQL[] {
  const of = (column: SQL) =>
    sql`(select ${column} from ${memberValues} where ${memberValues.memberId} = ${members.id} and ${memberValues.attributeId} = ${attribute.id})`;
  if (attribute.type === 'RADIO' || attribute.type === 'CHECKBOX')
    return [
      of(
        sql`(select min(${memberAttributeChoices.displayOrder}) from ${memberValueChoices} inner join ${memberAttributeChoices} on ${memberAttributeChoices.id} = ${memberValueChoices.choiceId} where ${memberValueChoices.memberValueId} = ${memberValues.id})`,
      ),
    ];
  const column =
    attribute.type === 'NUMBER'
      ? memberValues.numberValue
      : attribute.type === 'DATE'
        ? memberValues.dateValue
        : memberValues.value;
  return [of(sql`${column}`)];
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
