import {
  paginationInfo,
  type ReminderSettings,
  type ShiftClosure,
  type ShiftStore,
  type ShiftStoreParams,
  type listShiftStoresQuerySchema,
  type reminderSettingsBodySchema,
  type updateShiftClosureBodySchema,
} from '@app/contracts';
import type { z } from 'zod';
import { inTransaction } from '../../../db/client.ts';
import { requireClientId, type ServiceContext } from '../../../platform/context.ts';
import { localDay } from '../../../platform/dates.ts';
import { openPeriodOn, type Reminder } from './periods.ts';
import { planStoreReminders } from './reminders.ts';
import {
  getClosureSetting,
  getReminders,
  saveClosureSetting,
  saveReminders,
  type ClosureSetting,
} from './settings.repository.ts';
import { listShiftStores, loadStore, scopeOf, toStoreView, type ShiftStoreRow } from '../shift-store.ts';
import { toPeriodView } from '../shift.views.ts';

type Ctx = { ctx: ServiceContext };

export async function listStores({
  ctx,
  input,
}: Ctx & { input: z.output<typeof listShiftStoresQuerySchema> }) {
  const { rows, total } = await listShiftStores(ctx.db, requireClientId(ctx), input.page, input.limit);
  return { data: rows.map(toStoreView), pagination: paginationInfo(input.page, input.limit, total) };
}

export async function getStore({ ctx, input }: Ctx & { input: ShiftStoreParams }): Promise<ShiftStore> {
  return toStoreView(await loadStore(ctx, input.storeId));
}

const reminderView = (storeId: number, reminders: Reminder[]): ReminderSettings => ({ storeId, reminders });

export async function getReminderSettings({ ctx, input }: Ctx & { input: ShiftStoreParams }) {
  const store = await loadStore(ctx, input.storeId);
  return reminderView(store.id, await getReminders(ctx.db, scopeOf(store)));
}

/** Save the three reminders and re-plan the store's reminder jobs in the same transaction. */
export async function updateReminderSettings({
  ctx,
  input,
}: Ctx & { input: ShiftStoreParams & z.output<typeof reminderSettingsBodySchema> }) {
  const store = await loadStore(ctx, input.storeId);
  await inTransaction(ctx.db, async (tx) => {
    await saveReminders(tx, scopeOf(store), input.reminders);
    await planStoreReminders(tx, store, ctx.clock.now());
  });
  return reminderView(store.id, await getReminders(ctx.db, scopeOf(store)));
}

export function closureView(store: ShiftStoreRow, closure: ClosureSetting, now: Date): ShiftClosure {
  const open = closure.isPublished ? openPeriodOn(localDay(now, store.timeZone), closure) : null;
  return {
    storeId: store.id,
    ...closure,
    openPeriod: open ? toPeriodView(open, store.timeZone) : null,
  };
}

export async function getShiftClosure({ ctx, input }: Ctx & { input: ShiftStoreParams }) {
  const store = await loadStore(ctx, input.storeId);
  return closureView(store, await getClosureSetting(ctx.db, scopeOf(store)), ctx.clock.now());
}

/** Fields left out keep their value; reminders are re-planned for the new periods. */
export async function updateShiftClosure({
  ctx,
  input,
}: Ctx & { input: ShiftStoreParams & { changes: z.output<typeof updateShiftClosureBodySchema> } }) {
  const store = await loadStore(ctx, input.storeId);
  const closure = await inTransaction(ctx.db, async (tx) => {
    const current = await getClosureSetting(tx, scopeOf(store));
    const next: ClosureSetting = { ...current };
    for (const [key, value] of Object.entries(input.changes)) {
      if (value !== undefined) Object.assign(next, { [key]: value });
    }
    await saveClosureSetting(tx, scopeOf(store), next);
    await planStoreReminders(tx, store, ctx.clock.now());
    return next;
  });
  return closureView(store, closure, ctx.clock.now());
}
