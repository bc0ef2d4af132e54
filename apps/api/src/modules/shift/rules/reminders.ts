import { z } from 'zod';
import { inTransaction, type Db } from '../../../db/client.ts';
import { recordDomainEvent } from '../../../platform/domain-events.ts';
import { cancelPendingJobs, enqueueJob, type JobContext } from '../../../platform/jobs.ts';
import { addDays, localDay, zonedInstant } from '../../../platform/dates.ts';
import {
  isActiveReminder,
  nextPeriod,
  openPeriodOn,
  periodOf,
  reminderFireAt,
  type PeriodDays,
} from './periods.ts';
import {
  getClosureSetting,
  getReminders,
  listPublishedStoreScopes,
  type ClosureSetting,
} from './settings.repository.ts';
import { findShiftStore, type ShiftStoreRow, type StoreScope } from '../shift-store.ts';
import { staffIdsWithRequests } from '../table/shifts.repository.ts';
import { listApprovedLineStaff } from '../staff/staff.repository.ts';

export const REMIND_QUEUE = 'shift.remind';
export const PLAN_QUEUE = 'shift.plan-reminders';

export const remindPayloadSchema = z.object({
  clientId: z.number().int().positive(),
  storeId: z.number().int().positive(),
  periodKey: z.string(),
  n: z.number().int().positive(),
  fireAt: z.string(),
});
export type RemindPayload = z.output<typeof remindPayloadSchema>;

export const remindKey = (storeId: number, periodKey: string, n: number) =>
  `shift-remind:${storeId}:${periodKey}:${n}`;

/** The instants [from, to) of a period's store-local days. */
export const periodRange = (period: PeriodDays, timeZone: string) => ({
  from: zonedInstant(period.startDate, 0, timeZone),
  to: zonedInstant(period.endDate, 1440, timeZone),
});

/** The period a key names, under the current rule; undefined if the rule no longer makes that period. */
export function periodOfKey(key: string, rule: ClosureSetting): PeriodDays | undefined {
  const m = /^(\d{4}-\d{2})(?:-(H1|H2))?$/.exec(key);
  if (!m) return undefined;
  const period = periodOf(`${m[1]}-${m[2] === 'H2' ? '16' : '01'}`, rule);
  return period.key === key ? period : undefined;
}

/**
 * (Re)plan a store's reminder jobs from its current settings: pending ones are dropped and the future
 * ones of the last, the open and the next two periods queued again. A reminder that already fired keeps
 * its dedupe key, so it never fires twice for a period. Runs in the caller's transaction.
 */
export async function planStoreReminders(
  db: Db,
  store: Pick<ShiftStoreRow, 'clientId' | 'id' | 'timeZone'>,
  now: Date,
): Promise<number> {
  const scope: StoreScope = { clientId: store.clientId, storeId: store.id };
  await cancelPendingJobs(db, { queue: REMIND_QUEUE, dedupeKeyPrefix: `shift-remind:${store.id}:` });
  // Keeps the daily planner going (one job per day), so later periods get planned too.
  await queueDailyPlanning(db, now);
  const closure = await getClosureSetting(db, scope);
  if (!closure.isPublished) return 0;
  const reminders = await getReminders(db, scope);
  const open = openPeriodOn(localDay(now, store.timeZone), closure);
  const periods = [periodOf(addDays(open.startDate, -1), closure), open];
  periods.push(nextPeriod(periods[1]!, closure));
  periods.push(nextPeriod(periods[2]!, closure));
  let planned = 0;
  for (const period of periods) {
    for (const [index, reminder] of reminders.entries()) {
      if (!isActiveReminder(reminder)) continue;
      const fireAt = reminderFireAt(period, reminder, store.timeZone);
      if (fireAt <= now) continue;
      const n = index + 1;
      const payload: RemindPayload = { ...scope, periodKey: period.key, n, fireAt: fireAt.toISOString() };
      await enqueueJob(db, {
        queue: REMIND_QUEUE,
        payload,
        runAt: fireAt,
        dedupeKey: remindKey(store.id, period.key, n),
      });
      planned++;
    }
  }
  return planned;
}

/** Approved staff on LINE who have not submitted a request for the period. */
export async function staffYetToSubmit(db: Db, store: ShiftStoreRow, period: PeriodDays) {
  const scope = { clientId: store.clientId, storeId: store.id };
  const staff = await listApprovedLineStaff(db, scope);
  const submitted = await staffIdsWithRequests(db, scope, periodRange(period, store.timeZone));
  return staff.filter((s) => !submitted.has(s.id));
}

/**
 * A reminder job: fires only if the setting that planned it is still the current one (same period
 * rule, same reminder, same instant, still published), then records SHIFT_SUBMISSION_REMIND with the
 * staff who have not submitted. The message itself goes out through the notifications work.
 */
export async function runReminder({
  ctx,
  input: payload,
}: {
  ctx: Pick<JobContext, 'db' | 'log'>;
  input: RemindPayload;
}): Promise<void> {
  await inTransaction(ctx.db, async (tx) => {
    const store = await findShiftStore(tx, payload.clientId, payload.storeId);
    if (!store) return;
    const scope = { clientId: store.clientId, storeId: store.id };
    const closure = await getClosureSetting(tx, scope);
    const reminder = (await getReminders(tx, scope))[payload.n - 1];
    const period = periodOfKey(payload.periodKey, closure);
    const current =
      closure.isPublished &&
      period !== undefined &&
      reminder !== undefined &&
      isActiveReminder(reminder) &&
      reminderFireAt(period, reminder, store.timeZone).toISOString() === payload.fireAt;
    if (!current || !period) {
      ctx.log.info({ payload }, 'shift reminder skipped: its setting changed');
      return;
    }
    const recipients = await staffYetToSubmit(tx, store, period);
    if (recipients.length === 0) return;
    await recordDomainEvent(tx, {
      topic: 'SHIFT_SUBMISSION_REMIND',
      clientId: store.clientId,
      lineAccountId: store.lineAccountId,
      storeId: store.id,
      payload: {
        periodKey: period.key,
        startDate: period.startDate,
        endDate: period.endDate,
        closingDate: period.closingDate,
        reminder: payload.n,
        recipients: recipients.map((s) => ({ staffId: s.id, friendId: s.friendId })),
      },
    });
  });
}

/** The daily planner: re-plans every published store, then queues itself for the next UTC day. */
export async function runDailyPlanning(db: Db, now: Date): Promise<void> {
  for (const scope of await listPublishedStoreScopes(db)) {
    await inTransaction(db, async (tx) => {
      const store = await findShiftStore(tx, scope.clientId, scope.storeId);
      if (store) await planStoreReminders(tx, store, now);
    });
  }
  await queueDailyPlanning(db, now);
}

/** Queue the planner for the next UTC midnight after `now` (one job per day, by dedupe key). */
export async function queueDailyPlanning(db: Db, now: Date): Promise<void> {
  const day = addDays(now.toISOString().slice(0, 10), 1);
  await enqueueJob(db, {
    queue: PLAN_QUEUE,
    payload: { day },
    runAt: new Date(`${day}T00:00:00Z`),
    dedupeKey: `shift-plan:${day}`,
  });
}
