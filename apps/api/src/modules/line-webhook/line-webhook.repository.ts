import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { insertRowsWithJobs } from '../../platform/jobs.ts';
import { webhookEvents } from '../../db/schema/line-webhook.ts';

export type WebhookEventRow = typeof webhookEvents.$inferSelect;

type NewWebhookEvent = { webhookEventId: string; type: string; payload: unknown };

type WebhookCall = { lineAccountId: number; events: NewWebhookEvent[]; receivedAt: Date };
type Waiting = WebhookCall & { resolve: (accepted: number) => void; reject: (error: unknown) => void };

/** The most calls one statement takes (LINE sends a few events a call; 5 parameters an event). */
const MAX_CALLS_A_STATEMENT = 200;

/**
 * Stores calls' events once per (account, webhookEventId) with one processing job each, in one
 * statement (LINE's redeliveries insert nothing and queue nothing); answers, for each call, how many of
 * its events were new. An event named twice in the batch counts for the first call that named it.
 */
export async function insertWebhookCallsWithJobs(
  db: Db,
  calls: WebhookCall[],
  options: { queue: string },
): Promise<number[]> {
  const owner = new Map<string, number>();
  const values: SQL[] = [];
  calls.forEach((call, index) => {
    const at = call.receivedAt.toISOString();
    for (const e of call.events) {
      const key = `${call.lineAccountId}:${e.webhookEventId}`;
      if (owner.has(key)) continue;
      owner.set(key, index);
      values.push(
        sql`(${call.lineAccountId}, ${e.webhookEventId}, ${e.type}, ${JSON.stringify(e.payload)}::jsonb, ${at}::timestamptz)`,
      );
    }
  });
  const accepted = calls.map(() => 0);
  if (values.length === 0) return accepted;
  const rows = await insertRowsWithJobs<{ id: number; line_account_id: number; webhook_event_id: string }>(
    db,
    sql`insert into ${webhookEvents} (line_account_id, webhook_event_id, type, payload, received_at)
      values ${sql.join(values, sql`, `)}
      on conflict (line_account_id, webhook_event_id) do nothing
      returning id, line_account_id, webhook_event_id, received_at as job_run_at`,
    { queue: options.queue, payloadKey: 'webhookEventId' },
  );
  for (const row of rows) {
    const index = owner.get(`${Number(row.line_account_id)}:${row.webhook_event_id}`);
    if (index !== undefined) accepted[index]!++;
  }
  return accepted;
}

/**
 * The webhook's group commit: concurrent calls' events go to the database together, one statement for
 * all the calls that arrived while the previous statement ran (none waits when calls are few: the first
 * goes at once). At LINE's 1,000 calls a second this turns a round trip and a commit a call into one a
 * batch (issue 31). A batch that fails is tried again call by call, so one bad call fails alone.
 */
class WebhookInserts {
  readonly #waiting: Waiting[] = [];
  #running = false;

  constructor(
    private readonly db: Db,
    private readonly queue: string,
  ) {}

  insert(call: WebhookCall): Promise<number> {
    return new Promise<number>((resolve, reject) => {
      this.#waiting.push({ ...call, resolve, reject });
      if (!this.#running) {
        this.#running = true;
        void this.#run();
      }
    });
  }

  /**
   * Each statement waits for the end of the event loop's turn (setImmediate), so every call whose bytes
   * arrived in that turn joins it: with PGlite, whose statements run on this thread, a call would otherwise
   * reach the database before the next call is even read, and no batch would form.
   */
  async #run(): Promise<void> {
    try {
      while (this.#waiting.length > 0) {
        if (this.#waiting.length < MAX_CALLS_A_STATEMENT)
          await new Promise((resolve) => setImmediate(resolve));
        const batch = this.#waiting.splice(0, MAX_CALLS_A_STATEMENT);
        try {
          const accepted = await insertWebhookCallsWithJobs(this.db, batch, { queue: this.queue });
          batch.forEach((call, i) => call.resolve(accepted[i]!));
        } catch (error) {
          if (batch.length === 1) batch[0]!.reject(error);
          else await Promise.all(batch.map((call) => this.#alone(call)));
        }
      }
    } finally {
      this.#running = false;
    }
  }

  async #alone(call: Waiting): Promise<void> {
    try {
      const [accepted] = await insertWebhookCallsWithJobs(this.db, [call], { queue: this.queue });
      call.resolve(accepted!);
    } catch (error) {
      call.reject(error);
    }
  }
}

const batchers = new WeakMap<Db, Map<string, WebhookInserts>>();

/**
 * Stores one call's events with their jobs (see insertWebhookCallsWithJobs), together with the other
 * calls arriving at the same time; answers how many of its events were new.
 */
export async function insertWebhookEventsWithJobs(
  db: Db,
  lineAccountId: number,
  events: NewWebhookEvent[],
  options: { queue: string; receivedAt: Date },
): Promise<number> {
  if (events.length === 0) return 0;
  let byQueue = batchers.get(db);
  if (!byQueue) batchers.set(db, (byQueue = new Map<string, WebhookInserts>()));
  let inserts = byQueue.get(options.queue);
  if (!inserts) byQueue.set(options.queue, (inserts = new WebhookInserts(db, options.queue)));
  return inserts.insert({ lineAccountId, events, receivedAt: options.receivedAt });
}

/** The job's event, locked for the transaction that processes it (a second runner waits, then skips). */
export async function lockWebhookEvent(db: Db, id: number): Promise<WebhookEventRow | undefined> {
  const [row] = await db.select().from(webhookEvents).where(eq(webhookEvents.id, id)).limit(1).for('update');
  return row;
}

export async function findWebhookEvent(db: Db, id: number): Promise<WebhookEventRow | undefined> {
  const [row] = await db.select().from(webhookEvents).where(eq(webhookEvents.id, id)).limit(1);
  return row;
}

export async function markWebhookEventProcessed(db: Db, lineAccountId: number, id: number, at: Date) {
  await db
    .update(webhookEvents)
    .set({ processedAt: at })
    .where(and(eq(webhookEvents.lineAccountId, lineAccountId), eq(webhookEvents.id, id)));
}
