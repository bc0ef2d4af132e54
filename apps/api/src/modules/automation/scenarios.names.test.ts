import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { friends, scenarioEnrolments, scenarioSends } from '../../db/schema/index.ts';
import {
  createLineTestApp,
  startLineSim,
  type LineSim,
  type LineTestApp,
  type SimChannel,
} from '../../testing/line-sim.ts';
import { scenarioFaults } from './scenarios.sending.ts';

/**
 * The friend's name ({name}) in scenario steps (issue 28): a step whose texts carry it goes one push per
 * friend with the name as read when the send was planned, stored with the send (decision 0037 addendum).
 */
const C = '/client/api/v1';
let sim: LineSim;
let t: LineTestApp;
let a: Awaited<ReturnType<LineTestApp['clientWithUsers']>>;

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

const advance = async (ms: number) => {
  t.clock.advance(ms);
  await t.drain();
  a.owner.cookie = await t.login(a.owner.user.email);
};
const sentOf = (channel: SimChannel) =>
  sim.consoleCall<{ sent: Sent[] }>('GET', `/_sim/channels/${channel.channelId}/sent`).then((r) => r.sent);
const text = (value: string) => ({ type: 'text', text: value });

async function newAccount(name: string) {
  const { channel, accountId } = await t.connectedAccount(a, name);
  return { channel, accountId, base: `${C}/line-account/${accountId}` };
}

async function create(base: string, body: unknown) {
  const response = await t.api('POST', `${base}/scenarios`, { cookie: a.owner.cookie, body });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<Scenario>();
}

/** Friends of the simulator with these names (an empty one: no LINE name), in the scenario, due in 5 minutes. */
async function enrolDue(
  acc: { accountId: number },
  scenario: Scenario,
  names: string[],
): Promise<{ id: number; lineUserId: string; displayName: string }[]> {
  const users = await Promise.all(names.map((n) => sim.createUser(n || 'x')));
  const inserted = await t.db
    .insert(friends)
    .values(
      users.map((u, i) => ({
        clientId: a.client.id,
        lineAccountId: acc.accountId,
        lineUserId: u.userId,
        displayName: names[i]!,
      })),
    )
    .returning({ id: friends.id, lineUserId: friends.lineUserId, displayName: friends.displayName });
  const now = t.clock.now();
  await t.db.insert(scenarioEnrolments).values(
    inserted.map((f) => ({
      clientId: a.client.id,
      lineAccountId: acc.accountId,
      scenarioId: scenario.id,
      friendId: f.id,
      lineUserId: f.lineUserId,
      enrolledAt: now,
      nextStepId: scenario.steps[0]!.id,
      dueAt: new Date(now.getTime() + 5 * 60_000),
    })),
  );
  return inserted;
}

beforeAll(async () => {
  sim = await startLineSim();
  t = await createLineTestApp(sim);
  t.clock.set(new Date('2026-11-20T03:00:00Z')); // 12:00 in Japan
  a = await t.clientWithUsers();
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

describe('scenarios: the friend’s name in a step', () => {
  it('a follow: the first step greets the new friend by name, by push', async () => {
    const acc = await newAccount('名前店');
    await create(acc.base, {
      name: 'ウェルカム',
      enabled: true,
      trigger: 'FOLLOW',
      steps: [
        {
          delay: { amount: 0, unit: 'MINUTES' },
          messages: [text('{name}さん、ご来店ありがとうございます')],
        },
      ],
    });
    const user = await sim.createUser('佐藤 太郎');
    await sim.act(user.userId, `follow/${acc.channel.channelId}`);
    await t.drain();
    await advance(60_000);
    const sent = (await sentOf(acc.channel)).filter((s) => s.to.includes(user.userId));
    expect(sent.map((s) => [s.kind, s.messages[0]!.text])).toEqual([
      ['push', '佐藤 太郎さん、ご来店ありがとうございます'],
    ]);
  });

  it('each friend gets their own name (お客様 without one) by one push with its own retry key; a step without the name and without a link stays a multicast', async () => {
    const acc = await newAccount('本町店');
    const scenario = await create(acc.base, {
      name: 'お礼',
      enabled: true,
      trigger: 'MANUAL',
      steps: [
        {
          delay: { amount: 5, unit: 'MINUTES' },
          messages: [text('{name}さん、ご来店ありがとうございます'), text('またのお越しを{name}様')],
        },
        { delay: { amount: 1, unit: 'HOURS' }, messages: [text('今週のおすすめ')] },
      ],
    });
    const inserted = await enrolDue(acc, scenario, ['山田 花子', '鈴木 一郎', '']);
    await advance(5 * 60_000);
    const pushes = await sentOf(acc.channel);
    expect(pushes).toHaveLength(3);
    expect(pushes.every((p) => p.kind === 'push' && p.to.length === 1)).toBe(true);
    const textsTo = (userId: string) => pushes.find((p) => p.to[0] === userId)!.messages.map((m) => m.text);
    expect(textsTo(inserted[0]!.lineUserId)).toEqual([
      '山田 花子さん、ご来店ありがとうございます',
      'またのお越しを山田 花子様',
    ]);
    expect(textsTo(inserted[1]!.lineUserId)).toEqual([
      '鈴木 一郎さん、ご来店ありがとうございます',
      'またのお越しを鈴木 一郎様',
    ]);
    expect(textsTo(inserted[2]!.lineUserId)).toEqual([
      'お客様さん、ご来店ありがとうございます',
      'またのお越しをお客様様',
    ]);
    const sends = await t.db.select().from(scenarioSends).where(eq(scenarioSends.scenarioId, scenario.id));
    expect(sends).toHaveLength(3);
    expect(new Set(pushes.map((p) => p.retryKey)).size).toBe(3);
    for (const push of pushes) {
      const send = sends.find((s) => s.retryKey === push.retryKey)!;
      expect(send.recipients).toEqual(push.to);
      expect(send.linkToken).toBeNull();
      expect(send.status).toBe('SENT');
    }
    expect(sends.map((s) => s.recipientName).sort()).toEqual(['お客様', '山田 花子', '鈴木 一郎'].sort());

    await advance(60 * 60_000);
    const second = (await sentOf(acc.channel)).slice(3);
    expect(second).toHaveLength(1);
    expect(second[0]!.kind).toBe('multicast');
    expect(second[0]!.to.sort()).toEqual(inserted.map((f) => f.lineUserId).sort());
    expect(second[0]!.messages.map((m) => m.text)).toEqual(['今週のおすすめ']);
    const view = (
      await t.api('GET', `${acc.base}/scenarios/${scenario.id}`, { cookie: a.owner.cookie })
    ).json<Scenario>();
    expect(view.steps.map((s) => s.sentCount)).toEqual([3, 3]);
  });

  it('a crash after LINE accepted a push and another before a call: each friend once, with the name as planned though renamed since', async () => {
    scenarioFaults.enrolmentsPerRun = 8;
    const acc = await newAccount('港店');
    const scenario = await create(acc.base, {
      name: 'お礼',
      enabled: true,
      trigger: 'MANUAL',
      steps: [
        {
          delay: { amount: 5, unit: 'MINUTES' },
          messages: [text('{name}さん、ご来店ありがとうございます')],
        },
      ],
    });
    const names = Array.from({ length: 20 }, (_, i) => `お客 ${i}`);
    const inserted = await enrolDue(acc, scenario, names);
    const crashes: string[] = [];
    let accepted = 0;
    scenarioFaults.beforeCall = () => {
      if (accepted >= 9 && !crashes.includes('before-a-call')) {
        crashes.push('before-a-call');
        throw new Error('process died before calling LINE');
      }
    };
    scenarioFaults.afterCall = () => {
      accepted += 1;
      if (accepted === 3) {
        crashes.push('after-third');
        throw new Error('process died after LINE accepted the third push');
      }
    };
    t.clock.advance(5 * 60_000);
    await t.app.jobs.runDue(50);
    // the friends rename themselves before the sends left pending are tried again
    const stored = await t.db.select().from(scenarioSends).where(eq(scenarioSends.scenarioId, scenario.id));
    // the crash left stored sends pending: they are tried again after the rename below
    expect(stored.some((s) => s.status === 'PENDING')).toBe(true);
    for (const f of inserted)
      await t.db
        .update(friends)
        .set({ displayName: `改名 ${f.displayName}` })
        .where(eq(friends.id, f.id));
    for (let i = 0; i < 6; i += 1) await advance(60_000);
    expect(crashes).toEqual(['after-third', 'before-a-call']);
    const pushes = await sentOf(acc.channel);
    const expected = new Map(
      inserted.map((f) => [f.lineUserId, `${f.displayName}さん、ご来店ありがとうございます`]),
    );
    // friends planned before the rename have their old name; any planned after it, the new one
    const sends = await t.db.select().from(scenarioSends).where(eq(scenarioSends.scenarioId, scenario.id));
    expect(sends).toHaveLength(20);
    expect(new Set(sends.map((s) => s.status))).toEqual(new Set(['SENT']));
    expect(pushes.map((p) => p.to[0]).sort()).toEqual(inserted.map((f) => f.lineUserId).sort());
    for (const push of pushes) {
      const send = sends.find((s) => s.retryKey === push.retryKey)!;
      expect(push.messages[0]!.text).toBe(`${send.recipientName}さん、ご来店ありがとうございます`);
      if (stored.some((s) => s.id === send.id))
        expect(push.messages[0]!.text).toBe(expected.get(push.to[0]!));
    }
    // the sends stored before the crash were retried with the name they were planned with
    expect(stored.every((s) => !s.recipientName!.startsWith('改名'))).toBe(true);
  });

  it('a step with the name and a link: each push carries both its friend’s name and its friend’s link', async () => {
    const acc = await newAccount('駅前店');
    const scenario = await create(acc.base, {
      name: '予約',
      enabled: true,
      trigger: 'MANUAL',
      steps: [
        {
          delay: { amount: 5, unit: 'MINUTES' },
          messages: [text('{name}さん、ご予約はこちら https://shop.example.jp/reserve')],
        },
      ],
    });
    const inserted = await enrolDue(acc, scenario, ['高橋 みなみ', '']);
    await advance(5 * 60_000);
    const pushes = await sentOf(acc.channel);
    expect(pushes).toHaveLength(2);
    const sends = await t.db.select().from(scenarioSends).where(eq(scenarioSends.scenarioId, scenario.id));
    for (const [i, name] of ['高橋 みなみ', 'お客様'].entries()) {
      const push = pushes.find((p) => p.to[0] === inserted[i]!.lineUserId)!;
      const send = sends.find((s) => s.retryKey === push.retryKey)!;
      expect(push.kind).toBe('push');
      expect(send.linkToken).toMatch(/.+/);
      expect(send.recipientName).toBe(name);
      expect(push.messages[0]!.text).toMatch(
        new RegExp(`^${name}さん、ご予約はこちら https?://\\S+\\.${send.linkToken}$`),
      );
      expect(push.messages[0]!.text).not.toContain('shop.example.jp');
    }
  });
});
