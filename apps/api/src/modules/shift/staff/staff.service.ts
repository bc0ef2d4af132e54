import {
  paginationInfo,
  shiftMessages,
  type ShiftStaff,
  type ShiftStoreParams,
  type ShiftStaffParams,
  type RemarkDateParams,
  type StaffRemarkParams,
  type createHelperBodySchema,
  type listShiftStaffQuerySchema,
  type updateStaffStatusBodySchema,
  type staffIdsBodySchema,
  type updateStaffBodySchema,
  type saveRemarkBodySchema,
  type listRemarksQuerySchema,
} from '@app/contracts';
import type { z } from 'zod';
import { inTransaction, type Db } from '../../../db/client.ts';
import type { ServiceContext } from '../../../platform/context.ts';
import { recordDomainEvent } from '../../../platform/domain-events.ts';
import { notFound } from '../../../platform/errors.ts';
import { findFriendOfAccount } from '../../friends/index.ts';
import { loadStore, scopeOf, type ShiftStoreRow, type StoreScope } from '../shift-store.ts';
import {
  deleteStaffRows,
  findRemark,
  findStaff,
  findStaffByFriend,
  findStaffByIds,
  insertStaff,
  listRemarksBetween,
  listRemarksOfDate as listRemarksOfDateRows,
  listStaffPage,
  updateStaffRows,
  upsertRemark,
  type StaffRow,
} from './staff.repository.ts';
import { toRemarkView, toStaffView } from '../shift.views.ts';

type Ctx = { ctx: ServiceContext };

export async function getStaffOrThrow(db: Db, scope: StoreScope, staffId: number): Promise<StaffRow> {
  const staff = await findStaff(db, scope, staffId);
  if (!staff) throw notFound(shiftMessages.staffNotFound);
  return staff;
}

/** SHIFT_MEMBER_STAFF_APPROVED for staff on LINE who just became approved (helpers have no LINE). */
async function recordApproved(db: Db, store: ShiftStoreRow, staff: Pick<StaffRow, 'id' | 'friendId'>[]) {
  for (const s of staff) {
    if (s.friendId === null) continue;
    await recordDomainEvent(db, {
      topic: 'SHIFT_MEMBER_STAFF_APPROVED',
      clientId: store.clientId,
      lineAccountId: store.lineAccountId,
      storeId: store.id,
      payload: { staffId: s.id, friendId: s.friendId },
    });
  }
}

export async function createHelper({
  ctx,
  input,
}: Ctx & { input: ShiftStoreParams & z.output<typeof createHelperBodySchema> }) {
  const store = await loadStore(ctx, input.storeId);
  const id = await insertStaff(ctx.db, scopeOf(store), {
    helperName: input.name,
    status: 'APPROVED',
    approvedAt: ctx.clock.now(),
  });
  return { id, name: input.name };
}

export async function listStaff({
  ctx,
  input,
}: Ctx & { input: ShiftStoreParams & z.output<typeof listShiftStaffQuerySchema> }) {
  const store = await loadStore(ctx, input.storeId);
  const { rows, total } = await listStaffPage(ctx.db, scopeOf(store), input);
  return { data: rows.map(toStaffView), pagination: paginationInfo(input.page, input.limit, total) };
}

export async function getStaff({ ctx, input }: Ctx & { input: ShiftStaffParams }) {
  const store = await loadStore(ctx, input.storeId);
  return toStaffView(await getStaffOrThrow(ctx.db, scopeOf(store), input.staffId));
}

/** Set a friend's staff status; APPROVED creates the staff record when the friend has none. */
export async function updateStaffStatus({
  ctx,
  input,
}: Ctx & { input: ShiftStoreParams & z.output<typeof updateStaffStatusBodySchema> }): Promise<ShiftStaff> {
  const store = await loadStore(ctx, input.storeId);
  const scope = scopeOf(store);
  return inTransaction(ctx.db, async (tx) => {
    const friend = await findFriendOfAccount(tx, store, input.friendId);
    if (!friend) throw notFound(shiftMessages.friendNotFound);
    const existing = await findStaffByFriend(tx, scope, friend.id);
    const now = ctx.clock.now();
    if (!existing) {
      if (input.status !== 'APPROVED') throw notFound(shiftMessages.staffNotFound);
      const id = await insertStaff(tx, scope, { friendId: friend.id, status: 'APPROVED', approvedAt: now });
      await recordApproved(tx, store, [{ id, friendId: friend.id }]);
      return toStaffView(await getStaffOrThrow(tx, scope, id));
    }
    if (existing.status !== input.status) {
      await updateStaffRows(tx, scope, [existing.id], {
        status: input.status,
        approvedAt: input.status === 'APPROVED' ? now : null,
      });
      if (input.status === 'APPROVED') await recordApproved(tx, store, [existing]);
    }
    return toStaffView(await getStaffOrThrow(tx, scope, existing.id));
  });
}

/** All listed staff must be the store's, or nothing changes (404). */
async function getAllOrThrow(db: Db, scope: StoreScope, ids: number[]) {
  const unique = [...new Set(ids)];
  const rows = await findStaffByIds(db, scope, unique);
  if (rows.length !== unique.length) throw notFound(shiftMessages.staffNotFound);
  return rows;
}

export async function bulkApproveStaff({
  ctx,
  input,
}: Ctx & { input: ShiftStoreParams & z.output<typeof staffIdsBodySchema> }) {
  const store = await loadStore(ctx, input.storeId);
  const scope = scopeOf(store);
  return inTransaction(ctx.db, async (tx) => {
    const rows = await getAllOrThrow(tx, scope, input.staffIds);
    const pending = rows.filter((r) => r.status === 'PENDING');
    await updateStaffRows(
      tx,
      scope,
      pending.map((r) => r.id),
      { status: 'APPROVED', approvedAt: ctx.clock.now() },
    );
    await recordApproved(tx, store, pending);
    return { success: true as const, count: pending.length };
  });
}

export async function bulkDeleteStaff({
  ctx,
  input,
}: Ctx & { input: ShiftStoreParams & z.output<typeof staffIdsBodySchema> }) {
  const store = await loadStore(ctx, input.storeId);
  const scope = scopeOf(store);
  return inTransaction(ctx.db, async (tx) => {
    const rows = await getAllOrThrow(tx, scope, input.staffIds);
    await deleteStaffRows(
      tx,
      scope,
      rows.map((r) => r.id),
    );
    return { success: true as const, count: rows.length };
  });
}

export async function updateStaff({
  ctx,
  input,
}: Ctx & {
  input: ShiftStaffParams & z.output<typeof updateStaffBodySchema>;
}) {
  const store = await loadStore(ctx, input.storeId);
  const scope = scopeOf(store);
  const staff = await getStaffOrThrow(ctx.db, scope, input.staffId);
  await updateStaffRows(ctx.db, scope, [staff.id], {
    ...(input.employeeNumber !== undefined ? { employeeNumber: input.employeeNumber || null } : {}),
    ...(input.managerNotes !== undefined ? { managerNotes: input.managerNotes } : {}),
    ...(input.maxHoursPerDay !== undefined ? { maxHoursPerDay: input.maxHoursPerDay } : {}),
    ...(input.maxHoursPerWeek !== undefined ? { maxHoursPerWeek: input.maxHoursPerWeek } : {}),
    ...(input.maxHoursPerMonth !== undefined ? { maxHoursPerMonth: input.maxHoursPerMonth } : {}),
    ...(input.targetHoursPerMonth !== undefined ? { targetHoursPerMonth: input.targetHoursPerMonth } : {}),
  });
  return toStaffView(await getStaffOrThrow(ctx.db, scope, staff.id));
}

// ---- remarks ----

export async function saveRemark({
  ctx,
  input,
}: Ctx & { input: ShiftStaffParams & z.output<typeof saveRemarkBodySchema> }) {
  const store = await loadStore(ctx, input.storeId);
  const scope = scopeOf(store);
  const staff = await getStaffOrThrow(ctx.db, scope, input.staffId);
  return toRemarkView(
    await upsertRemark(ctx.db, scope, { staffId: staff.id, date: input.date, remark: input.remark }),
  );
}

export async function listRemarksOfDate({ ctx, input }: Ctx & { input: RemarkDateParams }) {
  const store = await loadStore(ctx, input.storeId);
  return (await listRemarksOfDateRows(ctx.db, scopeOf(store), input.date)).map(toRemarkView);
}

export async function listRemarks({
  ctx,
  input,
}: Ctx & { input: ShiftStoreParams & z.output<typeof listRemarksQuerySchema> }) {
  const store = await loadStore(ctx, input.storeId);
  return (await listRemarksBetween(ctx.db, scopeOf(store), input.startDate, input.endDate)).map(toRemarkView);
}

export async function getRemark({ ctx, input }: Ctx & { input: StaffRemarkParams }) {
  const store = await loadStore(ctx, input.storeId);
  const scope = scopeOf(store);
  const staff = await getStaffOrThrow(ctx.db, scope, input.staffId);
  const remark = await findRemark(ctx.db, scope, staff.id, input.date);
  if (!remark) throw notFound(shiftMessages.remarkNotFound);
  return toRemarkView(remark);
}
