// Issue 30: every notice's {link} by recipient type. Managers open the back office (on the event's
// account and shift store); staff open the staff mini-app (the shift service's LIFF URL) on the topics
// that concern them, never the managers' login page.
import { notificationTopics, type NotificationTopic } from '@app/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { friends, lineAccountServices } from '../../db/schema/index.ts';
import { recordDomainEvent, type NewDomainEvent } from '../../platform/domain-events.ts';
import {
  createLineTestApp,
  startLineSim,
  type LineSim,
  type LineTestApp,
  type SimChannel,
} from '../../testing/line-sim.ts';
import { createShift, createStaff } from '../../testing/shift-factories.ts';
import { staffFacingTopics } from './notifications.links.ts';

const C = '/client/api/v1';
let sim: LineSim;
let t: LineTestApp;
let a: Awaited<ReturnType<LineTestApp['clientWithUsers']>>;
let shop: { channel: SimChannel; accountId: number; storeId: number; liffId: string };
/** The manager (a friend in a group), a shift staff member in the same group, a staff member in none. */
let manager: { userId: string; friendId: number };
let groupStaff: { userId: string; friendId: number; staffId: number };
let staff: { userId: string; friendId: number; staffId: number };

async function drain() {
  for (let i = 0; i < 10; i += 1) if ((await t.app.jobs.runDue(50)) === 0) return;
}

async function follow(displayName: string) {
  const user = await sim.createUser(displayName);
  await sim.act(user.userId, `follow/${shop.channel.channelId}`);
  await drain();
  const [row] = await t.db.select().from(friends).where(eq(friends.lineUserId, user.userId));
  return { userId: user.userId, friendId: row!.id };
}

const store = () => ({ id: shop.storeId, clientId: a.client.id, lineAccountId: shop.accountId });
const asStaff = async (who: { userId: string; friendId: number }) => ({
  ...who,
  staffId: (await createStaff(t.db, store(), { friendId: who.friendId })).id,
});

/** The text each LINE user received since `from` (one multicast each). */
async function textsSince(from: number) {
  const sent = (await sim.sent(shop.channel.channelId)).slice(from);
  return (userId: string) =>
    sent.filter((s) => s.to.includes(userId)).map((s) => (s.messages[0] as { text: string }).text);
}

beforeAll(async () => {
  sim = await startLineSim();
  t = await createLineTestApp(sim);
  a = await t.clientWithUsers();
  shop = await t.accountWithService(a, 'KS-002', '京都茶房');
  manager = await follow('店長 山本');
  groupStaff = await asStaff(await follow('スタッフ 木村'));
  staff = await asStaff(await follow('スタッフ 田中'));
  const group = await t.api('POST', `${C}/line-account/${shop.accountId}/notification/settings`, {
    cookie: a.owner.cookie,
    body: {
      label: '全部',
      friendIds: [manager.friendId, groupStaff.friendId],
      topics: [...notificationTopics],
    },
  });
  expect(group.statusCode, group.body).toBe(201);
}, 60_000);
afterAll(async () => {
  await t.close();
  await sim.close();
});

describe('notice links by recipient type', () => {
  it('a confirmed shift: its staff get the staff mini-app, the manager the shift table', async () => {
    const from = (await sim.sent(shop.channel.channelId)).length;
    await createShift(t.db, store(), {
      staffId: staff.staffId,
      startAt: '2026-12-03T09:00:00+09:00',
      endAt: '2026-12-03T17:00:00+09:00',
      status: 'DRAFT',
    });
    const approve = await t.api('PUT', `/shift/api/v1/store/${shop.storeId}/staff-shift/approve-draft`, {
      cookie: a.manager.cookie,
      body: { startAtMin: '2026-12-01', startAtMax: '2026-12-31' },
    });
    expect(approve.json()).toEqual({ success: true, count: 1 });
    await drain();
    const heard = await textsSince(from);
    const liff = `https://liff.line.me/${shop.liffId}`;
    const [toStaff] = heard(staff.userId);
    expect(toStaff).toContain('シフトが確定しました');
    expect(toStaff!.endsWith(liff)).toBe(true);
    expect(toStaff).not.toContain('/client/');
    expect(heard(groupStaff.userId)[0]!.endsWith(liff)).toBe(true);
    const [toManager] = heard(manager.userId);
    expect(toManager).toContain(
      `${t.config.appUrl}/client/shift?lineAccountId=${shop.accountId}&shiftStoreId=${shop.storeId}`,
    );
    expect(toManager).not.toContain('liff.line.me');
    // the delivery log keeps what each one was sent
    const log = await t.api('GET', `${C}/line-account/${shop.accountId}/notification/deliveries`, {
      cookie: a.owner.cookie,
    });
    const logged = log.json<{ data: { friendId: number; topic: string; text: string }[] }>().data;
    const ofStaff = logged.find((d) => d.friendId === staff.friendId && d.topic === 'SHIFT_CONFIRMED');
    expect(ofStaff?.text).toBe(toStaff);
  });

  it('every topic: managers the back-office page, staff the mini-app on staff-facing topics', async () => {
    const scope = { clientId: a.client.id, lineAccountId: shop.accountId, storeId: shop.storeId };
    const shiftTimes = { startAt: '2026-12-01T00:00:00Z', endAt: '2026-12-01T08:00:00Z', isRest: false };
    const friend = { friendId: manager.friendId, lineUserId: manager.userId, displayName: 'x' };
    const events: Extract<NewDomainEvent, { topic: NotificationTopic }>[] = [
      { topic: 'NEW_FRIEND', ...scope, storeId: null, payload: friend },
      { topic: 'LINE_UNBLOCK_EVENT', ...scope, storeId: null, payload: friend },
      {
        topic: 'MEMBERSHIP_REGISTRATION',
        ...scope,
        payload: { memberId: 1, friendId: manager.friendId, memberCode: '00012' },
      },
      {
        topic: 'SHIFT_SUBMITTED',
        ...scope,
        payload: {
          staffId: staff.staffId,
          friendId: staff.friendId,
          periodKey: '2026-12',
          isChange: false,
          shiftIds: [],
        },
      },
      {
        topic: 'SHIFT_EDITED',
        ...scope,
        payload: {
          shiftId: 1,
          staffId: staff.staffId,
          status: 'APPROVED',
          before: shiftTimes,
          after: shiftTimes,
        },
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
          recipients: [{ staffId: staff.staffId, friendId: staff.friendId }],
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
          staffIds: [staff.staffId],
        },
      },
      {
        topic: 'SHIFT_MEMBER_STAFF_APPROVED',
        ...scope,
        payload: { staffId: staff.staffId, friendId: staff.friendId },
      },
      {
        topic: 'MEMBER_RANK_CHANGED',
        ...scope,
        payload: {
          memberId: 1,
          friendId: staff.friendId,
          memberCode: '0000000001',
          fromRank: 'ブロンズ',
          toRank: 'シルバー',
          direction: 'UP',
          message: '',
          reachedRanks: ['シルバー'],
        },
      },
    ];
    expect(events.map((e) => e.topic).sort()).toEqual([...notificationTopics].sort());
    const backOffice: Record<NotificationTopic, string> = {
      NEW_FRIEND: `/client/friends?lineAccountId=${shop.accountId}`,
      LINE_UNBLOCK_EVENT: `/client/friends?lineAccountId=${shop.accountId}`,
      MEMBERSHIP_REGISTRATION: `/client/members?lineAccountId=${shop.accountId}`,
      SHIFT_SUBMITTED: `/client/shift?lineAccountId=${shop.accountId}&shiftStoreId=${shop.storeId}`,
      SHIFT_EDITED: `/client/shift?lineAccountId=${shop.accountId}&shiftStoreId=${shop.storeId}`,
      SHIFT_SUBMISSION_REMIND: `/client/shift?lineAccountId=${shop.accountId}&shiftStoreId=${shop.storeId}`,
      SHIFT_SUBMISSION_COMPLETE: `/client/shift?lineAccountId=${shop.accountId}&shiftStoreId=${shop.storeId}`,
      SHIFT_CONFIRMED: `/client/shift?lineAccountId=${shop.accountId}&shiftStoreId=${shop.storeId}`,
      SHIFT_MEMBER_STAFF_APPROVED: `/client/shift/staff?lineAccountId=${shop.accountId}&shiftStoreId=${shop.storeId}`,
      MEMBER_RANK_CHANGED: `/client/members?lineAccountId=${shop.accountId}`,
    };
    const liff = `https://liff.line.me/${shop.liffId}`;
    for (const event of events) {
      const from = (await sim.sent(shop.channel.channelId)).length;
      await recordDomainEvent(t.db, event);
      await drain();
      const heard = await textsSince(from);
      const toManager = heard(manager.userId);
      const toGroupStaff = heard(groupStaff.userId);
      expect(toManager, event.topic).toHaveLength(1);
      expect(toGroupStaff, event.topic).toHaveLength(1);
      expect(toManager[0]!.endsWith(`${t.config.appUrl}${backOffice[event.topic]}`), toManager[0]).toBe(true);
      const staffLink = staffFacingTopics.has(event.topic)
        ? liff
        : `${t.config.appUrl}${backOffice[event.topic]}`;
      expect(toGroupStaff[0]!.endsWith(staffLink), `${event.topic}: ${toGroupStaff[0]}`).toBe(true);
      // the staff concerned (in no group) hear of their reminder, confirmation and approval, in the mini-app
      const concerned = heard(staff.userId);
      if (
        ['SHIFT_SUBMISSION_REMIND', 'SHIFT_CONFIRMED', 'SHIFT_MEMBER_STAFF_APPROVED'].includes(event.topic)
      ) {
        expect(concerned, event.topic).toHaveLength(1);
        expect(concerned[0]!.endsWith(liff), concerned[0]).toBe(true);
      } else if (event.topic === 'MEMBER_RANK_CHANGED') {
        // the member who reached the rank hears of it; this account has no member service: no link
        expect(concerned, event.topic).toHaveLength(1);
        expect(concerned[0]).toContain('「シルバー」になりました');
        expect(concerned[0]).not.toMatch(/https?:\/\//);
      } else expect(concerned, event.topic).toEqual([]);
    }
  });

  it('with the shift service off, staff get no link rather than the managers’ login page', async () => {
    await t.db
      .update(lineAccountServices)
      .set({ status: 'INACTIVE' })
      .where(eq(lineAccountServices.lineAccountId, shop.accountId));
    const from = (await sim.sent(shop.channel.channelId)).length;
    await recordDomainEvent(t.db, {
      topic: 'SHIFT_CONFIRMED',
      clientId: a.client.id,
      lineAccountId: shop.accountId,
      storeId: shop.storeId,
      payload: {
        startAt: '2027-01-01T00:00:00Z',
        endAt: '2027-01-08T00:00:00Z',
        shiftIds: [],
        staffIds: [staff.staffId],
      },
    });
    await drain();
    const heard = await textsSince(from);
    const [toStaff] = heard(staff.userId);
    expect(toStaff).toContain('シフトが確定しました。確認をお願いします。');
    expect(toStaff).not.toMatch(/https?:\/\//);
    expect(heard(manager.userId)[0]).toContain('/client/shift?');
  });
});
