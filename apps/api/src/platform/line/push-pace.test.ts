import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { linePushSeconds } from '../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { deleteOldPushSeconds, PushPace, pushPaceOf } from './push-pace.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

/** `count` slots taken by `workers` loops at once on a pace; the seconds they were granted in. */
async function take(pace: PushPace, count: number, workers: number): Promise<number[]> {
  const seconds: number[] = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: workers }, async () => {
      while (next < count) {
        next += 1;
        seconds.push(await pace.slot());
      }
    }),
  );
  return seconds;
}

describe('the push pace of a channel, shared by every process through the database', () => {
  it('grants no second more than its limit, whichever process asks (two paces as two processes)', async () => {
    const channelId = 'pace-shared';
    // two processes of the same deployment: each its own pace, the one database between them
    const api = new PushPace(t.db, channelId, 20, 5);
    const worker = new PushPace(t.db, channelId, 20, 5);
    const [a, b] = await Promise.all([take(api, 30, 4), take(worker, 30, 4)]);
    const perSecond = new Map<number, number>();
    for (const s of [...a, ...b]) perSecond.set(s, (perSecond.get(s) ?? 0) + 1);
    expect(a.length + b.length).toBe(60);
    // each alone would start 20 a second: together they still start at most 20 in any second
    expect(Math.max(...perSecond.values())).toBeLessThanOrEqual(20);
    expect(perSecond.size).toBeGreaterThanOrEqual(3);
    const rows = await t.db.select().from(linePushSeconds).where(eq(linePushSeconds.channelId, channelId));
    expect(rows.every((r) => r.used <= 20)).toBe(true);
    // every slot spent came from a granted block
    const granted = rows.reduce((sum, r) => sum + r.used, 0);
    expect(granted).toBeGreaterThanOrEqual(60);
  });

  it('keeps channels apart, and one pace per database and channel in a process', async () => {
    expect(pushPaceOf(t.db, 'pace-a')).toBe(pushPaceOf(t.db, 'pace-a'));
    expect(pushPaceOf(t.db, 'pace-a')).not.toBe(pushPaceOf(t.db, 'pace-b'));
    const a = new PushPace(t.db, 'pace-a', 10, 5);
    const b = new PushPace(t.db, 'pace-b', 10, 5);
    const [sa, sb] = await Promise.all([take(a, 15, 2), take(b, 15, 2)]);
    expect([sa.length, sb.length]).toEqual([15, 15]);
    // each channel has its own 10 a second, counted on its own rows
    const rows = await t.db.select().from(linePushSeconds);
    for (const channelId of ['pace-a', 'pace-b']) {
      const own = rows.filter((r) => r.channelId === channelId);
      expect(own.every((r) => r.used <= 10)).toBe(true);
      expect(own.reduce((sum, r) => sum + r.used, 0)).toBeGreaterThanOrEqual(15);
    }
  });

  it('housekeeping drops the grants of seconds over an hour old', async () => {
    const now = Math.floor(Date.now() / 1000);
    await t.db.insert(linePushSeconds).values([
      { channelId: 'pace-old', second: now - 7200, used: 5 },
      { channelId: 'pace-old', second: now - 60, used: 5 },
    ]);
    await deleteOldPushSeconds(t.db, new Date(now * 1000));
    const left = await t.db
      .select({ second: linePushSeconds.second })
      .from(linePushSeconds)
      .where(eq(linePushSeconds.channelId, 'pace-old'));
    expect(left).toEqual([{ second: now - 60 }]);
  });
});
