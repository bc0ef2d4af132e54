import {
  boolean,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import {
  memberAttributeTypes,
  memberAttributeVisibilities,
  memberCodeShowModes,
  memberLedgerKinds,
  memberProgramKinds,
  memberRankBases,
  memberRoundings,
  memberStatuses,
  couponKinds,
  type MemberRank,
} from '@app/contracts';
import { clients } from './clients.ts';
import { friends } from './friends.ts';
import { stores } from './stores.ts';
import { users } from './users.ts';

export const memberAttributeTypeEnum = pgEnum('member_attribute_type', memberAttributeTypes);
export const memberAttributeVisibilityEnum = pgEnum(
  'member_attribute_visibility',
  memberAttributeVisibilities,
);
export const memberCodeShowModeEnum = pgEnum('member_code_show_mode', memberCodeShowModes);
export const memberStatusEnum = pgEnum('member_status', memberStatuses);

/** Store member settings (one row per member store; missing: the defaults). */
export const memberSettings = pgTable('member_settings', {
  storeId: integer('store_id')
    .primaryKey()
    .references(() => stores.id),
  clientId: integer('client_id')
    .notNull()
    .references(() => clients.id),
  isShowMemberCard: boolean('is_show_member_card').notNull().default(true),
  requireRegistration: boolean('require_registration').notNull().default(true),
  memberCodeShowMode: memberCodeShowModeEnum('member_code_show_mode').notNull().default('QRCODE'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A member attribute definition of a store (the registration form's fields). */
export const memberAttributes = pgTable(
  'member_attributes',
  {
    id: serial('id').primaryKey(),
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id),
    storeId: integer('store_id')
      .notNull()
      .references(() => stores.id),
    visibility: memberAttributeVisibilityEnum('visibility').notNull().default('PUBLIC'),
    label: varchar('label', { length: 50 }).notNull(),
    type: memberAttributeTypeEnum('type').notNull(),
    isRequired: boolean('is_required').notNull().default(false),
    displayOrder: integer('display_order').notNull().default(0),
    internalName: varchar('internal_name', { length: 50 }),
    isDeletable: boolean('is_deletable').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('member_attributes_client_id_idx').on(t.clientId),
    uniqueIndex('member_attributes_store_label_uq').on(t.storeId, t.label),
  ],
);

export const memberAttributeChoices = pgTable(
  'member_attribute_choices',
  {
    id: serial('id').primaryKey(),
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id),
    attributeId: integer('attribute_id')
      .notNull()
      .references(() => memberAttributes.id, { onDelete: 'cascade' }),
    value: varchar('value', { length: 100 }).notNull(),
    displayOrder: integer('display_order').notNull().default(0),
  },
  (t) => [
    index('member_attribute_choices_attribute_id_idx').on(t.attributeId),
    index('member_attribute_choices_client_id_idx').on(t.clientId),
  ],
);

/**
 * A member of a store: one per friend. memberCode is unique per store and random (never derived from
 * another member's), so it cannot be guessed from one's own card.
 */
export const members = pgTable(
  'members',
  {
    id: serial('id').primaryKey(),
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id),
    storeId: integer('store_id')
      .notNull()
      .references(() => stores.id),
    friendId: integer('friend_id')
      .notNull()
      .references(() => friends.id),
    status: memberStatusEnum('status').notNull().default('ACTIVE'),
    memberCode: varchar('member_code', { length: 20 }).notNull(),
    remarks: text('remarks'),
    /** The rank the member holds (the programme's rank name), kept to notice a change; null: none. */
    rankName: varchar('rank_name', { length: 30 }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('members_store_friend_uq').on(t.storeId, t.friendId),
    uniqueIndex('members_store_code_uq').on(t.storeId, t.memberCode),
    index('members_friend_id_idx').on(t.friendId),
    index('members_client_id_idx').on(t.clientId),
    index('members_store_created_idx').on(t.storeId, t.createdAt, t.id),
  ],
);

/**
 * A member's value of one attribute: text (STRING, IMAGE's stored file key), the day (DATE), the number
 * (NUMBER); RADIO and CHECKBOX keep their choices in member_value_choices.
 */
export const memberValues = pgTable(
  'member_values',
  {
    id: serial('id').primaryKey(),
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id),
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    attributeId: integer('attribute_id')
      .notNull()
      .references(() => memberAttributes.id),
    /** The member's friend (members.friend_id, never changes): the search's sets are sets of friends. */
    friendId: integer('friend_id')
      .notNull()
      .references(() => friends.id),
    value: text('value'),
    numberValue: doublePrecision('number_value'),
    dateValue: date('date_value', { mode: 'string' }),
  },
  (t) => [
    uniqueIndex('member_values_member_attribute_uq').on(t.memberId, t.attributeId),
    // Friend search and the member list's filter read the friends of a value test from the index alone.
    index('member_values_attribute_value_idx').on(t.attributeId, t.value, t.friendId),
    index('member_values_attribute_number_idx').on(t.attributeId, t.numberValue, t.friendId),
    index('member_values_attribute_date_idx').on(t.attributeId, t.dateValue, t.friendId),
    index('member_values_client_id_idx').on(t.clientId),
    // a friend's value of an attribute: the friend search's per-friend probe (decision 0019)
    index('member_values_friend_attribute_idx').on(t.friendId, t.attributeId),
  ],
);

export const memberValueChoices = pgTable(
  'member_value_choices',
  {
    memberValueId: integer('member_value_id')
      .notNull()
      .references(() => memberValues.id, { onDelete: 'cascade' }),
    choiceId: integer('choice_id')
      .notNull()
      .references(() => memberAttributeChoices.id),
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id),
    /** The member's friend (as member_values.friend_id): who chose a choice, from the index alone. */
    friendId: integer('friend_id')
      .notNull()
      .references(() => friends.id),
  },
  (t) => [
    primaryKey({ columns: [t.memberValueId, t.choiceId] }),
    index('member_value_choices_choice_id_idx').on(t.choiceId, t.memberValueId),
    index('member_value_choices_choice_friend_idx').on(t.choiceId, t.friendId),
    index('member_value_choices_client_id_idx').on(t.clientId),
  ],
);

/**
 * An image a friend uploaded for an IMAGE attribute (re-encoded; the bytes live in the file storage under
 * `key`, random and unguessable). A value of an IMAGE attribute holds the key; only the uploader's own
 * entry may name it.
 */
export const memberImages = pgTable(
  'member_images',
  {
    id: serial('id').primaryKey(),
    key: varchar('key', { length: 32 }).notNull(),
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id),
    storeId: integer('store_id')
      .notNull()
      .references(() => stores.id),
    friendId: integer('friend_id')
      .notNull()
      .references(() => friends.id),
    contentType: varchar('content_type', { length: 20 }).notNull(),
    byteSize: integer('byte_size').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('member_images_key_uq').on(t.key),
    index('member_images_store_friend_idx').on(t.storeId, t.friendId),
    index('member_images_client_id_idx').on(t.clientId),
  ],
);

/**
 * How many members a store has, per status: the member list's totalItems without counting every row.
 * Kept by statement triggers on members (migration list_counts), so every writer keeps it right.
 */
export const memberCounts = pgTable(
  'member_counts',
  {
    storeId: integer('store_id')
      .notNull()
      .references(() => stores.id),
    status: memberStatusEnum('status').notNull(),
    n: integer('n').notNull(),
  },
  (t) => [primaryKey({ columns: [t.storeId, t.status] })],
);

export const memberProgramKindEnum = pgEnum('member_program_kind', memberProgramKinds);
export const memberRoundingEnum = pgEnum('member_rounding', memberRoundings);
export const memberRankBasisEnum = pgEnum('member_rank_basis', memberRankBases);
export const memberLedgerKindEnum = pgEnum('member_ledger_kind', memberLedgerKinds);

/** The point or stamp programme of a member store and its ranks (issue 33; missing: none yet). */
export const memberPrograms = pgTable('member_programs', {
  storeId: integer('store_id')
    .primaryKey()
    .references(() => stores.id),
  clientId: integer('client_id')
    .notNull()
    .references(() => clients.id),
  kind: memberProgramKindEnum('kind').notNull(),
  pointsPerVisit: integer('points_per_visit').notNull().default(0),
  pointsPerYen: doublePrecision('points_per_yen').notNull().default(0),
  rounding: memberRoundingEnum('rounding').notNull().default('FLOOR'),
  expiryMonths: integer('expiry_months'),
  rewardPoints: integer('reward_points').notNull().default(0),
  stampsForReward: integer('stamps_for_reward').notNull().default(10),
  stampIntervalMinutes: integer('stamp_interval_minutes').notNull().default(0),
  rewardName: varchar('reward_name', { length: 50 }).notNull(),
  rankBasis: memberRankBasisEnum('rank_basis').notNull().default('POINTS_12M'),
  /** Lowest first, the first at threshold 0 (checked by the contract). */
  ranks: jsonb('ranks').$type<MemberRank[]>().notNull().default([]),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The hourly card sweep's mark per member store: the last instant it completed (expiry and ranks) there.
 * A run after an outage processes every Japan-time month start crossed since (decision 0051-sweep-mark).
 */
export const memberCardSweeps = pgTable('member_card_sweeps', {
  storeId: integer('store_id')
    .primaryKey()
    .references(() => stores.id),
  clientId: integer('client_id')
    .notNull()
    .references(() => clients.id),
  sweptAt: timestamp('swept_at', { withTimezone: true }).notNull(),
});

/**
 * The ledger of a member's card: every change is a row, never edited. Balance = sum(points), stamps =
 * sum(stamps), visits = sum(visits). A reversal is a row with the opposite amounts naming the row it
 * reverses (at most once: unique). `expiresAt` on a row that earned points: when they expire.
 */
export const memberLedger = pgTable(
  'member_ledger',
  {
    id: serial('id').primaryKey(),
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id),
    storeId: integer('store_id')
      .notNull()
      .references(() => stores.id),
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id),
    kind: memberLedgerKindEnum('kind').notNull(),
    points: integer('points').notNull().default(0),
    stamps: integer('stamps').notNull().default(0),
    visits: integer('visits').notNull().default(0),
    amountYen: integer('amount_yen'),
    reason: varchar('reason', { length: 200 }),
    /** Who did it; null for the system (an expiry). */
    staffUserId: integer('staff_user_id').references(() => users.id, { onDelete: 'set null' }),
    reversesId: integer('reverses_id'),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    /** A COUPON row: the claim it used (member_coupon_claims.id). */
    couponClaimId: integer('coupon_claim_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('member_ledger_member_idx').on(t.memberId, t.createdAt, t.id),
    index('member_ledger_store_expires_idx').on(t.storeId, t.expiresAt),
    index('member_ledger_client_id_idx').on(t.clientId),
    uniqueIndex('member_ledger_reverses_uq').on(t.reversesId),
  ],
);

// ---- coupons (issue 33, decision 0041) ----

export const couponKindEnum = pgEnum('coupon_kind', couponKinds);

/** A coupon of a member store: claimed in the mini-app, used once per claim at the counter. */
export const memberCoupons = pgTable(
  'member_coupons',
  {
    id: serial('id').primaryKey(),
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id),
    storeId: integer('store_id')
      .notNull()
      .references(() => stores.id),
    name: varchar('name', { length: 40 }).notNull(),
    kind: couponKindEnum('kind').notNull(),
    value: integer('value').notNull().default(0),
    itemText: varchar('item_text', { length: 60 }).notNull().default(''),
    description: varchar('description', { length: 300 }).notNull().default(''),
    imageUrl: text('image_url'),
    /** Japan-time days, both included. */
    validFrom: date('valid_from', { mode: 'string' }).notNull(),
    validTo: date('valid_to', { mode: 'string' }).notNull(),
    perMemberLimit: integer('per_member_limit').notNull().default(1),
    totalLimit: integer('total_limit'),
    isEnabled: boolean('is_enabled').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('member_coupons_store_idx').on(t.storeId, t.id),
    index('member_coupons_client_idx').on(t.clientId),
  ],
);

/**
 * A coupon a member holds: one row per claim, with the code shown at the counter. `usedAt` is set once
 * by a conditional update under the member's lock (a reversal of its ledger row clears it).
 */
export const memberCouponClaims = pgTable(
  'member_coupon_claims',
  {
    id: serial('id').primaryKey(),
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id),
    storeId: integer('store_id')
      .notNull()
      .references(() => stores.id),
    couponId: integer('coupon_id')
      .notNull()
      .references(() => memberCoupons.id),
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id),
    code: varchar('code', { length: 12 }).notNull(),
    claimedAt: timestamp('claimed_at', { withTimezone: true }).notNull().defaultNow(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('member_coupon_claims_code_uq').on(t.storeId, t.code),
    index('member_coupon_claims_member_idx').on(t.memberId, t.couponId),
    index('member_coupon_claims_coupon_idx').on(t.couponId),
    index('member_coupon_claims_client_idx').on(t.clientId),
  ],
);
