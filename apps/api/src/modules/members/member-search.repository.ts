import { and, asc, count, desc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import {
  memberAttributeChoices,
  memberAttributes,
  memberCounts,
  members,
  memberValueChoices,
  memberValues,
} from '../../db/schema/members.ts';
import { friendsForJoin } from '../friends/index.ts';
import { storesForJoin } from '../services/index.ts';
import type { MemberScope } from './member-store.ts';
import {
  likePattern,
  membersOf,
  memberWithFriendColumns,
  type AttributeRow,
  type ChoiceRow,
  type MemberWithFriend,
} from './members.repository.ts';

/** The members list (filtered, sorted, counted) and the label/value filters it and the friend search use. */

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
    .innerJoin(storesForJoin, eq(storesForJoin.id, memberCounts.storeId))
    .where(
      and(
        eq(memberCounts.storeId, scope.storeId),
        eq(storesForJoin.clientId, scope.clientId),
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
          ilike(friendsForJoin.displayName, pattern),
          sql`exists (select 1 from ${memberValues} inner join ${memberAttributes} on ${memberAttributes.id} = ${memberValues.attributeId} where ${memberValues.memberId} = ${members.id} and ${memberAttributes.type} = 'STRING' and ${memberValues.value} ilike ${pattern})`,
        )
      : undefined,
  );
  const direction = filter.sort.order === 'ASC' ? asc : desc;
  const query = db
    .select(memberWithFriendColumns)
    .from(members)
    .innerJoin(friendsForJoin, eq(friendsForJoin.id, members.friendId))
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
    ? counted.innerJoin(friendsForJoin, eq(friendsForJoin.id, members.friendId)).where(where)
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
  displayName: friendsForJoin.displayName,
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
