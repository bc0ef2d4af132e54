import { randomBytes } from 'node:crypto';
import { couponMessages, deliveryImageMessages, deliveryMessages, scenarioMessages } from '@app/contracts';
import type { messagingApi } from '@line/bot-sdk';
import { and, desc, eq, like } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { domainEvents, friends, jobs, scenarioEnrolments, scenarioSends } from '../../db/schema/index.ts';
import { eventQueueOf } from '../../platform/events.ts';
import {
  createLineTestApp,
  startLineSim,
  type LineSim,
  type LineTestApp,
  type SimChannel,
} from '../../testing/line-sim.ts';
import { scenarioFaults } from './scenarios.sending.ts';

const C = '/client/api/v1';
const HOUR = 3_600_000;
let sim: LineSim;
let t: LineTestApp;
let a: Awaited<ReturnType<LineTestApp['clientWithUsers']>>;
let b: Awaited<ReturnType<LineTestApp['clientWithUsers']>>;

type Sent = {
  kind: string;
  to: string[];
  retryKey: string | null;
  messages: { type: string; text?: string }[];
};
type Scenario = {
  id: number;
  steps: { id: number; sentCount: number; skippedCount: number }[];
  stats: { enrolled: number; active: number; completed: number; stopped: number };
};

/** Moves the product's clock and runs what falls due (the scheduler's run of that minute). */
const advance = async (ms: number) => {
  t.clock.advance(ms);
  await t.drain();
  // sessions expire while the clock runs days ahead: log in again, as the users would
  for (const who of [a, b])
    for (const user of [who.owner, who.manager, who.staff]) user.cookie = await t.login(user.user.email);
};
const sentOf = (channel: SimChannel) =>
  sim.consoleCall<{ sent: Sent[] }>('GET', `/_sim/channels/${channel.channelId}/sent`).then((r) => r.sent);
const sentTo = async (channel: SimChannel, userId: string) =>
  (await sentOf(channel)).filter((s) => s.to.includes(userId));
const text = (value: string) => ({ type: 'text', text: value });

async function newAccount(who: typeof a, name: string) {
  const { channel, accountId } = await t.connectedAccount(who, name);
  return { channel, accountId, base: `${C}/line-account/${accountId}` };
}

/** Friends written straight into a scenario, its first step due five minutes from now (the large cases). */
async function enrolDueInFiveMinutes(
  lineAccountId: number,
  scenario: { id: number; steps: { id: number }[] },
  inserted: { id: number; lineUserId: string }[],
) {
  const now = t.clock.now();
  await t.db.insert(scenarioEnrolments).values(
    inserted.map((f) => ({
      clientId: a.client.id,
      lineAccountId,
      scenarioId: scenario.id,
      friendId: f.id,
      lineUserId: f.lineUserId,
      enrolledAt: now,
      nextStepId: scenario.steps[0]!.id,
      dueAt: new Date(now.getTime() + 5 * 60_000),
    })),
  );
}

async function follow(channel: SimChannel, displayName: string) {
  const user = await sim.createUser(displayName);
  await sim.act(user.userId, `follow/${channel.channelId}`);
  await t.drain();
  const [row] = await t.db.select().from(friends).where(eq(friends.lineUserId, user.userId));
  return { userId: user.userId, friendId: row!.id };
}

const welcome = (extra: Record<string, unknown> = {}) => ({
  name: 'ウェルカム',
  enabled: true,
  trigger: 'FOLLOW',
  steps: [
    { delay: { amount: 0, unit: 'MINUTES' }, messages: [text('ステップ1: ようこそ')] },
    { delay: { amount: 1, unit: 'DAYS', timeOfDay: '10:00' }, messages: [text('ステップ2: クーポン')] },
    {
      delay: { amount: 3, unit: 'DAYS', from: 'TRIGGER' },
      messages: [text('ステップ3: ご来店お待ちしています')],
    },
  ],
  ...extra,
});

async function create(base: string, body: unknown, cookie = a.owner.cookie) {
  const response = await t.api('POST', `${base}/scenarios`, { cookie, body });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<Scenario>();
}

beforeAll(async () => {
  sim = await startLineSim();
  t = await createLineTestApp(sim);
  t.clock.set(new Date('2026-11-20T03:00:00Z')); // 12:00 in Japan
  a = await t.clientWithUsers();
  b = await t.clientWithUsers();
}, 60_000);
afterAll(async () => {
  await t.close();
  await sim.close();
});
afterEach(() => {
  scenarioFaults.beforeCall = null;
  scenarioFaults.afterCall = null;
  scenarioFaults.enrolmentsPerRun = null;
});

describe('scenarios (ステップ配信): the calls', () => {
  it('owners and managers write, staff read; texts for bad input; 404 for another client; delete', async () => {
    const acc = await newAccount(a, '京都茶房');
    const created = await create(acc.base, welcome(), a.manager.cookie);
    expect(created).toMatchObject({
      name: 'ウェルカム',
      enabled: true,
      trigger: 'FOLLOW',
      stopOnMember: false,
    });
    expect(created.steps).toHaveLength(3);
    expect(created.stats).toEqual({ enrolled: 0, active: 0, completed: 0, stopped: 0 });
    const list = await t.api('GET', `${acc.base}/scenarios`, { cookie: a.staff.cookie });
    expect(list.json().data.map((s: Scenario) => s.id)).toEqual([created.id]);
    const one = `${acc.base}/scenarios/${created.id}`;
    expect((await t.api('GET', one, { cookie: a.staff.cookie })).statusCode).toBe(200);
    expect(
      (await t.api('POST', `${acc.base}/scenarios`, { cookie: a.staff.cookie, body: welcome() })).statusCode,
    ).toBe(403);
    expect((await t.api('GET', `${acc.base}/scenarios`)).statusCode).toBe(401);
    for (const [method, url] of [
      ['GET', one],
      ['PUT', one],
      ['DELETE', one],
      ['GET', `${acc.base}/scenarios`],
    ] as const) {
      const other = await t.api(method, url, {
        cookie: b.owner.cookie,
        body: method === 'PUT' ? welcome() : undefined,
      });
      expect(other.statusCode, `${method} ${url}`).toBe(404);
      expect(other.body).not.toContain('ウェルカム');
    }
    const cases: [unknown, number, string][] = [
      [{ ...welcome(), steps: [] }, 400, scenarioMessages.steps],
      [{ ...welcome(), name: ' ' }, 400, scenarioMessages.nameRequired],
      [{ ...welcome(), trigger: 'KEYWORD' }, 400, scenarioMessages.trigger],
      [
        {
          ...welcome(),
          steps: [{ delay: { amount: 1, unit: 'DAYS', timeOfDay: '25:00' }, messages: [text('x')] }],
        },
        400,
        scenarioMessages.timeOfDay,
      ],
      [
        { ...welcome(), steps: [{ delay: { amount: 400, unit: 'DAYS' }, messages: [text('x')] }] },
        400,
        scenarioMessages.delayAmount,
      ],
      [
        {
          ...welcome(),
          steps: [{ delay: { amount: 1, unit: 'DAYS' }, messages: [], actions: [{ type: 'tag.fly' }] }],
        },
        400,
        scenarioMessages.action,
      ],
      [{ ...welcome(), stopTagIds: [999999] }, 400, scenarioMessages.unknownTag],
      [
        { ...welcome(), steps: [{ id: 999999, delay: { amount: 1, unit: 'DAYS' }, messages: [text('x')] }] },
        400,
        scenarioMessages.stepId,
      ],
    ];
    for (const [body, status, message] of cases) {
      const response = await t.api('PUT', one, { cookie: a.owner.cookie, body });
      expect([response.statusCode, response.json().message], JSON.stringify(body)).toEqual([status, message]);
    }
    expect(
      (await t.api('GET', one, { cookie: a.staff.cookie })).json().steps.map((s: { id: number }) => s.id),
    ).toEqual(created.steps.map((s) => s.id));
    expect((await t.api('DELETE', one, { cookie: a.owner.cookie })).json()).toEqual({ success: true });
    expect((await t.api('GET', one, { cookie: a.owner.cookie })).statusCode).toBe(404);
  });
});

describe('scenarios: the engine', () => {
  it('a follow enrols the friend; each step arrives by push when the clock reaches it; the drawer shows the next step', async () => {
    const acc = await newAccount(a, '梅田店');
    const scenario = await create(acc.base, welcome());
    const friend = await follow(acc.channel, '田中 一郎');
    await advance(60_000);
    const first = await sentTo(acc.channel, friend.userId);
    expect(first.map((s) => s.messages[0]!.text)).toEqual(['ステップ1: ようこそ']);
    expect(first[0]!.retryKey).toMatch(/^[0-9a-f-]{36}$/);
    const drawer = await t.api('GET', `${acc.base}/friends/${friend.friendId}/scenarios`, {
      cookie: a.staff.cookie,
    });
    expect(drawer.json().data).toEqual([
      expect.objectContaining({
        scenarioId: scenario.id,
        scenarioName: 'ウェルカム',
        status: 'ACTIVE',
        stepsDone: 1,
        stepCount: 3,
        nextStepPosition: 1,
        nextDueAt: '2026-11-21T01:00:00.000Z', // the next day at 10:00 in Japan
      }),
    ]);
    await advance(12 * HOUR); // 2026-11-21 00:01 JST: not yet
    expect(await sentTo(acc.channel, friend.userId)).toHaveLength(1);
    await advance(10 * HOUR);
    expect((await sentTo(acc.channel, friend.userId)).map((s) => s.messages[0]!.text)).toEqual([
      'ステップ1: ようこそ',
      'ステップ2: クーポン',
    ]);
    await advance(3 * 24 * HOUR);
    expect(await sentTo(acc.channel, friend.userId)).toHaveLength(3);
    const after = (
      await t.api('GET', `${acc.base}/scenarios/${scenario.id}`, { cookie: a.owner.cookie })
    ).json<Scenario>();
    expect(after.stats).toMatchObject({ enrolled: 1, active: 0, completed: 1 });
    expect(after.steps.map((s) => s.sentCount)).toEqual([1, 1, 1]);
    await advance(24 * HOUR);
    expect(await sentTo(acc.channel, friend.userId)).toHaveLength(3);
  });

  it('a friend who blocks stops at once; conditions skip a step; actions tag the friend; editing never sends a step twice', async () => {
    const acc = await newAccount(a, '難波店');
    const tag = await t.api('POST', `${acc.base}/tags`, {
      cookie: a.owner.cookie,
      body: { name: '興味あり' },
    });
    const tagId = tag.json<{ id: number }>().id;
    const scenario = await create(acc.base, {
      name: '育成',
      enabled: true,
      trigger: 'FOLLOW',
      steps: [
        { delay: { amount: 1, unit: 'HOURS' }, messages: [text('A')], actions: [{ type: 'tag.add', tagId }] },
        {
          delay: { amount: 1, unit: 'HOURS' },
          conditions: { lacksTagIds: [tagId] },
          messages: [text('B: 未タグのみ')],
        },
        { delay: { amount: 1, unit: 'HOURS' }, messages: [text('C')] },
      ],
    });
    const stays = await follow(acc.channel, '佐藤 花子');
    const leaves = await follow(acc.channel, '鈴木 次郎');
    await advance(HOUR + 60_000);
    expect((await sentOf(acc.channel)).filter((s) => s.messages[0]!.text === 'A')).toHaveLength(1);
    expect((await sentOf(acc.channel))[0]!.to.sort()).toEqual([stays.userId, leaves.userId].sort());
    await sim.act(leaves.userId, `unfollow/${acc.channel.channelId}`);
    await t.drain();
    await advance(HOUR);
    // B skipped (the tag A added), nothing to the friend who blocked
    expect((await sentOf(acc.channel)).map((s) => s.messages[0]!.text)).toEqual(['A']);
    const [stopped] = await t.db
      .select()
      .from(scenarioEnrolments)
      .where(
        and(eq(scenarioEnrolments.scenarioId, scenario.id), eq(scenarioEnrolments.friendId, leaves.friendId)),
      );
    expect(stopped).toMatchObject({ status: 'STOPPED', stopReason: 'BLOCKED' });
    // the owner reorders: C before A, and adds D; the friend already had A: gets C then D, never A again
    const [stepA, , stepC] = scenario.steps;
    const edited = await t.api('PUT', `${acc.base}/scenarios/${scenario.id}`, {
      cookie: a.owner.cookie,
      body: {
        name: '育成',
        enabled: true,
        trigger: 'FOLLOW',
        steps: [
          { id: stepC!.id, delay: { amount: 1, unit: 'HOURS' }, messages: [text('C')] },
          { id: stepA!.id, delay: { amount: 1, unit: 'HOURS' }, messages: [text('A')] },
          { delay: { amount: 1, unit: 'HOURS' }, messages: [text('D')] },
        ],
      },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    for (let i = 0; i < 4; i += 1) await advance(HOUR);
    expect((await sentTo(acc.channel, stays.userId)).map((s) => s.messages[0]!.text)).toEqual([
      'A',
      'C',
      'D',
    ]);
    const view = (
      await t.api('GET', `${acc.base}/scenarios/${scenario.id}`, { cookie: a.owner.cookie })
    ).json<Scenario>();
    expect(view.stats).toMatchObject({ enrolled: 2, completed: 1, stopped: 1 });
    const tags = await t.api('GET', `${acc.base}/tags`, { cookie: a.owner.cookie });
    expect(tags.json().tags[0]).toMatchObject({ name: '興味あり', friendCount: 2 });
  });

  it('starts by hand (and by another scenario’s action) only when on, once per friend', async () => {
    const acc = await newAccount(a, '天王寺店');
    const manual = await create(acc.base, { ...welcome(), name: '手動', trigger: 'MANUAL', enabled: false });
    const friend = await follow(acc.channel, '高橋 三郎');
    const url = `${acc.base}/scenarios/${manual.id}/enrolments`;
    const off = await t.api('POST', url, { cookie: a.owner.cookie, body: { friendId: friend.friendId } });
    expect([off.statusCode, off.json().message]).toEqual([409, scenarioMessages.scenarioOff]);
    await t.api('PUT', `${acc.base}/scenarios/${manual.id}`, {
      cookie: a.owner.cookie,
      body: {
        ...welcome(),
        name: '手動',
        trigger: 'MANUAL',
        enabled: true,
        steps: manual.steps.map((s, i) => ({ ...welcome().steps[i], id: s.id })),
      },
    });
    expect(
      (await t.api('POST', url, { cookie: a.owner.cookie, body: { friendId: friend.friendId } })).statusCode,
    ).toBe(200);
    const again = await t.api('POST', url, { cookie: a.owner.cookie, body: { friendId: friend.friendId } });
    expect([again.statusCode, again.json().message]).toEqual([409, scenarioMessages.alreadyEnrolled]);
    const stranger = await t.api('POST', url, {
      cookie: b.owner.cookie,
      body: { friendId: friend.friendId },
    });
    expect(stranger.statusCode).toBe(404);
    await t.drain();
    expect((await sentTo(acc.channel, friend.userId)).map((s) => s.messages[0]!.text)).toEqual([
      'ステップ1: ようこそ',
    ]);
  });

  it('a step due in the middle of a minute goes at its second, not at the next minute; one run for all friends due then', async () => {
    const acc = await newAccount(a, '心斎橋店');
    await create(acc.base, {
      name: '1分後',
      enabled: true,
      trigger: 'FOLLOW',
      steps: [
        { delay: { amount: 1, unit: 'MINUTES' }, messages: [text('1分後')] },
        { delay: { amount: 0, unit: 'MINUTES' }, messages: [text('続けて')] },
      ],
    });
    // both follow at 20 s past a minute: their first step is due at 20 s past the next one
    const minute = Math.floor(t.clock.now().getTime() / 60_000) + 1;
    t.clock.set(new Date(minute * 60_000 + 20_000));
    const first = await follow(acc.channel, '松本 一');
    const second = await follow(acc.channel, '松本 二');
    await advance(40_000); // the next minute's run: nothing due yet; it queues one run at 20 s past
    expect(await sentOf(acc.channel)).toEqual([]);
    const timed = await t.db
      .select({ runAt: jobs.runAt })
      .from(jobs)
      .where(and(eq(jobs.status, 'PENDING'), like(jobs.dedupeKey, 'automation.scenarios:at:%')));
    expect(timed).toEqual([{ runAt: new Date((minute + 1) * 60_000 + 20_000) }]);
    await advance(19_000);
    expect(await sentOf(acc.channel)).toEqual([]);
    await advance(1_000);
    // at 20 s past (40 s before the next minute's run), and the step after it without a delay at once
    for (const friend of [first, second])
      expect((await sentTo(acc.channel, friend.userId)).map((s) => s.messages[0]!.text)).toEqual([
        '1分後',
        '続けて',
      ]);
  });
});

describe('scenarios: exactly once', () => {
  it('1,203 friends due for one step: multicasts of 500, a crash after LINE accepted one and before another call, nobody twice nor skipped', async () => {
    const acc = await newAccount(a, '大型店');
    const scenario = await create(acc.base, {
      name: '一斉',
      enabled: true,
      trigger: 'MANUAL',
      steps: [{ delay: { amount: 5, unit: 'MINUTES' }, messages: [text('お知らせ')] }],
    });
    const rows = Array.from({ length: 1203 }, () => ({
      clientId: a.client.id,
      lineAccountId: acc.accountId,
      lineUserId: `U${randomBytes(16).toString('hex')}`,
      displayName: 'お客',
    }));
    const inserted = await t.db
      .insert(friends)
      .values(rows)
      .returning({ id: friends.id, lineUserId: friends.lineUserId });
    await enrolDueInFiveMinutes(acc.accountId, scenario, inserted);
    const crashes: string[] = [];
    let calls = 0;
    scenarioFaults.afterCall = () => {
      calls += 1;
      if (calls === 1) {
        crashes.push('after-first');
        throw new Error('process died after LINE accepted the first multicast');
      }
    };
    scenarioFaults.beforeCall = () => {
      if (calls === 2 && !crashes.includes('before-third')) {
        crashes.push('before-third');
        throw new Error('process died before calling LINE');
      }
    };
    for (let i = 0; i < 6; i += 1) await advance(60_000);
    expect(crashes).toEqual(['after-first', 'before-third']);
    const sent = await sentOf(acc.channel);
    const addressed = sent.flatMap((s) => s.to);
    expect(sent.map((s) => s.to.length).sort()).toEqual([203, 500, 500]);
    expect(new Set(addressed)).toEqual(new Set(rows.map((r) => r.lineUserId)));
    expect(addressed).toHaveLength(1203);
    const sends = await t.db.select().from(scenarioSends).where(eq(scenarioSends.scenarioId, scenario.id));
    expect(sends.map((s) => s.status)).toEqual(['SENT', 'SENT', 'SENT']);
    const view = (
      await t.api('GET', `${acc.base}/scenarios/${scenario.id}`, { cookie: a.owner.cookie })
    ).json<Scenario>();
    expect(view.stats).toMatchObject({ enrolled: 1203, completed: 1203 });
    expect(view.steps[0]!.sentCount).toBe(1203);
  });

  it.each([
    { perRun: null, how: 'one batch' },
    { perRun: 8, how: 'batches of 8, the next claimed while the pushes go out' },
  ])(
    '40 friends due for a step with a link ($how): pushes in parallel, a crash after LINE accepted one and another before a call, each friend pushed once with their own link',
    async ({ perRun }) => {
      scenarioFaults.enrolmentsPerRun = perRun;
      const acc = await newAccount(a, '駅前店');
      const scenario = await create(acc.base, {
        name: '予約リンク',
        enabled: true,
        trigger: 'MANUAL',
        steps: [
          {
            delay: { amount: 5, unit: 'MINUTES' },
            messages: [text('ご予約はこちら https://shop.example.jp/reserve')],
          },
        ],
      });
      const users = await Promise.all(Array.from({ length: 40 }, (_, i) => sim.createUser(`お客 ${i}`)));
      const inserted = await t.db
        .insert(friends)
        .values(
          users.map((u) => ({
            clientId: a.client.id,
            lineAccountId: acc.accountId,
            lineUserId: u.userId,
            displayName: u.displayName,
          })),
        )
        .returning({ id: friends.id, lineUserId: friends.lineUserId });
      await enrolDueInFiveMinutes(acc.accountId, scenario, inserted);
      const crashes: string[] = [];
      let accepted = 0;
      let inFlight = 0;
      let mostInFlight = 0;
      scenarioFaults.beforeCall = () => {
        if (accepted >= 12 && !crashes.includes('before-a-call')) {
          crashes.push('before-a-call');
          throw new Error('process died before calling LINE');
        }
        inFlight += 1;
        mostInFlight = Math.max(mostInFlight, inFlight);
      };
      scenarioFaults.afterCall = () => {
        inFlight -= 1;
        accepted += 1;
        if (accepted === 5) {
          crashes.push('after-fifth');
          throw new Error('process died after LINE accepted the fifth push');
        }
      };
      for (let i = 0; i < 8; i += 1) await advance(60_000);
      expect(crashes).toEqual(['after-fifth', 'before-a-call']);
      expect(mostInFlight).toBeGreaterThan(1);
      const pushes = (await sentOf(acc.channel)).filter((s) => s.messages[0]!.text!.startsWith('ご予約'));
      expect(pushes.every((p) => p.kind === 'push' && p.to.length === 1)).toBe(true);
      expect(pushes.map((p) => p.to[0]).sort()).toEqual(users.map((u) => u.userId).sort());
      const sends = await t.db.select().from(scenarioSends).where(eq(scenarioSends.scenarioId, scenario.id));
      expect(sends).toHaveLength(40);
      expect(new Set(sends.map((s) => s.status))).toEqual(new Set(['SENT']));
      // each push carried its friend's stored recipient token (the retried ones too)
      for (const push of pushes) {
        const send = sends.find((s) => s.retryKey === push.retryKey)!;
        expect(send.recipients).toEqual(push.to);
        expect(push.messages[0]!.text).toContain(`.${send.linkToken}`);
      }
      const view = (
        await t.api('GET', `${acc.base}/scenarios/${scenario.id}`, { cookie: a.owner.cookie })
      ).json<Scenario>();
      expect(view.stats).toMatchObject({ enrolled: 40, completed: 40 });
      expect(view.steps[0]!.sentCount).toBe(40);
    },
  );
});

describe('scenarios: what a step may send', () => {
  it('an uploaded image and a coupon card go out as the delivery composer sends them; another account’s are refused', async () => {
    const { channel, accountId } = await t.accountWithService(a, 'KS-001', '心斎橋店');
    const base = `${C}/line-account/${accountId}`;
    const jpeg = await sharp({ create: { width: 600, height: 400, channels: 3, background: '#c85028' } })
      .jpeg()
      .toBuffer();
    const uploaded = await t.api('POST', `${base}/delivery-images`, {
      cookie: a.owner.cookie,
      body: { kind: 'image', dataUrl: `data:image/jpeg;base64,${jpeg.toString('base64')}` },
    });
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    const imageKey = uploaded.json<{ key: string }>().key;
    const coupon = await t.api('POST', `${base}/member-service/coupons`, {
      cookie: a.owner.cookie,
      body: {
        name: 'ドリンク100円引き',
        kind: 'AMOUNT',
        value: 100,
        description: 'お会計時にお見せください',
        validFrom: '2026-11-01',
        validTo: '2026-12-31',
        perMemberLimit: 1,
        totalLimit: null,
      },
    });
    expect(coupon.statusCode, coupon.body).toBe(201);
    const couponId = coupon.json<{ id: number }>().id;
    const body = (messages: unknown[]) => ({
      name: '来店のお礼',
      enabled: true,
      trigger: 'FOLLOW',
      steps: [
        { delay: { amount: 0, unit: 'MINUTES' }, messages: [text('ようこそ')] },
        { delay: { amount: 1, unit: 'HOURS' }, messages },
      ],
    });
    // what is not this account's: refused with the step named, nothing saved
    const before = (await t.api('GET', `${base}/scenarios`, { cookie: a.owner.cookie })).json().data.length;
    const unknownImage = await t.api('POST', `${base}/scenarios`, {
      cookie: a.owner.cookie,
      body: body([{ type: 'image', imageKey: '0'.repeat(32) }]),
    });
    expect(unknownImage.statusCode, unknownImage.body).toBe(400);
    expect(unknownImage.json().errors).toContainEqual({
      path: 'body.steps.1.messages.0.imageKey',
      message: deliveryImageMessages.imageUnknown,
    });
    const unknownCoupon = await t.api('POST', `${base}/scenarios`, {
      cookie: a.owner.cookie,
      body: body([{ type: 'coupon', couponId: couponId + 1000 }]),
    });
    expect(unknownCoupon.statusCode, unknownCoupon.body).toBe(422);
    expect(unknownCoupon.json()).toMatchObject({ message: couponMessages.inMessageNotFound });
    expect(unknownCoupon.json().errors).toEqual([
      { path: 'body.steps.1.messages', message: couponMessages.inMessageNotFound },
    ]);
    expect((await t.api('GET', `${base}/scenarios`, { cookie: a.owner.cookie })).json().data).toHaveLength(
      before,
    );

    await create(
      base,
      body([
        { type: 'image', imageKey },
        { type: 'coupon', couponId },
      ]),
    );
    const friend = await follow(channel, '写真 好子');
    await advance(60_000);
    await advance(HOUR);
    const sent = (await sentOf(channel)).filter((s) => s.to.includes(friend.userId));
    expect(sent.map((s) => s.messages.map((m) => m.type))).toEqual([['text'], ['image', 'flex']]);
    const [image, flex] = sent[1]!.messages as unknown as [
      messagingApi.ImageMessage,
      messagingApi.FlexMessage,
    ];
    expect(image).toEqual({
      type: 'image',
      originalContentUrl: `${t.appUrl}/line-media/${imageKey}/original`,
      previewImageUrl: `${t.appUrl}/line-media/${imageKey}/preview`,
    });
    expect(flex.altText).toBe('クーポン: ドリンク100円引き（¥100 OFF）');
  });
});

describe('scenarios: started when a tag is added (タグ付与時)', () => {
  it('by hand, in bulk and by a keyword rule’s action; a friend already in it, or blocked, is not enrolled again', async () => {
    const acc = await newAccount(a, '天王寺店');
    const newTag = async (name: string) => {
      const response = await t.api('POST', `${acc.base}/tags`, { cookie: a.owner.cookie, body: { name } });
      expect(response.statusCode, response.body).toBe(201);
      return response.json<{ id: number }>().id;
    };
    const reserve = await newTag('予約希望');
    const other = await newTag('常連');
    /** Tags friends and lets the running jobs take the event (the scheduler's next minute sends). */
    const tagging = async (action: 'add' | 'remove', tagIds: number[], target: Record<string, unknown>) => {
      const response = await t.api('POST', `${acc.base}/friend-tags`, {
        cookie: a.staff.cookie,
        body: { action, tagIds, ...target },
      });
      await t.drain();
      return response;
    };
    const body = {
      name: '予約フォロー',
      enabled: true,
      trigger: 'TAG_ADDED',
      triggerTagId: reserve,
      steps: [
        { delay: { amount: 0, unit: 'MINUTES' }, messages: [text('ご予約ありがとうございます')] },
        { delay: { amount: 1, unit: 'DAYS' }, messages: [text('ご来店をお待ちしています')] },
      ],
    };
    // the trigger names its tag, the account's own, and only this trigger names one
    const foreign = await newAccount(b, '別の店');
    const foreignTag = (
      await t.api('POST', `${foreign.base}/tags`, { cookie: b.owner.cookie, body: { name: 'よそ' } })
    ).json<{ id: number }>().id;
    for (const [bad, status, message] of [
      [{ ...body, triggerTagId: null }, 400, scenarioMessages.triggerTag],
      [{ ...body, trigger: 'FOLLOW' }, 400, scenarioMessages.triggerTag],
      [{ ...body, triggerTagId: foreignTag }, 400, scenarioMessages.unknownTag],
    ] as const) {
      const response = await t.api('POST', `${acc.base}/scenarios`, { cookie: a.owner.cookie, body: bad });
      expect([response.statusCode, response.json().message], JSON.stringify(bad)).toEqual([status, message]);
    }
    const scenario = await create(acc.base, body);
    expect(scenario).toMatchObject({ trigger: 'TAG_ADDED', triggerTagId: reserve });

    const hand = await follow(acc.channel, '手動 花子');
    const bulk1 = await follow(acc.channel, '一括 一郎');
    const bulk2 = await follow(acc.channel, '一括 二郎');
    const keyword = await follow(acc.channel, '予約 三郎');
    const blocked = await follow(acc.channel, 'ブロック 四郎');
    await advance(60_000);
    // following is not the trigger; another tag is not the trigger
    expect((await tagging('add', [other], { friendIds: [hand.friendId] })).statusCode).toBe(200);
    await advance(60_000);
    expect(await sentOf(acc.channel)).toHaveLength(0);
    /** The automation.scenarios delivery jobs of the account's last FRIEND_TAGGED event (decision 0062). */
    const deliveriesOfLastTagEvent = async () => {
      const [event] = await t.db
        .select({ id: domainEvents.id })
        .from(domainEvents)
        .where(and(eq(domainEvents.lineAccountId, acc.accountId), eq(domainEvents.topic, 'FRIEND_TAGGED')))
        .orderBy(desc(domainEvents.id))
        .limit(1);
      const made = await t.db
        .select({ status: jobs.status, attempts: jobs.attempts })
        .from(jobs)
        .where(eq(jobs.dedupeKey, `${eventQueueOf('automation.scenarios')}:${event!.id}`));
      return made.map((j) => [j.status, j.attempts]);
    };
    expect(await deliveriesOfLastTagEvent()).toEqual([]); // a tag no scenario starts with makes no job

    // by hand
    expect((await tagging('add', [reserve], { friendIds: [hand.friendId] })).json()).toEqual({ changed: 1 });
    expect(await deliveriesOfLastTagEvent()).toEqual([['DONE', 1]]);
    await advance(60_000);
    expect((await sentTo(acc.channel, hand.userId)).map((s) => s.messages[0]!.text)).toEqual([
      'ご予約ありがとうございます',
    ]);
    // the tag taken off and put on again: the friend is in the scenario already, nothing starts again
    await tagging('remove', [reserve], { friendIds: [hand.friendId] });
    await tagging('add', [reserve], { friendIds: [hand.friendId] });
    await advance(60_000);
    expect(await sentTo(acc.channel, hand.userId)).toHaveLength(1);

    // in bulk, to a segment (the friend who has the tag already is not tagged again); a blocked friend is not enrolled
    await sim.act(blocked.userId, `unfollow/${acc.channel.channelId}`);
    await t.drain();
    const tagged = await tagging('add', [reserve], {
      conditions: { includeNonMembers: true, isMemberServiceUser: false, isShiftServiceUser: false },
    });
    expect(tagged.json()).toEqual({ changed: 4 }); // bulk1, bulk2, keyword, blocked
    await advance(60_000);
    for (const friend of [bulk1, bulk2, keyword])
      expect((await sentTo(acc.channel, friend.userId)).map((s) => s.messages[0]!.text)).toEqual([
        'ご予約ありがとうございます',
      ]);
    expect(await sentTo(acc.channel, blocked.userId)).toHaveLength(0);

    // by a keyword rule's action
    await tagging('remove', [reserve], { friendIds: [keyword.friendId] });
    const rule = await t.api('POST', `${acc.base}/keyword-replies`, {
      cookie: a.owner.cookie,
      body: {
        name: '予約',
        keywords: [{ text: '予約', match: 'CONTAINS' }],
        messages: [],
        actions: [{ type: 'tag.add', tagId: reserve }],
      },
    });
    expect(rule.statusCode, rule.body).toBe(201);
    const late = await follow(acc.channel, '後から 五郎');
    await sim.act(late.userId, 'messages', { channelId: acc.channel.channelId, text: '予約したいです' });
    await sim.act(keyword.userId, 'messages', { channelId: acc.channel.channelId, text: '予約したいです' });
    await t.drain();
    await advance(60_000);
    expect((await sentTo(acc.channel, late.userId)).map((s) => s.messages[0]!.text)).toEqual([
      'ご予約ありがとうございます',
    ]);
    expect(await sentTo(acc.channel, keyword.userId)).toHaveLength(1);

    const rows = await t.db
      .select()
      .from(scenarioEnrolments)
      .where(eq(scenarioEnrolments.scenarioId, scenario.id));
    expect(rows.map((r) => r.friendId).sort((x, y) => x - y)).toEqual(
      [hand, bulk1, bulk2, keyword, late].map((f) => f.friendId).sort((x, y) => x - y),
    );
    const after = (
      await t.api('GET', `${acc.base}/scenarios/${scenario.id}`, { cookie: a.owner.cookie })
    ).json<Scenario>();
    expect(after.stats).toMatchObject({ enrolled: 5, active: 5 });
    expect(after.steps.map((s) => s.sentCount)).toEqual([5, 0]);
  });
});

describe('scenarios: a saved segment as a step condition', () => {
  it('evaluated when the step falls due: friends it finds get the step, the others skip it (counted); another account’s segment is refused; in use, it is not deleted', async () => {
    const acc = await newAccount(a, '心斎橋店');
    const segment = async (name: string, search: string, base = acc.base, cookie = a.owner.cookie) => {
      const response = await t.api('POST', `${base}/segments`, {
        cookie,
        body: {
          name,
          conditions: {
            includeNonMembers: true,
            isMemberServiceUser: false,
            isShiftServiceUser: false,
            search,
          },
        },
      });
      expect(response.statusCode, response.body).toBe(201);
      return response.json<{ id: number }>().id;
    };
    const hanako = await segment('花子さん', '花子');
    const foreign = await newAccount(b, '別の店2');
    const foreignSegment = await segment('よそ', '花子', foreign.base, b.owner.cookie);
    const body = (segmentId: number, second: number | null = null) => ({
      name: 'セグメント条件',
      enabled: true,
      trigger: 'FOLLOW',
      steps: [
        { delay: { amount: 0, unit: 'MINUTES' }, messages: [text('ようこそ')] },
        {
          delay: { amount: 1, unit: 'HOURS' },
          conditions: { segmentId },
          messages: [text('花子さんだけに')],
        },
        {
          delay: { amount: 1, unit: 'HOURS' },
          conditions: { segmentId: second },
          messages: [text('みなさんに')],
        },
      ],
    });
    for (const [bad, message] of [
      [body(foreignSegment), scenarioMessages.unknownSegment],
      [body(999999), scenarioMessages.unknownSegment],
      [
        { ...body(hanako), steps: [{ ...body(hanako).steps[1], conditions: { segmentId: 0 } }] },
        scenarioMessages.segmentId,
      ],
    ] as const) {
      const response = await t.api('POST', `${acc.base}/scenarios`, { cookie: a.owner.cookie, body: bad });
      expect([response.statusCode, response.json().message]).toEqual([400, message]);
    }
    const scenario = await create(acc.base, body(hanako));
    expect(
      scenario.steps.map(
        (s) => (s as unknown as { conditions: { segmentId: number | null } }).conditions.segmentId,
      ),
    ).toEqual([null, hanako, null]);

    const h = await follow(acc.channel, '山田 花子');
    const taro = await follow(acc.channel, '山田 太郎');
    const jiro = await follow(acc.channel, '山田 次郎');
    await advance(60_000);
    // the segment is read when the step falls due, not when the friend entered: now it finds 花子 and 次郎
    const changed = await t.api('PUT', `${acc.base}/segments/${hanako}`, {
      cookie: a.owner.cookie,
      body: {
        name: '花子さん',
        conditions: {
          includeNonMembers: true,
          isMemberServiceUser: false,
          isShiftServiceUser: false,
          search: '郎',
        },
      },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    await advance(HOUR);
    const texts = async (userId: string) =>
      (await sentTo(acc.channel, userId)).map((s) => s.messages[0]!.text);
    expect(await texts(h.userId)).toEqual(['ようこそ']);
    expect(await texts(taro.userId)).toEqual(['ようこそ', '花子さんだけに']);
    expect(await texts(jiro.userId)).toEqual(['ようこそ', '花子さんだけに']);
    await advance(HOUR);
    for (const f of [h, taro, jiro]) expect((await texts(f.userId)).at(-1)).toBe('みなさんに');
    const after = (
      await t.api('GET', `${acc.base}/scenarios/${scenario.id}`, { cookie: a.owner.cookie })
    ).json<Scenario>();
    expect(after.steps.map((s) => [s.sentCount, s.skippedCount])).toEqual([
      [3, 0],
      [2, 1],
      [3, 0],
    ]);

    // a segment a step names is not deleted (409 naming the scenarios); once no live step names it, it goes
    const later = await create(acc.base, { ...body(hanako), name: '同じセグメント' });
    const segmentUrl = `${acc.base}/segments/${hanako}`;
    const refused = await t.api('DELETE', segmentUrl, { cookie: a.owner.cookie });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      message: deliveryMessages.segmentInUse,
      errors: [
        { path: 'scenario', message: 'セグメント条件' },
        { path: 'scenario', message: '同じセグメント' },
      ],
    });
    expect(
      (
        await t.api('DELETE', `${C}/line-account/${foreign.accountId}/segments/${hanako}`, {
          cookie: b.owner.cookie,
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (await t.api('DELETE', `${acc.base}/scenarios/${later.id}`, { cookie: a.owner.cookie })).statusCode,
    ).toBe(200);
    const edited = await t.api('PUT', `${acc.base}/scenarios/${scenario.id}`, {
      cookie: a.owner.cookie,
      body: { ...body(hanako), steps: [body(hanako).steps[0]] },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect((await t.api('DELETE', segmentUrl, { cookie: a.owner.cookie })).json()).toEqual({ success: true });
  });
});
