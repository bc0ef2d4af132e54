import {
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { clients } from './clients.ts';
import { lineAccounts } from './line-accounts.ts';

/**
 * 流入経路 (inflow module, decision 0038): a route of a LINE account (店頭POP, Instagram...), its public
 * URL named by an unguessable slug, and what it does to the friend it brings (tags, a scenario, a rich menu).
 */
export const inflowRoutes = pgTable(
  'inflow_routes',
  {
    id: serial('id').primaryKey(),
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id),
    lineAccountId: integer('line_account_id')
      .notNull()
      .references(() => lineAccounts.id),
    name: varchar('name', { length: 100 }).notNull(),
    slug: varchar('slug', { length: 32 }).notNull(),
    isActive: boolean('is_active').notNull().default(true),
    /** Tags put on a friend the route brings (the friends door's addTagsToFriend). */
    tagIds: jsonb('tag_ids').$type<number[]>().notNull().default([]),
    /**
     * A scenario of the account to start for the friend (the automation door's enrolInScenario) and a rich
     * menu of the account to link to them (the rich-menus door's queued per-user link), decision 0038's
     * addendum. No foreign key: they are other modules' rows; one deleted later is skipped.
     */
    scenarioId: integer('scenario_id'),
    richMenuId: integer('rich_menu_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('inflow_routes_slug_uq').on(t.slug),
    index('inflow_routes_account_idx').on(t.clientId, t.lineAccountId),
  ],
);

/** One opening of a route's URL: the LINE user when LINE told who it was, and whether they followed already. */
export const inflowVisits = pgTable(
  'inflow_visits',
  {
    id: serial('id').primaryKey(),
    clientId: integer('client_id').notNull(),
    lineAccountId: integer('line_account_id').notNull(),
    routeId: integer('route_id')
      .notNull()
      .references(() => inflowRoutes.id),
    lineUserId: varchar('line_user_id', { length: 64 }),
    wasFriend: boolean('was_friend').notNull().default(false),
    visitedAt: timestamp('visited_at', { withTimezone: true }).notNull(),
    /** The database's time of the insert: ordered against the follow event's (attribution, decision 0038). */
    recordedAt: timestamp('recorded_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('inflow_visits_route_idx').on(t.routeId, t.visitedAt),
    index('inflow_visits_user_idx').on(t.lineAccountId, t.lineUserId, t.visitedAt),
  ],
);

/**
 * A follow (NEW_FRIEND) or an unblock (UNBLOCK) attributed to a route: the last visit of the user within
 * the window before it (decision 0038). One row per domain event; memberAt when the friend registered later.
 */
export const inflowAttributions = pgTable(
  'inflow_attributions',
  {
    id: serial('id').primaryKey(),
    clientId: integer('client_id').notNull(),
    lineAccountId: integer('line_account_id').notNull(),
    routeId: integer('route_id')
      .notNull()
      .references(() => inflowRoutes.id),
    visitId: integer('visit_id').notNull(),
    friendId: integer('friend_id').notNull(),
    kind: varchar('kind', { length: 16 }).$type<'NEW_FRIEND' | 'UNBLOCK'>().notNull(),
    /** The domain event attributed (null: a past follow written by the demo's history). */
    eventId: integer('event_id'),
    attributedAt: timestamp('attributed_at', { withTimezone: true }).notNull(),
    memberAt: timestamp('member_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('inflow_attributions_event_uq').on(t.eventId),
    // a visit brings one follow at most
    uniqueIndex('inflow_attributions_visit_uq').on(t.visitId),
    index('inflow_attributions_route_idx').on(t.routeId, t.attributedAt),
    index('inflow_attributions_friend_idx').on(t.lineAccountId, t.friendId),
  ],
);

/**
 * The route report's daily roll-up (decision 0058): per route and Japan day, kept by statement triggers on
 * inflow_visits, inflow_attributions and friends (migration report_rollups) in the writer's transaction.
 * Distinct counts are counted on the day of each person's LAST touch (the report's periods all end now, so
 * "touched since S" is "last touch since S"): visitors (named), blocked (attributed friends who do not
 * follow now) and members (friends with a member-marked attribution) sum exactly over days.
 */
export const inflowRouteDays = pgTable(
  'inflow_route_days',
  {
    routeId: integer('route_id').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    visits: integer('visits').notNull().default(0),
    /** visits without a LINE user: each one a visitor of its own */
    anonymous: integer('anonymous').notNull().default(0),
    /** named visitors whose last visit of the route is on this day */
    visitors: integer('visitors').notNull().default(0),
    newFriends: integer('new_friends').notNull().default(0),
    unblocks: integer('unblocks').notNull().default(0),
    /** attributed friends whose last attribution to the route is on this day and who do not follow now */
    blocked: integer('blocked').notNull().default(0),
    /** friends whose last member-marked attribution to the route is on this day */
    members: integer('members').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.routeId, t.day] })],
);

/** Each named visitor's last visit of a route (the roll-up's visitors move with it). */
export const inflowRouteVisitors = pgTable(
  'inflow_route_visitors',
  {
    routeId: integer('route_id').notNull(),
    lineUserId: varchar('line_user_id', { length: 64 }).notNull(),
    /** null only inside the trigger, between the row's claim and its first value */
    lastVisitedAt: timestamp('last_visited_at', { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.routeId, t.lineUserId] })],
);

/** Each attributed friend's last attribution to a route, and their last member-marked one. */
export const inflowRouteFriends = pgTable(
  'inflow_route_friends',
  {
    routeId: integer('route_id').notNull(),
    friendId: integer('friend_id').notNull(),
    lastAt: timestamp('last_at', { withTimezone: true }),
    memberLastAt: timestamp('member_last_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.routeId, t.friendId] }),
    index('inflow_route_friends_friend_idx').on(t.friendId),
  ],
);
