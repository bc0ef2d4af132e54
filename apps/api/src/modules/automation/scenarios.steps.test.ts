import { eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { friends, scenarioSends, stepClicks } from '../../db/schema/index.ts';
import {
  createLineTestApp,
  startLineSim,
  type LineSim,
  type LineTestApp,
  type SimChannel,
} from '../../testing/line-sim.ts';
import { scenarioFaults } from './scenarios.sending.ts';

/** Clicks per step (decision 0060) and conditions written in a step. */

const C = '/client/api/v1';
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
  steps: {
    id: number;
    sentCount: number;
    skippedCount: number;
    clickedFriends: number;
    conditions: { segmentConditions: Record<string, unknown> | null };
  }[];
};

/** Moves the product's clock (an hour at most here: the sessions stay valid) and runs what falls due. */
const advance = async (ms: number) => {
  t.clock.advance(ms);
  await t.drain();
};
const sentOf = (channel: SimChannel) =>
  sim.consoleCall<{ sent: Sent[] }>('GET', `/_sim/channels/${channel.channelId}/sent`).then((r) => r.sent);
const textsTo = async (channel: SimChannel, userId: string) =>
  (await sentOf(channel)).filter((s) => s.to.includes(userId)).flatMap((s) => s.messages.map((m) => m.text));
const text = (value: string) => ({ type: 'text', text: value });
/** The tracked links (`<link token>.<recipient token>`) in a text a friend received. */
const trackedIn = (value: string) =>
  [...value.matchAll(/\/r\/([\w-]{16}(?:\.[\w-]{16})?)/g)].map((m) => m[1]!);
const tap = (token: string) => t.api('GET', `/r/${token}`);

async function newAccount(who: typeof a, name: string) {
  const { channel, accountId } = await t.connectedAccount(who, name);
  return { channel, accountId, base: `${C}/line-account/${accountId}` };
}

async function follow(channel: SimChannel, displayName: string) {
  const user = await sim.createUser(displayName);
  await sim.act(user.userId, `follow/${channel.channelId}`);
  await t.drain();
  const [row] = await t.db.select().from(friends).where(eq(friends.lineUserId, user.userId));
  return { userId: user.userId, friendId: row!.id };
}

async function create(base: string, body: unknown) {
  const response = await t.api('POST', `${base}/scenarios`, { cookie: a.owner.cookie, body });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<Scenario>();
}
const getScenario = async (base: string, id: number) =>
  (await t.api('GET', `${base}/scenarios/${id}`, { cookie: a.staff.cookie })).json<Scenario>();

beforeAll(async () => {
  sim = await startLineSim();
  t = await createLineTestApp(sim);
  t.clock.set(new Date('2026-11-20T03:00:00Z'));
  a = await t.clientWithUsers();
  b = await t.clientWithUsers();
}, 60_000);
afterAll(async () => {
  await t.close();
  await sim.close();
});
afterEach(() => {
  scenarioFaults.beforeCall = null;
});

describe('scenarios: clicks per step', () => {
  it('a link in a step goes out per friend through the redirect; a tap counts its friend once; the screen shows sent, skipped and clicks per step', async () => {
    const acc = await newAccount(a, '三宮店');
    const scenario = await create(acc.base, {
      name: '予約案内',
      enabled: true,
      trigger: 'FOLLOW',
      steps: [
        {
          delay: { amount: 0, unit: 'MINUTES' },
          messages: [
            text('ご予約はこちら https://shop.example.jp/reserve ／ 地図 https://shop.example.jp/map'),
          ],
        },
        { delay: { amount: 1, unit: 'HOURS' }, messages: [text('リンクなしのお知らせ')] },
      ],
    });
    const hanako = await follow(acc.channel, '山田 花子');
    const taro = await follow(acc.channel, '山田 太郎');
    // the first try of one push fails as a crash would: the send is stored, its retry names the same friend
    let crashed = false;
    scenarioFaults.beforeCall = (send) => {
      if (!crashed && send.recipients[0] === taro.userId) {
        crashed = true;
        throw new Error('crash before the call');
      }
    };
    for (let i = 0; i < 3; i += 1) await advance(60_000);
    expect(crashed).toBe(true);

    const calls = (await sentOf(acc.channel)).filter((s) => s.messages[0]!.text!.startsWith('ご予約'));
    // one push per friend (each names its friend), not one multicast
    expect(calls.map((c) => [c.kind, c.to])).toEqual(
      expect.arrayContaining([
        ['push', [hanako.userId]],
        ['push', [taro.userId]],
      ]),
    );
    expect(calls).toHaveLength(2);
    const linksOf = (userId: string) => trackedIn(calls.find((c) => c.to[0] === userId)!.messages[0]!.text!);
    const hanakoLinks = linksOf(hanako.userId);
    const taroLinks = linksOf(taro.userId);
    expect(hanakoLinks).toHaveLength(2);
    expect(calls[0]!.messages[0]!.text).not.toContain('https://shop.example.jp/reserve');
    // the same link tokens for both, each friend's own recipient token
    expect(hanakoLinks.map((l) => l.split('.')[0])).toEqual(taroLinks.map((l) => l.split('.')[0]));
    expect(hanakoLinks[0]!.split('.')[1]).not.toBe(taroLinks[0]!.split('.')[1]);
    // the stored send keeps the token its push carried (the crashed try's retry sent the same)
    const [taroSend] = await t.db
      .select()
      .from(scenarioSends)
      .where(eq(scenarioSends.retryKey, calls.find((c) => c.to[0] === taro.userId)!.retryKey!));
    expect(taroSend!.linkToken).toBe(taroLinks[0]!.split('.')[1]);

    // taps: the redirect sends on; a friend counts once however often and on however many links
    const syncCommit = async () => {
      const result = await t.db.execute(sql`show synchronous_commit`);
      return (result as { rows: { synchronous_commit: string }[] }).rows[0]!.synchronous_commit;
    };
    expect(await syncCommit()).toBe('on');
    const first = await tap(hanakoLinks[0]!);
    expect([first.statusCode, first.headers.location]).toEqual([302, 'https://shop.example.jp/reserve']);
    expect((await tap(hanakoLinks[0]!)).statusCode).toBe(302);
    expect((await tap(hanakoLinks[1]!)).headers.location).toBe('https://shop.example.jp/map');
    // a made-up recipient token still leads on, counted for nobody
    const madeUp = await tap(`${hanakoLinks[0]!.split('.')[0]}.AAAAAAAAAAAAAAAA`);
    expect([madeUp.statusCode, madeUp.headers.location]).toEqual([302, 'https://shop.example.jp/reserve']);
    expect((await tap('BBBBBBBBBBBBBBBB')).statusCode).toBe(404);
    // A tap's own transaction commits without waiting for the disk (set_config local, decision 0058's
    // addendum): the connection's setting, which every other write uses, is left as it was.
    expect(await syncCommit()).toBe('on');
    // the rows written: hanako once per link, the made-up recipient token's tap for nobody
    const rows = await t.db
      .select({ friendId: stepClicks.friendId })
      .from(stepClicks)
      .where(eq(stepClicks.stepId, scenario.steps[0]!.id));
    expect(rows.map((r) => r.friendId).sort()).toEqual([hanako.friendId, hanako.friendId, null]);

    let view = await getScenario(acc.base, scenario.id);
    expect(view.steps.map((s) => [s.sentCount, s.skippedCount, s.clickedFriends])).toEqual([
      [2, 0, 1],
      [0, 0, 0],
    ]);
    await tap(taroLinks[1]!);
    view = await getScenario(acc.base, scenario.id);
    expect(view.steps[0]!.clickedFriends).toBe(2);

    // the step without links goes as one multicast with no tracked link
    await advance(60 * 60_000);
    const plain = (await sentOf(acc.channel)).filter((s) => s.messages[0]!.text === 'リンクなしのお知らせ');
    expect(plain.map((c) => [c.kind, c.to.length])).toEqual([['multicast', 2]]);
    expect((await getScenario(acc.base, scenario.id)).steps[1]!.sentCount).toBe(2);

    // another client's owner sees nothing of it
    expect(
      (await t.api('GET', `${acc.base}/scenarios/${scenario.id}`, { cookie: b.owner.cookie })).statusCode,
    ).toBe(404);
  }, 120_000);
});

describe('scenarios: conditions written in a step', () => {
  it('the segment builder’s conditions, unsaved: evaluated when the step falls due; skipped friends counted; bad input 400', async () => {
    const acc = await newAccount(a, '元町店');
    const post = async (path: string, body: unknown) => {
      const response = await t.api('POST', `${acc.base}/${path}`, { cookie: a.owner.cookie, body });
      expect(response.statusCode, response.body).toBe(201);
      return response.json<{ id: number }>().id;
    };
    const vip = await post('tags', { name: 'VIP' });
    const hanako = await follow(acc.channel, '佐藤 花子');
    const taro = await follow(acc.channel, '佐藤 太郎');
    const jiro = await follow(acc.channel, '鈴木 次郎');
    const written = {
      condition: 'OR',
      hasTags: [vip],
      search: '太郎',
      isMemberServiceUser: true,
      isShiftServiceUser: true,
      includeNonMembers: true,
    };
    const scenario = await create(acc.base, {
      name: '書いた条件',
      enabled: true,
      trigger: 'MANUAL',
      steps: [
        {
          delay: { amount: 1, unit: 'HOURS' },
          conditions: { segmentConditions: written },
          messages: [text('VIPか太郎さんへ')],
        },
        { delay: { amount: 0, unit: 'MINUTES' }, messages: [text('みなさんへ')] },
      ],
    });
    expect(scenario.steps[0]!.conditions.segmentConditions).toMatchObject({
      condition: 'OR',
      hasTags: [vip],
      search: '太郎',
    });
    expect(scenario.steps[1]!.conditions.segmentConditions).toBeNull();
    for (const f of [hanako, taro, jiro]) {
      const enrolled = await t.api('POST', `${acc.base}/scenarios/${scenario.id}/enrolments`, {
        cookie: a.owner.cookie,
        body: { friendId: f.friendId },
      });
      expect(enrolled.statusCode, enrolled.body).toBeLessThan(300);
    }
    // read when the step falls due: the tag added after enrolment counts
    const tagged = await t.api('POST', `${acc.base}/friend-tags`, {
      cookie: a.owner.cookie,
      body: { action: 'add', tagIds: [vip], friendIds: [hanako.friendId] },
    });
    expect(tagged.statusCode, tagged.body).toBeLessThan(300);
    await advance(60 * 60_000 + 60_000);
    await advance(60_000);
    expect(await textsTo(acc.channel, hanako.userId)).toEqual(['VIPか太郎さんへ', 'みなさんへ']);
    expect(await textsTo(acc.channel, taro.userId)).toEqual(['VIPか太郎さんへ', 'みなさんへ']);
    expect(await textsTo(acc.channel, jiro.userId)).toEqual(['みなさんへ']);
    const view = await getScenario(acc.base, scenario.id);
    expect(view.steps.map((s) => [s.sentCount, s.skippedCount])).toEqual([
      [2, 1],
      [3, 0],
    ]);

    // bad conditions are refused with the segment builder's own texts, and change nothing
    for (const [conditions, status] of [
      [{ segmentConditions: { condition: 'SOMETIMES' } }, 400],
      [{ segmentConditions: { pointsBalance: { min: 'many' } } }, 400],
      [{ segmentConditions: { hasTags: [999999] } }, 400],
    ] as const) {
      const response = await t.api('PUT', `${acc.base}/scenarios/${scenario.id}`, {
        cookie: a.owner.cookie,
        body: {
          name: '書いた条件',
          enabled: true,
          trigger: 'MANUAL',
          steps: [{ delay: { amount: 0, unit: 'MINUTES' }, conditions, messages: [text('x')] }],
        },
      });
      expect(response.statusCode, JSON.stringify(conditions)).toBe(status);
    }
    // another client's tag in the conditions: 400 (it is not a tag of this account)
    const foreign = await newAccount(b, '他社');
    const foreignTag = await t.api('POST', `${foreign.base}/tags`, {
      cookie: b.owner.cookie,
      body: { name: '他社のタグ' },
    });
    const withForeign = await t.api('PUT', `${acc.base}/scenarios/${scenario.id}`, {
      cookie: a.owner.cookie,
      body: {
        name: '書いた条件',
        trigger: 'MANUAL',
        steps: [
          {
            delay: { amount: 0, unit: 'MINUTES' },
            conditions: { segmentConditions: { lacksTags: [foreignTag.json<{ id: number }>().id] } },
            messages: [text('x')],
          },
        ],
      },
    });
    expect(withForeign.statusCode).toBe(400);
    expect((await getScenario(acc.base, scenario.id)).steps).toHaveLength(2);
  }, 120_000);
});
