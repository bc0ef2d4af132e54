import type { RichMenuArea, TabConfig } from '@app/contracts';
import { sql } from 'drizzle-orm';
import {
  boolean,
  customType,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  timestamp,
  varchar,
} from 'drizzle-orm/pg-core';
import { clients } from './clients.ts';
import { savedSegments } from './deliveries.ts';
import { friends, tags } from './friends.ts';
import { lineAccounts } from './line-accounts.ts';
import { users } from './users.ts';

/** Binary column (PostgreSQL bytea); PGlite hands back a Uint8Array, node-postgres a Buffer. */
const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

/**
 * A rich menu of a LINE account. The menu itself lives at LINE (lineRichMenuId; LINE's menus are
 * immutable, so a change makes a new one there); the row keeps what the editor needs to show it again
 * (the object, the uploaded image) and who changed it last.
 */
export const richMenus = pgTable(
  'rich_menus',
  {
    id: serial('id').primaryKey(),
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id),
    lineAccountId: integer('line_account_id')
      .notNull()
      .references(() => lineAccounts.id),
    lineRichMenuId: varchar('line_rich_menu_id', { length: 100 }).notNull(),
    name: varchar('name', { length: 300 }).notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    selected: boolean('selected').notNull().default(false),
    chatBarText: varchar('chat_bar_text', { length: 14 }).notNull(),
    areas: jsonb('areas').$type<RichMenuArea[]>().notNull(),
    imageType: varchar('image_type', { length: 16 }).notNull(),
    image: bytea('image').notNull(),
    /** The account's default menu at LINE (at most one per account). */
    isDefault: boolean('is_default').notNull().default(false),
    /** A tab of a tabbed rich menu: the group (one menu per tab), its place, its alias at LINE. */
    tabGroupId: varchar('tab_group_id', { length: 40 }),
    tabIndex: integer('tab_index'),
    menuAliasId: varchar('menu_alias_id', { length: 32 }),
    /** The group's tabs as they were sent, on each of its rows. */
    tabConfig: jsonb('tab_config').$type<TabConfig[]>(),
    /**
     * The menu's key in the URLs of its uri areas at LINE (the tap hop, decision 0049 addendum): 96 random
     * bits, so a hop URL names one menu and cannot be guessed from another's.
     */
    tapSlug: varchar('tap_slug', { length: 24 }).unique(),
    updatedByUserId: integer('updated_by_user_id').references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('rich_menus_account_idx').on(t.clientId, t.lineAccountId)],
);

/**
 * A friend's tap on an area of one of our rich menus (issue 32, decision 0049): recorded from the webhook's
 * postback when its data carries our tap mark (`#tap:<menu id>:<area index>`), and by the tap hop of a uri
 * area (the friend of the LIFF ID token, or nobody). A deleted menu takes its taps.
 */
export const richMenuTaps = pgTable(
  'rich_menu_taps',
  {
    id: serial('id').primaryKey(),
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id),
    lineAccountId: integer('line_account_id')
      .notNull()
      .references(() => lineAccounts.id),
    richMenuId: integer('rich_menu_id')
      .notNull()
      .references(() => richMenus.id, { onDelete: 'cascade' }),
    areaIndex: integer('area_index').notNull(),
    /** The friend who tapped; null for a uri area opened outside LINE or by someone we cannot name. */
    friendId: integer('friend_id').references(() => friends.id, { onDelete: 'cascade' }),
    tappedAt: timestamp('tapped_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('rich_menu_taps_menu_idx').on(t.clientId, t.lineAccountId, t.richMenuId, t.tappedAt),
    index('rich_menu_taps_friend_idx').on(t.friendId),
  ],
);

/**
 * The tap report's daily roll-up (decision 0058): per menu, area and Japan day, kept by statement triggers
 * on rich_menu_taps (migration report_rollups). friends: named friends whose LAST tap of the area is on
 * this day, so "friends who tapped since S" sums exactly over the days after S's day; S's own day is
 * read from rich_menu_tap_friends (one day of rows).
 */
export const richMenuTapDays = pgTable(
  'rich_menu_tap_days',
  {
    richMenuId: integer('rich_menu_id').notNull(),
    areaIndex: integer('area_index').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    taps: integer('taps').notNull().default(0),
    friends: integer('friends').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.richMenuId, t.areaIndex, t.day] })],
);

/** Each named friend's last tap of a menu's area (the roll-up's friends move with it). */
export const richMenuTapFriends = pgTable(
  'rich_menu_tap_friends',
  {
    richMenuId: integer('rich_menu_id').notNull(),
    areaIndex: integer('area_index').notNull(),
    friendId: integer('friend_id').notNull(),
    /** null only inside the trigger, between the row's claim and its first value */
    lastTappedAt: timestamp('last_tapped_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.richMenuId, t.areaIndex, t.friendId] }),
    index('rich_menu_tap_friends_last_idx').on(t.richMenuId, t.lastTappedAt, t.areaIndex),
    index('rich_menu_tap_friends_friend_idx').on(t.friendId, t.lastTappedAt),
  ],
);

/**
 * The rich menu per tag or saved segment (issue 28, decision 0059): the account's rules in priority order
 * (position 0 first). A friend sees the menu of the first rule they match (LINE's per-user link), else the
 * account's default. A rule names a tag or a saved segment; deleting the menu, the tag or the segment
 * takes the rule (a tag in use is refused first, decision 0053).
 */
export const richMenuRules = pgTable(
  'rich_menu_rules',
  {
    id: serial('id').primaryKey(),
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id),
    lineAccountId: integer('line_account_id')
      .notNull()
      .references(() => lineAccounts.id),
    position: integer('position').notNull(),
    richMenuId: integer('rich_menu_id')
      .notNull()
      .references(() => richMenus.id, { onDelete: 'cascade' }),
    tagId: integer('tag_id').references(() => tags.id, { onDelete: 'cascade' }),
    segmentId: integer('segment_id').references(() => savedSegments.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('rich_menu_rules_account_idx').on(t.clientId, t.lineAccountId, t.position)],
);

/**
 * Each friend's menu of the rules, as linked at LINE, and whether the rules must be evaluated for them
 * again (decision 0059). An event (a tag added or taken off, a follow), a save of the rules or the hourly
 * run raises `generation`; the link job evaluates the friends whose `evaluated` is behind, links or
 * unlinks at LINE, then sets `evaluated` to the generation it read, so a raise while it worked is not lost.
 * `lineRichMenuId` is LINE's id linked (null: no rule's menu, the default shows); a menu edited since has
 * a new LINE id, which the next evaluation links again.
 */
export const friendRichMenus = pgTable(
  'friend_rich_menus',
  {
    friendId: integer('friend_id')
      .notNull()
      .references(() => friends.id, { onDelete: 'cascade' }),
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id),
    lineAccountId: integer('line_account_id')
      .notNull()
      .references(() => lineAccounts.id),
    richMenuId: integer('rich_menu_id').references(() => richMenus.id, { onDelete: 'set null' }),
    lineRichMenuId: varchar('line_rich_menu_id', { length: 100 }),
    generation: integer('generation').notNull().default(1),
    evaluated: integer('evaluated').notNull().default(0),
    linkedAt: timestamp('linked_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.friendId] }),
    index('friend_rich_menus_account_idx').on(t.lineAccountId, t.friendId),
    // the pending friends of an account in id order (the link job's read, the screen's count): only the
    // rows still to be evaluated, so a round reads its 2,000 rather than pass every settled friend
    index('friend_rich_menus_pending_idx')
      .on(t.lineAccountId, t.friendId)
      .where(sql`${t.generation} > ${t.evaluated}`),
  ],
);

/**
 * The link job of an account that is at work (decision 0059, addendum): one run of an account at a time, so
 * two runs (two processes) never read the same pending friends and repeat LINE's calls. A run takes the
 * lease when it is free or has run out (a crashed run's lasts as long as its job's lease) and gives it back
 * at its end.
 */
export const richMenuLinkLeases = pgTable('rich_menu_link_leases', {
  lineAccountId: integer('line_account_id')
    .primaryKey()
    .references(() => lineAccounts.id, { onDelete: 'cascade' }),
  jobId: integer('job_id').notNull(),
  lockedUntil: timestamp('locked_until', { withTimezone: true }).notNull(),
});
