import { friendMessages, lineAccountMessages, paginationMessages } from '@app/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { friends, jobs, messages, shiftStaff, stores } from '../../db/schema/index.ts';
import {
  connectBody,
  createLineTestApp,
  startLineSim,
  type LineSim,
  type LineTestApp,
  type SimChannel,
} from '../../testing/line-sim.ts';

const C = '/client/api/v1';
let sim: LineSim;
let t: LineTestApp;
let a: Awaited<ReturnType<LineTestApp['clientWithUsers']>>;
let b: Awaited<ReturnType<LineTestApp['clientWithUsers']>>;
let channel: SimChannel;
let accountId: number;
let friendId: number;
let lineUserId: string;

beforeAll(async () => {
  sim = await startLineSim();
  t = await createLineTestApp(sim);
  a = await t.clientWithUsers();
  b = await t.clientWithUsers();
  channel = await sim.createChannel({ displayName: '京都茶房' });
  accountId = (
    await t.api('POST', `${C}/line-account`, { cookie: a.owner.cookie, body: connectBody(channel) })
  ).json().id;
  const user = await sim.createUser('田中 一郎');
  lineUserId = user.userId;
  await sim.act(user.userId, `follow/${channel.channelId}`);
  await t.app.jobs.runDue();
  friendId = (await t.db.select().from(friends).where(eq(friends.lineUserId, user.userId)))[0]!.id;
});
afterAll(async () => {
  await t.close();
  await sim.close();
});

const friendsUrl = () => `${C}/line-account/${accountId}/friends`;
const messagesUrl = (id = friendId) => `${C}/line-account/${accountId}/friends/${id}/messages`;

describe('friends', () => {
  it('lists friends (paged, newest first) and shows one; another client gets 404', async () => {
    const list = await t.api('GET', friendsUrl(), { cookie: a.staff.cookie });
    expect(list.statusCode).toBe(200);
    expect(list.json()).toMatchObject({
      data: [{ id: friendId, displayName: '田中 一郎', isFriend: true, member: null, staff: null }],
      pagination: { currentPage: 1, itemsPerPage: 20, totalItems: 1, totalPages: 1 },
    });
    const one = await t.api('GET', `${friendsUrl()}/${friendId}`, { cookie: a.staff.cookie });
    expect(one.json()).toMatchObject({ id: friendId, lineUserId });
    const searched = await t.api('GET', friendsUrl(), { cookie: a.staff.cookie, query: { search: '佐藤' } });
    expect(searched.json().data).toEqual([]);
    expect(
      (await t.api('GET', friendsUrl(), { cookie: a.staff.cookie, query: { limit: '501' } })).json().message,
    ).toBe(paginationMessages.limit);
    for (const url of [friendsUrl(), `${friendsUrl()}/${friendId}`, messagesUrl()]) {
      const response = await t.api('GET', url, { cookie: b.owner.cookie });
      expect(response.statusCode).toBe(404);
      expect(response.body).not.toContain('田中');
    }
    expect((await t.api('GET', friendsUrl())).statusCode).toBe(401);
  });

  it('sets manager notes (STAFF may: day-to-day work); texts for bad input; 404 for another client', async () => {
    const url = `${C}/line-account/${accountId}/friend-manager-note`;
    const ok = await t.api('POST', url, {
      cookie: a.staff.cookie,
      body: { friendId, managerNotes: '常連さん。抹茶好き' },
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().managerNotes).toBe('常連さん。抹茶好き');
    const long = await t.api('POST', url, {
      cookie: a.staff.cookie,
      body: { friendId, managerNotes: 'あ'.repeat(1001) },
    });
    expect(long.json().message).toBe(friendMessages.managerNotesMax);
    const noFriend = await t.api('POST', url, { cookie: a.staff.cookie, body: { managerNotes: 'x' } });
    expect(noFriend.json().message).toBe(friendMessages.friendId);
    const missing = await t.api('POST', url, {
      cookie: a.staff.cookie,
      body: { friendId: 987654, managerNotes: 'x' },
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe(friendMessages.notFound);
    const foreign = await t.api('POST', url, {
      cookie: b.owner.cookie,
      body: { friendId, managerNotes: 'x' },
    });
    expect(foreign.statusCode).toBe(404);
    const cleared = await t.api('POST', url, {
      cookie: a.owner.cookie,
      body: { friendId, managerNotes: null },
    });
    expect(cleared.json().managerNotes).toBeNull();
  });

  it('friend search: SPEC defaults (shift and member service users, no non-members), memberCode pair, AND/OR', async () => {
    const url = `/search/api/v1/client/line-account/${accountId}/list/friends`;
    // Defaults: only service users; nobody is a member yet and this friend is not staff.
    const defaults = await t.api('POST', url, { cookie: a.staff.cookie });
    expect(defaults.statusCode, defaults.body).toBe(200);
    expect(defaults.json()).toMatchObject({ data: [], pagination: { currentPage: 1, itemsPerPage: 20 } });
    const all = await t.api('POST', url, { cookie: a.staff.cookie, body: { includeNonMembers: true } });
    expect(all.json().data.map((f: { id: number }) => f.id)).toEqual([friendId]);
    // As shift staff the friend is a service user.
    const link = await t.api('POST', `${C}/line-account/${accountId}/lineAccountService`, {
      cookie: a.owner.cookie,
      body: { serviceCode: 'KS-002', clientId: a.client.id },
    });
    const [store] = await t.db.select().from(stores).where(eq(stores.id, link.json().storeId));
    await t.db
      .insert(shiftStaff)
      .values({ clientId: a.client.id, storeId: store!.id, friendId, status: 'APPROVED' });
    const staff = await t.api('POST', url, { cookie: a.staff.cookie, body: {} });
    expect(staff.json().data).toMatchObject([{ id: friendId, staff: { status: 'APPROVED' } }]);
    expect(
      (await t.api('POST', url, { cookie: a.staff.cookie, body: { isShiftServiceUser: false } })).json().data,
    ).toEqual([]);
    // A member code range matches members only: AND excludes, OR with a matching name includes.
    const and = await t.api('POST', url, {
      cookie: a.staff.cookie,
      body: { memberCode: ['0001', '0100'], search: '田中' },
    });
    expect(and.json().data).toEqual([]);
    const or = await t.api('POST', url, {
      cookie: a.staff.cookie,
      body: { memberCode: ['0001', '0100'], search: '田中', condition: 'OR' },
    });
    expect(or.json().data).toHaveLength(1);
    for (const [body, message] of [
      [{ memberCode: ['0001'] }, friendMessages.memberCode],
      [{ memberCode: ['1', '2', '3'] }, friendMessages.memberCode],
      [{ memberCode: [1, 2] }, friendMessages.memberCode],
      [{ condition: 'XOR' }, friendMessages.condition],
      [{ page: 0 }, paginationMessages.page],
      [{ limit: 501 }, paginationMessages.limit],
      [{ includeNonMembers: 'yes' }, friendMessages.boolean],
    ] as const) {
      const response = await t.api('POST', url, { cookie: a.staff.cookie, body });
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe(message);
    }
    expect((await t.api('POST', url, { cookie: b.owner.cookie })).statusCode).toBe(404);
    expect((await t.api('POST', url)).statusCode).toBe(401);
  });
});

describe('messages through the outbox', () => {
  it('stores the message with source system, delivers it by a job with a retry key, and lists the history', async () => {
    const sent = await t.api('POST', messagesUrl(), {
      cookie: a.staff.cookie,
      body: { text: 'ご来店ありがとうございました' },
    });
    expect(sent.statusCode).toBe(201);
    expect(sent.json()).toMatchObject({
      source: 'system',
      delivery: 'QUEUED',
      contents: 'ご来店ありがとうございました',
    });
    expect(await sim.sent(channel.channelId)).toEqual([]);
    await t.app.jobs.runDue();
    const pushed = await sim.sent(channel.channelId);
    expect(pushed).toHaveLength(1);
    expect(pushed[0]).toMatchObject({
      to: [lineUserId],
      messages: [{ type: 'text', text: 'ご来店ありがとうございました' }],
    });
    expect(pushed[0]!.retryKey).toMatch(/^[0-9a-f-]{36}$/);
    await sim.act(lineUserId, 'messages', { channelId: channel.channelId, text: 'また行きます！' });
    await t.app.jobs.runDue();
    const history = await t.api('GET', messagesUrl(), { cookie: a.staff.cookie });
    expect(history.json().data).toMatchObject([
      { source: 'user', contents: 'また行きます！', delivery: 'RECEIVED' },
      {
        source: 'system',
        contents: 'ご来店ありがとうございました',
        delivery: 'SENT',
        sentAt: expect.any(String),
      },
    ]);
    expect(history.json().pagination).toMatchObject({ totalItems: 2, itemsPerPage: 20 });
  });

  it('validation texts, 404 for another client, 403 for AGENCY, 422 for a friend who blocked the account', async () => {
    for (const [body, message] of [
      [{}, friendMessages.textRequired],
      [{ text: '   ' }, friendMessages.textRequired],
      [{ text: 'あ'.repeat(5001) }, friendMessages.textMax],
    ] as const) {
      const response = await t.api('POST', messagesUrl(), { cookie: a.staff.cookie, body });
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe(message);
    }
    expect(
      (await t.api('POST', messagesUrl(), { cookie: b.owner.cookie, body: { text: 'x' } })).statusCode,
    ).toBe(404);
    const agency = await t.userCookie({ role: 'AGENCY', position: 'OWNER' });
    const agencyCall = await t.api('POST', messagesUrl(), {
      cookie: agency,
      headers: { 'x-client-id': String(a.client.id) },
      body: { text: 'x' },
    });
    expect(agencyCall.statusCode).toBe(403);
    const blocker = await sim.createUser('ブロック 済');
    await sim.act(blocker.userId, `follow/${channel.channelId}`);
    await sim.act(blocker.userId, `unfollow/${channel.channelId}`);
    await t.app.jobs.runDue();
    const [row] = await t.db.select().from(friends).where(eq(friends.lineUserId, blocker.userId));
    const blocked = await t.api('POST', messagesUrl(row!.id), {
      cookie: a.staff.cookie,
      body: { text: 'x' },
    });
    expect(blocked.statusCode).toBe(422);
    expect(blocked.json().message).toBe(friendMessages.notFollowing);
  });

  it('LINE failing, then recovering: retried with backoff and the same retry key, delivered once', async () => {
    const before = (await sim.sent(channel.channelId)).length;
    await sim.fault({ status: 500, count: 2, pathPrefix: '/v2/bot/message/push' });
    const sent = await t.api('POST', messagesUrl(), { cookie: a.staff.cookie, body: { text: '再送テスト' } });
    const id = sent.json().id;
    await t.app.jobs.runDue();
    let [row] = await t.db.select().from(messages).where(eq(messages.id, id));
    expect(row).toMatchObject({ delivery: 'QUEUED', deliveryError: expect.stringContaining('LINE 500') });
    // Not due again until the backoff has passed.
    expect(await t.app.jobs.runDue()).toBe(0);
    t.clock.advance(5_000);
    await t.app.jobs.runDue();
    t.clock.advance(10_000);
    await t.app.jobs.runDue();
    [row] = await t.db.select().from(messages).where(eq(messages.id, id));
    expect(row).toMatchObject({ delivery: 'SENT', deliveryError: null });
    const pushed = (await sim.sent(channel.channelId)).slice(before);
    expect(pushed).toHaveLength(1);
    expect(pushed[0]!.retryKey).toBe(row!.retryKey);
  });

  it("the chat shows LINE's reason: a refused message FAILED for good, LINE down QUEUED and retried", async () => {
    const shown = async (id: number) => {
      const history = await t.api('GET', messagesUrl(), { cookie: a.staff.cookie });
      expect(history.statusCode).toBe(200);
      const { data } = history.json<{ data: { id: number }[] }>();
      return data.find((message) => message.id === id);
    };
    await sim.fault({
      status: 400,
      count: 1,
      pathPrefix: '/v2/bot/message/push',
      message: "The property, 'to', in the request body is invalid",
    });
    const refused = (
      await t.api('POST', messagesUrl(), { cookie: a.staff.cookie, body: { text: '届かない' } })
    ).json().id;
    await t.app.jobs.runDue();
    expect(await shown(refused)).toMatchObject({
      delivery: 'FAILED',
      deliveryError: "LINE 400: The property, 'to', in the request body is invalid",
    });
    // not tried again, however long we wait
    t.clock.advance(60 * 60_000);
    expect(await t.app.jobs.runDue()).toBe(0);

    await sim.fault({ status: 503, count: 1, pathPrefix: '/v2/bot/message/push' });
    const later = (
      await t.api('POST', messagesUrl(), { cookie: a.staff.cookie, body: { text: 'あとで届く' } })
    ).json().id;
    await t.app.jobs.runDue();
    expect(await shown(later)).toMatchObject({
      delivery: 'QUEUED',
      deliveryError: 'LINE 503: Service Unavailable',
    });
    t.clock.advance(5_000);
    await t.app.jobs.runDue();
    expect(await shown(later)).toMatchObject({ delivery: 'SENT', deliveryError: null });
  });

  it('LINE accepting a push whose answer is lost: the retry gets 409 for its key and counts it as sent', async () => {
    const before = (await sim.sent(channel.channelId)).length;
    await sim.fault({ status: 500, count: 1, when: 'after', pathPrefix: '/v2/bot/message/push' });
    const id = (
      await t.api('POST', messagesUrl(), { cookie: a.staff.cookie, body: { text: '一通だけ' } })
    ).json().id;
    await t.app.jobs.runDue();
    t.clock.advance(5_000);
    await t.app.jobs.runDue();
    const [row] = await t.db.select().from(messages).where(eq(messages.id, id));
    expect(row!.delivery).toBe('SENT');
    expect((await sim.sent(channel.channelId)).slice(before)).toHaveLength(1);
  });

  it('a process restarting mid-delivery neither loses nor doubles the message', async () => {
    const before = (await sim.sent(channel.channelId)).length;
    const id = (
      await t.api('POST', messagesUrl(), { cookie: a.staff.cookie, body: { text: '落ちても一通' } })
    ).json().id;
    const [queued] = await t.db.select().from(messages).where(eq(messages.id, id));
    // The first process claimed the job and pushed to LINE, then died before recording anything.
    await t.db
      .update(jobs)
      .set({ status: 'RUNNING', attempts: 1, lockedUntil: new Date(t.clock.now().getTime() + 60_000) })
      .where(eq(jobs.dedupeKey, `line.push-message:${id}`));
    const response = await fetch(`${sim.baseUrl}/v2/bot/message/push`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${(await sim.consoleCall<{ channelAccessToken: string }>('GET', `/_sim/channels/${channel.channelId}`)).channelAccessToken}`,
        'content-type': 'application/json',
        'x-line-retry-key': queued!.retryKey!,
      },
      body: JSON.stringify({ to: lineUserId, messages: [{ type: 'text', text: '落ちても一通' }] }),
    });
    expect(response.status).toBe(200);
    // A new process on the same database: the job is invisible while its lease holds, then retried.
    const restarted = await buildApp({ config: t.config, db: t.db, clock: t.clock, logger: false });
    await restarted.ready();
    expect(await restarted.jobs.runDue()).toBe(0);
    t.clock.advance(61_000);
    expect(await restarted.jobs.runDue()).toBe(1);
    await restarted.close();
    const [row] = await t.db.select().from(messages).where(eq(messages.id, id));
    expect(row!.delivery).toBe('SENT');
    expect((await sim.sent(channel.channelId)).slice(before)).toHaveLength(1);
  });

  it('an inactive account sends nothing', async () => {
    const other = await sim.createChannel();
    const acc = (
      await t.api('POST', `${C}/line-account`, { cookie: a.owner.cookie, body: connectBody(other) })
    ).json();
    const user = await sim.createUser('停止 確認');
    await sim.act(user.userId, `follow/${other.channelId}`);
    await t.app.jobs.runDue();
    const [row] = await t.db.select().from(friends).where(eq(friends.lineUserId, user.userId));
    await t.api('DELETE', `${C}/line-account/${acc.id}`, { cookie: a.owner.cookie });
    const refused = await t.api('POST', `${C}/line-account/${acc.id}/friends/${row!.id}/messages`, {
      cookie: a.staff.cookie,
      body: { text: 'x' },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(lineAccountMessages.inactive);
  });
});
