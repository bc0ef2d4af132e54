import {
  deliveryMessages,
  type Segment,
  type segmentBodySchema,
  type SegmentConditions,
} from '@app/contracts';
import type { Db } from '../../db/client.ts';
import type { z } from 'zod';
import { requireActor, type ServiceContext } from '../../platform/context.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import {
  deleteSegment,
  findSegment,
  insertSegment,
  listSegmentRows,
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
 * (decisions 0053-tag-delete, 0059).
 */
export async function removeSegment({
  ctx,
  segmentUses,
  input,
}: Ctx & { segmentUses: SegmentUseDirectory; input: SegmentInput }) {
  const { scope } = await accountOf(ctx, input.lineAccountId);
  if (!(await findSegment(ctx.db, scope, input.segmentId))) throw notFound(deliveryMessages.segmentNotFound);
  const uses = [
    ...(await segmentUses.scenariosUsingSegment(ctx.db, scope, input.segmentId)).map((name) => ({
      path: 'scenario',
      message: name,
    })),
    ...(await segmentUses.richMenuRulesUsingSegment(ctx.db, scope, input.segmentId)).map((name) => ({
      path: 'richMenuRule',
      message: name,
    })),
  ];
  if (uses.length > 0) throw new AppError('CONFLICT', deliveryMessages.segmentInUse, uses);
  if (!(await deleteSegment(ctx.db, scope, input.segmentId)))
    throw notFound(deliveryMessages.segmentNotFound);
  return { success: true as const };
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
