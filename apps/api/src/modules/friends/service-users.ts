import type {
  MemberCondition,
  MemberValue,
  memberStatuses,
  SearchFriendsFilter,
  staffStatuses,
  TagUse,
} from '@app/contracts';
import type { SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { friends } from '../../db/schema/friends.ts';

/**
 * Which friends use a service (shift staff, members) is the service's knowledge, not the friends table's.
 * Each service module offers a directory through its door; src/composition.ts hands them to the friends
 * routes (`FriendDirectories`), so friends reads no other module's table and imports no service module.
 */
export type StaffOfFriend = {
  id: number;
  friendId: number | null;
  status: (typeof staffStatuses)[number];
  managerNotes: string | null;
};

export type StaffDirectory = {
  /** SQL condition over the friends table: the friend is staff of a store of its client. */
  isStaff: (friend: { id: typeof friends.id; clientId: typeof friends.clientId }) => SQL;
  /** The staff records of some friends of a client. */
  listStaffOfFriends: (db: Db, clientId: number, friendIds: number[]) => Promise<StaffOfFriend[]>;
};

// ---- members (the member service provides them) ----

export type MemberOfFriend = {
  id: number;
  friendId: number;
  status: (typeof memberStatuses)[number];
  memberCode: string;
  values: MemberValue[];
};

type FriendColumns = { id: typeof friends.id; clientId: typeof friends.clientId };

export type MemberDirectory = {
  /** SQL condition over the friends table: the friend is a member of its account's member store. */
  isMember: (friend: FriendColumns) => SQL;
  /** The member code lies in [from, to] (codes compare as strings of equal length). */
  memberCodeBetween: (friend: FriendColumns, from: string, to: string) => SQL;
  /**
   * One set of friends (`select friend_id ...`) per member-attribute condition of the friend search, for
   * one LINE account: the friends of that account who are members and pass the condition. Throws the
   * typed error of a condition naming no attribute or choice of that account's store.
   */
  attributeSets: (
    db: Db,
    scope: { clientId: number; lineAccountId: number },
    conditions: MemberCondition[],
  ) => Promise<SQL[]>;
  /**
   * One set of friends per member-card condition of the friend search (rank, balance, visits, each coupon
   * held), for one LINE account: its members who pass it. Throws the typed error of a rank or coupon that
   * is not the account's member store's.
   */
  cardSets: (
    db: Db,
    scope: { clientId: number; lineAccountId: number },
    conditions: MemberCardConditions,
    now: Date,
  ) => Promise<SQL[]>;
  /**
   * A friend id halfway between the lowest and the highest of the account's members (a scalar SQL
   * expression; null without members): the friend search counts its member sets in two halves side by side.
   */
  middleFriend: (scope: { clientId: number; lineAccountId: number }) => SQL;
  /** The member records (with values) of some friends of a client. */
  listMembersOfFriends: (db: Db, clientId: number, friendIds: number[]) => Promise<MemberOfFriend[]>;
};

/** The member-card conditions of a segment (SearchFriendsFilter's fields of the same names). */
export type MemberCardConditions = Pick<
  SearchFriendsFilter,
  'memberRanks' | 'pointsBalance' | 'visitCount' | 'holdsCoupons'
>;

/** The inflow module's side (流入経路): the friends a route brought. */
export type InflowDirectory = {
  /**
   * One set of friends (`select friend_id ...`): friends of this account with a follow or an unblock
   * credited to one of the routes. Throws the typed error of a route that is not the account's.
   */
  routeSet: (db: Db, scope: { clientId: number; lineAccountId: number }, routeIds: number[]) => Promise<SQL>;
};

/** The scenario conditions of a segment (SearchFriendsFilter's fields of the same names). */
export type ScenarioConditions = Pick<SearchFriendsFilter, 'inScenarios' | 'finishedScenarios'>;

/** The automation module's side (step delivery): the friends in or through a scenario. */
export type ScenarioDirectory = {
  /**
   * One set of friends per scenario named: running through it (inScenarios) or finished it
   * (finishedScenarios). Throws the typed error of a scenario that is not the account's.
   */
  scenarioSets: (
    db: Db,
    scope: { clientId: number; lineAccountId: number },
    conditions: ScenarioConditions,
  ) => Promise<SQL[]>;
};

/** The click conditions of a segment (SearchFriendsFilter's fields of the same names). */
export type ClickConditions = Pick<SearchFriendsFilter, 'clickedDeliveries' | 'clickedWithinDays'>;

/** The deliveries module's side (tracked links): the friends a click was named to. */
export type ClickDirectory = {
  /**
   * One set of friends per delivery named (a click on any of its links) and one for a click on any link
   * of the account since `now` less clickedWithinDays. Throws the typed error of a delivery that is not
   * the account's.
   */
  clickSets: (
    db: Db,
    scope: { clientId: number; lineAccountId: number },
    conditions: ClickConditions,
    now: Date,
  ) => Promise<SQL[]>;
};

/**
 * A module that names tags in what it stores (automation: scenarios, keyword rules, tap actions; inflow:
 * routes) says where a tag is used, so a tag is not deleted from under them (the delete answers 409).
 */
export type TagUseDirectory = {
  tagUses: (db: Db, scope: { clientId: number; lineAccountId: number }, tagId: number) => Promise<TagUse[]>;
};

/** The tap conditions of a segment (SearchFriendsFilter's field of the same name). */
export type TapConditions = Pick<SearchFriendsFilter, 'tappedAreas'>;

/** The rich-menus module's side (rich menu taps): the friends a tap was named to. */
export type TapDirectory = {
  /**
   * One set of friends per area named (a tap on it since `now` less its withinDays). Throws the typed
   * error of a menu or area that is not the account's.
   */
  tapSets: (
    db: Db,
    scope: { clientId: number; lineAccountId: number },
    conditions: TapConditions,
    now: Date,
  ) => Promise<SQL[]>;
};

/**
 * The image uploads of the delivery composer (deliveries owns them, and depends on friends): an image
 * sent from the chat names one, which must be an image upload of the account (else a 400 in words).
 * Called in the transaction that writes the message: the upload stays locked until it commits (0056).
 */
export type ChatImageDirectory = {
  checkImageUpload: (db: Db, lineAccountId: number, imageKey: string) => Promise<void>;
};

/** The directories of the services whose users are friends, as the friends module's services take them. */
export type FriendDirectories = {
  /** Every module that names tags (src/composition.ts lists them). */
  tagUses: TagUseDirectory[];
  staff: StaffDirectory;
  members: MemberDirectory;
  inflow: InflowDirectory;
  scenarios: ScenarioDirectory;
  clicks: ClickDirectory;
  images: ChatImageDirectory;
  taps: TapDirectory;
};

const friendColumns = (): FriendColumns => ({ id: friends.id, clientId: friends.clientId });

/** What the friends services ask of the directories, over the friends table's own columns. */
export const serviceUsersOf = ({ staff, members, inflow, scenarios, clicks, taps }: FriendDirectories) => ({
  isShiftStaff: (): SQL => staff.isStaff(friendColumns()),
  listStaffOfFriends: (db: Db, clientId: number, friendIds: number[]) =>
    friendIds.length === 0 ? Promise.resolve([]) : staff.listStaffOfFriends(db, clientId, friendIds),
  isMember: (): SQL => members.isMember(friendColumns()),
  memberCodeBetween: (from: string, to: string): SQL => members.memberCodeBetween(friendColumns(), from, to),
  listMembersOfFriends: (db: Db, clientId: number, friendIds: number[]) =>
    friendIds.length === 0 ? Promise.resolve([]) : members.listMembersOfFriends(db, clientId, friendIds),
  /**
   * The sets of friends of a segment's conditions owned by other modules (member attributes, the member
   * card, inflow routes, scenarios), each one a condition combined by the segment's `condition`; `now`
   * decides which coupons are valid today (Japan time).
   * `memberOnly`: the sets that hold members of the account only (attributes, card); `middle`, then, a
   * friend id that splits those members in two.
   */
  conditionSets: async (
    db: Db,
    scope: { clientId: number; lineAccountId: number },
    c: Omit<SearchFriendsFilter, 'page' | 'limit'>,
    now: Date,
  ): Promise<{ memberOnly: SQL[]; others: SQL[]; middle: SQL | undefined }> => {
    const card: MemberCardConditions = {
      memberRanks: c.memberRanks,
      pointsBalance: c.pointsBalance,
      visitCount: c.visitCount,
      holdsCoupons: c.holdsCoupons,
    };
    const hasCard =
      !!c.memberRanks?.length || !!c.pointsBalance || !!c.visitCount || !!c.holdsCoupons?.length;
    const hasScenarios = !!c.inScenarios?.length || !!c.finishedScenarios?.length;
    const hasClicks = !!c.clickedDeliveries?.length || c.clickedWithinDays !== undefined;
    const [attributeSets, cardSets, routeSets, scenarioSets, clickSets, tapSets] = await Promise.all([
      c.memberAttributes?.length ? members.attributeSets(db, scope, c.memberAttributes) : [],
      hasCard ? members.cardSets(db, scope, card, now) : [],
      c.inflowRoutes?.length ? inflow.routeSet(db, scope, c.inflowRoutes).then((s) => [s]) : [],
      hasScenarios
        ? scenarios.scenarioSets(db, scope, {
            inScenarios: c.inScenarios,
            finishedScenarios: c.finishedScenarios,
          })
        : [],
      hasClicks
        ? clicks.clickSets(
            db,
            scope,
            { clickedDeliveries: c.clickedDeliveries, clickedWithinDays: c.clickedWithinDays },
            now,
          )
        : [],
      c.tappedAreas?.length ? taps.tapSets(db, scope, { tappedAreas: c.tappedAreas }, now) : [],
    ]);
    const memberOnly = [...attributeSets, ...cardSets];
    return {
      memberOnly,
      others: [...routeSets, ...scenarioSets, ...clickSets, ...tapSets],
      middle: memberOnly.length > 0 ? members.middleFriend(scope) : undefined,
    };
  },
});
