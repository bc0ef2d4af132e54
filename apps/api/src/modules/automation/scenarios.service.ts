import {
  scenarioMessages,
  type FriendEnrolmentList,
  type Scenario,
  type ScenarioList,
  type scenarioBodySchema,
  type ScenarioStep,
} from '@app/contracts';
import type { z } from 'zod';
import { inTransaction, type Db } from '../../db/client.ts';
import { requireClientId, type ServiceContext } from '../../platform/context.ts';
import { AppError, conflict, notFound, validationError } from '../../platform/errors.ts';
import {
  checkMessageUploads,
  holdSavedSegments,
  savedSegmentConditions,
  stepClickedFriends,
  toLineMessages,
} from '../deliveries/index.ts';
import { areTagsOfAccount, findFriendOfAccount, listTags } from '../friends/index.ts';
import { getLineAccountRowOrThrow } from '../line-accounts/index.ts';
import type { AccountScope } from './automation.repository.ts';
import { enrolInScenario } from './scenarios.enrol.ts';
import {
  applyEnrolmentChanges,
  deleteScenarioRow,
  enrolmentCounts,
  findScenario,
  insertScenario,
  insertStep,
  listActiveEnrolments,
  listEnrolmentsOfFriend,
  listLiveSteps,
  listScenarioRows,
  updateScenarioRow,
  updateStep,
  type EnrolmentChange,
  type ScenarioRow,
  type StepRow,
} from './scenarios.repository.ts';
import { queueScenarioTick } from './scenarios.sending.ts';
import { stepDueAt } from './scenarios.timing.ts';

type Ctx = { ctx: ServiceContext };
type AccountInput = { lineAccountId: number };
type ScenarioInput = AccountInput & { scenarioId: number };
type Body = z.output<typeof scenarioBodySchema>;

async function accountScope(ctx: ServiceContext, lineAccountId: number): Promise<AccountScope> {
  const clientId = requireClientId(ctx);
  const account = await getLineAccountRowOrThrow(ctx, clientId, lineAccountId);
  return { clientId, lineAccountId: account.id };
}

const toStepView = (row: StepRow, position: number, clickedFriends: number): ScenarioStep => ({
  id: row.id,
  position,
  delay: row.delay,
  conditions: {
    ...row.conditions,
    segmentId: row.conditions.segmentId ?? null,
    segmentConditions: row.conditions.segmentConditions ?? null,
  },
  messages: row.messages,
  actions: row.actions,
  sentCount: row.sentCount,
  skippedCount: row.skippedCount,
  clickedFriends,
});

async function toViews(db: Db, rows: ScenarioRow[]): Promise<Scenario[]> {
  const ids = rows.map((r) => r.id);
  const steps = await listLiveSteps(db, ids);
  const counts = await enrolmentCounts(db, ids);
  const clicked = await stepClickedFriends(
    db,
    steps.map((s) => s.id),
  );
  return rows.map((row) => {
    const c = counts.get(row.id) ?? { ACTIVE: 0, COMPLETED: 0, STOPPED: 0 };
    return {
      id: row.id,
      lineAccountId: row.lineAccountId,
      name: row.name,
      enabled: row.enabled,
      trigger: row.trigger,
      triggerTagId: row.triggerTagId,
      triggerRank: row.triggerRank,
      stopTagIds: row.stopTagIds,
      stopOnMember: row.stopOnMember,
      steps: steps
        .filter((s) => s.scenarioId === row.id)
        .map((s, position) => toStepView(s, position, clicked.get(s.id) ?? 0)),
      stats: {
        enrolled: c.ACTIVE + c.COMPLETED + c.STOPPED,
        active: c.ACTIVE,
        completed: c.COMPLETED,
        stopped: c.STOPPED,
      },
      createdAt: row.createdAt.toISOString(),
      updatedAt: row.updatedAt.toISOString(),
    };
  });
}

async function scenarioOrThrow(db: Db, scope: AccountScope, id: number): Promise<ScenarioRow> {
  const row = await findScenario(db, scope, id);
  if (!row) throw notFound(scenarioMessages.notFound);
  return row;
}

/**
 * What a step's messages name must be the account's: an uploaded image or rich message (400, as the
 * delivery composer's) and a coupon of its member store (422). Turned into LINE's messages as the
 * scheduler will, so a step that saves is a step that sends; the failure's fields name the step.
 */
async function checkStepMessages(ctx: ServiceContext, scope: AccountScope, body: Body): Promise<void> {
  for (const [index, step] of body.steps.entries()) {
    if (!step.messages.some((m) => m.type === 'image' || m.type === 'imagemap' || m.type === 'coupon'))
      continue;
    try {
      await toLineMessages({
        db: ctx.db,
        lineAccountId: scope.lineAccountId,
        messages: step.messages,
        appUrl: ctx.config.appUrl,
      });
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      throw new AppError(
        error.code,
        error.message,
        error.fieldErrors?.map((f) => ({
          ...f,
          path: f.path.replace(/^(body\.)?messages/, `body.steps.${index}.messages`),
        })),
      );
    }
  }
}

/**
 * The steps' uploads held FOR SHARE by the transaction that writes the steps (decision 0056): the sweep of
 * unused uploads passes them over, or, had it already taken one, the save finds it gone (a 400).
 */
async function holdStepUploads(tx: Db, scope: AccountScope, body: Body): Promise<void> {
  for (const [index, step] of body.steps.entries())
    await checkMessageUploads(tx, scope.lineAccountId, step.messages, `body.steps.${index}.messages`);
}

/** Every tag a body names: trigger, stop tags, and each step's conditions and actions. */
const tagIdsOf = (body: Body): number[] => [
  ...new Set([
    ...(body.triggerTagId === null ? [] : [body.triggerTagId]),
    ...body.stopTagIds,
    ...body.steps.flatMap((s) => [
      ...s.conditions.hasTagIds,
      ...s.conditions.lacksTagIds,
      ...(s.conditions.segmentConditions?.hasTags ?? []),
      ...(s.conditions.segmentConditions?.lacksTags ?? []),
      ...s.actions.flatMap((a) => (a.type === 'tag.add' || a.type === 'tag.remove' ? [a.tagId] : [])),
    ]),
  ]),
];

const segmentIdsOf = (body: Body): number[] => [
  ...new Set(body.steps.flatMap((s) => (s.conditions.segmentId === null ? [] : [s.conditions.segmentId]))),
];

/**
 * The body's tags and saved segments, checked again inside the save's transaction and held there (FOR KEY
 * SHARE): one deleted meanwhile is a 400, and a delete that comes later waits for the save and finds its
 * use (409).
 */
async function holdTagsAndSegments(tx: Db, scope: AccountScope, body: Body): Promise<void> {
  if (!(await areTagsOfAccount(tx, scope, tagIdsOf(body))))
    throw validationError(scenarioMessages.unknownTag);
  const segmentIds = segmentIdsOf(body);
  if ((await holdSavedSegments(tx, scope, segmentIds)).size !== segmentIds.length)
    throw validationError(scenarioMessages.unknownSegment);
}

/** Tags and scenarios a body names must be the account's own (a 422 names the field). */
async function checkReferences(ctx: ServiceContext, scope: AccountScope, body: Body): Promise<void> {
  await checkStepMessages(ctx, scope, body);
  const tagIds = tagIdsOf(body);
  if (tagIds.length > 0) {
    const own = new Set((await listTags({ ctx, input: scope })).tags.map((t) => t.id));
    if (tagIds.some((id) => !own.has(id))) throw validationError(scenarioMessages.unknownTag);
  }
  const segmentIds = segmentIdsOf(body);
  if ((await savedSegmentConditions(ctx.db, scope, segmentIds)).size !== segmentIds.length)
    throw validationError(scenarioMessages.unknownSegment);
  const started = body.steps.flatMap((s) =>
    s.actions.flatMap((a) => (a.type === 'scenario.start' ? [a.scenarioId] : [])),
  );
  if (started.length > 0) {
    const own = new Set((await listScenarioRows(ctx.db, scope)).map((s) => s.id));
    if (started.some((id) => !own.has(id))) throw validationError(scenarioMessages.unknownScenario);
  }
}

export async function listScenarios({ ctx, input }: Ctx & { input: AccountInput }): Promise<ScenarioList> {
  const scope = await accountScope(ctx, input.lineAccountId);
  return { data: await toViews(ctx.db, await listScenarioRows(ctx.db, scope)) };
}

export async function getScenario({ ctx, input }: Ctx & { input: ScenarioInput }): Promise<Scenario> {
  const scope = await accountScope(ctx, input.lineAccountId);
  const [view] = await toViews(ctx.db, [await scenarioOrThrow(ctx.db, scope, input.scenarioId)]);
  return view!;
}

/**
 * The steps of a body written over the scenario's: a step with an id keeps it (a friend's progress names
 * it), a step without one is new, a live step the body leaves out is removed (kept for the record, never
 * sent again). Friends on their way get their next step again from the steps as they are now.
 */
async function writeSteps(tx: Db, scenario: ScenarioRow, body: Body, now: Date): Promise<void> {
  const live = await listLiveSteps(tx, [scenario.id]);
  const liveIds = new Set(live.map((s) => s.id));
  const kept = new Set<number>();
  for (const [position, step] of body.steps.entries()) {
    const values = {
      position,
      delay: step.delay,
      conditions: step.conditions,
      messages: step.messages,
      actions: step.actions,
    };
    if (step.id !== undefined) {
      if (!liveIds.has(step.id) || kept.has(step.id)) throw validationError(scenarioMessages.stepId);
      kept.add(step.id);
      await updateStep(tx, step.id, values);
    } else await insertStep(tx, { scenarioId: scenario.id, ...values });
  }
  for (const step of live) if (!kept.has(step.id)) await updateStep(tx, step.id, { removedAt: now });
  await replanEnrolments(tx, scenario.id, now);
}

/** Active friends' next step and time from the steps as they are now (steps done are never sent again). */
async function replanEnrolments(tx: Db, scenarioId: number, now: Date): Promise<void> {
  const steps = await listLiveSteps(tx, [scenarioId]);
  const changes: EnrolmentChange[] = [];
  for (const e of await listActiveEnrolments(tx, scenarioId)) {
    const done = new Set(e.doneStepIds);
    const next = steps.find((s) => !done.has(s.id));
    const base = next?.delay.from === 'TRIGGER' ? e.enrolledAt : (e.lastStepAt ?? e.enrolledAt);
    changes.push({
      id: e.id,
      status: next ? 'ACTIVE' : 'COMPLETED',
      stopReason: null,
      doneStepId: null,
      lastStepAt: null,
      nextStepId: next?.id ?? null,
      dueAt: next ? stepDueAt(next.delay, base).toISOString() : null,
    });
  }
  for (let i = 0; i < changes.length; i += 5_000)
    await applyEnrolmentChanges(tx, changes.slice(i, i + 5_000), now);
}

export async function createScenario({
  ctx,
  input,
}: Ctx & { input: AccountInput & Body }): Promise<Scenario> {
  const scope = await accountScope(ctx, input.lineAccountId);
  await checkReferences(ctx, scope, input);
  const now = ctx.clock.now();
  const row = await inTransaction(ctx.db, async (tx) => {
    await holdTagsAndSegments(tx, scope, input);
    await holdStepUploads(tx, scope, input);
    const created = await insertScenario(tx, {
      ...scope,
      name: input.name,
      enabled: input.enabled,
      trigger: input.trigger,
      triggerTagId: input.triggerTagId,
      triggerRank: input.triggerRank,
      stopTagIds: input.stopTagIds,
      stopOnMember: input.stopOnMember,
      createdAt: now,
      updatedAt: now,
    });
    if (input.steps.some((s) => s.id !== undefined)) throw validationError(scenarioMessages.stepId);
    await writeSteps(tx, created, input, now);
    await queueScenarioTick(tx, now);
    return created;
  });
  const [view] = await toViews(ctx.db, [row]);
  return view!;
}

export async function updateScenario({
  ctx,
  input,
}: Ctx & { input: ScenarioInput & Body }): Promise<Scenario> {
  const scope = await accountScope(ctx, input.lineAccountId);
  const existing = await scenarioOrThrow(ctx.db, scope, input.scenarioId);
  await checkReferences(ctx, scope, input);
  const now = ctx.clock.now();
  await inTransaction(ctx.db, async (tx) => {
    await holdTagsAndSegments(tx, scope, input);
    await holdStepUploads(tx, scope, input);
    await updateScenarioRow(tx, existing.id, {
      name: input.name,
      enabled: input.enabled,
      trigger: input.trigger,
      triggerTagId: input.triggerTagId,
      triggerRank: input.triggerRank,
      stopTagIds: input.stopTagIds,
      stopOnMember: input.stopOnMember,
      updatedAt: now,
    });
    await writeSteps(tx, existing, input, now);
  });
  return getScenario({ ctx, input });
}

export async function deleteScenario({ ctx, input }: Ctx & { input: ScenarioInput }) {
  const scope = await accountScope(ctx, input.lineAccountId);
  if (!(await deleteScenarioRow(ctx.db, scope, input.scenarioId))) throw notFound(scenarioMessages.notFound);
  return { success: true as const };
}

/** Start a scenario for a friend by hand (the scenario must be on; a friend is in a scenario once). */
export async function enrolFriend({ ctx, input }: Ctx & { input: ScenarioInput & { friendId: number } }) {
  const scope = await accountScope(ctx, input.lineAccountId);
  const scenario = await scenarioOrThrow(ctx.db, scope, input.scenarioId);
  const friend = await findFriendOfAccount(ctx.db, scope, input.friendId);
  if (!friend) throw notFound(scenarioMessages.friendNotFound);
  if (!scenario.enabled) throw conflict(scenarioMessages.scenarioOff);
  if (!friend.isFriend) throw conflict(scenarioMessages.friendBlocked);
  const now = ctx.clock.now();
  const enrolled = await enrolInScenario(
    ctx.db,
    { ...scope, scenarioId: scenario.id, friendId: friend.id, lineUserId: friend.lineUserId },
    now,
  );
  if (!enrolled) throw conflict(scenarioMessages.alreadyEnrolled);
  await queueScenarioTick(ctx.db, now, { now: true });
  return { success: true as const };
}

/** The scenarios a friend is in (the friend drawer): status, steps done, the next step and its time. */
export async function listFriendScenarios({
  ctx,
  input,
}: Ctx & { input: AccountInput & { friendId: number } }): Promise<FriendEnrolmentList> {
  const scope = await accountScope(ctx, input.lineAccountId);
  const friend = await findFriendOfAccount(ctx.db, scope, input.friendId);
  if (!friend) throw notFound(scenarioMessages.friendNotFound);
  const rows = await listEnrolmentsOfFriend(ctx.db, scope, friend.id);
  const steps = await listLiveSteps(ctx.db, [...new Set(rows.map((r) => r.enrolment.scenarioId))]);
  return {
    data: rows.map(({ enrolment: e, name }) => {
      const own = steps.filter((s) => s.scenarioId === e.scenarioId);
      const next = own.findIndex((s) => s.id === e.nextStepId);
      return {
        scenarioId: e.scenarioId,
        scenarioName: name,
        status: e.status,
        stopReason: e.stopReason ?? null,
        enrolledAt: e.enrolledAt.toISOString(),
        stepsDone: e.doneStepIds.length,
        stepCount: own.length,
        nextStepPosition: e.status === 'ACTIVE' && next >= 0 ? next : null,
        nextDueAt: e.status === 'ACTIVE' ? (e.dueAt?.toISOString() ?? null) : null,
      };
    }),
  };
}
