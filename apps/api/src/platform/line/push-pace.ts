import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { linePushSeconds } from '../../db/schema/index.ts';

/** LINE's limit on push calls (2,000 requests a second per channel), kept under with some room. */
export const PUSHES_PER_SECOND = 1_800;

/** Pushes granted by one statement: a block of a second's budget (1,800 / 25 = 72 blocks a second). */
const BLOCK = 25;

/**
 * A block is taken for the second that starts this long from now when the current one is about to end,
 * and left unused this long before its second ends: a push granted in a second starts in that second, by
 * the database's clock, whatever the network between us and LINE adds.
 */
const EDGE_MS = 15;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

type Grant = { second: number | null; startsInMs: number; endsInMs: number };

/**
 * The pace of one channel's pushes (decision 0037 addendum, issue 28): at most `perSecond` started in any
 * second, by every run of every process (API, workers). Two bounds:
 * - in this process, a ring of the last `perSecond` starts: none starts before the push `perSecond` slots
 *   earlier started a second ago (runs one after another do not start with a second another run used);
 * - across processes, each push spends one unit of a block granted by the database for a second of the
 *   database's clock (`line_push_seconds`, one row per channel and second, at most `perSecond` granted):
 *   every process agrees on the seconds, and no second is granted twice over. A block's leftover when its
 *   second ends is dropped (at most a block a second a process).
 */
export class PushPace {
  /** When each of the last `perSecond` pushes started (a ring), in slot order. */
  private readonly started: number[] = [];
  private next = 0;
  /** What is left of the block in hand, its second, and until when (performance.now()) it may be spent. */
  private left = 0;
  private second = 0;
  private until = 0;
  private granting: Promise<void> | null = null;

  constructor(
    private readonly db: Db,
    private readonly channelId: string,
    readonly perSecond: number,
    private readonly block = Math.min(BLOCK, perSecond),
  ) {}

  /** Waits for a push's turn; answers the second (database clock, epoch seconds) it was granted in. */
  async slot(): Promise<number> {
    await this.localSlot();
    for (;;) {
      if (this.left > 0 && performance.now() < this.until) {
        this.left -= 1;
        return this.second;
      }
      this.granting ??= this.take().finally(() => {
        this.granting = null;
      });
      await this.granting;
    }
  }

  /** The next ring slot: the push `perSecond` slots before it started a second ago or more. */
  private async localSlot(): Promise<void> {
    const i = this.next++ % this.perSecond;
    const at = (this.started[i] ?? -Infinity) + 1000;
    // held at once (the slot's time), so pushes waiting at the same moment take later slots
    this.started[i] = Math.max(at, performance.now());
    const wait = at - performance.now();
    if (wait > 0) await sleep(wait);
    this.started[i] = performance.now();
  }

  /** One block from the database for the current second (the next when this one is ending), or a wait. */
  private async take(): Promise<void> {
    const grant = await grantBlock(this.db, this.channelId, this.block, this.perSecond);
    const asked = performance.now();
    if (grant.second === null) {
      await sleep(grant.endsInMs); // this second's budget is spent (by us or another process)
      return;
    }
    if (grant.startsInMs > 0) await sleep(grant.startsInMs);
    this.second = grant.second;
    this.left = this.block;
    this.until = asked + grant.endsInMs - EDGE_MS;
  }
}

/**
 * Grants `block` pushes of the channel in the current second of the database's clock (the next second when
 * fewer than EDGE_MS are left of this one), if the second's grants stay within `perSecond`. Answers the
 * second granted (null: none) and how far its start and end are from now.
 */
async function grantBlock(db: Db, channelId: string, block: number, perSecond: number): Promise<Grant> {
  const result: unknown = await db.execute(sql`
    with now_ms as (select extract(epoch from clock_timestamp())::float8 * 1000 as ms)
    , target as (select floor((ms + ${EDGE_MS}) / 1000)::bigint as second, ms from now_ms)
    , granted as (
      insert into ${linePushSeconds} (channel_id, second, used)
      select ${channelId}, second, ${block}::int from target
      on conflict (channel_id, second) do update set used = ${linePushSeconds.used} + excluded.used
        where ${linePushSeconds.used} + excluded.used <= ${perSecond}::int
      returning second
    )
    select (select second from granted) as granted,
      greatest(0, second * 1000 - ms)::float8 as starts_in_ms,
      ((second + 1) * 1000 - ms)::float8 as ends_in_ms
    from target`);
  const rows = (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as {
    granted: string | number | null;
    starts_in_ms: number | string;
    ends_in_ms: number | string;
  }[];
  const row = rows[0]!;
  return {
    second: row.granted === null ? null : Number(row.granted),
    startsInMs: Number(row.starts_in_ms),
    endsInMs: Number(row.ends_in_ms),
  };
}

/** One pace per database and channel in this process, shared by every run that pushes on the channel. */
const paces = new WeakMap<Db, Map<string, PushPace>>();
export function pushPaceOf(db: Db, channelId: string, perSecond = PUSHES_PER_SECOND): PushPace {
  let ofDb = paces.get(db);
  if (!ofDb) paces.set(db, (ofDb = new Map<string, PushPace>()));
  const key = `${channelId}:${perSecond}`;
  let pace = ofDb.get(key);
  if (!pace) ofDb.set(key, (pace = new PushPace(db, channelId, perSecond)));
  return pace;
}

/** Grants of seconds that ended over an hour ago (housekeeping). */
export async function deleteOldPushSeconds(db: Db, now: Date): Promise<void> {
  await db.execute(
    sql`delete from ${linePushSeconds} where second < ${Math.floor(now.getTime() / 1000) - 3600}`,
  );
}
