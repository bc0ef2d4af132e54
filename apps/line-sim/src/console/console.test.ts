import { messagingApi } from '@line/bot-sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SeedChannel } from '../config/sim-options.ts';
import { type SimHarness, startSimulator } from '../testing/sim-test.harness.ts';

const demoChannel: SeedChannel = {
  channelId: '2000000001',
  channelSecret: '0123456789abcdef0123456789abcdef',
  botUserId: `U${'a'.repeat(32)}`,
  displayName: 'デモ美容室',
  channelAccessToken: 'demo-long-lived-token',
  login: { channelId: '2000000002', channelSecret: 'fedcba9876543210fedcba9876543210' },
  liffApps: [{ liffId: '2000000002-demo0001', view: { type: 'full', url: 'http://localhost:5173/m' } }],
};
const demoUser = { userId: `U${'b'.repeat(32)}`, displayName: 'デモ 太郎', friendOf: ['2000000001'] };

let sim: SimHarness;

beforeAll(async () => {
  sim = await startSimulator({ seed: { channels: [demoChannel], users: [demoUser] } });
});
afterAll(() => sim.close());

describe('console API', () => {
  it('seeds fixed channels, users and LIFF apps, and keeps them across a reset', async () => {
    const check = async () => {
      const seeded = await sim.consoleCall<{ channelSecret: string; loginChannel: { channelId: string } }>(
        'GET',
        '/_sim/channels/2000000001',
      );
      expect(seeded).toMatchObject({
        channelSecret: demoChannel.channelSecret,
        loginChannel: { channelId: '2000000002' },
      });
      const client = new messagingApi.MessagingApiClient({
        channelAccessToken: 'demo-long-lived-token',
        baseURL: sim.baseUrl,
      });
      expect((await client.getProfile(demoUser.userId)).displayName).toBe('デモ 太郎');
      const { apps } = await sim.consoleCall<{ apps: { liffId: string }[] }>(
        'GET',
        '/_sim/channels/2000000001/liff-apps',
      );
      expect(apps.map((a) => a.liffId)).toEqual(['2000000002-demo0001']);
    };
    await check();
    await sim.createUser('消える');
    await sim.consoleCall('POST', '/_sim/reset');
    const { users } = await sim.consoleCall<{ users: unknown[] }>('GET', '/_sim/users');
    expect(users).toHaveLength(1);
    await check();
  });

  it('lets a user edit their profile; the profile API answers the new one', async () => {
    const user = await sim.consoleCall<{ userId: string }>('POST', '/_sim/users', {
      displayName: '旧姓 花子',
      statusMessage: '元気です',
      friendOf: ['2000000001'],
    });
    const client = new messagingApi.MessagingApiClient({
      channelAccessToken: 'demo-long-lived-token',
      baseURL: sim.baseUrl,
    });
    expect(await client.getProfile(user.userId)).toMatchObject({
      displayName: '旧姓 花子',
      statusMessage: '元気です',
    });
    await sim.consoleCall('PATCH', `/_sim/users/${user.userId}`, {
      displayName: '新姓 花子',
      pictureUrl: 'https://example.com/hanako.png',
      statusMessage: null,
    });
    const after = await client.getProfile(user.userId);
    expect(after).toMatchObject({ displayName: '新姓 花子', pictureUrl: 'https://example.com/hanako.png' });
    expect(after.statusMessage).toBeUndefined();
    const patch = (userId: string, body: unknown) =>
      fetch(`${sim.baseUrl}/_sim/users/${userId}`, {
        method: 'PATCH',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
    expect((await patch(user.userId, { displayName: ' ' })).status).toBe(400);
    expect((await patch(`U${'0'.repeat(32)}`, { displayName: '誰' })).status).toBe(404);
    expect((await client.getProfile(user.userId)).displayName).toBe('新姓 花子');
  });

  it('refuses a duplicate channel id', async () => {
    const response = await fetch(`${sim.baseUrl}/_sim/channels`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ channelId: '2000000001' }),
    });
    expect(response.status).toBe(409);
  });

  it('shows sent messages on the user timeline and the sent log', async () => {
    const client = new messagingApi.MessagingApiClient({
      channelAccessToken: 'demo-long-lived-token',
      baseURL: sim.baseUrl,
    });
    await sim.consoleCall('POST', `/_sim/users/${demoUser.userId}/messages`, {
      channelId: '2000000001',
      text: '予約できますか',
    });
    await client.pushMessage({ to: demoUser.userId, messages: [{ type: 'text', text: 'はい、どうぞ' }] });
    const { entries } = await sim.consoleCall<{
      entries: { from: string; text?: string; message?: unknown }[];
    }>('GET', `/_sim/users/${demoUser.userId}/timeline/2000000001`);
    expect(entries.map((e) => e.from)).toEqual(['user', 'bot']);
    expect(entries[1]?.message).toEqual({ type: 'text', text: 'はい、どうぞ' });
    const { sent } = await sim.consoleCall<{ sent: unknown[] }>(
      'GET',
      '/_sim/channels/2000000001/sent?kind=push',
    );
    expect(sent).toHaveLength(1);
  });

  it('serves the user page, its assets and avatars', async () => {
    const page = await fetch(`${sim.baseUrl}/`);
    expect(page.headers.get('content-type')).toContain('text/html');
    expect(await page.text()).toContain('LINE シミュレーター');
    expect((await fetch(`${sim.baseUrl}/ui/app.js`)).status).toBe(200);
    expect((await fetch(`${sim.baseUrl}/ui/style.css`)).status).toBe(200);
    const avatar = await fetch(`${sim.baseUrl}/_sim/avatars/${demoUser.userId}.svg`);
    expect(avatar.headers.get('content-type')).toContain('image/svg+xml');
  });

  it("serves each user's pictureUrl as a generated portrait PNG, the same picture for the same id", async () => {
    const users = (await (await fetch(`${sim.baseUrl}/_sim/users`)).json()) as {
      users: { userId: string; pictureUrl: string }[];
    };
    const user = users.users.find((u) => u.userId === demoUser.userId)!;
    expect(user.pictureUrl).toBe(`${sim.baseUrl}/_sim/avatars/${demoUser.userId}.png`);
    const png = async (url: string) => {
      const response = await fetch(url);
      expect(response.headers.get('content-type')).toBe('image/png');
      return Buffer.from(await response.arrayBuffer());
    };
    const picture = await png(user.pictureUrl);
    expect(picture.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
    expect(picture.readUInt32BE(16)).toBe(128); // IHDR width
    expect(picture.readUInt32BE(20)).toBe(128); // IHDR height
    expect(await png(user.pictureUrl)).toEqual(picture);
    expect(await png(`${sim.baseUrl}/_sim/avatars/Uanother.png`)).not.toEqual(picture);
  });
});

describe('console API for a bench', () => {
  const idOf = (i: number) => `Uc${i.toString(16).padStart(31, '0')}`;

  it('makes many users in one call, friends of a channel, who then get pushes', async () => {
    const before = await sim.consoleCall<{ users: unknown[] }>('GET', '/_sim/users');
    const users = Array.from({ length: 3_000 }, (_, i) => ({
      userId: idOf(i),
      displayName: `お客 ${i}`,
      friendOf: ['2000000001'],
    }));
    expect(await sim.consoleCall('POST', '/_sim/users/bulk', { users })).toEqual({ created: 3_000 });
    const after = await sim.consoleCall<{ users: { userId: string; displayName: string }[] }>(
      'GET',
      '/_sim/users',
    );
    expect(after.users).toHaveLength(before.users.length + 3_000);
    expect(after.users.find((u) => u.userId === idOf(2_999))?.displayName).toBe('お客 2999');
    const client = new messagingApi.MessagingApiClient({
      channelAccessToken: 'demo-long-lived-token',
      baseURL: sim.baseUrl,
    });
    expect((await client.getProfile(idOf(7))).displayName).toBe('お客 7');
  });

  it('refuses a bad or clashing list whole, making none of it', async () => {
    const count = async () =>
      (await sim.consoleCall<{ users: unknown[] }>('GET', '/_sim/users')).users.length;
    const before = await count();
    const post = (body: unknown) =>
      fetch(`${sim.baseUrl}/_sim/users/bulk`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
    const fresh = `U${'e'.repeat(32)}`;
    const cases: [unknown, number, string][] = [
      [{}, 400, 'users must be a list'],
      [{ users: [] }, 400, 'users must be a list'],
      [{ users: [{ userId: fresh }, { displayName: 'no id' }] }, 400, 'users[1].userId is required'],
      [{ users: [{ userId: fresh }, { userId: fresh }] }, 409, `User ${fresh} already exists`],
      [{ users: [{ userId: fresh }, { userId: demoUser.userId }] }, 409, 'already exists'],
      [{ users: [{ userId: fresh, friendOf: ['2999999999'] }] }, 400, 'no channel 2999999999'],
    ];
    for (const [body, status, message] of cases) {
      const response = await post(body);
      expect(response.status).toBe(status);
      expect(((await response.json()) as { message: string }).message).toContain(message);
    }
    expect(await count()).toBe(before);
  });

  it("sums a channel's calls from a time on: kinds, busiest second, recipients once and twice", async () => {
    const channel = await sim.createChannel({ quotaPlan: 'unlimited' });
    const { client } = await sim.messagingClients(channel);
    const users = Array.from({ length: 4 }, (_, i) => ({
      userId: idOf(10_000 + i),
      friendOf: [channel.channelId],
    }));
    await sim.consoleCall('POST', '/_sim/users/bulk', { users });
    const summary = (since?: string) =>
      sim.consoleCall<{
        calls: number;
        recipients: number;
        distinctRecipients: number;
        lastAt: string | null;
        kinds: Record<string, { calls: number; busiestSecond: number }>;
      }>('GET', `/_sim/channels/${channel.channelId}/sent/summary${since ? `?since=${since}` : ''}`);
    expect(await summary()).toEqual({
      calls: 0,
      recipients: 0,
      distinctRecipients: 0,
      lastAt: null,
      kinds: {},
    });
    await client.pushMessage({ to: users[0]!.userId, messages: [{ type: 'text', text: '一' }] });
    const since = new Date().toISOString();
    await new Promise((r) => setTimeout(r, 5));
    for (const user of users)
      await client.pushMessage({ to: user.userId, messages: [{ type: 'text', text: '二' }] });
    await client.multicast({
      to: users.slice(0, 2).map((u) => u.userId),
      messages: [{ type: 'text', text: '三' }],
    });
    const all = await summary();
    expect(all).toMatchObject({ calls: 6, recipients: 7, distinctRecipients: 4 });
    expect(all.kinds.push!.calls).toBe(5);
    expect(all.kinds.push!.busiestSecond).toBeGreaterThanOrEqual(3);
    expect(all.kinds.multicast).toEqual({ calls: 1, busiestSecond: 1 });
    const later = await summary(encodeURIComponent(since));
    expect(later).toMatchObject({ calls: 5, recipients: 6, distinctRecipients: 4 });
    expect(later.lastAt! >= since).toBe(true);
    const bad = await fetch(`${sim.baseUrl}/_sim/channels/${channel.channelId}/sent/summary?since=yesterday`);
    expect(bad.status).toBe(400);
    expect((await fetch(`${sim.baseUrl}/_sim/channels/2999999999/sent/summary`)).status).toBe(404);
  });
});
