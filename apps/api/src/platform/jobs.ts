import { and, asc, eq, inArray, like, lt, lte, or, sql, type SQL } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { inTransaction, jobsFeedOf, type Db } from '../db/client.ts';
import { jobs } from '../db/schema/index.ts';
import type { z } from 'zod';
import type { Clock } from './clock.ts';

export type JobContext = { db: Db; log: FastifyBaseLogger; clock: Clock; attempt: number; jobId: number };
export type JobHandler<P = unknown> = (payload: P, ctx: JobContext) => Promise<void>;
export type JobDefinition<P = unknown> = {
  /** Parses the stored payload before the handler sees it; a payload it refuses makes the job DEAD at once. */
  payload?: z.ZodType<P>;
  handler: JobHandler<P>;
  maxAttempts?: number;
  /** Delay before attempt n+1 (n = attempts so far). Default: 5s, 10s, 20s ... capped at 1 hour. */
  backoffMs?: (attempts: number) => number;
};

export type EnqueueOptions = {
  queue: string;
  payload: unknown;
  /** When it becomes due: pass ctx.clock.now() for "now", so tests with a controlled clock see it. */
  runAt: Date;
  dedupeKey?: string;
  maxAttempts?: number;
};

/**
 * Queue a job in the caller's transaction, so it exists exactly when the change that needs it committed.
 * With a dedupeKey, a second enqueue of the same key is a no-op.
 */
export async function enqueueJob(db: Db, options: EnqueueOptions): Promise<void> {
  await db
    .insert(jobs)
    .values({
      queue: options.queue,
      payload: options.payload ?? {},
      runAt: options.runAt,
      ...(options.dedupeKey ? { dedupeKey: options.dedupeKey } : {}),
      ...(options.maxAttempts ? { maxAttempts: options.maxAttempts } : {}),
    })
    .onConflictDoNothing({ target: jobs.dedupeKey });
}

const HOUR_MS = 3600_000;

/**
 * Queue a recurring job's run of the hour after `at` (or of this hour with `now: true`): one job per
 * hour in the whole installation, by dedupe key, however many processes start or run it. The handler
 * queues the next hour's run.
 */
export async function queueHourly(
  db: Db,
  queue: string,
  at: Date,
  options: { now?: boolean } = {},
): Promise<void> {
  const slot = Math.floor(at.getTime() / HOUR_MS) + (options.now ? 0 : 1);
  await enqueueJob(db, {
    queue,
    payload: {},
    runAt: options.now ? at : new Date(slot * HOUR_MS),
    dedupeKey: `${queue}:${slot}`,
  });
}

/**
 * Insert rows and queue one job for each row inserted, in one statement (atomic without a transaction's
 * extra round trips; for hot paths such as the LINE webhook): `insert` is an INSERT ... RETURNING `id`,
 * `job_run_at` (the job's time) and whatever the caller needs to tell its rows apart. Each job names its
 * row as `{ [payloadKey]: id }`, deduplicated by `${queue}:${id}`. Answers the rows inserted (a row the
 * INSERT skipped, ON CONFLICT DO NOTHING, gets no job).
 */
export async function insertRowsWithJobs<R extends { id: number }>(
  db: Db,
  insert: SQL,
  options: { queue: string; payloadKey: string },
): Promise<R[]> {
  const result: unknown = await db.execute(sql`
    with inserted as (${insert})
    , queued as (
      insert into ${jobs} (queue, payload, run_at, dedupe_key)
      select ${options.queue}, jsonb_build_object(${options.payloadKey}::text, id), job_run_at, ${`${options.queue}:`} || id
      from inserted
      on conflict (dedupe_key) do nothing
    )
    select * from inserted`);
  return (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as R[];
}

/**
 * Drop the still-pending jobs of a queue whose dedupe key starts with a prefix (a plan made again),
 * in the caller's transaction. Running and finished jobs stay, so their keys still stop a repeat.
 */
export async function cancelPendingJobs(
  db: Db,
  options: { queue: string; dedupeKeyPrefix: string },
): Promise<void> {
  const pattern = `${options.dedupeKeyPrefix.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  await db
    .delete(jobs)
    .where(and(eq(jobs.queue, options.queue), eq(jobs.status, 'PENDING'), like(jobs.dedupeKey, pattern)));
}

/**
 * A running job gives its dedupe key back, so the same key may queue a new job: for a key that stands for
 * "one pending run of X" rather than "this run once" (a follow-up that waits for a lease). Call it before
 * reading the state the job acts on: an enqueue that found the key taken is then covered by this run.
 */
export async function releaseDedupeKey(db: Db, jobId: number): Promise<void> {
  await db.update(jobs).set({ dedupeKey: null }).where(eq(jobs.id, jobId));
}

/** Housekeeping: drop DONE jobs finished before a time (DEAD ones stay for a person to read). */
export async function deleteFinishedJobs(db: Db, finishedBefore: Date): Promise<number> {
  const rows = await db
    .delete(jobs)
    .where(and(eq(jobs.status, 'DONE'), lt(jobs.finishedAt, finishedBefore)))
    .returning({ id: jobs.id });
  return rows.length;
}

const defaultBackoff = (attempts: number) => Math.min(3600_000, 5000 * 2 ** Math.max(0, attempts - 1));

/** Runs before each claim, to turn rows of elsewhere into jobs (the domain-event fan-out). */
export type JobFeeder = (ctx: Pick<JobContext, 'db' | 'log' | 'clock'>) => Promise<void>;

export type JobRunner = {
  define: <P>(queue: string, definition: JobDefinition<P>) => void;
  addFeeder: (feeder: JobFeeder) => void;
  /** Claim and run the jobs due now; answers how many ran. Tests call it directly. */
  runDue: (limit?: number) => Promise<number>;
  start: (intervalMs?: number) => void;
  stop: () => Promise<void>;
};

/**
 * Runs durable jobs. A claim sets a lease (lockedUntil); a process that dies mid-job leaves the lease to
 * expire and another run picks the job up again, so handlers must be idempotent (at-least-once).
 */
export function createJobRunner(options: {
  db: Db;
  log: FastifyBaseLogger;
  clock: Clock;
  leaseMs?: number;
}): JobRunner {
  const { db, log, clock } = options;
  const leaseMs = options.leaseMs ?? 60_000;
  const definitions = new Map<string, JobDefinition<unknown>>();
  const feeders: JobFeeder[] = [];
  let timer: NodeJS.Timeout | undefined;
  let unsubscribe: (() => void) | undefined;
  let running: Promise<unknown> = Promise.resolve();
  let stopped = false;
  /** A run is queued behind the one in progress: more wake-ups meanwhile add nothing. */
  let queued = false;

  const claim = async (limit: number) => {
    const queues = [...definitions.keys()];
    if (queues.length === 0) return [];
    const now = clock.now();
    return inTransaction(db, async (tx) => {
      const due = await tx
        .select({ id: jobs.id })
        .from(jobs)
        .where(
          and(
            inArray(jobs.queue, queues),
            or(
              and(eq(jobs.status, 'PENDING'), lte(jobs.runAt, now)),
              and(eq(jobs.status, 'RUNNING'), lte(jobs.lockedUntil, now)),
            ),
          ),
        )
        .orderBy(asc(jobs.runAt), asc(jobs.id))
        .limit(limit)
        .for('update', { skipLocked: true });
      if (due.length === 0) return [];
      return tx
        .update(jobs)
        .set({
          status: 'RUNNING',
          lockedUntil: new Date(now.getTime() + leaseMs),
          attempts: sql`${jobs.attempts} + 1`,
        })
        .where(
          inArray(
            jobs.id,
            due.map((d) => d.id),
          ),
        )
        .returning();
    });
  };

  const runOne = async (job: typeof jobs.$inferSelect) => {
    const definition = definitions.get(job.queue)!;
    const parsed = definition.payload ? definition.payload.safeParse(job.payload) : undefined;
    if (parsed && !parsed.success) {
      // Retrying cannot mend a payload: park it for a person to read.
      log.error({ jobId: job.id, queue: job.queue, err: parsed.error }, 'job payload refused');
      await db
        .update(jobs)
        .set({
          status: 'DEAD',
          finishedAt: clock.now(),
          lockedUntil: null,
          lastError: parsed.error.message.slice(0, 2000),
        })
        .where(eq(jobs.id, job.id));
      return;
    }
    try {
      const payload = parsed ? parsed.data : job.payload;
      await definition.handler(payload, { db, log, clock, attempt: job.attempts, jobId: job.id });
      await db
        .update(jobs)
        .set({ status: 'DONE', finishedAt: clock.now(), lockedUntil: null, lastError: null })
        .where(eq(jobs.id, job.id));
    } catch (error) {
      const dead = job.attempts >= (definition.maxAttempts ?? job.maxAttempts);
      const delay = (definition.backoffMs ?? defaultBackoff)(job.attempts);
      log.warn({ err: error, jobId: job.id, queue: job.queue, attempt: job.attempts, dead }, 'job failed');
      await db
        .update(jobs)
        .set({
          status: dead ? 'DEAD' : 'PENDING',
          runAt: new Date(clock.now().getTime() + delay),
          lockedUntil: null,
          lastError: (error instanceof Error ? (error.stack ?? error.message) : String(error)).slice(0, 2000),
          ...(dead ? { finishedAt: clock.now() } : {}),
        })
        .where(eq(jobs.id, job.id));
    }
  };

  const runDue = async (limit = 20) => {
    for (const feed of feeders) await feed({ db, log, clock });
    const claimed = await claim(limit);
    for (const job of claimed) await runOne(job);
    return claimed.length;
  };

  return {
    define: (queue, definition) => {
      definitions.set(queue, definition as JobDefinition<unknown>);
    },
    addFeeder: (feeder) => {
      feeders.push(feeder);
    },
    runDue,
    start: (intervalMs = 1000) => {
      if (timer) return;
      const tick = async () => {
        queued = false;
        if (stopped) return;
        // Keep draining while there is work, then sleep.
        while (!stopped && (await runDue()) > 0);
      };
      const wake = () => {
        if (stopped || queued) return;
        queued = true;
        running = running
          .then(tick)
          .catch((error: unknown) => log.error({ err: error }, 'job runner failed'));
      };
      timer = setInterval(wake, intervalMs);
      // Queued jobs and recorded events wake the runner at their commit (any process's); the poll above
      // stays for due times that arrive later and for a notification missed while reconnecting.
      unsubscribe = jobsFeedOf(db)?.subscribe(wake);
    },
    stop: async () => {
      stopped = true;
      if (timer) clearInterval(timer);
      unsubscribe?.();
      await running;
    },
  };
}
