import { notificationTopics } from '@app/contracts';
import { and, desc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { domainEvents, friends, jobs, notificationDeliveries } from '../../db/schema/index.ts';
import {
  recordDomainEvent,
  toDomainEvent,
  type NewDomainEvent,
  type NotificationEvent,
} from '../../platform/domain-events.ts';
import { handleNotificationEvent, skippedBlocked } from './notifications.delivery.ts';
import {
  a,
  accountId,
  base,
  channel,
  drain,
  follow,
  helper,
  manager,
  sim,
  t,
  useNotificationsTestApp,
} from './notifications.test-setup.ts';

useNotificationsTestApp();

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

  it('each of the ten topics reaches exactly its subscribed recipients once (and the staff concerned)', async () => {
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
      {
        topic: 'MEMBER_RANK_CHANGED',
        ...scope,
        payload: {
          memberId: 1,
          friendId: staffFriend.friendId,
          memberCode: '00012',
          fromRank: 'ブロンズ',
          toRank: 'シルバー',
          direction: 'UP',
          message: '',
          reachedRanks: ['シルバー'],
        },
      },
    ];
    expect(events.map((e) => e.topic).sort()).toEqual([...notificationTopics].sort());
    for (const event of events) await recordDomainEvent(t.db, event);
    await drain();
    await drain(); // nothing more the second time
    const sent = await multicastsSince(from);
    const heard = (userId: string) => sent.filter((s) => s.to.includes(userId)).length;
    expect(heard(manager.userId)).toBe(10);
    expect(heard(helper.userId)).toBe(1);
    // the staff concerned by the reminder and the approval hear of them as well, and a member of a higher rank
    expect(heard(staffFriend.userId)).toBe(3);
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
    const shiftEdited = toDomainEvent(event!) as NotificationEvent;
    await handleNotificationEvent(shiftEdited, ctx, t.config);
    await handleNotificationEvent(shiftEdited, ctx, t.config);
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
