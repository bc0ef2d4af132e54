import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobs } from '../../db/schema/index.ts';
import {
  connectBody,
  createLineTestApp,
  startLineSim,
  type LineSim,
  type LineTestApp,
  type SimChannel,
} from '../../testing/line-sim.ts';
import { BOT_INFO_FRESH_MS, BOT_INFO_QUEUE } from './line-accounts.jobs.ts';

// The account's chat mode as LINE says now (GET /v2/bot/info), asked again when the inbox is opened.
const C = '/client/api/v1';
let sim: LineSim;
let t: LineTestApp;
let a: Awaited<ReturnType<LineTestApp['clientWithUsers']>>;
let b: Awaited<ReturnType<LineTestApp['clientWithUsers']>>;
let channel: SimChannel;
let accountId: number;

beforeAll(async () => {
  sim = await startLineSim();
  t = await createLineTestApp(sim, { INBOX_STREAM_MS: '1000' });
  a = await t.clientWithUsers();
  b = await t.clientWithUsers();
  channel = await sim.createChannel({ displayName: '京都茶房' });
  accountId = (
    await t.api('POST', `${C}/line-account`, { cookie: a.owner.cookie, body: connectBody(channel) })
  ).json().id;
});
afterAll(async () => {
  await t.close();
  await sim.close();
});

/** The owner opens the チャット inbox: its live stream opens (as the browser's EventSource), then closes. */
async function openInbox(cookie: string, id = accountId): Promise<number> {
  const response = await fetch(`${t.appUrl}${C}/line-account/${id}/inbox-stream`, {
    headers: { cookie, accept: 'text/event-stream' },
  });
  // the stream ends by itself after INBOX_STREAM_MS (or when the server closes): read it to its end
  void response.text().catch(() => undefined);
  return response.status;
}
const modes = async () => {
  const account = (await t.api('GET', `${C}/line-account/${accountId}`, { cookie: a.owner.cookie })).json();
  return { chatMode: account.chatMode, markAsReadMode: account.markAsReadMode };
};
const refreshJobs = () => t.db.select().from(jobs).where(eq(jobs.queue, BOT_INFO_QUEUE));
const setMode = (chatMode: 'chat' | 'bot') =>
  sim.consoleCall('PATCH', `/_sim/channels/${channel.channelId}`, { chatMode });

describe('the chat mode, refreshed from LINE', () => {
  it('the owner switched the chat on at LINE: opening the inbox reads it (チャット, markAsReadMode manual)', async () => {
    const channelNow = await sim.consoleCall<{ chatMode: string }>(
      'GET',
      `/_sim/channels/${channel.channelId}`,
    );
    expect(await modes()).toEqual({ chatMode: channelNow.chatMode, markAsReadMode: 'auto' });
    expect(channelNow.chatMode).toBe('bot');

    await setMode('chat');
    // nothing asks LINE until the inbox is opened
    expect(await modes()).toEqual({ chatMode: 'bot', markAsReadMode: 'auto' });
    expect(await openInbox(a.staff.cookie)).toBe(200);
    await t.app.jobs.runDue();
    expect(await modes()).toEqual({ chatMode: 'chat', markAsReadMode: 'manual' });
    const runs = await refreshJobs();
    expect(runs).toHaveLength(1);
    expect(runs[0]).toMatchObject({ status: 'DONE' });
  });

  it('cheaply: opened again and again within the window, LINE is asked once; after it, again', async () => {
    await setMode('bot');
    for (let i = 0; i < 3; i += 1) expect(await openInbox(a.owner.cookie)).toBe(200);
    await t.app.jobs.runDue();
    // the window of the first opening: not asked again, the mode stays as read
    const before = (await refreshJobs()).length;
    t.clock.set(new Date(t.clock.now().getTime() + BOT_INFO_FRESH_MS));
    await openInbox(a.owner.cookie);
    await openInbox(a.owner.cookie);
    await t.app.jobs.runDue();
    expect(await refreshJobs()).toHaveLength(before + 1);
    expect(await modes()).toEqual({ chatMode: 'bot', markAsReadMode: 'auto' });
  });

  it('another client’s user opens nothing and queues nothing', async () => {
    const before = (await refreshJobs()).length;
    t.clock.set(new Date(t.clock.now().getTime() + BOT_INFO_FRESH_MS));
    expect(await openInbox(b.owner.cookie)).toBe(404);
    expect(await refreshJobs()).toHaveLength(before);
  });

  it('LINE down is retried; LINE refusing leaves the stored mode as it was', async () => {
    const fault = (status: number) =>
      sim.consoleCall('POST', '/_sim/faults', {
        status,
        count: 1,
        channelId: channel.channelId,
        pathPrefix: '/v2/bot/info',
      });
    await setMode('chat');
    await fault(503);
    t.clock.set(new Date(t.clock.now().getTime() + BOT_INFO_FRESH_MS));
    expect(await openInbox(a.owner.cookie)).toBe(200);
    await t.app.jobs.runDue();
    expect((await modes()).chatMode).toBe('bot');
    t.clock.set(new Date(t.clock.now().getTime() + 60_000));
    await t.app.jobs.runDue();
    expect(await modes()).toEqual({ chatMode: 'chat', markAsReadMode: 'manual' });

    await setMode('bot');
    await fault(403);
    t.clock.set(new Date(t.clock.now().getTime() + BOT_INFO_FRESH_MS));
    expect(await openInbox(a.owner.cookie)).toBe(200);
    await t.app.jobs.runDue();
    expect((await refreshJobs()).at(-1)).toMatchObject({ status: 'DONE' });
    expect(await modes()).toEqual({ chatMode: 'chat', markAsReadMode: 'manual' });
  });
});
