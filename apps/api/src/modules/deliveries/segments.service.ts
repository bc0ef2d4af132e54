import {
  deliveryMessages,
  type Segment,
  type segmentBodySchema,
  type SegmentConditions,
} from '@app/contracts';
import { inTransaction, type Db } from '../../db/client.ts';
import type { z } from 'zod';
import { requireActor, type ServiceContext } from '../../platform/context.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import {
  deleteSegment,
  holdSegmentRows,
  insertSegment,
  listSegmentRows,
  lockSegmentForDelete,
  updateSegment,
  type SegmentRow,
} from './deliveries.repository.ts';
import { accountOf } from './deliveries.service.ts';

/** Saved segments (セグメント): the friends page's search conditions with a name, reused as audiences. */

type Ctx = { ctx: ServiceContext };
type AccountInput = { lineAccountId: number };
type SegmentInput = AccountInput & { segmentId: number };

const toSegmentView = (row: SegmentRow): Segment => ({
  id: row.id,
  lineAccountId: row.lineAccountId,
  name: row.name,
  conditions: row.conditions,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

export async function listSegments({ ctx, input }: Ctx & { input: AccountInput }) {
  const { scope } = await accountOf(ctx, input.lineAccountId);
  return { data: (await listSegmentRows(ctx.db, scope)).map(toSegmentView) };
}

type SegmentBody = z.output<typeof segmentBodySchema>;

export async function createSegment({ ctx, input }: Ctx & { input: AccountInput & SegmentBody }) {
  const { scope } = await accountOf(ctx, input.lineAccountId);
  const now = ctx.clock.now();
  const row = await insertSegment(ctx.db, {
    ...scope,
    name: input.name,
    conditions: input.conditions,
    createdBy: requireActor(ctx).userId,
    createdAt: now,
    updatedAt: now,
  });
  return toSegmentView(row);
}

export async function changeSegment({ ctx, input }: Ctx & { input: SegmentInput & SegmentBody }) {
  const { scope } = await accountOf(ctx, input.lineAccountId);
  const row = await updateSegment(ctx.db, scope, input.segmentId, {
    name: input.name,
    conditions: input.conditions,
    updatedAt: ctx.clock.now(),
  });
  if (!row) throw notFound(deliveryMessages.segmentNotFound);
  return toSegmentView(row);
}

/**
 * The automation module's side: the scenarios (names) with a live step whose condition is the segment.
 * src/composition.ts hands it to the deliveries routes (automation depends on deliveries, not the reverse).
 */
export type SegmentUseDirectory = {
  scenariosUsingSegment: (
    db: Db,
    scope: { clientId: number; lineAccountId: number },
    segmentId: number,
  ) => Promise<string[]>;
  /** The rich-menus module's side: its display rules that name the segment (decision 0059). */
  richMenuRulesUsingSegment: (
    db: Db,
    scope: { clientId: number; lineAccountId: number },
    segmentId: number,
  ) => Promise<string[]>;
};

/**
 * Deletes a saved segment, unless a scenario step or a rich menu rule names it: 409 with each in errors
 * (decisions 0053-tag-delete, 0059). One transaction holds the segment (FOR UPDATE) from the check to the
 * delete: a save naming it either committed before (its use is found) or waits and finds it gone (400).
 */
export async function removeSegment({
  ctx,
  segmentUses,
  input,
}: Ctx & { segmentUses: SegmentUseDirectory; input: SegmentInput }) {
  const { scope } = await accountOf(ctx, input.lineAccountId);
  await inTransaction(ctx.db, async (tx) => {
    if (!(await lockSegmentForDelete(tx, scope, input.segmentId)))
      throw notFound(deliveryMessages.segmentNotFound);
    await segmentDeleteFaults.afterLock?.();
    const uses = [
      ...(await segmentUses.scenariosUsingSegment(tx, scope, input.segmentId)).map((name) => ({
        path: 'scenario',
        message: name,
      })),
      ...(await segmentUses.richMenuRulesUsingSegment(tx, scope, input.segmentId)).map((name) => ({
        path: 'richMenuRule',
        message: name,
      })),
    ];
    if (uses.length > 0) throw new AppError('CONFLICT', deliveryMessages.segmentInUse, uses);
    if (!(await deleteSegment(tx, scope, input.segmentId))) throw notFound(deliveryMessages.segmentNotFound);
  });
  return { success: true as const };
}

/**
 * Test seam: runs while a segment's delete holds the segment, before it looks for uses (a save racing the
 * delete starts here in segment-delete-race.test.ts). Null outside tests.
 */
export const segmentDeleteFaults: { afterLock: (() => Promise<void>) | null } = { afterLock: null };

/**
 * The conditions of saved segments of one LINE account by id, checked again inside a save's transaction
 * and held there (FOR KEY SHARE) until it commits: a segment deleted meanwhile is absent from the map, and
 * a delete that comes later waits for the save and finds its use (409).
 */
export async function holdSavedSegments(
  tx: Db,
  scope: { clientId: number; lineAccountId: number },
  segmentIds: number[],
): Promise<Map<number, SegmentConditions>> {
  const rows = await holdSegmentRows(tx, scope, [...new Set(segmentIds)]);
  return new Map(rows.map((r) => [r.id, r.conditions]));
}

/**
 * The conditions of saved segments of one LINE account by id, for a module that evaluates them itself
 * (step delivery's step condition): an id that is not the account's (or deleted) is absent from the map.
 */
export async function savedSegmentConditions(
  db: Db,
  scope: { clientId: number; lineAccountId: number },
  segmentIds: number[],
): Promise<Map<number, SegmentConditions>> {
  const wanted = new Set(segmentIds);
  if (wanted.size === 0) return new Map();
  const rows = await listSegmentRows(db, scope);
  return new Map(rows.filter((r) => wanted.has(r.id)).map((r) => [r.id, r.conditions]));
}
