import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { jobs } from '../db/schema/index.ts';
import { createTestApp, type TestApp } from '../testing/test-app.ts';
import { createJobRunner, enqueueJob } from './jobs.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const runner = () => createJobRunner({ db: t.db, log: t.app.log, clock: t.clock, leaseMs: 60_000 });

describe('durable jobs', () => {
  it('runs a due job once and marks it done', async () => {
    const seen: unknown[] = [];
    const r = runner();
    r.define('test.once', { handler: async (payload) => void seen.push(payload) });
    await enqueueJob(t.db, { queue: 'test.once', payload: { n: 1 }, runAt: t.clock.now() });
    expect(await r.runDue()).toBe(1);
    expect(await r.runDue()).toBe(0);
    expect(seen).toEqual([{ n: 1 }]);
    const [row] = await t.db.select().from(jobs).where(eq(jobs.queue, 'test.once'));
    expect(row).toMatchObject({ status: 'DONE', attempts: 1 });
  });

  it('a started runner takes a job queued by any connection at its commit, not at its next poll', async () => {
    const r = runner();
    const ran: number[] = [];
    r.define('test.wake', { handler: async (payload) => void ran.push((payload as { n: number }).n) });
    // a poll of a minute: only the commit's notification can make the job run within the wait below
    r.start(60_000);
    try {
      await enqueueJob(t.db, { queue: 'test.wake', payload: { n: 1 }, runAt: t.clock.now() });
      await expect.poll(() => ran, { timeout: 10_000, interval: 50 }).toEqual([1]);
      // queued in a transaction: announced at its commit
      await t.db.transaction(async (tx) => {
        await enqueueJob(tx, { queue: 'test.wake', payload: { n: 2 }, runAt: t.clock.now() });
      });
      await expect.poll(() => ran, { timeout: 10_000, interval: 50 }).toEqual([1, 2]);
    } finally {
      await r.stop();
    }
  });

  it('waits for runAt', async () => {
    const r = runner();
    let ran = 0;
    r.define('test.later', { handler: async () => void ran++ });
    await enqueueJob(t.db, {
      queue: 'test.later',
      payload: {},
      runAt: new Date(t.clock.now().getTime() + 60_000),
    });
    expect(await r.runDue()).toBe(0);
    t.clock.advance(60_000);
    expect(await r.runDue()).toBe(1);
    expect(ran).toBe(1);
  });

  it('retries a failing job with backoff, then gives up as DEAD', async () => {
    const r = runner();
    let calls = 0;
    r.define('test.fail', {
      maxAttempts: 3,
      backoffMs: () => 10_000,
      handler: async () => {
        calls++;
        throw new Error('LINE is down');
      },
    });
    await enqueueJob(t.db, { queue: 'test.fail', payload: {}, runAt: t.clock.now() });
    expect(await r.runDue()).toBe(1);
    expect(await r.runDue()).toBe(0); // backing off
    t.clock.advance(10_000);
    expect(await r.runDue()).toBe(1);
    t.clock.advance(10_000);
    expect(await r.runDue()).toBe(1);
    t.clock.advance(10_000);
    expect(await r.runDue()).toBe(0);
    expect(calls).toBe(3);
    const [row] = await t.db.select().from(jobs).where(eq(jobs.queue, 'test.fail'));
    expect(row).toMatchObject({ status: 'DEAD', attempts: 3 });
    expect(row!.lastError).toContain('LINE is down');
  });

  it('recovers after a failure once the cause is gone', async () => {
    const r = runner();
    let down = true;
    r.define('test.recover', {
      backoffMs: () => 1000,
      handler: async () => {
        if (down) throw new Error('down');
      },
    });
    await enqueueJob(t.db, { queue: 'test.recover', payload: {}, runAt: t.clock.now() });
    await r.runDue();
    down = false;
    t.clock.advance(1000);
    expect(await r.runDue()).toBe(1);
    const [row] = await t.db.select().from(jobs).where(eq(jobs.queue, 'test.recover'));
    expect(row).toMatchObject({ status: 'DONE', attempts: 2 });
  });

  it('picks up a job whose process died mid-run once the lease expires', async () => {
    await enqueueJob(t.db, { queue: 'test.crash', payload: { id: 7 }, runAt: t.clock.now() });
    // A process claimed it and died: RUNNING with a lease that is still valid.
    await t.db
      .update(jobs)
      .set({ status: 'RUNNING', attempts: 1, lockedUntil: new Date(t.clock.now().getTime() + 60_000) })
      .where(eq(jobs.queue, 'test.crash'));
    const r = runner();
    const seen: unknown[] = [];
    r.define('test.crash', { handler: async (p) => void seen.push(p) });
    expect(await r.runDue()).toBe(0);
    t.clock.advance(60_001);
    expect(await r.runDue()).toBe(1);
    expect(seen).toEqual([{ id: 7 }]);
  });

  it('makes one job of one dedupe key', async () => {
    await enqueueJob(t.db, {
      queue: 'test.dedupe',
      payload: {},
      runAt: t.clock.now(),
      dedupeKey: 'reminder:1:2026-11',
    });
    await enqueueJob(t.db, {
      queue: 'test.dedupe',
      payload: {},
      runAt: t.clock.now(),
      dedupeKey: 'reminder:1:2026-11',
    });
    expect(await t.db.select().from(jobs).where(eq(jobs.queue, 'test.dedupe'))).toHaveLength(1);
  });

  it('leaves jobs of queues it does not know alone', async () => {
    await enqueueJob(t.db, { queue: 'test.unknown', payload: {}, runAt: t.clock.now() });
    const r = runner();
    r.define('test.other', { handler: async () => {} });
    expect(await r.runDue()).toBe(0);
  });

  it('never runs one job twice when two runners claim at once', async () => {
    let runs = 0;
    const a = runner();
    const b = runner();
    for (const r of [a, b]) r.define('test.race', { handler: async () => void runs++ });
    for (let i = 0; i < 10; i++)
      await enqueueJob(t.db, { queue: 'test.race', payload: { i }, runAt: t.clock.now() });
    const [ra, rb] = await Promise.all([a.runDue(10), b.runDue(10)]);
    expect(ra + rb).toBe(10);
    expect(runs).toBe(10);
  });

  it('hands the handler a parsed payload; a payload its schema refuses is DEAD at once, never retried', async () => {
    const r = runner();
    const seen: number[] = [];
    r.define('test.typed', {
      payload: z.object({ n: z.number().int() }),
      maxAttempts: 5,
      handler: async ({ n }) => void seen.push(n),
    });
    await enqueueJob(t.db, { queue: 'test.typed', payload: { n: 7 }, runAt: t.clock.now() });
    await enqueueJob(t.db, { queue: 'test.typed', payload: { n: 'seven' }, runAt: t.clock.now() });
    expect(await r.runDue()).toBe(2);
    expect(seen).toEqual([7]);
    const rows = await t.db.select().from(jobs).where(eq(jobs.queue, 'test.typed')).orderBy(jobs.id);
    expect(rows.map((row) => [row.status, row.attempts])).toEqual([
      ['DONE', 1],
      ['DEAD', 1],
    ]);
    t.clock.advance(3600_000);
    expect(await r.runDue()).toBe(0);
  });
});
