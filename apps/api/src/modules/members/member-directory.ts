import { memberMessages, type MemberCondition } from '@app/contracts';
import { between, gte, ilike, inArray, isNotNull, lte, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { members, memberValueChoices, memberValues } from '../../db/schema/index.ts';
import { badRequest } from '../../platform/errors.ts';
import type { MemberDirectory, MemberOfFriend } from '../friends/index.ts';
import { findMemberStoreOfAccount, scopeOf } from './member-store.ts';
import {
  likePattern,
  listAttributes,
  listChoices,
  listMembersByFriends,
  listValuesOfMembers,
  type AttributeRow,
  type ChoiceRow,
} from './members.repository.ts';
import { toValueViews } from './members.views.ts';

type FriendColumns = Parameters<MemberDirectory['isMember']>[0];

const memberOf = (friend: FriendColumns, extra?: SQL) =>
  sql`exists (select 1 from ${members} where ${members.friendId} = ${friend.id} and ${members.clientId} = ${friend.clientId}${extra ? sql` and ${extra}` : sql``})`;

const isDay = (s: string) => /^\d{4}-\d{2}-\d{2}$/.test(s) && !Number.isNaN(Date.parse(s));

/** The value test of one condition (checked against the attribute's type), as SQL over member_values. */
function valueTest(attribute: AttributeRow, choices: ChoiceRow[], c: MemberCondition): SQL | undefined {
  const range = (
    column: typeof memberValues.numberValue | typeof memberValues.dateValue,
    parse: (v: number | string) => number | string | null,
  ) => {
    const min = c.min === undefined || c.min === '' ? undefined : parse(c.min);
    const max = c.max === undefined || c.max === '' ? undefined : parse(c.max);
    if (min === null || max === null) throw badRequest(memberMessages.conditionRange);
    if (min !== undefined && max !== undefined) return between(column, min, max);
    if (min !== undefined) return gte(column, min);
    if (max !== undefined) return lte(column, max);
    return isNotNull(column);
  };
  switch (attribute.type) {
    case 'STRING':
      return c.value ? ilike(memberValues.value, likePattern(c.value)) : undefined;
    case 'NUMBER':
      return range(memberValues.numberValue, (v) => {
        const n = typeof v === 'number' ? v : Number(v);
        return Number.isFinite(n) ? n : null;
      });
    case 'DATE':
      return range(memberValues.dateValue, (v) => (typeof v === 'string' && isDay(v) ? v : null));
    case 'RADIO':
    case 'CHECKBOX': {
      if (!c.choiceIds?.length) return undefined;
      const own = choices.filter((ch) => ch.attributeId === attribute.id).map((ch) => ch.id);
      if (c.choiceIds.some((id) => !own.includes(id))) throw badRequest(memberMessages.choiceNotFound);
      return sql`exists (select 1 from ${memberValueChoices} where ${memberValueChoices.memberValueId} = ${memberValues.id} and ${inArray(memberValueChoices.choiceId, c.choiceIds)})`;
    }
    default:
      return undefined;
  }
}

/** The member service's side of the friends list and the friend search (wired in app.ts). */
export const memberDirectory: MemberDirectory = {
  isMember: (friend) => memberOf(friend),
  memberCodeBetween: (friend, from, to) => memberOf(friend, between(members.memberCode, from, to)),
  attributeConditions: async (db, scope, friend, conditions) => {
    const store = await findMemberStoreOfAccount(db, scope.clientId, scope.lineAccountId);
    if (!store) throw badRequest(memberMessages.attributeNotFound);
    const attributes = await listAttributes(db, scopeOf(store));
    const choices = await listChoices(
      db,
      store.clientId,
      attributes.map((a) => a.id),
    );
    return conditions.map((c) => {
      const attribute = attributes.find((a) => a.id === c.attributeId);
      if (!attribute) throw badRequest(memberMessages.attributeNotFound);
      const test = valueTest(attribute, choices, c);
      return memberOf(
        friend,
        sql`exists (select 1 from ${memberValues} where ${memberValues.memberId} = ${members.id} and ${memberValues.attributeId} = ${attribute.id}${test ? sql` and ${test}` : sql``})`,
      );
    });
  },
  listMembersOfFriends: async (db: Db, clientId: number, friendIds: number[]): Promise<MemberOfFriend[]> => {
    const rows = await listMembersByFriends(db, clientId, friendIds);
    if (rows.length === 0) return [];
    const values = await listValuesOfMembers(
      db,
      clientId,
      rows.map((r) => r.id),
    );
    const storeIds = [...new Set(rows.map((r) => r.storeId))];
    const attributes = (
      await Promise.all(storeIds.map((storeId) => listAttributes(db, { clientId, storeId })))
    ).flat();
    return rows.map((r) => ({
      id: r.id,
      friendId: r.friendId,
      status: r.status,
      memberCode: r.memberCode,
      values: toValueViews(
        attributes.filter((a) => a.storeId === r.storeId),
        values.filter((v) => v.memberId === r.id),
      ),
    }));
  },
};
