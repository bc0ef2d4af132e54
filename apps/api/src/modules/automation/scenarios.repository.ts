import type { EnrolmentStatus, StopReason } from '@app/contracts';
import { and, asc, count, eq, gt, inArray, isNull, lte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { scenarioEnrolments, scenarios, scenarioSends, scenarioSteps } from '../../db/schema/automation.ts';
import { friendsForJoin } from '../friends/index.ts';
import type { AccountScope } from './automation.repository.ts';

export type ScenarioRow = typeof scenarios.$inferSelect;
export type StepRow = typeof scenarioSteps.$inferSelect;
export type EnrolmentRow = typeof scenarioEnrolments.$inferSelect;
export type SendRow = typeof scenarioSends.$inferSelect;

const inAccount = (scope: AccountScope) =>
  and(eq(scenarios.clientId, scope.clientId), eq(scenarios.lineAccountId, scope.lineAccountId));

export async function listScenarioRows(db: Db, scope: AccountScope): Promise<ScenarioRow[]> {
  return db.select().from(scenarios).where(inAccount(scope)).orderBy(asc(scenarios.id));
}

export async function findScenario(
  db: Db,
  scope: AccountScope,
  id: number,
): Promise<ScenarioRow | undefined> {
  const [row] = await db
    .select()
    .from(scenarios)
    .where(and(inAccount(scope), eq(scenarios.id, id)));
  return row;
}

/** The enabled scenarios of an account started by a trigger. */
export async function findTriggeredScenarios(
  db: Db,
  scope: AccountScope,
  trigger: ScenarioRow['trigger'],
): Promise<ScenarioRow[]> {
  return db
    .select()
    .from(scenarios)
    .where(and(inAccount(scope), eq(scenarios.trigger, trigger), eq(scenarios.enabled, true)));
}

/** The account's scenarios that are on and start when this tag is added to a friend (タグ付与時). */
export async function findTagTriggeredScenarios(
  db: Db,
  scope: AccountScope,
  tagId: number,
): Promise<ScenarioRow[]> {
  return db
    .select()
    .from(scenarios)
    .where(
      and(
        inAccount(scope),
        eq(scenarios.trigger, 'TAG_ADDED'),
        eq(scenarios.triggerTagId, tagId),
        eq(scenarios.enabled, true),
      ),
    );
}

/** The tags that start a scenario that is on, of these accounts (the event filter's one read a batch). */
export async function triggerTagsOfAccounts(
  db: Db,
  lineAccountIds: number[],
): Promise<{ clientId: number; lineAccountId: number; tagId: number }[]> {
  if (lineAccountIds.length === 0) return [];
  const rows = await db
    .selectDistinct({
      clientId: scenarios.clientId,
      lineAccountId: scenarios.lineAccountId,
      tagId: scenarios.triggerTagId,
    })
    .from(scenarios)
    .where(
      and(
        inArray(scenarios.lineAccountId, lineAccountIds),
        eq(scenarios.trigger, 'TAG_ADDED'),
        eq(scenarios.enabled, true),
      ),
    );
  return rows.flatMap((r) => (r.tagId === null ? [] : [{ ...r, tagId: r.tagId }]));
}

/** The account's scenarios that are on and start when a member reaches one of these ranks (ランク到達時). */
export async function findRankTriggeredScenarios(
  db: Db,
  scope: AccountScope,
  ranks: string[],
): Promise<ScenarioRow[]> {
  if (ranks.length === 0) return [];
  return db
    .select()
    .from(scenarios)
    .where(
      and(
        inAccount(scope),
        eq(scenarios.trigger, 'RANK_REACHED'),
        inArray(scenarios.triggerRank, ranks),
        eq(scenarios.enabled, true),
      ),
    );
}

/**
 * Enrols some friends of the scenario's account in it at its first step: only friends who still follow;
 * a friend already in the scenario (in it now, or before) stays as they were. Answers how many entered.
 */
export async function insertEnrolmentsOfFriends(
  db: Db,
  scenario: ScenarioRow,
  first: { id: number; dueAt: Date },
  friendIds: number[],
  now: Date,
): Promise<number> {
  if (friendIds.length === 0) return 0;
  const f = friendsForJoin;
  const following = await db
    .select({ id: f.id, lineUserId: f.lineUserId })
    .from(f)
    .where(
      and(
        eq(f.clientId, scenario.clientId),
        eq(f.lineAccountId, scenario.lineAccountId),
        eq(f.isFriend, true),
        inArray(f.id, friendIds),
      ),
    );
  if (following.length === 0) return 0;
  const rows = await db
    .insert(scenarioEnrolments)
    .values(
      following.map((friend) => ({
        clientId: scenario.clientId,
        lineAccountId: scenario.lineAccountId,
        scenarioId: scenario.id,
        friendId: friend.id,
        lineUserId: friend.lineUserId,
        enrolledAt: now,
        nextStepId: first.id,
        dueAt: first.dueAt,
        updatedAt: now,
      })),
    )
    .onConflictDoNothing()
    .returning({ id: scenarioEnrolments.id });
  return rows.length;
}

export async function insertScenario(db: Db, values: typeof scenarios.$inferInsert): Promise<ScenarioRow> {
  const [row] = await db.insert(scenarios).values(values).returning();
  return row!;
}

export async function updateScenarioRow(
  db: Db,
  id: number,
  values: Partial<typeof scenarios.$inferInsert>,
): Promise<void> {
  await db.update(scenarios).set(values).where(eq(scenarios.id, id));
}

export async function deleteScenarioRow(db: Db, scope: AccountScope, id: number): Promise<boolean> {
  const rows = await db
    .delete(scenarios)
    .where(and(inAccount(scope), eq(scenarios.id, id)))
    .returning({ id: scenarios.id });
  return rows.length > 0;
}

/** The live steps (not removed) of some scenarios, in order. */
export async function listLiveSteps(db: Db, scenarioIds: number[]): Promise<StepRow[]> {
  if (scenarioIds.length === 0) return [];
  return db
    .select()
    .from(scenarioSteps)
    .where(and(inArray(scenarioSteps.scenarioId, scenarioIds), isNull(scenarioSteps.removedAt)))
    .orderBy(asc(scenarioSteps.scenarioId), asc(scenarioSteps.position));
}

export async function insertStep(db: Db, values: typeof scenarioSteps.$inferInsert): Promise<StepRow> {
  const [row] = await db.insert(scenarioSteps).values(values).returning();
  return row!;
}

export async function updateStep(
  db: Db,
  id: number,
  values: Partial<typeof scenarioSteps.$inferInsert>,
): Promise<void> {
  await db.update(scenarioSteps).set(values).where(eq(scenarioSteps.id, id));
}

export async function addStepCounts(db: Db, stepId: number, sent: number, skipped: number): Promise<void> {
  if (sent === 0 && skipped === 0) return;
  await db
    .update(scenarioSteps)
    .set({
      sentCount: sql`${scenarioSteps.sentCount} + ${sent}`,
      skippedCount: sql`${scenarioSteps.skippedCount} + ${skipped}`,
    })
    .where(eq(scenarioSteps.id, stepId));
}

/** Enrolled, active, completed and stopped friends per scenario. */
export async function enrolmentCounts(
  db: Db,
  scenarioIds: number[],
): Promise<Map<number, Record<EnrolmentStatus, number>>> {
  const result = new Map<number, Record<EnrolmentStatus, number>>();
  if (scenarioIds.length === 0) return result;
  const rows = await db
    .select({ scenarioId: scenarioEnrolments.scenarioId, status: scenarioEnrolments.status, n: count() })
    .from(scenarioEnrolments)
    .where(inArray(scenarioEnrolments.scenarioId, scenarioIds))
    .groupBy(scenarioEnrolments.scenarioId, scenarioEnrolments.status);
  for (const r of rows) {
    const counts = result.get(r.scenarioId) ?? { ACTIVE: 0, COMPLETED: 0, STOPPED: 0 };
    counts[r.status] = Number(r.n);
    result.set(r.scenarioId, counts);
  }
  return result;
}

/** A friend in a scenario, once: a second start of the same scenario for the same friend is a no-op. */
export async function insertEnrolment(
  db: Db,
  values: typeof scenarioEnrolments.$inferInsert,
): Promise<boolean> {
  const rows = await db
    .insert(scenarioEnrolments)
    .values(values)
    .onConflictDoNothing()
    .returning({ id: scenarioEnrolments.id });
  return rows.length > 0;
}

export async function listEnrolmentsOfFriend(db: Db, scope: AccountScope, friendId: number) {
  return db
    .select({ enrolment: scenarioEnrolments, name: scenarios.name })
    .from(scenarioEnrolments)
    .innerJoin(scenarios, eq(scenarios.id, scenarioEnrolments.scenarioId))
    .where(and(inAccount(scope), eq(scenarioEnrolments.friendId, friendId)))
    .orderBy(asc(scenarioEnrolments.id));
}

export async function listActiveEnrolments(db: Db, scenarioId: number): Promise<EnrolmentRow[]> {
  return db
    .select()
    .from(scenarioEnrolments)
    .where(and(eq(scenarioEnrolments.scenarioId, scenarioId), eq(scenarioEnrolments.status, 'ACTIVE')));
}

/** Stop a friend's active enrolments in some scenarios (a stop condition met). */
export async function stopEnrolments(
  db: Db,
  where: { friendId: number; scenarioIds: number[] },
  reason: StopReason,
  now: Date,
): Promise<void> {
  if (where.scenarioIds.length === 0) return;
  await db
    .update(scenarioEnrolments)
    .set({ status: 'STOPPED', stopReason: reason, nextStepId: null, dueAt: null, updatedAt: now })
    .where(
      and(
        eq(scenarioEnrolments.friendId, where.friendId),
        inArray(scenarioEnrolments.scenarioId, where.scenarioIds),
        eq(scenarioEnrolments.status, 'ACTIVE'),
      ),
    );
}

export type DueEnrolment = Pick<
  EnrolmentRow,
  'id' | 'scenarioId' | 'friendId' | 'lineUserId' | 'enrolledAt' | 'doneStepIds' | 'nextStepId' | 'dueAt'
> & { isFriend: boolean; displayName: string };

/**
 * Up to `limit` enrolments due now in scenarios that are on, the earliest first, locked for this run
 * (FOR UPDATE SKIP LOCKED: two runners never take the same friend); with whether the friend still follows.
 */
export async function claimDueEnrolments(db: Db, now: Date, limit: number): Promise<DueEnrolment[]> {
  const e = scenarioEnrolments;
  return db
    .select({
      id: e.id,
      scenarioId: e.scenarioId,
      friendId: e.friendId,
      lineUserId: e.lineUserId,
      enrolledAt: e.enrolledAt,
      doneStepIds: e.doneStepIds,
      nextStepId: e.nextStepId,
      dueAt: e.dueAt,
      isFriend: friendsForJoin.isFriend,
      // the name a step with the friend-name placeholder is sent with (stored with its send)
      displayName: friendsForJoin.displayName,
    })
    .from(e)
    .innerJoin(scenarios, and(eq(scenarios.id, e.scenarioId), eq(scenarios.enabled, true)))
    .innerJoin(friendsForJoin, eq(friendsForJoin.id, e.friendId))
    .where(and(eq(e.status, 'ACTIVE'), lte(e.dueAt, now)))
    .orderBy(asc(e.dueAt), asc(e.id))
    .limit(limit)
    .for('update', { of: e, skipLocked: true });
}

/**
 * When the next step after `now` falls due, of any scenario (the due index's first entry after `now`):
 * the scheduler queues a run at that time when it comes before the next minute's run.
 */
export async function earliestDueAt(db: Db, now: Date): Promise<Date | null> {
  const e = scenarioEnrolments;
  const [row] = await db
    .select({ dueAt: e.dueAt })
    .from(e)
    .where(and(eq(e.status, 'ACTIVE'), gt(e.dueAt, now)))
    .orderBy(asc(e.dueAt))
    .limit(1);
  return row?.dueAt ?? null;
}

export type EnrolmentChange = {
  id: number;
  status: EnrolmentStatus;
  stopReason: StopReason | null;
  /** A step now done (sent or skipped), or null. */
  doneStepId: number | null;
  lastStepAt: string | null;
  nextStepId: number | null;
  dueAt: string | null;
};

/** Many enrolments moved on in one statement (a run's batch). */
export async function applyEnrolmentChanges(db: Db, changes: EnrolmentChange[], now: Date): Promise<void> {
  if (changes.length === 0) return;
  await db.execute(sql`
    update ${scenarioEnrolments} as e set
      status = v.status,
      stop_reason = v.stop_reason,
      done_step_ids = case when v.done_step_id is null then e.done_step_ids
        else e.done_step_ids || to_jsonb(v.done_step_id) end,
      last_step_at = coalesce(v.last_step_at, e.last_step_at),
      next_step_id = v.next_step_id,
      due_at = v.due_at,
      updated_at = ${now.toISOString()}::timestamptz
    from jsonb_to_recordset(${JSON.stringify(
      changes.map((c) => ({
        id: c.id,
        status: c.status,
        stop_reason: c.stopReason,
        done_step_id: c.doneStepId,
        last_step_at: c.lastStepAt,
        next_step_id: c.nextStepId,
        due_at: c.dueAt,
      })),
    )}::jsonb) as v(id int, status text, stop_reason text, done_step_id int, last_step_at timestamptz,
      next_step_id int, due_at timestamptz)
    where e.id = v.id`);
}

type SendInsert = Pick<
  typeof scenarioSends.$inferInsert,
  'scenarioId' | 'stepId' | 'retryKey' | 'recipients' | 'linkToken' | 'recipientName' | 'createdAt'
>;

/**
 * A run's sends stored in one statement with one parameter (a run's 5,000 pushes: the rows travel as one
 * JSON value rather than 30,000 bound parameters built one by one); a retry key stored before is kept.
 */
export async function insertSends(db: Db, values: SendInsert[]): Promise<SendRow[]> {
  if (values.length === 0) return [];
  const result = await db.execute(sql`
    insert into ${scenarioSends} (scenario_id, step_id, retry_key, recipients, link_token, recipient_name,
      created_at)
    select v.scenario_id, v.step_id, v.retry_key::uuid, v.recipients, v.link_token, v.recipient_name,
      v.created_at
    from jsonb_to_recordset(${JSON.stringify(
      values.map((v) => ({
        scenario_id: v.scenarioId,
        step_id: v.stepId,
        retry_key: v.retryKey,
        recipients: v.recipients,
        link_token: v.linkToken ?? null,
        recipient_name: v.recipientName ?? null,
        created_at: v.createdAt?.toISOString(),
      })),
    )}::jsonb) as v(scenario_id int, step_id int, retry_key text, recipients jsonb, link_token text,
      recipient_name text, created_at timestamptz)
    on conflict do nothing
    returning id, scenario_id, step_id, retry_key, recipients, link_token, recipient_name, status, error, created_at, sent_at`);
  type Row = {
    id: number;
    scenario_id: number;
    step_id: number;
    retry_key: string;
    recipients: string[] | string;
    link_token: string | null;
    recipient_name: string | null;
    status: SendRow['status'];
    error: string | null;
    created_at: Date | string;
    sent_at: Date | string | null;
  };
  return (result as { rows: Row[] }).rows
    .map((r): SendRow => ({
      id: Number(r.id),
      scenarioId: r.scenario_id,
      stepId: r.step_id,
      retryKey: r.retry_key,
      recipients: typeof r.recipients === 'string' ? (JSON.parse(r.recipients) as string[]) : r.recipients,
      linkToken: r.link_token,
      recipientName: r.recipient_name,
      status: r.status,
      error: r.error,
      createdAt: new Date(r.created_at),
      sentAt: r.sent_at === null ? null : new Date(r.sent_at),
    }))
    .sort((x, y) => x.id - y.id);
}

/** Sends stored before their call and not settled (a crash, LINE down, a rate limit): sent again first. */
export async function listPendingSends(db: Db, limit: number): Promise<SendRow[]> {
  return db
    .select()
    .from(scenarioSends)
    .where(eq(scenarioSends.status, 'PENDING'))
    .orderBy(asc(scenarioSends.createdAt), asc(scenarioSends.id))
    .limit(limit);
}

export async function settleSend(
  db: Db,
  id: number,
  values: { status: 'SENT' | 'FAILED' | 'PENDING'; error: string | null; sentAt: Date | null },
): Promise<void> {
  await db.update(scenarioSends).set(values).where(eq(scenarioSends.id, id));
}

/** Many sends settled in one statement (a run's parallel pushes). */
export async function settleSends(
  db: Db,
  values: { id: number; status: 'SENT' | 'FAILED'; error: string | null; sentAt: Date | null }[],
): Promise<void> {
  if (values.length === 0) return;
  await db.execute(sql`
    update ${scenarioSends} as s set status = v.status, error = v.error, sent_at = v.sent_at
    from jsonb_to_recordset(${JSON.stringify(
      values.map((v) => ({
        id: v.id,
        status: v.status,
        error: v.error,
        sent_at: v.sentAt?.toISOString() ?? null,
      })),
    )}::jsonb) as v(id int, status text, error text, sent_at timestamptz)
    where s.id = v.id`);
}

export async function findStepsByIds(db: Db, ids: number[]): Promise<StepRow[]> {
  if (ids.length === 0) return [];
  return db.select().from(scenarioSteps).where(inArray(scenarioSteps.id, ids));
}

export async function findScenariosByIds(db: Db, ids: number[]): Promise<ScenarioRow[]> {
  if (ids.length === 0) return [];
  return db.select().from(scenarios).where(inArray(scenarios.id, ids));
}
