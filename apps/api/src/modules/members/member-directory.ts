import { memberMessages, type MemberCondition } from '@app/contracts';
import { between, gte, ilike, isNotNull, lte, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { members, memberValues } from '../../db/schema/members.ts';
import { badRequest } from '../../platform/errors.ts';
import type { MemberDirectory, MemberOfFriend } from '../friends/index.ts';
import { cardSets } from './member-card-sets.ts';
import { friendsWithChoice, friendsWithValue } from './member-search.repository.ts';
import {
  likePattern,
  listAttributesOfFriendsStores,
  listAttributesOfAccount,
  listMembersByFriends,
  membersMiddleFriend,
  listValuesOfMembers,
  type AttributeRow,
  type ChoiceRow,
} from './members.repository.ts';
import { toValueViews } from './members.views.ts';

type FriendColumns = Parameters<MemberDirectory['isMember']>[0];

const memberOf = (friend: FriendColumns, extra?: SQL) =>
  sql`exists (select 1 from ${members} where ${members.friendId} = ${friend.id} and ${members.clientId} = ${friend.clientId}${extra ? sql` and ${extra}` : sql``})`;

const isDay = (s: string) => /^\d{4}-\d{2}-\d{2}$/.test(s) && !Number.isNaN(Date.parse(s));

/**
 * The friends who pass one condition (checked against the attribute's type), as a set read from one
 * index: STRING contains `value`; NUMBER and DATE `min`/`max`; RADIO and CHECKBOX any of `choiceIds`;
 * otherwise "has a value". The attribute (and each choice) is the account's store's, so the set holds
 * friends of this account who are members only.
 */
function friendSet(attribute: AttributeRow, choices: ChoiceRow[], c: MemberCondition): SQL {
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
      return friendsWithValue(
        attribute.id,
        c.value ? ilike(memberValues.value, likePattern(c.value)) : undefined,
      );
    case 'NUMBER':
      return friendsWithValue(
        attribute.id,
        range(memberValues.numberValue, (v) => {
          const n = typeof v === 'number' ? v : Number(v);
          return Number.isFinite(n) ? n : null;
        }),
      );
    case 'DATE':
      return friendsWithValue(
        attribute.id,
        range(memberValues.dateValue, (v) => (typeof v === 'string' && isDay(v) ? v : null)),
      );
    case 'RADIO':
    case 'CHECKBOX': {
      if (!c.choiceIds?.length) return friendsWithValue(attribute.id);
      const own = choices.filter((ch) => ch.attributeId === attribute.id).map((ch) => ch.id);
      if (c.choiceIds.some((id) => !own.includes(id))) throw badRequest(memberMessages.choiceNotFound);
      return friendsWithChoice(c.choiceIds);
    }
    default:
      return friendsWithValue(attribute.id);
  }
}

/** The member service's side of the friends list and the friend search (wired in app.ts). */
export const memberDirectory: MemberDirectory = {
  isMember: (friend) => memberOf(friend),
  memberCodeBetween: (friend, from, to) => memberOf(friend, between(members.memberCode, from, to)),
  attributeSets: async (db, scope, conditions) => {
    // no member store: no attributes, so every condition names none
    const { attributes, choices } = await listAttributesOfAccount(db, scope);
    return conditions.map((c) => {
      const attribute = attributes.find((a) => a.id === c.attributeId);
      if (!attribute) throw badRequest(memberMessages.attributeNotFound);
      return friendSet(attribute, choices, c);
    });
  },
  cardSets,
  middleFriend: (scope) => membersMiddleFriend(scope),
  listMembersOfFriends: async (db: Db, clientId: number, friendIds: number[]): Promise<MemberOfFriend[]> => {
    // members, their values and their stores' attributes side by side, each keyed by the friends (one
    // round trip where members, then values, took two: issue 31)
    const [rows, values, attributes] = await Promise.all([
      listMembersByFriends(db, clientId, friendIds),
      listValuesOfMembers(db, clientId, friendIds, 'friends'),
      listAttributesOfFriendsStores(db, clientId, friendIds),
    ]);
    if (rows.length === 0) return [];
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
