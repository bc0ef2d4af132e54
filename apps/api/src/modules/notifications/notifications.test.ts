import {
  defaultTemplates,
  notificationMessages,
  notificationTopics,
  type NotificationTopic,
} from '@app/contracts';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { domainEvents, friends, jobs, notificationDeliveries } from '../../db/schema/index.ts';
import { recordDomainEvent, toDomainEvent, type NewDomainEvent } from '../../platform/domain-events.ts';
import {
  connectBody,
  createLineTestApp,
  startLineSim,
  type LineSim,
  type LineTestApp,
  type SimChannel,
} from '../../testing/line-sim.ts';
import { handleNotificationEvent, skippedBlocked } from './notifications.delivery.ts';

const C = '/client/api/v1';
let sim: LineSim;
let t: LineTestApp;
let a: Awaited<ReturnType<LineTestApp['clientWithUsers']>>;
let b: Awaited<ReturnType<LineTestApp['clientWithUsers']>>;
let channel: SimChannel;
let accountId: number;
let otherAccountId: number;
/** The shop manager on LINE (a friend of the account) and a second recipient. */
let manager: { userId: string; friendId: number };
let helper: { userId: string; friendId: number };
let otherFriendId: number;

const base = () => `${C}/line-account/${accountId}/notification`;

async function drain() {
  for (let i = 0; i < 10; i += 1) if ((await t.app.jobs.runDue(50)) === 0) return;
}

async function follow(displayName: string, ch: SimChannel = channel) {
  const user = await sim.createUser(displayName);
  await sim.act(user.userId, `follow/${ch.channelId}`);
  await drain();
  const [row] = await t.db.select().from(friends).where(eq(friends.lineUserId, user.userId));
  return { userId: user.userId, friendId: row!.id };
}

/** Multicasts of the channel so far, after `from`. */
async function multicastsSince(from: number) {
  return (await sim.sent(channel.channelId)).slice(from);
}

async function createGroup(body: Record<string, unknown>) {
  const response = await t.api('POST', `${base()}/settings`, { cookie: a.owner.cookie, body });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ lineMessageSettingId: number }>();
}

async function deleteAllGroups() {
  const list = (await t.api('GET', `${base()}/settings`, { cookie: a.owner.cookie })).json<{
    data: { lineMessageSettingId: number }[];
  }>();
  for (const g of list.data) {
    await t.api('DELETE', `${base()}/settings/${g.lineMessageSettingId}`, { cookie: a.owner.cookie });
  }
}

beforeAll(async () => {
  sim = await startLineSim();
  t = await createLineTestApp(sim);
  a = await t.clientWithUsers();
  b = await t.clientWithUsers();
  channel = await sim.createChannel({ displayName: '京都茶房' });
  accountId = (
    await t.api('POST', `${C}/line-account`, { cookie: a.owner.cookie, body: connectBody(channel) })
  ).json().id;
  const otherChannel = await sim.createChannel({ displayName: '大阪食堂' });
  otherAccountId = (
    await t.api('POST', `${C}/line-account`, { cookie: b.owner.cookie, body: connectBody(otherChannel) })
  ).json().id;
  manager = await follow('店長 山本');
  helper = await follow('副店長 佐々木');
  otherFriendId = (await follow('他店の客', otherChannel)).friendId;
}, 60_000);
afterAll(async () => {
  await t.close();
  await sim.close();
});

describe('notification templates', () => {
  it('lists a default Japanese template of every topic with its placeholders', async () => {
    const response = await t.api('GET', `${base()}/line-message-templates`, { cookie: a.staff.cookie });
    expect(response.statusCode).toBe(200);
    const { data } = response.json<{
      data: {
        topic: NotificationTopic;
        content: string;
        isDefault: boolean;
        placeholders: { key: string }[];
      }[];
    }>();
    expect(data.map((d) => d.topic)).toEqual([...notificationTopics]);
    for (const template of data) {
      expect(template.isDefault).toBe(true);
      expect(template.content).toBe(defaultTemplates[template.topic]);
      // every placeholder of the default is one the topic offers
      for (const [, key] of template.content.matchAll(/\{(\w+)\}/g)) {
        expect(template.placeholders.map((p) => p.key)).toContain(key);
      }
    }
  });

  it('saves a template; refuses empty content and unknown placeholders with their texts; STAFF 403; another client 404', async () => {
    const url = `${base()}/line-message-templates`;
    const saved = await t.api('PUT', url, {
      cookie: a.manager.cookie,
      body: { topic: 'SHIFT_EDITED', content: '{staffName}さんのシフト変更 {link}' },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ topic: 'SHIFT_EDITED', isDefault: false, isEnable: true });
    const empty = await t.api('PUT', url, {
      cookie: a.manager.cookie,
      body: { topic: 'SHIFT_EDITED', content: '  ' },
    });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().errors).toContainEqual({
      path: 'body.content',
      message: notificationMessages.contentRequired,
    });
    const unknown = await t.api('PUT', url, {
      cookie: a.manager.cookie,
      body: { topic: 'NEW_FRIEND', content: '{staffName}さん' },
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().errors).toContainEqual({
      path: 'body.content',
      message: notificationMessages.unknownPlaceholder,
    });
    const badTopic = await t.api('PUT', url, {
      cookie: a.manager.cookie,
      body: { topic: 'NOPE', content: 'x' },
    });
    expect(badTopic.statusCode).toBe(400);
    expect(
      (await t.api('PUT', url, { cookie: a.staff.cookie, body: { topic: 'SHIFT_EDITED', content: 'x' } }))
        .statusCode,
    ).toBe(403);
    expect((await t.api('GET', url, { cookie: b.owner.cookie })).statusCode).toBe(404);
    expect(
      (await t.api('PUT', url, { cookie: b.owner.cookie, body: { topic: 'SHIFT_EDITED', content: 'x' } }))
        .statusCode,
    ).toBe(404);
    expect((await t.api('GET', url)).statusCode).toBe(401);
    const after = (await t.api('GET', url, { cookie: a.staff.cookie })).json().data as {
      topic: string;
      content: string;
    }[];
    expect(after.find((d) => d.topic === 'SHIFT_EDITED')?.content).toBe('{staffName}さんのシフト変更 {link}');
  });

  it('toggles a topic', async () => {
    const url = `${base()}/topics/toggle`;
    const off = await t.api('POST', url, {
      cookie: a.owner.cookie,
      body: { topic: 'SHIFT_EDITED', isEnable: false },
    });
    expect(off.statusCode).toBe(200);
    expect(off.json()).toMatchObject({ topic: 'SHIFT_EDITED', topicEnable: false, isEnable: true });
    const on = await t.api('POST', url, {
      cookie: a.owner.cookie,
      body: { topic: 'SHIFT_EDITED', isEnable: true },
    });
    expect(on.json().topicEnable).toBe(true);
    expect(
      (await t.api('POST', url, { cookie: a.owner.cookie, body: { topic: 'SHIFT_EDITED' } })).statusCode,
    ).toBe(400);
    expect(
      (await t.api('POST', url, { cookie: b.owner.cookie, body: { topic: 'SHIFT_EDITED', isEnable: false } }))
        .statusCode,
    ).toBe(404);
  });
});

describe('notification groups', () => {
  it('creates, lists, changes and deletes a group; texts on each field; recipients of the account only', async () => {
    const created = await t.api('POST', `${base()}/settings`, {
      cookie: a.owner.cookie,
      body: { label: '店長グループ', friendIds: [manager.friendId], topics: ['NEW_FRIEND'] },
    });
    expect(created.statusCode, created.body).toBe(201);
    const group = created.json();
    expect(group).toMatchObject({
      label: '店長グループ',
      topics: ['NEW_FRIEND'],
      friends: [
        { friendId: manager.friendId, displayName: '店長 山本', recipientType: 'MANAGER', isFriend: true },
      ],
    });
    const id = group.lineMessageSettingId as number;

    const missing = await t.api('POST', `${base()}/settings`, {
      cookie: a.owner.cookie,
      body: { label: ' ', friendIds: [], topics: [] },
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors).toEqual(
      expect.arrayContaining([
        { path: 'body.label', message: notificationMessages.labelRequired },
        { path: 'body.friendIds', message: notificationMessages.recipientRequired },
        { path: 'body.topics', message: notificationMessages.topicRequired },
      ]),
    );
    const foreignFriend = await t.api('POST', `${base()}/settings`, {
      cookie: a.owner.cookie,
      body: { label: 'x', friendIds: [otherFriendId], topics: ['NEW_FRIEND'] },
    });
    expect(foreignFriend.statusCode).toBe(400);
    expect(foreignFriend.json()).toMatchObject({
      message: notificationMessages.recipientNotFound,
      errors: [{ path: 'body.friendIds', message: notificationMessages.recipientNotFound }],
    });

    const changed = await t.api('PATCH', `${base()}/settings/${id}`, {
      cookie: a.manager.cookie,
      body: { friendIds: [manager.friendId, helper.friendId], topics: ['NEW_FRIEND', 'LINE_UNBLOCK_EVENT'] },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().friends.map((f: { friendId: number }) => f.friendId)).toEqual([
      manager.friendId,
      helper.friendId,
    ]);
    expect(changed.json().topics).toEqual(['NEW_FRIEND', 'LINE_UNBLOCK_EVENT']);
    const emptyLabel = await t.api('PATCH', `${base()}/settings/${id}`, {
      cookie: a.manager.cookie,
      body: { label: '' },
    });
    expect(emptyLabel.json().errors).toContainEqual({
      path: 'body.label',
      message: notificationMessages.labelRequired,
    });

    const list = await t.api('GET', `${base()}/settings`, { cookie: a.staff.cookie });
    expect(list.json().data).toHaveLength(1);
    // another client: 404 on every call, nothing of ours shown
    for (const [method, url] of [
      ['GET', `${base()}/settings`],
      ['PATCH', `${base()}/settings/${id}`],
      ['DELETE', `${base()}/settings/${id}`],
      ['GET', `${base()}/recipients`],
      ['GET', `${base()}/deliveries`],
    ] as const) {
      const response = await t.api(method, url, {
        cookie: b.owner.cookie,
        body: method === 'PATCH' ? { label: 'x' } : undefined,
      });
      expect(response.statusCode, url).toBe(404);
      expect(response.body).not.toContain('店長');
    }
    // their own account does not know our group either
    const cross = await t.api('DELETE', `${C}/line-account/${otherAccountId}/notification/settings/${id}`, {
      cookie: b.owner.cookie,
    });
    expect(cross.statusCode).toBe(404);
    expect(cross.json().message).toBe(notificationMessages.settingNotFound);
    expect(
      (
        await t.api('POST', `${base()}/settings`, {
          cookie: a.staff.cookie,
          body: { label: 'x', friendIds: [manager.friendId], topics: ['NEW_FRIEND'] },
        })
      ).statusCode,
    ).toBe(403);

    const deleted = await t.api('DELETE', `${base()}/settings/${id}`, { cookie: a.owner.cookie });
    expect(deleted.json()).toEqual({ success: true });
    expect((await t.api('DELETE', `${base()}/settings/${id}`, { cookie: a.owner.cookie })).statusCode).toBe(
      404,
    );
  });

  it('lists recipient candidates: following friends of the account', async () => {
    const response = await t.api('GET', `${base()}/recipients`, { cookie: a.staff.cookie });
    expect(response.statusCode).toBe(200);
    const ids = response.json().data.map((r: { friendId: number }) => r.friendId);
    expect(ids).toEqual(expect.arrayContaining([manager.friendId, helper.friendId]));
    expect(ids).not.toContain(otherFriendId);
  });
});

describe('delivery', () => {
  it('NEW_FRIEND reaches the group once through LINE, logged SENT; events before the group are not delivered', async () => {
    await deleteAllGroups();
    // a friend who followed before any group exists: its event is backlog, never delivered
    const early = await follow('早い客');
    await drain();
    const from = (await sim.sent(channel.channelId)).length;
    await createGroup({ label: '店長', friendIds: [manager.friendId], topics: ['NEW_FRIEND'] });
    const guest = await follow('鈴木 花子');
    await drain();
    await drain();
    const sent = await multicastsSince(from);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.to).toEqual([manager.userId]);
    const text = (sent[0]!.messages[0] as { text: string }).text;
    expect(text).toContain('鈴木 花子');
    expect(text).toContain('京都茶房');
    expect(text).toContain('/client/friends');
    expect(text).not.toMatch(/\{\w+\}/);
    const log = await t.api('GET', `${base()}/deliveries`, { cookie: a.staff.cookie });
    expect(log.json().data[0]).toMatchObject({
      topic: 'NEW_FRIEND',
      friendId: manager.friendId,
      displayName: '店長 山本',
      status: 'SENT',
    });
    expect(
      log
        .json()
        .data.some((d: { text: string }) => d.text.includes(early.userId) || d.text.includes('早い客')),
    ).toBe(false);
    expect(guest.friendId).toBeGreaterThan(0);
  });

  it('a disabled template or topic sends nothing', async () => {
    await deleteAllGroups();
    await createGroup({ label: '店長', friendIds: [manager.friendId], topics: ['NEW_FRIEND'] });
    const from = (await sim.sent(channel.channelId)).length;
    await t.api('PUT', `${base()}/line-message-templates`, {
      cookie: a.owner.cookie,
      body: { topic: 'NEW_FRIEND', content: '新しい友だち: {friendName}', isEnable: false },
    });
    await follow('無効テンプレ');
    await t.api('PUT', `${base()}/line-message-templates`, {
      cookie: a.owner.cookie,
      body: { topic: 'NEW_FRIEND', content: '新しい友だち: {friendName}', isEnable: true },
    });
    await t.api('POST', `${base()}/topics/toggle`, {
      cookie: a.owner.cookie,
      body: { topic: 'NEW_FRIEND', isEnable: false },
    });
    await follow('無効トピック');
    await drain();
    expect(await multicastsSince(from)).toEqual([]);
    await t.api('POST', `${base()}/topics/toggle`, {
      cookie: a.owner.cookie,
      body: { topic: 'NEW_FRIEND', isEnable: true },
    });
    await follow('有効に戻った');
    await drain();
    const sent = await multicastsSince(from);
    expect(sent.map((s) => (s.messages[0] as { text: string }).text)).toEqual(['新しい友だち: 有効に戻った']);
  });

  it('each of the nine topics reaches exactly its subscribed recipients once (and the staff concerned)', async () => {
    await deleteAllGroups();
    const staffFriend = await follow('スタッフ 木村');
    // manager hears of every topic; helper only of NEW_FRIEND
    await createGroup({ label: '全部', friendIds: [manager.friendId], topics: [...notificationTopics] });
    await createGroup({ label: '友だちだけ', friendIds: [helper.friendId], topics: ['NEW_FRIEND'] });
    const from = (await sim.sent(channel.channelId)).length;
    const scope = { clientId: a.client.id, lineAccountId: accountId };
    const shiftTimes = { startAt: '2026-12-01T00:00:00Z', endAt: '2026-12-01T08:00:00Z', isRest: false };
    const friendFollowed = {
      friendId: staffFriend.friendId,
      lineUserId: staffFriend.userId,
      displayName: 'x',
    };
    const events: NewDomainEvent[] = [
      { topic: 'NEW_FRIEND', ...scope, payload: friendFollowed },
      { topic: 'LINE_UNBLOCK_EVENT', ...scope, payload: friendFollowed },
      {
        topic: 'MEMBERSHIP_REGISTRATION',
        ...scope,
        payload: { memberId: 1, friendId: staffFriend.friendId, memberCode: '00012' },
      },
      {
        topic: 'SHIFT_SUBMITTED',
        ...scope,
        payload: { staffId: 999999, friendId: 999999, periodKey: '2026-12', isChange: false, shiftIds: [] },
      },
      {
        topic: 'SHIFT_EDITED',
        ...scope,
        payload: { shiftId: 1, staffId: 999999, status: 'APPROVED', before: shiftTimes, after: shiftTimes },
      },
      {
        topic: 'SHIFT_SUBMISSION_REMIND',
        ...scope,
        payload: {
          periodKey: '2026-12',
          startDate: '2026-12-01',
          endDate: '2026-12-31',
          closingDate: '2026-11-25',
          reminder: 1,
          recipients: [{ staffId: 1, friendId: staffFriend.friendId }],
        },
      },
      {
        topic: 'SHIFT_SUBMISSION_COMPLETE',
        ...scope,
        payload: { periodKey: '2026-12', startDate: '2026-12-01', endDate: '2026-12-31' },
      },
      {
        topic: 'SHIFT_CONFIRMED',
        ...scope,
        payload: {
          startAt: '2026-12-01T00:00:00Z',
          endAt: '2026-12-08T00:00:00Z',
          shiftIds: [],
          staffIds: [],
        },
      },
      {
        topic: 'SHIFT_MEMBER_STAFF_APPROVED',
        ...scope,
        payload: { staffId: 999999, friendId: staffFriend.friendId },
      },
    ];
    expect(events.map((e) => e.topic).sort()).toEqual([...notificationTopics].sort());
    for (const event of events) await recordDomainEvent(t.db, event);
    await drain();
    await drain(); // nothing more the second time
    const sent = await multicastsSince(from);
    const heard = (userId: string) => sent.filter((s) => s.to.includes(userId)).length;
    expect(heard(manager.userId)).toBe(9);
    expect(heard(helper.userId)).toBe(1);
    // the staff concerned by the reminder and the approval hear of them as well
    expect(heard(staffFriend.userId)).toBe(2);
    const texts = sent.map((s) => (s.messages[0] as { text: string }).text);
    expect(texts.some((x) => x.includes('2026/12/01〜2026/12/31'))).toBe(true);
    expect(texts.some((x) => x.includes('00012'))).toBe(true);
    for (const x of texts) expect(x).not.toMatch(/\{\w+\}/);
    const rows = await t.db
      .select()
      .from(notificationDeliveries)
      .where(eq(notificationDeliveries.lineAccountId, accountId));
    const keys = rows.map((r) => `${r.eventId}:${r.friendId}`);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('LINE failing then recovering, and an answer lost after LINE accepted: the notice goes out once', async () => {
    await deleteAllGroups();
    await createGroup({ label: '店長', friendIds: [manager.friendId], topics: ['LINE_UNBLOCK_EVENT'] });
    const from = (await sim.sent(channel.channelId)).length;
    const scope = { clientId: a.client.id, lineAccountId: accountId };
    await sim.fault({ status: 500, count: 2, pathPrefix: '/v2/bot/message/multicast' });
    await recordDomainEvent(t.db, {
      topic: 'LINE_UNBLOCK_EVENT',
      ...scope,
      payload: { friendId: helper.friendId, lineUserId: helper.userId, displayName: 'ヘルパー' },
    });
    await drain();
    const [queued] = await t.db
      .select()
      .from(notificationDeliveries)
      .where(
        and(
          eq(notificationDeliveries.topic, 'LINE_UNBLOCK_EVENT'),
          eq(notificationDeliveries.status, 'QUEUED'),
        ),
      );
    expect(queued?.error).toContain('LINE 500');
    t.clock.advance(5_000);
    await drain();
    t.clock.advance(10_000);
    // LINE accepts the next try but its answer is lost: the retry with the same key is a 409, counted as sent
    await sim.fault({ status: 500, count: 1, when: 'after', pathPrefix: '/v2/bot/message/multicast' });
    await drain();
    t.clock.advance(20_000);
    await drain();
    t.clock.advance(40_000);
    await drain();
    const sent = await multicastsSince(from);
    expect(sent).toHaveLength(1);
    const [row] = await t.db
      .select()
      .from(notificationDeliveries)
      .where(eq(notificationDeliveries.id, queued!.id));
    expect(row).toMatchObject({ status: 'SENT', error: null });
  });

  it('a handler run again after a crash (its delivery not marked done) doubles nothing', async () => {
    await deleteAllGroups();
    await createGroup({ label: '店長', friendIds: [manager.friendId], topics: ['SHIFT_EDITED'] });
    const from = (await sim.sent(channel.channelId)).length;
    await recordDomainEvent(t.db, {
      topic: 'SHIFT_EDITED',
      clientId: a.client.id,
      lineAccountId: accountId,
      payload: {
        shiftId: 1,
        staffId: 999999,
        status: 'APPROVED',
        before: { startAt: '2027-01-05T00:00:00Z', endAt: '2027-01-05T08:00:00Z', isRest: false },
        after: { startAt: '2027-01-05T01:00:00Z', endAt: '2027-01-05T08:00:00Z', isRest: false },
      },
    });
    const [event] = await t.db.select().from(domainEvents).orderBy(desc(domainEvents.id)).limit(1);
    // The worker died after the handler's transaction but before the delivery was marked done: the
    // handler runs twice for the event, then the runner's own delivery a third time.
    const ctx = { db: t.db, log: t.app.log, clock: t.clock, attempt: 1, jobId: 0 };
    await handleNotificationEvent(toDomainEvent(event!), ctx, t.config);
    await handleNotificationEvent(toDomainEvent(event!), ctx, t.config);
    await drain();
    const sent = await multicastsSince(from);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.to).toEqual([manager.userId]);
    const rows = await t.db
      .select()
      .from(notificationDeliveries)
      .where(eq(notificationDeliveries.eventId, event!.id));
    expect(rows.map((r) => r.status)).toEqual(['SENT']);
  });

  it('a blocked recipient is skipped and logged, not retried', async () => {
    await deleteAllGroups();
    const leaving = await follow('退店 スタッフ');
    await createGroup({
      label: '2人',
      friendIds: [manager.friendId, leaving.friendId],
      topics: ['SHIFT_SUBMISSION_COMPLETE'],
    });
    await sim.act(leaving.userId, `unfollow/${channel.channelId}`);
    await drain();
    const from = (await sim.sent(channel.channelId)).length;
    await recordDomainEvent(t.db, {
      topic: 'SHIFT_SUBMISSION_COMPLETE',
      clientId: a.client.id,
      lineAccountId: accountId,
      payload: { periodKey: '2027-01', startDate: '2027-01-01', endDate: '2027-01-31' },
    });
    await drain();
    const sent = await multicastsSince(from);
    expect(sent.map((s) => s.to)).toEqual([[manager.userId]]);
    const [skipped] = await t.db
      .select()
      .from(notificationDeliveries)
      .where(
        and(
          eq(notificationDeliveries.friendId, leaving.friendId),
          eq(notificationDeliveries.topic, 'SHIFT_SUBMISSION_COMPLETE'),
        ),
      );
    expect(skipped).toMatchObject({ status: 'SKIPPED', error: skippedBlocked });
  });

  it('600 recipients go out in LINE-sized calls (500 + 100), each once', async () => {
    await deleteAllGroups();
    const hex = (n: number) => n.toString(16).padStart(32, '0');
    const many = await t.db
      .insert(friends)
      .values(
        Array.from({ length: 599 }, (_, i) => ({
          clientId: a.client.id,
          lineAccountId: accountId,
          lineUserId: `U${hex(0xabc000 + i)}`,
          displayName: `受信者${i}`,
        })),
      )
      .returning({ id: friends.id });
    await createGroup({
      label: '大人数',
      friendIds: [manager.friendId, ...many.map((f) => f.id)],
      topics: ['SHIFT_CONFIRMED'],
    });
    const from = (await sim.sent(channel.channelId)).length;
    await recordDomainEvent(t.db, {
      topic: 'SHIFT_CONFIRMED',
      clientId: a.client.id,
      lineAccountId: accountId,
      payload: { startAt: '2027-01-01T00:00:00Z', endAt: '2027-02-01T00:00:00Z', shiftIds: [], staffIds: [] },
    });
    await drain();
    const sent = await multicastsSince(from);
    expect(sent.map((s) => s.to.length).sort((x, y) => y - x)).toEqual([500, 100]);
    expect(new Set(sent.flatMap((s) => s.to)).size).toBe(600);
    for (const s of sent) expect(s.messages.length).toBeLessThanOrEqual(5);
    const pending = await t.db.select().from(jobs).where(eq(jobs.queue, 'notifications.push'));
    expect(pending.every((j) => j.status === 'DONE')).toBe(true);
  });
});
