import type { Db } from '../../db/client.ts';
import type { DomainEvent } from '../../platform/domain-events.ts';
import type { JobContext } from '../../platform/jobs.ts';
import { findFriendOfAccount } from '../friends/index.ts';
import type { AccountScope } from './automation.repository.ts';
import {
  addStepCounts,
  findScenario,
  findRankTriggeredScenarios,
  findTagTriggeredScenarios,
  findTriggeredScenarios,
  insertEnrolment,
  insertEnrolmentsOfFriends,
  listLiveSteps,
  listScenarioRows,
  stopEnrolments,
  triggerTagsOfAccounts,
  type ScenarioRow,
} from './scenarios.repository.ts';
import { queueScenarioRunAt } from './scenarios.schedule.ts';
import { stepDueAt } from './scenarios.timing.ts';

export type EnrolInput = AccountScope & { scenarioId: number; friendId: number; lineUserId: string };

async function enrol(db: Db, scenario: ScenarioRow, friend: EnrolInput, now: Date): Promise<boolean> {
  const [first] = await listLiveSteps(db, [scenario.id]);
  if (!first) return false;
  const dueAt = stepDueAt(first.delay, now);
  const enrolled = await insertEnrolment(db, {
    clientId: scenario.clientId,
    lineAccountId: scenario.lineAccountId,
    scenarioId: scenario.id,
    friendId: friend.friendId,
    lineUserId: friend.lineUserId,
    enrolledAt: now,
    nextStepId: first.id,
    dueAt,
    updatedAt: now,
  });
  if (enrolled) await queueScenarioRunAt(db, dueAt, now);
  return enrolled;
}

/**
 * Start a scenario for a friend (a keyword rule's or a rich menu tap's scenario.start, another scenario's
 * action, by hand), in the caller's transaction. Only a scenario of the account that is on; a friend is in
 * a scenario once (a repeat start is a no-op). Answers whether the friend was enrolled now.
 */
export async function enrolInScenario(db: Db, input: EnrolInput, now: Date): Promise<boolean> {
  const scenario = await findScenario(db, input, input.scenarioId);
  if (!scenario?.enabled) return false;
  return enrol(db, scenario, input, now);
}

/** Whether the scenario is one of the account's (on or off): another module's check before it names one. */
export async function isScenarioOfAccount(db: Db, scope: AccountScope, scenarioId: number): Promise<boolean> {
  return (await findScenario(db, scope, scenarioId)) !== undefined;
}

/**
 * The subscriber's filter (decision 0062): a FRIEND_TAGGED event is taken only when a scenario that is on
 * starts with its tag (a keyword rule's tag on an account with no such scenario makes no job); the other
 * topics are always taken.
 */
export async function scenarioEventsToHandle(
  events: DomainEvent<'NEW_FRIEND' | 'MEMBERSHIP_REGISTRATION' | 'FRIEND_TAGGED' | 'MEMBER_RANK_CHANGED'>[],
  db: Db,
): Promise<number[]> {
  const tagged = events.flatMap((e) => (e.topic === 'FRIEND_TAGGED' && e.lineAccountId !== null ? [e] : []));
  const triggers = await triggerTagsOfAccounts(db, [...new Set(tagged.map((e) => e.lineAccountId!))]);
  const starts = new Set(triggers.map((t) => `${t.clientId}:${t.lineAccountId}:${t.tagId}`));
  return events
    .filter(
      (e) =>
        e.topic !== 'FRIEND_TAGGED' ||
        (e.lineAccountId !== null && starts.has(`${e.clientId}:${e.lineAccountId}:${e.payload.tagId}`)),
    )
    .map((e) => e.id);
}

/**
 * NEW_FRIEND: the friend enters every scenario triggered by a follow. MEMBERSHIP_REGISTRATION: the
 * friend enters the member-registration scenarios and leaves those that stop on registration.
 * FRIEND_TAGGED: the friends who got the tag (and still follow) enter the scenarios it starts (タグ付与時),
 * each at most once, however often the tag comes and goes. MEMBER_RANK_CHANGED upwards: the member's
 * friend (if still following) enters the scenarios of the ranks reached (ランクに到達した時), once.
 */
export async function handleScenarioEvent(
  event: DomainEvent<'NEW_FRIEND' | 'MEMBERSHIP_REGISTRATION' | 'FRIEND_TAGGED' | 'MEMBER_RANK_CHANGED'>,
  ctx: JobContext,
): Promise<void> {
  if (event.lineAccountId === null) return;
  const scope = { clientId: event.clientId, lineAccountId: event.lineAccountId };
  const now = ctx.clock.now();
  const enrolFriends = async (scenarios: ScenarioRow[], friendIds: number[]) => {
    for (const scenario of scenarios) {
      const [first] = await listLiveSteps(ctx.db, [scenario.id]);
      if (!first) continue;
      const due = { id: first.id, dueAt: stepDueAt(first.delay, now) };
      await insertEnrolmentsOfFriends(ctx.db, scenario, due, friendIds, now);
      await queueScenarioRunAt(ctx.db, due.dueAt, now);
    }
  };
  if (event.topic === 'FRIEND_TAGGED') {
    const scenarios = await findTagTriggeredScenarios(ctx.db, scope, event.payload.tagId);
    await enrolFriends(scenarios, event.payload.friendIds);
    return;
  }
  if (event.topic === 'MEMBER_RANK_CHANGED') {
    const { direction, reachedRanks, toRank, friendId } = event.payload;
    if (direction !== 'UP') return;
    // an event recorded before reachedRanks existed names only the rank it ended at
    const ranks = reachedRanks.length > 0 ? reachedRanks : toRank === null ? [] : [toRank];
    await enrolFriends(await findRankTriggeredScenarios(ctx.db, scope, ranks), [friendId]);
    return;
  }
  if (event.topic === 'NEW_FRIEND') {
    const friend = { ...scope, friendId: event.payload.friendId, lineUserId: event.payload.lineUserId };
    for (const scenario of await findTriggeredScenarios(ctx.db, scope, 'FOLLOW'))
      await enrol(ctx.db, scenario, { ...friend, scenarioId: scenario.id }, now);
    return;
  }
  const row = await findFriendOfAccount(ctx.db, scope, event.payload.friendId);
  if (!row) return;
  const stopping = (await listScenarioRows(ctx.db, scope)).filter((s) => s.stopOnMember).map((s) => s.id);
  await stopEnrolments(ctx.db, { friendId: row.id, scenarioIds: stopping }, 'MEMBER', now);
  const friend = { ...scope, friendId: row.id, lineUserId: row.lineUserId };
  for (const scenario of await findTriggeredScenarios(ctx.db, scope, 'MEMBER_REGISTERED'))
    await enrol(ctx.db, scenario, { ...friend, scenarioId: scenario.id }, now);
}

/**
 * For the demo world: a friend's place in a scenario as if enrolled at `enrolledAt` (a past follow): the
 * steps that would have fallen due by `now` count as done (and in the steps' figures), the next one waits
 * at its time. Nothing is sent; the scheduler takes the friend from the next step on.
 */
export async function placeInScenario(db: Db, input: EnrolInput, enrolledAt: Date, now: Date): Promise<void> {
  const scenario = await findScenario(db, input, input.scenarioId);
  if (!scenario) return;
  const steps = await listLiveSteps(db, [scenario.id]);
  const done: number[] = [];
  let last: Date | null = null;
  let next: { id: number; at: Date } | null = null;
  for (const step of steps) {
    const at = stepDueAt(step.delay, step.delay.from === 'TRIGGER' ? enrolledAt : (last ?? enrolledAt));
    if (at.getTime() > now.getTime()) {
      next = { id: step.id, at };
      break;
    }
    done.push(step.id);
    last = at;
  }
  const inserted = await insertEnrolment(db, {
    clientId: scenario.clientId,
    lineAccountId: scenario.lineAccountId,
    scenarioId: scenario.id,
    friendId: input.friendId,
    lineUserId: input.lineUserId,
    status: next ? 'ACTIVE' : 'COMPLETED',
    enrolledAt,
    doneStepIds: done,
    lastStepAt: last,
    nextStepId: next?.id ?? null,
    dueAt: next?.at ?? null,
    updatedAt: now,
  });
  if (inserted) for (const id of done) await addStepCounts(db, id, 1, 0);
}
