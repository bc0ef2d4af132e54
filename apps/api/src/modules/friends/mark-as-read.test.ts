import { lineAccountMessages } from '@app/contracts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { conversations, friends, jobs, lineAccounts } from '../../db/schema/index.ts';
import {
  connectBody,
  createLineTestApp,
  startLineSim,
  type LineSim,
  type LineTestApp,
  type SimChannel,
} from '../../testing/line-sim.ts';
import { MARK_AS_READ_QUEUE } from './mark-as-read.ts';

/**
 * LINE's mark-as-read (decision 0061-mark-as-read) through the real stack: the simulator's user writes
 * with the chat on (markAsReadMode manual), the webhook stores the token, the store opens or answers the
 * conversation in チャット, the job calls LINE, and the simulator shows 既読 under the user's messages.
 */
const C = '/client/api/v1';
let sim: LineSim;
let t: LineTestApp;
let a: Awaited<ReturnType<LineTestApp['clientWithUsers']>>;
let channel: SimChannel;
let accountId: number;
let user: { userId: string };
let friendId: number;

type TimelineEntry = { from: string; text?: string; readAt?: string };

beforeAll(async () => {
  sim = await startLineSim();
  t = await createLineTestApp(sim);
  a = await t.clientWithUsers();
  channel = await sim.createChannel({ displayName: '既読の店' });
  // チャット on in LINE Official Account Manager: LINE leaves marking read to the account
  await sim.consoleCall('PATCH', `/_sim/channels/${channel.channelId}`, { chatMode: 'chat' });
  accountId = (
    await t.api('POST', `${C}/line-account`, { cookie: a.owner.cookie, body: connectBody(channel) })
  ).json().id;
  user = await sim.createUser('既読 花子');
  await sim.act(user.userId, `follow/${channel.channelId}`);
  await runJobs();
  friendId = (await t.db.select().from(friends).where(eq(friends.lineUserId, user.userId)))[0]!.id;
});
afterAll(async () => {
  await t.close();
  await sim.close();
});

async function runJobs() {
  for (let i = 0; i < 5; i += 1) if ((await t.app.jobs.runDue()) === 0) return;
}

/** The user writes from the simulator's phone; the webhook's jobs run. Returns LINE's token. */
async function say(text: string): Promise<string | undefined> {
  const result = await sim.consoleCall<{ events: { message: { markAsReadToken?: string } }[] }>(
    'POST',
    `/_sim/users/${user.userId}/messages`,
    { channelId: channel.channelId, text },
  );
  await runJobs();
  return result.events[0]!.message.markAsReadToken;
}

const userEntries = async () =>
  (
    await sim.consoleCall<{ entries: TimelineEntry[] }>(
      'GET',
      `/_sim/users/${user.userId}/timeline/${channel.channelId}`,
    )
  ).entries.filter((e) => e.from === 'user');
const readTexts = async () => (await userEntries()).filter((e) => e.readAt).map((e) => e.text);

const setTiming = (markAsReadTiming: string, cookie = a.owner.cookie) =>
  t.api('PUT', `${C}/line-account/${accountId}`, { cookie, body: { markAsReadTiming } });
const open = () =>
  t.api('POST', `${C}/line-account/${accountId}/inbox/${friendId}/read`, { cookie: a.staff.cookie });
const answer = (text: string) =>
  t.api('POST', `${C}/line-account/${accountId}/friends/${friendId}/messages`, {
    cookie: a.staff.cookie,
    body: { text },
  });
const markJobs = () => t.db.select().from(jobs).where(eq(jobs.queue, MARK_AS_READ_QUEUE));
const storedToken = async () =>
  (await t.db.select().from(conversations).where(eq(conversations.friendId, friendId)))[0]?.markAsReadToken;

describe('既読をつけるタイミング (the LINE account setting)', () => {
  it('is AUTO until the owner changes it; a value not offered is a 400 that changes nothing', async () => {
    const account = await t.api('GET', `${C}/line-account/${accountId}`, { cookie: a.owner.cookie });
    expect(account.json()).toMatchObject({ markAsReadMode: 'manual', markAsReadTiming: 'AUTO' });

    const bad = await setTiming('SOMETIMES');
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain(lineAccountMessages.markAsReadTiming);
    const [row] = await t.db.select().from(lineAccounts).where(eq(lineAccounts.id, accountId));
    expect(row!.markAsReadTiming).toBe('AUTO');
  });

  it('AUTO: opening and answering call nothing at LINE; the token waits on the conversation', async () => {
    const token = await say('自動のまま');
    expect(token).toEqual(expect.any(String));
    expect(await storedToken()).toBe(token);
    expect((await open()).statusCode).toBe(200);
    expect((await answer('どうぞ')).statusCode).toBe(201);
    await runJobs();
    expect(await markJobs()).toHaveLength(0);
    expect(await readTexts()).toEqual([]);
    expect(await storedToken()).toBe(token);
  });
});

describe('OPEN: read at LINE when the store opens the conversation', () => {
  it('marks every message up to the newest read, once, by one job', async () => {
    const put = await setTiming('OPEN');
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json()).toMatchObject({ markAsReadTiming: 'OPEN' });
    await say('予約できますか');
    const newest = await say('明日の10時です');
    expect(await storedToken()).toBe(newest);
    expect(await readTexts()).toEqual([]);

    expect((await open()).statusCode).toBe(200);
    // taken from the conversation in the open's transaction, the call queued
    expect(await storedToken()).toBeNull();
    expect(await markJobs()).toMatchObject([{ status: 'PENDING', payload: { markAsReadToken: newest } }]);
    expect(await readTexts()).toEqual([]);
    await runJobs();
    expect(await readTexts()).toEqual(['自動のまま', '予約できますか', '明日の10時です']);

    // opened again (another tab, a reload): nothing new to mark, nothing queued
    expect((await open()).statusCode).toBe(200);
    await runJobs();
    expect(await markJobs()).toMatchObject([{ status: 'DONE' }]);
  });

  it('LINE down: the call is retried until LINE takes it', async () => {
    await say('もしもし');
    await sim.fault({ status: 500, count: 1, pathPrefix: '/v2/bot/chat/markAsRead' });
    expect((await open()).statusCode).toBe(200);
    await runJobs();
    expect((await readTexts()).includes('もしもし')).toBe(false);
    const [job] = (await markJobs()).filter((j) => j.status !== 'DONE');
    expect(job).toMatchObject({ status: 'PENDING', attempts: 1 });
    t.clock.advance(60_000);
    await runJobs();
    expect((await readTexts()).includes('もしもし')).toBe(true);
    expect((await markJobs()).every((j) => j.status === 'DONE')).toBe(true);
  });

  it('LINE refusing the token (400) ends the job: no retry, nothing else changes', async () => {
    await say('別の話');
    await sim.fault({ status: 400, count: 1, pathPrefix: '/v2/bot/chat/markAsRead' });
    expect((await open()).statusCode).toBe(200);
    await runJobs();
    expect((await markJobs()).every((j) => j.status === 'DONE')).toBe(true);
    expect((await readTexts()).includes('別の話')).toBe(false);
  });

  it('answering marks read too (the store has read what it answers)', async () => {
    await say('返信で既読');
    expect((await answer('承知しました')).statusCode).toBe(201);
    await runJobs();
    expect((await readTexts()).includes('返信で既読')).toBe(true);
  });
});

describe('ANSWER: read at LINE only when the store answers', () => {
  it('opening leaves the messages unread at LINE; the answer marks them', async () => {
    expect((await setTiming('ANSWER')).statusCode).toBe(200);
    const token = await say('開くだけ');
    expect((await open()).statusCode).toBe(200);
    await runJobs();
    expect((await readTexts()).includes('開くだけ')).toBe(false);
    expect(await storedToken()).toBe(token);

    expect((await answer('お待たせしました')).statusCode).toBe(201);
    await runJobs();
    expect((await readTexts()).includes('開くだけ')).toBe(true);
    expect(await storedToken()).toBeNull();
    const queued = await t.db
      .select()
      .from(jobs)
      .where(and(eq(jobs.queue, MARK_AS_READ_QUEUE), eq(jobs.status, 'PENDING')));
    expect(queued).toHaveLength(0);
  });

  it('a STAFF user cannot change the setting (client.settings.manage)', async () => {
    const refused = await setTiming('OPEN', a.staff.cookie);
    expect(refused.statusCode).toBe(403);
    const [row] = await t.db.select().from(lineAccounts).where(eq(lineAccounts.id, accountId));
    expect(row!.markAsReadTiming).toBe('ANSWER');
  });
});
