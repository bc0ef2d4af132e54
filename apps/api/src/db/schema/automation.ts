import type {
  AutomationAction,
  DeliveryMessage,
  EnrolmentStatus,
  Keyword,
  ScenarioAction,
  ScenarioTrigger,
  StepConditions,
  StepDelay,
  StopReason,
  TimeWindow,
} from '@app/contracts';
import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  timestamp,
  uniqueIndex,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';
import { clients } from './clients.ts';
import { friends } from './friends.ts';
import { lineAccounts } from './line-accounts.ts';

/** あいさつメッセージ of a LINE account (automation module): one row per account, once set. */
export const greetings = pgTable(
  'greetings',
  {
    id: serial('id').primaryKey(),
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id),
    lineAccountId: integer('line_account_id')
      .notNull()
      .references(() => lineAccounts.id),
    newFriendMessages: jsonb('new_friend_messages').$type<DeliveryMessage[]>().notNull(),
    unblockMessages: jsonb('unblock_messages').$type<DeliveryMessage[]>().notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('greetings_account_uq').on(t.lineAccountId),
    index('greetings_client_id_idx').on(t.clientId),
  ],
);

const accountColumns = () => ({
  id: serial('id').primaryKey(),
  clientId: integer('client_id')
    .notNull()
    .references(() => clients.id),
  lineAccountId: integer('line_account_id')
    .notNull()
    .references(() => lineAccounts.id),
});

/** 応答メッセージ: keyword rules of an account, tried by position (decision 0036). */
export const keywordRules = pgTable(
  'keyword_rules',
  {
    ...accountColumns(),
    position: integer('position').notNull(),
    name: varchar('name', { length: 50 }).notNull(),
    keywords: jsonb('keywords').$type<Keyword[]>().notNull(),
    timeWindow: jsonb('time_window').$type<TimeWindow | null>(),
    days: jsonb('days').$type<number[]>().notNull(),
    outOfHours: boolean('out_of_hours').notNull().default(false),
    enabled: boolean('enabled').notNull().default(true),
    messages: jsonb('messages').$type<DeliveryMessage[]>().notNull(),
    actions: jsonb('actions').$type<AutomationAction[]>().notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('keyword_rules_account_idx').on(t.lineAccountId, t.position),
    index('keyword_rules_client_id_idx').on(t.clientId),
  ],
);

/** The reply for a message no rule matches: one row per account, once set. */
export const keywordFallbacks = pgTable(
  'keyword_fallbacks',
  {
    ...accountColumns(),
    enabled: boolean('enabled').notNull().default(false),
    messages: jsonb('messages').$type<DeliveryMessage[]>().notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('keyword_fallbacks_account_uq').on(t.lineAccountId),
    index('keyword_fallbacks_client_id_idx').on(t.clientId),
  ],
);

/** What a rich menu area's postback (`automation:postback:<id>`) does: a reply and actions. */
export const postbackActions = pgTable(
  'postback_actions',
  {
    ...accountColumns(),
    name: varchar('name', { length: 50 }).notNull(),
    messages: jsonb('messages').$type<DeliveryMessage[]>().notNull(),
    actions: jsonb('actions').$type<AutomationAction[]>().notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('postback_actions_account_idx').on(t.lineAccountId),
    index('postback_actions_client_id_idx').on(t.clientId),
  ],
);

/** Every automated send: a free reply (REPLY) or a push counted against the quota (PUSH). */
export const automationSends = pgTable(
  'automation_sends',
  {
    ...accountColumns(),
    friendId: integer('friend_id')
      .notNull()
      .references(() => friends.id, { onDelete: 'cascade' }),
    kind: varchar('kind', { length: 16 }).$type<'GREETING' | 'KEYWORD' | 'FALLBACK' | 'POSTBACK'>().notNull(),
    sourceName: varchar('source_name', { length: 100 }).notNull(),
    friendName: varchar('friend_name', { length: 100 }).notNull(),
    via: varchar('via', { length: 8 }).$type<'REPLY' | 'PUSH'>().notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('automation_sends_account_idx').on(t.lineAccountId, t.sentAt),
    index('automation_sends_client_id_idx').on(t.clientId),
    index('automation_sends_friend_id_idx').on(t.friendId),
  ],
);

// ---- step delivery (ステップ配信 / シナリオ), decision 0037 ----

/** A scenario of a LINE account: its trigger, stop conditions, and whether it runs. */
export const scenarios = pgTable(
  'scenarios',
  {
    id: serial('id').primaryKey(),
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id),
    lineAccountId: integer('line_account_id')
      .notNull()
      .references(() => lineAccounts.id),
    name: varchar('name', { length: 50 }).notNull(),
    enabled: boolean('enabled').notNull().default(false),
    trigger: varchar('trigger', { length: 20 }).$type<ScenarioTrigger>().notNull(),
    /** TAG_ADDED: the tag (of the account) whose adding starts the scenario; null for the other triggers. */
    triggerTagId: integer('trigger_tag_id'),
    /** RANK_REACHED: the member card rank (by name) whose reaching upwards starts it; null for the others. */
    triggerRank: varchar('trigger_rank', { length: 30 }),
    stopTagIds: jsonb('stop_tag_ids').$type<number[]>().notNull().default([]),
    stopOnMember: boolean('stop_on_member').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('scenarios_account_idx').on(t.lineAccountId, t.trigger),
    index('scenarios_client_id_idx').on(t.clientId),
  ],
);

/**
 * A step of a scenario. Its id is stable across edits (a friend's progress names it); a step removed from
 * the scenario is kept with `removedAt`, so a friend past it is never sent it again.
 */
export const scenarioSteps = pgTable(
  'scenario_steps',
  {
    id: serial('id').primaryKey(),
    scenarioId: integer('scenario_id')
      .notNull()
      .references(() => scenarios.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    delay: jsonb('delay').$type<StepDelay>().notNull(),
    /**
     * segmentId is absent from steps saved before the segment condition, segmentConditions from steps
     * saved before the conditions written in a step (both read as null).
     */
    conditions: jsonb('conditions')
      .$type<
        Omit<StepConditions, 'segmentId' | 'segmentConditions'> & {
          segmentId?: number | null;
          segmentConditions?: StepConditions['segmentConditions'];
        }
      >()
      .notNull(),
    messages: jsonb('messages').$type<DeliveryMessage[]>().notNull(),
    actions: jsonb('actions').$type<ScenarioAction[]>().notNull(),
    sentCount: integer('sent_count').notNull().default(0),
    skippedCount: integer('skipped_count').notNull().default(0),
    removedAt: timestamp('removed_at', { withTimezone: true }),
  },
  (t) => [index('scenario_steps_scenario_idx').on(t.scenarioId, t.position)],
);

/**
 * A friend in a scenario: ACTIVE with the next step and its due time, COMPLETED after the last step, or
 * STOPPED. The scheduler finds due enrolments by `due_at` (partial index on the ACTIVE ones).
 */
export const scenarioEnrolments = pgTable(
  'scenario_enrolments',
  {
    id: serial('id').primaryKey(),
    clientId: integer('client_id').notNull(),
    lineAccountId: integer('line_account_id').notNull(),
    scenarioId: integer('scenario_id')
      .notNull()
      .references(() => scenarios.id, { onDelete: 'cascade' }),
    friendId: integer('friend_id').notNull(),
    lineUserId: varchar('line_user_id', { length: 64 }).notNull(),
    status: varchar('status', { length: 12 }).$type<EnrolmentStatus>().notNull().default('ACTIVE'),
    stopReason: varchar('stop_reason', { length: 20 }).$type<StopReason>(),
    enrolledAt: timestamp('enrolled_at', { withTimezone: true }).notNull(),
    /** Every step sent or skipped for this friend: never sent again, however the scenario is edited. */
    doneStepIds: jsonb('done_step_ids').$type<number[]>().notNull().default([]),
    /** When the last step done fell due (the base of a delay "after the previous step"). */
    lastStepAt: timestamp('last_step_at', { withTimezone: true }),
    nextStepId: integer('next_step_id'),
    dueAt: timestamp('due_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('scenario_enrolments_friend_uq').on(t.scenarioId, t.friendId),
    // (due_at, id): the scheduler's claim reads the earliest due in its order (`order by due_at, id limit
    // 5000`) from the index, without sorting every due row of a scenario whose step falls due at once
    index('scenario_enrolments_due_idx')
      .on(t.dueAt, t.id)
      .where(sql`${t.status} = 'ACTIVE'`),
    index('scenario_enrolments_friend_idx').on(t.friendId),
  ],
);

/**
 * One LINE call of the scheduler (a push or a multicast of up to 500 friends due for the same step),
 * stored with its retry key before the call: a crash after the call repeats the key, LINE answers 409,
 * nobody gets the step twice (decision 0037).
 */
export const scenarioSends = pgTable(
  'scenario_sends',
  {
    id: serial('id').primaryKey(),
    scenarioId: integer('scenario_id')
      .notNull()
      .references(() => scenarios.id, { onDelete: 'cascade' }),
    stepId: integer('step_id').notNull(),
    retryKey: uuid('retry_key').notNull(),
    recipients: jsonb('recipients').$type<string[]>().notNull(),
    /**
     * A push to one friend of a step with links: the friend's recipient token (decision 0060), stored with
     * the send, so every retry names the friend with the same token. Null: no tracked links.
     */
    linkToken: varchar('link_token', { length: 24 }),
    /**
     * A push to one friend of a step whose texts carry the friend-name placeholder: the name as read when
     * the send was planned (お客様 for a friend without one), stored with the send, so every retry sends the
     * same text. Null: the step's texts go as written (a multicast, or a link step without the name).
     */
    recipientName: varchar('recipient_name', { length: 100 }),
    status: varchar('status', { length: 10 })
      .$type<'PENDING' | 'SENT' | 'FAILED'>()
      .notNull()
      .default('PENDING'),
    error: varchar('error', { length: 500 }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('scenario_sends_retry_key_uq').on(t.retryKey),
    index('scenario_sends_pending_idx')
      .on(t.createdAt)
      .where(sql`${t.status} = 'PENDING'`),
  ],
);
