import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobs, mails, sessions } from '../db/schema/index.ts';
import { createClient, createUser } from '../testing/factories.ts';
import { createTestApp, type TestApp } from '../testing/test-app.ts';
import { HOUSEKEEPING_QUEUE, queueHousekeeping } from './housekeeping.jobs.ts';
import { createSession } from './sessions.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const DAY = 86_400_000;

describe('housekeeping on the job runner', () => {
  it('drops expired sessions, old DONE jobs and old delivered mail every hour, on the clock', async () => {
    const client = await createClient(t.db);
    const owner = await createUser(t.db, { role: 'CLIENT', position: 'OWNER', clientId: client.id });
    const now = t.clock.now();
    const session = (at: Date) =>
      createSession(t.db, {
        userId: owner.id,
        now: at,
        ip: '127.0.0.1',
        userAgent: 'test',
        config: t.config,
      });
    await session(new Date(now.getTime() - 200 * 3600_000)); // past the absolute expiry
    await session(now);
    const ago = (days: number) => new Date(now.getTime() - days * DAY);
    const job = (dedupeKey: string, status: 'DONE' | 'DEAD' | 'PENDING', finishedAt: Date | null) => ({
      queue: 'test.kept',
      payload: {},
      status,
      dedupeKey,
      runAt: new Date(now.getTime() + 3650 * DAY),
      finishedAt,
    });
    await t.db
      .insert(jobs)
      .values([
        job('hk:old-done', 'DONE', ago(31)),
        job('hk:new-done', 'DONE', ago(1)),
        job('hk:old-dead', 'DEAD', ago(31)),
        job('hk:pending', 'PENDING', null),
      ]);
    const mail = (to: string, status: 'SENT' | 'STORED', sentAt: Date | null) => ({
      to,
      subject: 's',
      text: 't',
      status,
      sentAt,
    });
    await t.db
      .insert(mails)
      .values([
        mail('old-sent@hk.example', 'SENT', ago(91)),
        mail('new-sent@hk.example', 'SENT', ago(1)),
        mail('kept@hk.example', 'STORED', null),
      ]);

    await queueHousekeeping(t.db, now, { now: true });
    await queueHousekeeping(t.db, now, { now: true }); // a second process starting: still one job
    expect(await t.app.jobs.runDue()).toBe(1);

    const left = await t.db.select().from(sessions).where(eq(sessions.userId, owner.id));
    expect(left.map((s) => s.createdAt)).toEqual([now]);
    const keys = await t.db
      .select({ key: jobs.dedupeKey })
      .from(jobs)
      .where(inArray(jobs.dedupeKey, ['hk:old-done', 'hk:new-done', 'hk:old-dead', 'hk:pending']));
    expect(keys.map((k) => k.key).sort()).toEqual(['hk:new-done', 'hk:old-dead', 'hk:pending']);
    const addresses = await t.db.select({ to: mails.to }).from(mails);
    expect(
      addresses
        .map((m) => m.to)
        .filter((to) => to.endsWith('@hk.example'))
        .sort(),
    ).toEqual(['kept@hk.example', 'new-sent@hk.example']);

    // It queued itself for the next hour, and runs again when the clock gets there.
    const next = await t.db
      .select()
      .from(jobs)
      .where(and(eq(jobs.queue, HOUSEKEEPING_QUEUE), eq(jobs.status, 'PENDING')));
    expect(next).toHaveLength(1);
    expect(next[0]!.runAt.getTime()).toBe(Math.floor(now.getTime() / 3600_000 + 1) * 3600_000);
    expect(await t.app.jobs.runDue()).toBe(0);
    t.clock.set(next[0]!.runAt);
    expect(await t.app.jobs.runDue()).toBe(1);
  });
});
