import {
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  serial,
  text,
  time,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { closurePatterns, scheduleStatuses, staffShiftStatuses, staffStatuses } from '@app/contracts';
import { clients } from './clients.ts';
import { friends } from './friends.ts';
import { stores } from './stores.ts';

export const shiftStaffStatusEnum = pgEnum('shift_staff_status', staffStatuses);
export const staffShiftStatusEnum = pgEnum('staff_shift_status', staffShiftStatuses);
export const scheduleStatusEnum = pgEnum('schedule_status', scheduleStatuses);
export const closurePatternEnum = pgEnum('shift_closure_pattern', closurePatterns);

const tenant = () => ({
  clientId: integer('client_id')
    .notNull()
    .references(() => clients.id),
  storeId: integer('store_id')
    .notNull()
    .references(() => stores.id),
});
const stamps = () => ({
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Staff of a shift store: a friend of its LINE account, or a helper (no LINE, friendId null, a name). */
export const shiftStaff = pgTable(
  'shift_staff',
  {
    id: serial('id').primaryKey(),
    ...tenant(),
    friendId: integer('friend_id').references(() => friends.id),
    helperName: varchar('helper_name', { length: 50 }),
    employeeNumber: varchar('employee_number', { length: 50 }),
    status: shiftStaffStatusEnum('status').notNull().default('PENDING'),
    managerNotes: text('manager_notes'),
    approvedAt: timestamp('approved_at', { withTimezone: true }),
    /** The staff member's own caps for the automatic draft (null = the store's), and monthly target hours. */
    maxHoursPerDay: integer('max_hours_per_day'),
    maxHoursPerWeek: integer('max_hours_per_week'),
    maxHoursPerMonth: integer('max_hours_per_month'),
    targetHoursPerMonth: integer('target_hours_per_month'),
    ...stamps(),
  },
  (t) => [
    uniqueIndex('shift_staff_store_friend_uq').on(t.storeId, t.friendId),
    index('shift_staff_client_id_idx').on(t.clientId),
    index('shift_staff_friend_id_idx').on(t.friendId),
  ],
);

/** One remark (備考) per staff member and day. */
export const staffRemarks = pgTable(
  'staff_remarks',
  {
    id: serial('id').primaryKey(),
    ...tenant(),
    staffId: integer('staff_id')
      .notNull()
      .references(() => shiftStaff.id, { onDelete: 'cascade' }),
    date: date('date', { mode: 'string' }).notNull(),
    remark: text('remark').notNull(),
    ...stamps(),
  },
  (t) => [
    uniqueIndex('staff_remarks_staff_date_uq').on(t.staffId, t.date),
    index('staff_remarks_store_date_idx').on(t.storeId, t.date),
    index('staff_remarks_client_id_idx').on(t.clientId),
  ],
);

/** Weekly rule: required staff for a weekday's time slot. dayOfWeek '1' (Monday) to '7' (Sunday). */
export const normalRules = pgTable(
  'normal_rules',
  {
    id: serial('id').primaryKey(),
    ...tenant(),
    dayOfWeek: varchar('day_of_week', { length: 1 }).notNull(),
    shiftStartTime: time('shift_start_time').notNull(),
    shiftEndTime: time('shift_end_time').notNull(),
    shiftDurationMinutes: integer('shift_duration_minutes').notNull(),
    shiftEndDayDiff: integer('shift_end_day_diff').notNull().default(0),
    staffCount: integer('staff_count').notNull().default(0),
    isRest: boolean('is_rest').notNull().default(false),
    ...stamps(),
  },
  (t) => [
    index('normal_rules_store_idx').on(t.storeId, t.dayOfWeek),
    index('normal_rules_client_id_idx').on(t.clientId),
  ],
);

export const specialRuleGroups = pgTable(
  'special_rule_groups',
  {
    id: serial('id').primaryKey(),
    ...tenant(),
    label: varchar('label', { length: 50 }).notNull(),
    ...stamps(),
  },
  (t) => [
    index('special_rule_groups_store_id_idx').on(t.storeId),
    index('special_rule_groups_client_id_idx').on(t.clientId),
  ],
);

/** A dated rule of a group: required staff between two store-local date-times. */
export const specialRules = pgTable(
  'special_rules',
  {
    id: serial('id').primaryKey(),
    ...tenant(),
    specialRuleGroupId: integer('special_rule_group_id')
      .notNull()
      .references(() => specialRuleGroups.id, { onDelete: 'cascade' }),
    shiftStartDateTime: timestamp('shift_start_date_time', { withTimezone: true }).notNull(),
    shiftEndDateTime: timestamp('shift_end_date_time', { withTimezone: true }).notNull(),
    shiftDurationMinutes: integer('shift_duration_minutes').notNull(),
    staffCount: integer('staff_count').notNull().default(0),
    isRest: boolean('is_rest').notNull().default(false),
    ...stamps(),
  },
  (t) => [
    index('special_rules_group_id_idx').on(t.specialRuleGroupId),
    index('special_rules_store_start_idx').on(t.storeId, t.shiftStartDateTime),
    index('special_rules_client_id_idx').on(t.clientId),
  ],
);

/** The shift table of one closure period; PUBLISHED once its drafts are approved. */
export const schedules = pgTable(
  'schedules',
  {
    id: serial('id').primaryKey(),
    ...tenant(),
    periodKey: varchar('period_key', { length: 16 }).notNull(),
    status: scheduleStatusEnum('status').notNull().default('DRAFT'),
    start: date('start', { mode: 'string' }).notNull(),
    end: date('end', { mode: 'string' }).notNull(),
    ...stamps(),
  },
  (t) => [
    uniqueIndex('schedules_store_period_uq').on(t.storeId, t.periodKey),
    index('schedules_client_id_idx').on(t.clientId),
  ],
);

/**
 * A shift of one staff member. startAt/endAt are instants; the store's zone gives their wall-clock
 * times, and the shift counts on the store-local day it starts. duration in minutes.
 */
export const staffShifts = pgTable(
  'staff_shifts',
  {
    id: serial('id').primaryKey(),
    ...tenant(),
    scheduleId: integer('schedule_id').references(() => schedules.id, { onDelete: 'set null' }),
    staffId: integer('staff_id')
      .notNull()
      .references(() => shiftStaff.id, { onDelete: 'cascade' }),
    status: staffShiftStatusEnum('status').notNull(),
    startAt: timestamp('start_at', { withTimezone: true }).notNull(),
    endAt: timestamp('end_at', { withTimezone: true }).notNull(),
    duration: integer('duration').notNull(),
    managerNote: text('manager_note'),
    isRest: boolean('is_rest').notNull().default(false),
    /** Set when the staff member submitted it from the mini-app; kept through later changes. */
    requestedAt: timestamp('requested_at', { withTimezone: true }),
    originalStartAt: timestamp('original_start_at', { withTimezone: true }),
    originalEndAt: timestamp('original_end_at', { withTimezone: true }),
    originalDuration: integer('original_duration'),
    hasBeenModified: boolean('has_been_modified').notNull().default(false),
    ...stamps(),
  },
  (t) => [
    index('staff_shifts_store_start_idx').on(t.storeId, t.startAt),
    index('staff_shifts_staff_start_idx').on(t.staffId, t.startAt),
    index('staff_shifts_schedule_id_idx').on(t.scheduleId),
    index('staff_shifts_client_id_idx').on(t.clientId),
  ],
);

export const shiftClosureSettings = pgTable(
  'shift_closure_settings',
  {
    id: serial('id').primaryKey(),
    ...tenant(),
    pattern: closurePatternEnum('pattern').notNull().default('FULL_MONTH'),
    dayOfMonth: integer('day_of_month').notNull().default(20),
    firstHalfDate: integer('first_half_date').notNull().default(16),
    secondHalfDate: integer('second_half_date').notNull().default(1),
    isPublished: boolean('is_published').notNull().default(false),
    timeDivisionSetting: integer('time_division_setting').notNull().default(15),
    /** The automatic draft's rules (docs/decisions/0017): rest between working days, caps (null = none). */
    minRestHours: integer('min_rest_hours').notNull().default(11),
    maxHoursPerDay: integer('max_hours_per_day'),
    maxHoursPerWeek: integer('max_hours_per_week'),
    maxHoursPerMonth: integer('max_hours_per_month'),
    allowMultipleShiftsPerDay: boolean('allow_multiple_shifts_per_day').notNull().default(false),
    ...stamps(),
  },
  (t) => [
    uniqueIndex('shift_closure_settings_store_uq').on(t.storeId),
    index('shift_closure_settings_client_id_idx').on(t.clientId),
  ],
);

/** Three reminders: each fires at `time`, `dayGap` days from a period's closing date. */
export const reminderSettings = pgTable(
  'reminder_settings',
  {
    id: serial('id').primaryKey(),
    ...tenant(),
    reminder1Time: varchar('reminder1_time', { length: 5 }),
    reminder1DayGap: integer('reminder1_day_gap'),
    reminder2Time: varchar('reminder2_time', { length: 5 }),
    reminder2DayGap: integer('reminder2_day_gap'),
    reminder3Time: varchar('reminder3_time', { length: 5 }),
    reminder3DayGap: integer('reminder3_day_gap'),
    ...stamps(),
  },
  (t) => [
    uniqueIndex('reminder_settings_store_uq').on(t.storeId),
    index('reminder_settings_client_id_idx').on(t.clientId),
  ],
);

/** Named shift presets (早番, 遅番...). */
export const shiftPatterns = pgTable(
  'shift_patterns',
  {
    id: serial('id').primaryKey(),
    ...tenant(),
    name: varchar('name', { length: 50 }).notNull(),
    startHour: integer('start_hour').notNull(),
    startMinute: integer('start_minute').notNull(),
    endHour: integer('end_hour').notNull(),
    endMinute: integer('end_minute').notNull(),
    endDayDiff: integer('end_day_diff').notNull().default(0),
    ...stamps(),
  },
  (t) => [
    index('shift_patterns_store_id_idx').on(t.storeId),
    index('shift_patterns_client_id_idx').on(t.clientId),
  ],
);

/**
 * An automatic draft as previewed (docs/decisions/0042): the answer shown and what accepting it saves, by
 * the version of everything it was made from (`inputKey`: the window's shifts with their update times,
 * the staff, rules, settings and caps, the mode). Accepting on any process saves this plan when the inputs
 * are still the same, without solving again. Kept a day.
 */
export const shiftAutoDrafts = pgTable(
  'shift_auto_drafts',
  {
    id: serial('id').primaryKey(),
    ...tenant(),
    inputKey: varchar('input_key', { length: 64 }).notNull(),
    answer: jsonb('answer').$type<Record<string, unknown>>().notNull(),
    save: jsonb('save').$type<Record<string, unknown>>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('shift_auto_drafts_store_input_uq').on(t.storeId, t.inputKey),
    index('shift_auto_drafts_client_id_idx').on(t.clientId),
  ],
);
