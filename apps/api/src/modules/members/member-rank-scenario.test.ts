// A rank change starts a scenario (issue 33: "a rank change is an event that notifications and scenarios
// can react to"): the ランクに到達した時 trigger, through HTTP, the job runner and the LINE simulator.
import { scenarioMessages } from '@app/contracts';
import { describe, expect, it } from 'vitest';
import { a, accountId, C, channel, lineUser, sim, t, useMemberService } from './members.test-setup.ts';

useMemberService();

const S = () => `${C}/line-account/${accountId}/scenarios`;
const M = () => `${C}/line-account/${accountId}/member-service`;
type Sent = { to: string[]; messages: { type: string; text?: string }[] };

/** The scheduler's next minute: the events handled, the due steps sent. */
const nextMinute = async () => {
  await t.drain();
  t.clock.advance(60_000);
  await t.drain();
};
/** The texts the simulator received for a LINE user from the account, in order. */
const textsTo = async (userId: string) =>
  (await sim.consoleCall<{ sent: Sent[] }>('GET', `/_sim/channels/${channel.channelId}/sent`)).sent
    .filter((s) => s.to.includes(userId))
    .flatMap((s) => s.messages.map((m) => m.text ?? ''));

const scenario = (rank: string | null, text: string, extra: Record<string, unknown> = {}) => ({
  name: `${rank ?? ''}到達`,
  enabled: true,
  trigger: 'RANK_REACHED',
  triggerRank: rank,
  steps: [
    { delay: { amount: 0, unit: 'MINUTES' }, messages: [{ type: 'text', text }] },
    { delay: { amount: 3, unit: 'DAYS' }, messages: [{ type: 'text', text: `${text}（3日後）` }] },
  ],
  ...extra,
});

async function member(name: string) {
  const user = await lineUser(name);
  const registered = await user.liff('POST', '/members/', []);
  expect(registered.statusCode, registered.body).toBe(200);
  return { userId: user.user.userId, id: registered.json<{ id: number }>().id };
}

const buy = async (memberId: number, amountYen: number) => {
  const response = await t.api('POST', `${M()}/members/${memberId}/ledger`, {
    cookie: a.staff.cookie,
    body: { action: 'PURCHASE', amountYen },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ standing: { rank: { name: string } | null }; history: { id: number }[] }>();
};

describe('scenarios started by a rank (ランクに到達した時)', () => {
  it('points added at the counter move a member up: the scenario of that rank enrols them once and its first step reaches them', async () => {
    const program = await t.api('PUT', `${M()}/program`, {
      cookie: a.manager.cookie,
      body: {
        kind: 'POINTS',
        pointsPerVisit: 0,
        pointsPerYen: 0.01,
        rounding: 'FLOOR',
        expiryMonths: 12,
        rewardPoints: 100,
        stampsForReward: 10,
        stampIntervalMinutes: 0,
        rewardName: 'ドリンク1杯無料',
        rankBasis: 'POINTS_12M',
        ranks: [
          { name: 'ブロンズ', threshold: 0 },
          { name: 'シルバー', threshold: 200 },
          { name: 'ゴールド', threshold: 1000 },
        ],
      },
    });
    expect(program.statusCode, program.body).toBe(200);

    // the trigger names its rank, and only this trigger names one (400, the contract's text, nothing made)
    for (const bad of [
      scenario(null, 'x'),
      scenario('   ', 'x'),
      scenario('シルバー', 'x', { trigger: 'FOLLOW' }),
      scenario('あ'.repeat(31), 'x'),
    ]) {
      const response = await t.api('POST', S(), { cookie: a.owner.cookie, body: bad });
      expect([response.statusCode, response.json().message], JSON.stringify(bad)).toEqual([
        400,
        scenarioMessages.triggerRank,
      ]);
    }
    expect((await t.api('GET', S(), { cookie: a.owner.cookie })).json()).toEqual({ data: [] });
    const silver = await t.api('POST', S(), {
      cookie: a.owner.cookie,
      body: scenario('シルバー', 'シルバー会員さま限定のご案内'),
    });
    expect(silver.statusCode, silver.body).toBe(201);
    expect(silver.json()).toMatchObject({
      trigger: 'RANK_REACHED',
      triggerRank: 'シルバー',
      triggerTagId: null,
    });
    const gold = await t.api('POST', S(), {
      cookie: a.owner.cookie,
      body: scenario('ゴールド', 'ゴールド会員さまへの特別なご案内'),
    });
    expect(gold.statusCode, gold.body).toBe(201);

    // ¥15,000 (150 points) moves nobody up; ¥5,000 more reaches シルバー
    const hikari = await member('ランク ひかり');
    expect((await buy(hikari.id, 15_000)).standing.rank?.name).toBe('ブロンズ');
    await nextMinute();
    expect(await textsTo(hikari.userId)).not.toContain('シルバー会員さま限定のご案内');
    const up = await buy(hikari.id, 5_000);
    expect(up.standing.rank?.name).toBe('シルバー');
    await nextMinute();
    expect((await textsTo(hikari.userId)).filter((x) => x.includes('会員さま'))).toEqual([
      'シルバー会員さま限定のご案内',
    ]);

    // down (a manager reverses the purchase) and up again: in the scenario already, it does not start again
    const reversed = await t.api('POST', `${M()}/members/${hikari.id}/ledger/${up.history[0]!.id}/reversal`, {
      cookie: a.manager.cookie,
      body: {},
    });
    expect(reversed.statusCode, reversed.body).toBe(201);
    expect((await buy(hikari.id, 6_000)).standing.rank?.name).toBe('シルバー');
    await nextMinute();
    expect((await textsTo(hikari.userId)).filter((x) => x.includes('会員さま'))).toEqual([
      'シルバー会員さま限定のご案内',
    ]);

    // one purchase from the first rank to ゴールド reaches シルバー on the way: both scenarios start
    const ken = await member('ランク 健');
    expect((await buy(ken.id, 100_000)).standing.rank?.name).toBe('ゴールド');
    await nextMinute();
    expect((await textsTo(ken.userId)).filter((x) => x.includes('会員さま')).sort()).toEqual(
      ['ゴールド会員さまへの特別なご案内', 'シルバー会員さま限定のご案内'].sort(),
    );

    const listed = (await t.api('GET', S(), { cookie: a.owner.cookie })).json<{
      data: { triggerRank: string; stats: { enrolled: number; active: number } }[];
    }>().data;
    expect(listed.map((s) => [s.triggerRank, s.stats.enrolled, s.stats.active])).toEqual([
      ['シルバー', 2, 2],
      ['ゴールド', 1, 1],
    ]);
  });
});
