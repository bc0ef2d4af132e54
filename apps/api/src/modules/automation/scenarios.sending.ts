import { createHash } from 'node:crypto';
import type { z } from 'zod';
import type { Config } from '../../config/env.ts';
import { inTransaction, type Db } from '../../db/client.ts';
import { enqueueJob, type JobContext } from '../../platform/jobs.ts';
import { LineError, lineGatewayFor, MULTICAST_MAX_RECIPIENTS } from '../../platform/line/line-gateway.ts';
import { AppError } from '../../platform/errors.ts';
import {
  hasLinks,
  linksForRecipient,
  newStepRecipientTokens,
  savedSegmentConditions,
  sendPushes,
  toLineMessages,
  trackStepLinks,
  type LineMessage,
} from '../deliveries/index.ts';
import { friendsInSegment, listTagsOfFriends, type FriendDirectories } from '../friends/index.ts';
import { channelsOf, findLineAccountOfClient } from '../line-accounts/index.ts';
import { runScenarioActions } from './scenarios.actions.ts';
import {
  addStepCounts,
  applyEnrolmentChanges,
  claimDueEnrolments,
  earliestDueAt,
  findScenariosByIds,
  findStepsByIds,
  insertSends,
  listLiveSteps,
  listPendingSends,
  settleSend,
  settleSends,
  type DueEnrolment,
  type EnrolmentChange,
  type ScenarioRow,
  type SendRow,
  type StepRow,
} from './scenarios.repository.ts';
import {
  queueScenarioRunAt,
  queueScenarioTick,
  SCENARIO_TICK_QUEUE,
  type scenarioTickPayloadSchema,
} from './scenarios.schedule.ts';
import { stepDueAt } from './scenarios.timing.ts';

export {
  queueScenarioRunAt,
  queueScenarioTick,
  SCENARIO_TICK_QUEUE,
  scenarioTickPayloadSchema,
} from './scenarios.schedule.ts';

/** Enrolments one run claims (10 multicasts of 500): a short job, a short lease; the next run follows at once. */
export const ENROLMENTS_PER_RUN = 5_000;
/** How long a rate-limited call waits when LINE names no time (Retry-After). */
const RATE_LIMIT_WAIT_MS = 1_000;
/**
 * Pushes of a run in flight at once (a step with links goes one push per friend): enough to reach LINE's
 * 2,000 pushes a second at a round trip of 25 ms; the deliveries' pushes keep under that limit.
 */
const PUSH_CONCURRENCY = 50;
/** Sends left pending by earlier runs that one run tries again before it claims new enrolments. */
export const PENDING_SENDS_PER_RUN = 1_000;

/**
 * Test seams for an injected crash around a send's LINE call (a throw there is the process dying at that
 * point; the send and its retry key are already stored). Null in production.
 */
export const scenarioFaults: {
  beforeCall: ((send: SendRow) => void) | null;
  afterCall: ((send: SendRow) => void) | null;
  /** Enrolments a run claims at a time (null: ENROLMENTS_PER_RUN): small batches run the pipeline in a test. */
  enrolmentsPerRun: number | null;
} = { beforeCall: null, afterCall: null, enrolmentsPerRun: null };
const enrolmentsPerRun = () => scenarioFaults.enrolmentsPerRun ?? ENROLMENTS_PER_RUN;

/** A UUID (the X-Line-Retry-Key's form) derived from a name: the same enrolments and step, the same key. */
export function derivedRetryKey(name: string): string {
  const h = createHash('sha256').update(name).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-a${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

/**
 * The step condition's saved segments (セグメント), evaluated when the steps fall due: for each segment a
 * live step of the batch's scenarios names, which of the batch's friends of those scenarios it finds now
 * (one query per segment, through the friends door's search). A segment deleted, or whose conditions no
 * longer hold for the account (a scenario or route it named deleted), finds nobody: the step is skipped.
 */
async function segmentMatches(
  tx: Db,
  directories: FriendDirectories,
  due: DueEnrolment[],
  scenarios: Map<number, ScenarioRow>,
  stepsOf: Map<number, StepRow[]>,
  now: Date,
): Promise<Map<number, Set<number>>> {
  const scenariosOf = new Map<number, Set<number>>(); // segment -> scenarios naming it
  for (const [scenarioId, steps] of stepsOf)
    for (const step of steps) {
      const segmentId = step.conditions.segmentId ?? null;
      if (segmentId !== null)
        scenariosOf.set(segmentId, (scenariosOf.get(segmentId) ?? new Set()).add(scenarioId));
    }
  const matches = new Map<number, Set<number>>();
  for (const [segmentId, scenarioIds] of scenariosOf) {
    const first = scenarios.get([...scenarioIds][0]!)!;
    const scope = { clientId: first.clientId, lineAccountId: first.lineAccountId };
    const conditions = (await savedSegmentConditions(tx, scope, [segmentId])).get(segmentId);
    const friendIds = [...new Set(due.filter((e) => scenarioIds.has(e.scenarioId)).map((e) => e.friendId))];
    if (!conditions) {
      matches.set(segmentId, new Set());
      continue;
    }
    try {
      matches.set(segmentId, await friendsInSegment(tx, directories, scope, conditions, friendIds, now));
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      matches.set(segmentId, new Set());
    }
  }
  return matches;
}

/**
 * The conditions written in a step (unsaved, the segment builder's), evaluated when the step falls due
 * as a saved segment is: per step, which of the batch's friends of its scenario they find (one query per
 * step per batch). Conditions that no longer hold for the account (a scenario or route they name deleted:
 * the search's 400) find nobody: the step is skipped, the scheduler runs on.
 */
async function stepConditionMatches(
  tx: Db,
  directories: FriendDirectories,
  due: DueEnrolment[],
  scenarios: Map<number, ScenarioRow>,
  stepsOf: Map<number, StepRow[]>,
  now: Date,
): Promise<Map<number, Set<number>>> {
  const matches = new Map<number, Set<number>>();
  for (const [scenarioId, steps] of stepsOf)
    for (const step of steps) {
      const conditions = step.conditions.segmentConditions ?? null;
      if (conditions === null) continue;
      const scenario = scenarios.get(scenarioId)!;
      const scope = { clientId: scenario.clientId, lineAccountId: scenario.lineAccountId };
      const friendIds = [...new Set(due.filter((e) => e.scenarioId === scenarioId).map((e) => e.friendId))];
      try {
        matches.set(step.id, await friendsInSegment(tx, directories, scope, conditions, friendIds, now));
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        matches.set(step.id, new Set());
      }
    }
  return matches;
}

type Plan = { changes: EnrolmentChange[]; sends: { step: StepRow; recipients: DueEnrolment[] }[] };

/** What happens to each due enrolment: stopped, skipped or sent its step, and its next step and time. */
function planBatch(
  due: DueEnrolment[],
  scenarios: Map<number, ScenarioRow>,
  stepsOf: Map<number, StepRow[]>,
  tagsOf: Map<number, Set<number>>,
  inSegments: Map<number, Set<number>>,
  inStepConditions: Map<number, Set<number>>,
  now: Date,
): Plan {
  const plan: Plan = { changes: [], sends: [] };
  const byStep = new Map<number, DueEnrolment[]>();
  const stop = (e: DueEnrolment, reason: 'BLOCKED' | 'TAG') =>
    plan.changes.push({
      id: e.id,
      status: 'STOPPED',
      stopReason: reason,
      doneStepId: null,
      lastStepAt: null,
      nextStepId: null,
      dueAt: null,
    });
  for (const e of due) {
    const scenario = scenarios.get(e.scenarioId)!;
    const tags = tagsOf.get(e.friendId) ?? new Set<number>();
    if (!e.isFriend) {
      stop(e, 'BLOCKED');
      continue;
    }
    if (scenario.stopTagIds.some((id) => tags.has(id))) {
      stop(e, 'TAG');
      continue;
    }
    const steps = stepsOf.get(e.scenarioId) ?? [];
    const done = new Set(e.doneStepIds);
    // the step it waits for, unless an edit removed it or it was done: then the first live step not done
    const step =
      steps.find((s) => s.id === e.nextStepId && !done.has(s.id)) ?? steps.find((s) => !done.has(s.id));
    if (!step) {
      plan.changes.push({
        id: e.id,
        status: 'COMPLETED',
        stopReason: null,
        doneStepId: null,
        lastStepAt: null,
        nextStepId: null,
        dueAt: null,
      });
      continue;
    }
    const { hasTagIds, lacksTagIds, segmentId = null, segmentConditions = null } = step.conditions;
    const sendIt =
      hasTagIds.every((id) => tags.has(id)) &&
      !lacksTagIds.some((id) => tags.has(id)) &&
      (segmentId === null || (inSegments.get(segmentId)?.has(e.friendId) ?? false)) &&
      (segmentConditions === null || (inStepConditions.get(step.id)?.has(e.friendId) ?? false));
    const stepAt = e.dueAt ?? now;
    done.add(step.id);
    const next =
      steps.find((s) => s.position > step.position && !done.has(s.id)) ?? steps.find((s) => !done.has(s.id));
    plan.changes.push({
      id: e.id,
      status: next ? 'ACTIVE' : 'COMPLETED',
      stopReason: null,
      doneStepId: step.id,
      lastStepAt: stepAt.toISOString(),
      nextStepId: next?.id ?? null,
      dueAt: next
        ? stepDueAt(next.delay, next.delay.from === 'TRIGGER' ? e.enrolledAt : stepAt).toISOString()
        : null,
    });
    if (!sendIt) plan.sends.push({ step, recipients: [] });
    else if (byStep.has(step.id)) byStep.get(step.id)!.push(e);
    else byStep.set(step.id, [e]);
  }
  for (const [stepId, recipients] of byStep) {
    const step = [...stepsOf.values()].flat().find((s) => s.id === stepId)!;
    plan.sends.push({ step, recipients });
  }
  return plan;
}

/** A claimed batch: how many enrolments, the sends stored, and the earliest next step it set (or none). */
type Claimed = { claimed: number; sends: SendRow[]; nextDueAt: Date | null };

/**
 * Claim due enrolments, decide each one's fate and store the sends (each with its retry key) and the
 * enrolments' next steps and actions in one transaction: the step counts as done for the friend once the
 * send is stored, and the stored send goes out exactly once (its key repeats on any retry).
 */
async function claimAndPlan(
  ctx: JobContext,
  config: Config,
  directories: FriendDirectories,
): Promise<Claimed> {
  return inTransaction(ctx.db, async (tx) => {
    const now = ctx.clock.now();
    const due = await claimDueEnrolments(tx, now, enrolmentsPerRun());
    if (due.length === 0) return { claimed: 0, sends: [], nextDueAt: null };
    const scenarioIds = [...new Set(due.map((e) => e.scenarioId))];
    const scenarios = new Map((await findScenariosByIds(tx, scenarioIds)).map((s) => [s.id, s]));
    const stepsOf = new Map<number, StepRow[]>();
    for (const step of await listLiveSteps(tx, scenarioIds))
      stepsOf.set(step.scenarioId, [...(stepsOf.get(step.scenarioId) ?? []), step]);
    const needsTags =
      [...scenarios.values()].some((s) => s.stopTagIds.length > 0) ||
      [...stepsOf.values()]
        .flat()
        .some((s) => s.conditions.hasTagIds.length + s.conditions.lacksTagIds.length > 0);
    const tagsOf = new Map<number, Set<number>>();
    if (needsTags)
      for (const t of await listTagsOfFriends(tx, [...new Set(due.map((e) => e.friendId))]))
        tagsOf.set(t.friendId, (tagsOf.get(t.friendId) ?? new Set()).add(t.id));
    const inSegments = await segmentMatches(tx, directories, due, scenarios, stepsOf, now);
    const inStepConditions = await stepConditionMatches(tx, directories, due, scenarios, stepsOf, now);
    const plan = planBatch(due, scenarios, stepsOf, tagsOf, inSegments, inStepConditions, now);
    await applyEnrolmentChanges(tx, plan.changes, now);
    const rows: Parameters<typeof insertSends>[1] = [];
    const skipped = new Map<number, number>();
    for (const { step, recipients } of plan.sends) {
      if (recipients.length === 0) {
        skipped.set(step.id, (skipped.get(step.id) ?? 0) + 1);
        continue;
      }
      await addStepCounts(tx, step.id, recipients.length, 0);
      const scenario = scenarios.get(step.scenarioId)!;
      for (const e of recipients)
        if (step.actions.length > 0)
          await runScenarioActions(
            tx,
            ctx,
            scenario,
            { friendId: e.friendId, lineUserId: e.lineUserId },
            step.actions,
          );
      if (step.messages.length === 0) continue;
      if (await stepHasLinks(tx, config, scenario, step)) {
        // one push per friend, each naming its friend in the links (decision 0060): clicks per step
        const tokens = await newStepRecipientTokens(
          tx,
          step.id,
          recipients.map((e) => e.friendId),
          now,
        );
        for (const e of recipients)
          rows.push({
            scenarioId: step.scenarioId,
            stepId: step.id,
            retryKey: derivedRetryKey(`scenario-step:${step.id}:${e.id}`),
            recipients: [e.lineUserId],
            linkToken: tokens.get(e.friendId)!,
            createdAt: now,
          });
        continue;
      }
      for (let i = 0; i < recipients.length; i += MULTICAST_MAX_RECIPIENTS) {
        const chunk = recipients.slice(i, i + MULTICAST_MAX_RECIPIENTS);
        rows.push({
          scenarioId: step.scenarioId,
          stepId: step.id,
          retryKey: derivedRetryKey(`scenario-step:${step.id}:${chunk.map((e) => e.id).join(',')}`),
          recipients: chunk.map((e) => e.lineUserId),
          createdAt: now,
        });
      }
    }
    for (const [stepId, n] of skipped) await addStepCounts(tx, stepId, 0, n);
    const nextDueAt = plan.changes.reduce<string | null>(
      (min, c) => (c.dueAt !== null && (min === null || c.dueAt < min) ? c.dueAt : min),
      null,
    );
    return {
      claimed: due.length,
      sends: await insertSends(tx, rows),
      nextDueAt: nextDueAt === null ? null : new Date(nextDueAt),
    };
  });
}

/**
 * Whether a step's messages carry a link (then each friend gets their own push, its links naming them).
 * Messages that cannot be made (an upload gone) have none here; their send fails with the reason.
 */
async function stepHasLinks(tx: Db, config: Config, scenario: ScenarioRow, step: StepRow): Promise<boolean> {
  try {
    return hasLinks(
      await toLineMessages({
        db: tx,
        lineAccountId: scenario.lineAccountId,
        messages: step.messages,
        appUrl: config.appUrl,
      }),
    );
  } catch (error) {
    if (error instanceof AppError) return false;
    throw error;
  }
}

type SendOutcome = 'settled' | { waitMs: number };

/** A step's LINE messages and channel, made once per run for all its sends (per-friend pushes are many). */
type Prepared = { channel: ReturnType<typeof channelsOf>['messaging']; messages: LineMessage[] } | null;
type PreparedSteps = Map<string, Promise<Prepared>>;

async function prepare(ctx: JobContext, config: Config, send: SendRow): Promise<Prepared> {
  const [scenario] = await findScenariosByIds(ctx.db, [send.scenarioId]);
  const [step] = await findStepsByIds(ctx.db, [send.stepId]);
  const account = scenario && (await findLineAccountOfClient(ctx, scenario.clientId, scenario.lineAccountId));
  if (!scenario || !step || !account || account.status !== 'ACTIVE') return null;
  const messages = await toLineMessages({
    db: ctx.db,
    lineAccountId: scenario.lineAccountId,
    messages: step.messages,
    appUrl: config.appUrl,
  });
  return {
    channel: channelsOf({ config }, account).messaging,
    // a send with a recipient token: the step's links through the redirect (decision 0060)
    messages: send.linkToken
      ? await trackStepLinks(ctx.db, { appUrl: config.appUrl, stepId: step.id, messages })
      : messages,
  };
}

/** A send's step made into LINE messages once per run (the same promise for every send of the step). */
function preparedFor(ctx: JobContext, config: Config, send: SendRow, preparedSteps: PreparedSteps) {
  const key = `${send.stepId}:${send.linkToken ? 'tracked' : 'plain'}`;
  if (!preparedSteps.has(key)) preparedSteps.set(key, prepare(ctx, config, send));
  return preparedSteps.get(key)!;
}

/**
 * One stored send's LINE call with its retry key: a push to one friend, a multicast to up to 500 (the
 * same messages). Accepted, or 409 (accepted before: the earlier try went out), is SENT; LINE refusing
 * is FAILED with LINE's reason; a rate limit or LINE down leaves it PENDING for the next run.
 */
async function deliver(
  ctx: JobContext,
  config: Config,
  send: SendRow,
  preparedSteps: PreparedSteps,
): Promise<SendOutcome> {
  const prepared = await preparedFor(ctx, config, send, preparedSteps);
  if (!prepared) {
    await settleSend(ctx.db, send.id, { status: 'FAILED', error: 'LINE account not active', sentAt: null });
    return 'settled';
  }
  const { channel } = prepared;
  const messages = send.linkToken
    ? linksForRecipient(prepared.messages, config.appUrl, send.linkToken)
    : prepared.messages;
  const gateway = lineGatewayFor(config);
  try {
    scenarioFaults.beforeCall?.(send);
    if (send.recipients.length === 1)
      await gateway.pushMessages(channel, { to: send.recipients[0]!, messages, retryKey: send.retryKey });
    else await gateway.sendMessages(channel, { to: send.recipients, messages, retryKey: send.retryKey });
    scenarioFaults.afterCall?.(send);
  } catch (error) {
    if (!(error instanceof LineError)) throw error;
    const reason = error.reason.slice(0, 500);
    if (error.status === 409) {
      await settleSend(ctx.db, send.id, { status: 'SENT', error: null, sentAt: ctx.clock.now() });
      return 'settled';
    }
    if (error.isRetryable) {
      await settleSend(ctx.db, send.id, { status: 'PENDING', error: reason, sentAt: null });
      const retryAfter = Number(error.headers?.get('retry-after'));
      return {
        waitMs: Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter * 1000 : RATE_LIMIT_WAIT_MS,
      };
    }
    await settleSend(ctx.db, send.id, { status: 'FAILED', error: reason, sentAt: null });
    return 'settled';
  }
  await settleSend(ctx.db, send.id, { status: 'SENT', error: null, sentAt: ctx.clock.now() });
  return 'settled';
}

/**
 * A run's sends to one friend each (a step with links, or a single friend due), in parallel through the
 * deliveries' pushes (`sendPushes`: bounded, paced under LINE's push limit per channel), each with its
 * stored retry key; settled in one statement per channel. A crash leaves them PENDING: the next run repeats
 * every key, and LINE answers 409 to those that went out. A rate limit or LINE down stops the run's pushes
 * (the rest stay PENDING for the next run).
 */
async function deliverPushes(
  ctx: JobContext,
  config: Config,
  sends: SendRow[],
  preparedSteps: PreparedSteps,
  settling: Settling,
): Promise<SendOutcome> {
  const byChannel = new Map<string, { send: SendRow; prepared: NonNullable<Prepared> }[]>();
  const inactive: SendRow[] = [];
  for (const send of sends) {
    const prepared = await preparedFor(ctx, config, send, preparedSteps);
    if (!prepared) {
      inactive.push(send);
      continue;
    }
    const group = byChannel.get(prepared.channel.channelId);
    if (group) group.push({ send, prepared });
    else byChannel.set(prepared.channel.channelId, [{ send, prepared }]);
  }
  await settleSends(
    ctx.db,
    inactive.map((send) => ({
      id: send.id,
      status: 'FAILED',
      error: 'LINE account not active',
      sentAt: null,
    })),
  );
  for (const group of byChannel.values()) {
    const outcome = await sendPushes({
      config,
      db: ctx.db,
      channel: group[0]!.prepared.channel,
      count: group.length,
      concurrency: PUSH_CONCURRENCY,
      pushAt: (index) => {
        const { send, prepared } = group[index]!;
        return {
          to: send.recipients[0]!,
          messages: send.linkToken
            ? linksForRecipient(prepared.messages, config.appUrl, send.linkToken)
            : prepared.messages,
          retryKey: send.retryKey,
        };
      },
      beforeCall: (index) => scenarioFaults.beforeCall?.(group[index]!.send),
      afterCall: (index) => scenarioFaults.afterCall?.(group[index]!.send),
    });
    const now = ctx.clock.now();
    // settled while the next batch's pushes go out (the run waits for it before it ends)
    void settling.add(
      settleSends(ctx.db, [
        ...outcome.sent.map((index) => ({
          id: group[index]!.send.id,
          status: 'SENT' as const,
          error: null,
          sentAt: now,
        })),
        ...outcome.failed.map(({ index, error }) => ({
          id: group[index]!.send.id,
          status: 'FAILED' as const,
          error,
          sentAt: null,
        })),
      ]),
    );
    if (outcome.halt && 'rateLimited' in outcome.halt) return { waitMs: outcome.halt.rateLimited.waitMs };
    if (outcome.halt) return { waitMs: RATE_LIMIT_WAIT_MS };
  }
  return 'settled';
}

/** A run's sends: the multicasts one after the other (LINE allows 200 a second), then the pushes in parallel. */
async function deliverAll(
  ctx: JobContext,
  config: Config,
  sends: SendRow[],
  preparedSteps: PreparedSteps,
  settling: Settling,
): Promise<SendOutcome> {
  for (const send of sends) {
    if (send.recipients.length === 1) continue;
    const outcome = await deliver(ctx, config, send, preparedSteps);
    if (outcome !== 'settled') return outcome;
  }
  return deliverPushes(
    ctx,
    config,
    sends.filter((send) => send.recipients.length === 1),
    preparedSteps,
    settling,
  );
}

/**
 * Work a run started and has not waited for (the pushes' settling, the next batch's claim): each kept
 * from being an unhandled rejection until the run waits for all of them (`done`, which throws the first
 * failure).
 */
class Settling {
  /** Work not yet done, and failed work (what succeeded is let go: a claimed batch's sends are many). */
  private readonly started = new Set<Promise<unknown>>();
  add<T>(work: Promise<T>): Promise<T> {
    this.started.add(work);
    work.then(
      () => this.started.delete(work),
      () => undefined,
    );
    return work;
  }
  async done(): Promise<void> {
    const results = await Promise.allSettled(this.started);
    const failed = results.find((r) => r.status === 'rejected');
    if (failed) throw failed.reason;
  }
}

/** How long one run claims more batches before it hands over to the next run (well inside its job's lease). */
export const RUN_BATCHES_MS = 30_000;

/**
 * The scheduler (decision 0037): one job a minute for the whole installation finds due enrolments by
 * query (partial index on due_at), not a timer per friend. It first sends again what an earlier run
 * stored and did not settle, then claims up to ENROLMENTS_PER_RUN due enrolments and sends their steps,
 * claiming the next batch while the current one's pushes go out (so LINE's pace is kept from the first
 * second to the last) for up to RUN_BATCHES_MS; with more due it runs again at once. It always queues the
 * next minute's run, and a run at the earliest step due before that minute.
 */
export async function runScenarioTick(
  input: z.output<typeof scenarioTickPayloadSchema>,
  ctx: JobContext,
  config: Config,
  directories: FriendDirectories,
): Promise<void> {
  const now = ctx.clock.now();
  await queueScenarioTick(ctx.db, now);
  const again = (at: Date, tag: string) =>
    enqueueJob(ctx.db, {
      queue: SCENARIO_TICK_QUEUE,
      payload: input,
      runAt: at,
      dedupeKey: `${SCENARIO_TICK_QUEUE}:${input.slot}:${tag}:${ctx.jobId}`,
    });
  const preparedSteps: PreparedSteps = new Map();
  const settling = new Settling();
  const pending = await listPendingSends(ctx.db, PENDING_SENDS_PER_RUN);
  const retried = await deliverAll(ctx, config, pending, preparedSteps, settling);
  await settling.done();
  if (retried !== 'settled') return again(new Date(ctx.clock.now().getTime() + retried.waitMs), 'wait');
  // more left pending than one run tries: those first, in the next run at once
  if (pending.length === PENDING_SENDS_PER_RUN) return again(ctx.clock.now(), 'more');
  const until = now.getTime() + RUN_BATCHES_MS;
  let next: { at: Date; tag: string } | null = null;
  let nextDueAt: Date | null = null;
  let claiming: Promise<Claimed> | null = settling.add(claimAndPlan(ctx, config, directories));
  try {
    while (claiming) {
      const batch: Claimed = await claiming;
      if (batch.nextDueAt && (!nextDueAt || batch.nextDueAt < nextDueAt)) nextDueAt = batch.nextDueAt;
      const more = batch.claimed === enrolmentsPerRun();
      // the next batch is claimed and planned while this one's pushes go out
      claiming =
        more && ctx.clock.now().getTime() < until
          ? settling.add(claimAndPlan(ctx, config, directories))
          : null;
      const outcome = await deliverAll(ctx, config, batch.sends, preparedSteps, settling);
      if (outcome !== 'settled') {
        next = { at: new Date(ctx.clock.now().getTime() + outcome.waitMs), tag: 'wait' };
        break;
      }
      if (more && !claiming) next = { at: ctx.clock.now(), tag: 'more' };
    }
  } finally {
    // what the run started ends with it: a claimed batch's sends are stored (a crash leaves them PENDING)
    await settling.done();
  }
  if (next) return again(next.at, next.tag);
  // the earliest step due (of this run's, or any) before the next minute's run: a run at its time
  const earliest = await earliestDueAt(ctx.db, ctx.clock.now());
  const at = [nextDueAt, earliest].filter((d): d is Date => d !== null).sort((x, y) => +x - +y)[0];
  // a next step due at once (no delay after the one just sent): the next run at once
  if (at && at.getTime() <= ctx.clock.now().getTime()) return again(ctx.clock.now(), 'due');
  if (at) await queueScenarioRunAt(ctx.db, at, ctx.clock.now());
}
