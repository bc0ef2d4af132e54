import { and, eq } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { reminderSettings, shiftClosureSettings } from '../../../db/schema/shift.ts';
import type { ClosureRule, Reminder } from './periods.ts';
import type { StoreScope } from '../shift-store.ts';

export type DraftRules = {
  minRestHours: number;
  maxHoursPerDay: number | null;
  maxHoursPerWeek: number | null;
  maxHoursPerMonth: number | null;
  allowMultipleShiftsPerDay: boolean;
};
export type ClosureSetting = ClosureRule & DraftRules & { isPublished: boolean; timeDivisionSetting: number };

/** What a store without a saved setting uses (SPEC.md 3 defaults; dayOfMonth 20 is ours). */
export const defaultClosure: ClosureSetting = {
  pattern: 'FULL_MONTH',
  dayOfMonth: 20,
  firstHalfDate: 16,
  secondHalfDate: 1,
  isPublished: false,
  timeDivisionSetting: 15,
  minRestHours: 11,
  maxHoursPerDay: null,
  maxHoursPerWeek: null,
  maxHoursPerMonth: null,
  allowMultipleShiftsPerDay: false,
};

export async function getClosureSetting(db: Db, scope: StoreScope): Promise<ClosureSetting> {
  const [row] = await db
    .select()
    .from(shiftClosureSettings)
    .where(
      and(eq(shiftClosureSettings.clientId, scope.clientId), eq(shiftClosureSettings.storeId, scope.storeId)),
    )
    .limit(1);
  if (!row) return { ...defaultClosure };
  return {
    pattern: row.pattern,
    dayOfMonth: row.dayOfMonth,
    firstHalfDate: row.firstHalfDate,
    secondHalfDate: row.secondHalfDate,
    isPublished: row.isPublished,
    timeDivisionSetting: row.timeDivisionSetting,
    minRestHours: row.minRestHours,
    maxHoursPerDay: row.maxHoursPerDay,
    maxHoursPerWeek: row.maxHoursPerWeek,
    maxHoursPerMonth: row.maxHoursPerMonth,
    allowMultipleShiftsPerDay: row.allowMultipleShiftsPerDay,
  };
}

export async function saveClosureSetting(db: Db, scope: StoreScope, values: ClosureSetting): Promise<void> {
  await db
    .insert(shiftClosureSettings)
    .values({ ...scope, ...values })
    .onConflictDoUpdate({ target: shiftClosureSettings.storeId, set: { ...values, updatedAt: new Date() } });
}

export async function getReminders(db: Db, scope: StoreScope): Promise<Reminder[]> {
  const [row] = await db
    .select()
    .from(reminderSettings)
    .where(and(eq(reminderSettings.clientId, scope.clientId), eq(reminderSettings.storeId, scope.storeId)))
    .limit(1);
  return [
    { time: row?.reminder1Time ?? null, dayGap: row?.reminder1DayGap ?? null },
    { time: row?.reminder2Time ?? null, dayGap: row?.reminder2DayGap ?? null },
    { time: row?.reminder3Time ?? null, dayGap: row?.reminder3DayGap ?? null },
  ];
}

export async function saveReminders(db: Db, scope: StoreScope, reminders: Reminder[]): Promise<void> {
  const values = {
    reminder1Time: reminders[0]?.time ?? null,
    reminder1DayGap: reminders[0]?.dayGap ?? null,
    reminder2Time: reminders[1]?.time ?? null,
    reminder2DayGap: reminders[1]?.dayGap ?? null,
    reminder3Time: reminders[2]?.time ?? null,
    reminder3DayGap: reminders[2]?.dayGap ?? null,
  };
  await db
    .insert(reminderSettings)
    .values({ ...scope, ...values })
    .onConflictDoUpdate({ target: reminderSettings.storeId, set: { ...values, updatedAt: new Date() } });
}

/** Stores whose closure setting is published: the daily planner's work list. */
export async function listPublishedStoreScopes(db: Db): Promise<StoreScope[]> {
  return db
    .select({ clientId: shiftClosureSettings.clientId, storeId: shiftClosureSettings.storeId })
    .from(shiftClosureSettings)
    .where(eq(shiftClosureSettings.isPublished, true));
}
