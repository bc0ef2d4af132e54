// The member card that earns (issue 33): programme, counter, ledger, reversals, ranks, expiry, mini-app.
import { and, eq, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { memberCardMessages as m } from '@app/contracts';
import {
  domainEvents,
  jobs,
  memberCardSweeps,
  memberLedger,
  members,
  notificationDeliveries,
} from '../../db/schema/index.ts';
import { sweepMemberCards, sweepSteps } from './member-card.service.ts';
import { queueMemberCardSweep } from './members.jobs.ts';
import { a, A, b, channel, lineUser, sim, storeId, t, useMemberService } from './members.test-setup.ts';

useMemberService();

type Card = {
  member: { id: number; memberCode: string; displayName: string | null };
  standing: {
    points: number;
    stamps: number;
    rankValue: number;
    rank: { name: string } | null;
    nextRank: { name: string } | null;
    toNextRank: number | null;
    expiring: { points: number; at: string } | null;
  };
  history: {
    id: number;
    kind: string;
    points: number;
    staffName: string | null;
    reversedById: number | null;
  }[];
};

const program = {
  kind: 'POINTS',
  pointsPerVisit: 10,
  pointsPerYen: 0.01,
  rounding: 'FLOOR',
  expiryMonths: 12,
  rewardPoints: 100,
  stampsForReward: 10,
  stampIntervalMinutes: 0,
  rewardName: 'ドリンク1杯無料',
  rankBasis: 'POINTS_12M',
  ranks: [
    { name: 'ブロンズ', threshold: 0, benefits: '' },
    { name: 'シルバー', threshold: 200, benefits: 'ポイント1.5倍' },
    { name: 'ゴールド', threshold: 1000, benefits: 'ポイント2倍・誕生日特典' },
  ],
};

const putProgram = (body: unknown, cookie = a.manager.cookie) =>
  t.api('PUT', `${A()}/program`, { cookie, body });
const scan = (code: string, cookie = a.staff.cookie) => t.api('GET', `${A()}/card/${code}`, { cookie });
const act = (memberId: number, body: unknown, cookie = a.staff.cookie) =>
  t.api('POST', `${A()}/members/${memberId}/ledger`, { cookie, body });
const reverse = (memberId: number, entryId: number, cookie = a.manager.cookie, reason?: string) =>
  t.api('POST', `${A()}/members/${memberId}/ledger/${entryId}/reversal`, {
    cookie,
    body: reason ? { reason } : {},
  });

/** A LINE user registered as a member (the store asks nothing yet). */
async function member(name: string) {
  const user = await lineUser(name);
  const registered = await user.liff('POST', '/members/', []);
  expect(registered.statusCode, registered.body).toBe(200);
  const { id, memberCode } = registered.json<{ id: number; memberCode: string }>();
  return { ...user, id, memberCode };
}

const sumOfRows = async (memberId: number) => {
  const [row] = await t.db
    .select({ points: sql<number>`coalesce(sum(${memberLedger.points}), 0)::int` })
    .from(memberLedger)
    .where(eq(memberLedger.memberId, memberId));
  return row!.points;
};

const runSweep = async () => {
  await queueMemberCardSweep(t.db, t.clock.now(), { now: true });
  await t.app.jobs.runDue();
};

describe('member card: programme and counter', () => {
  it('the programme: none at first; staff may not set it; bad ranks refused with the text; managers set it', async () => {
    const none = await t.api('GET', `${A()}/program`, { cookie: a.staff.cookie });
    expect(none.statusCode).toBe(200);
    expect(none.json()).toBeNull();
    const someone = await member('未設定 太郎');
    expect((await scan(someone.memberCode)).json()).toMatchObject({ message: m.programNotSet });
    expect((await putProgram(program, a.staff.cookie)).statusCode).toBe(403);
    const badRanks = await putProgram({ ...program, ranks: [{ name: 'A', threshold: 5 }] });
    expect(badRanks.statusCode).toBe(400);
    expect(badRanks.body).toContain(m.ranksOrder);
    const earnsNothing = await putProgram({ ...program, pointsPerVisit: 0, pointsPerYen: 0 });
    expect(earnsNothing.statusCode).toBe(400);
    expect(earnsNothing.body).toContain(m.earnsNothing);
    expect((await t.api('GET', `${A()}/program`, { cookie: a.staff.cookie })).json()).toBeNull();
    const set = await putProgram(program);
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json()).toMatchObject({ kind: 'POINTS', rewardName: 'ドリンク1杯無料', ranks: program.ranks });
    // another client's user reaches nothing of it
    const other = await t.api('GET', `${A()}/program`, { cookie: b.owner.cookie });
    expect(other.statusCode).toBe(404);
  });

  it('staff scan a card and add a visit and points for an amount; each a ledger row with who did it', async () => {
    const hanako = await member('来店 花子');
    const scanned = await scan(hanako.memberCode);
    expect(scanned.statusCode, scanned.body).toBe(200);
    expect(scanned.json<Card>()).toMatchObject({
      member: { id: hanako.id, displayName: '来店 花子' },
      standing: { points: 0, rank: { name: 'ブロンズ' }, nextRank: { name: 'シルバー' }, toNextRank: 200 },
      history: [],
    });
    expect((await scan('999999999999')).json()).toMatchObject({ message: m.cardNotFound });
    expect((await scan('abc')).statusCode).toBe(400);
    const visit = await act(hanako.id, { action: 'VISIT' });
    expect(visit.statusCode, visit.body).toBe(201);
    const bought = await act(hanako.id, { action: 'PURCHASE', amountYen: 1299, reason: 'ランチ' });
    expect(bought.statusCode, bought.body).toBe(201);
    const card = bought.json<Card>();
    expect(card.standing.points).toBe(10 + 12);
    expect(card.history.map((h) => [h.kind, h.points, h.staffName !== null])).toEqual([
      ['PURCHASE', 12, true],
      ['VISIT', 10, true],
    ]);
    // the expiry: earned in November (Japan time), 12 months: at the end of November next year
    expect(card.standing.expiring).toEqual({ points: 22, at: '2027-11-30T15:00:00.000Z' });
    const noAmount = await act(hanako.id, { action: 'PURCHASE' });
    expect(noAmount.statusCode).toBe(400);
    expect(noAmount.body).toContain(m.amountRequired);
    const tooPoor = await act(hanako.id, { action: 'REDEEM' });
    expect(tooPoor.statusCode).toBe(409);
    expect(tooPoor.json()).toMatchObject({ message: m.notEnoughPoints });
    expect(await sumOfRows(hanako.id)).toBe(22);
    // the mini-app shows the member the same
    const own = await hanako.liff('GET', '/card');
    expect(own.statusCode, own.body).toBe(200);
    expect(own.json()).toMatchObject({ standing: { points: 22, rank: { name: 'ブロンズ' } } });
    expect(own.body).not.toContain('staffName');
  });

  it('reversal: managers only, a reversing row (never an edit), once; never below zero', async () => {
    const ken = await member('取消 健');
    const bought = (await act(ken.id, { action: 'PURCHASE', amountYen: 30000 })).json<Card>();
    const entry = bought.history[0]!;
    expect((await reverse(ken.id, entry.id, a.staff.cookie)).statusCode).toBe(403);
    const reversed = await reverse(ken.id, entry.id, a.manager.cookie, '金額の打ち間違い');
    expect(reversed.statusCode, reversed.body).toBe(201);
    const card = reversed.json<Card>();
    expect(card.standing.points).toBe(0);
    expect(card.history.map((h) => [h.kind, h.points])).toEqual([
      ['REVERSAL', -300],
      ['PURCHASE', 300],
    ]);
    expect(card.history[1]!.reversedById).toBe(card.history[0]!.id);
    const again = await reverse(ken.id, entry.id);
    expect(again.json()).toMatchObject({ message: m.alreadyReversed });
    const ofReversal = await reverse(ken.id, card.history[0]!.id);
    expect(ofReversal.json()).toMatchObject({ message: m.reversalOfReversal });
    // spent points: their earning cannot be taken back below zero
    await act(ken.id, { action: 'PURCHASE', amountYen: 10000 });
    const spent = (await act(ken.id, { action: 'REDEEM' })).json<Card>();
    expect(spent.standing.points).toBe(0);
    const earning = spent.history.find((h) => h.kind === 'PURCHASE' && h.reversedById === null)!;
    const overdraw = await reverse(ken.id, earning.id);
    expect(overdraw.statusCode).toBe(409);
    expect(overdraw.json()).toMatchObject({ message: m.reversalOverdraws });
    expect((await reverse(ken.id, 999999)).statusCode).toBe(404);
    // another client's manager cannot reverse it
    expect((await reverse(ken.id, earning.id, b.manager.cookie)).statusCode).toBe(404);
    expect(await sumOfRows(ken.id)).toBe(0);
  });

  it('no double redemption: two phones redeem at once, one wins, the other is refused', async () => {
    const yui = await member('同時 結衣');
    await act(yui.id, { action: 'PURCHASE', amountYen: 15000 });
    const answers = await Promise.all([
      act(yui.id, { action: 'REDEEM' }),
      act(yui.id, { action: 'REDEEM' }, a.manager.cookie),
      act(yui.id, { action: 'REDEEM' }, a.owner.cookie),
    ]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([201, 409, 409]);
    expect(await sumOfRows(yui.id)).toBe(50);
    const redeemed = await t.db
      .select()
      .from(memberLedger)
      .where(and(eq(memberLedger.memberId, yui.id), eq(memberLedger.kind, 'REDEEM')));
    expect(redeemed).toHaveLength(1);
  });

  it('property: the balance is the sum of the rows and never below zero, whatever the taps', async () => {
    const taro = await member('性質 太郎');
    let model = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.array(
          fc.oneof(
            fc.constant({ action: 'VISIT' as const }),
            fc.record({
              action: fc.constant('PURCHASE' as const),
              amountYen: fc.integer({ min: 1, max: 30000 }),
            }),
            fc.constant({ action: 'REDEEM' as const }),
            fc.record({ action: fc.constant('REVERSE' as const), pick: fc.nat() }),
          ),
          { minLength: 1, maxLength: 6 },
        ),
        async (taps) => {
          for (const tap of taps) {
            if (tap.action === 'REVERSE') {
              const card = (await scan(taro.memberCode)).json<Card>();
              const open = card.history.filter((h) => h.kind !== 'REVERSAL' && h.reversedById === null);
              if (open.length === 0) continue;
              const entry = open[tap.pick % open.length]!;
              const response = await reverse(taro.id, entry.id);
              if (model - entry.points < 0) expect(response.statusCode).toBe(409);
              else {
                expect(response.statusCode, response.body).toBe(201);
                model -= entry.points;
              }
              continue;
            }
            const response = await act(taro.id, tap);
            if (tap.action === 'REDEEM' && model < 100) {
              expect(response.statusCode).toBe(409);
              continue;
            }
            expect(response.statusCode, response.body).toBe(201);
            model +=
              tap.action === 'VISIT'
                ? 10
                : tap.action === 'PURCHASE'
                  ? Math.floor(tap.amountYen / 100)
                  : -100;
          }
          const card = (await scan(taro.memberCode)).json<Card>();
          expect(card.standing.points).toBe(model);
          expect(await sumOfRows(taro.id)).toBe(model);
          expect(model).toBeGreaterThanOrEqual(0);
        },
      ),
      { numRuns: 12 },
    );
  });
});

describe('member card: ranks and expiry at month ends (Japan time)', () => {
  it('reaching a rank: the rank on the member, the event, and a LINE message to the member', async () => {
    const rank = await member('昇格 美咲');
    const from = (await sim.sent(channel.channelId)).length;
    const card = (await act(rank.id, { action: 'PURCHASE', amountYen: 20000 })).json<Card>();
    expect(card.standing).toMatchObject({
      points: 200,
      rank: { name: 'シルバー' },
      nextRank: { name: 'ゴールド' },
    });
    expect(card.standing.toNextRank).toBe(800);
    const [row] = await t.db.select().from(members).where(eq(members.id, rank.id));
    expect(row!.rankName).toBe('シルバー');
    const events = await t.db
      .select()
      .from(domainEvents)
      .where(eq(domainEvents.topic, 'MEMBER_RANK_CHANGED'));
    expect(events.map((e) => e.payload)).toContainEqual(
      expect.objectContaining({
        memberId: rank.id,
        fromRank: null,
        toRank: 'シルバー',
        direction: 'UP',
      }),
    );
    await t.app.jobs.runDue();
    await t.app.jobs.runDue();
    const sent = (await sim.sent(channel.channelId)).slice(from);
    const toMember = sent.filter((s) => s.to.includes(rank.user.userId));
    expect(toMember).toHaveLength(1);
    expect(toMember[0]!.retryKey).toMatch(/^[0-9a-f-]{36}$/);
    expect(JSON.stringify(toMember[0]!.messages)).toContain('「シルバー」になりました');
    // a reversal takes the rank back down: no message to the member
    const down = (await reverse(rank.id, card.history[0]!.id)).json<Card>();
    expect(down.standing.rank?.name).toBe('ブロンズ');
    await t.app.jobs.runDue();
    const after = (await sim.sent(channel.channelId)).slice(from);
    expect(after.filter((s) => s.to.includes(rank.user.userId))).toHaveLength(1);
  });

  it("a rank's own message: the member reaching it gets it once, with their name, even when LINE's answer is lost", async () => {
    const withMessage = {
      ...program,
      ranks: program.ranks.map((r) =>
        r.name === 'ゴールド'
          ? { ...r, message: '{name}さん、ゴールド会員になりました！誕生日特典をどうぞ' }
          : r,
      ),
    };
    const tooLong = await putProgram({
      ...withMessage,
      ranks: withMessage.ranks.map((r) => ({ ...r, message: 'あ'.repeat(5001) })),
    });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.body).toContain(m.rankMessage);
    const set = await putProgram(withMessage);
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json<{ ranks: { message: string }[] }>().ranks.map((r) => r.message)).toEqual([
      '',
      '',
      '{name}さん、ゴールド会員になりました！誕生日特典をどうぞ',
    ]);
    const gold = await member('金 花子');
    await t.app.jobs.runDue(); // the registration's own jobs first: the fault below is for the rank's push
    const from = (await sim.sent(channel.channelId)).length;
    // LINE takes the message but its answer is lost: the job retries with the same key
    await sim.fault({
      status: 500,
      count: 1,
      when: 'after',
      channelId: channel.channelId,
      pathPrefix: '/v2/bot/message/multicast',
    });
    const card = (await act(gold.id, { action: 'PURCHASE', amountYen: 100000 })).json<Card>();
    expect(card.standing.rank?.name).toBe('ゴールド');
    for (let i = 0; i < 4; i += 1) {
      await t.app.jobs.runDue();
      t.clock.advance(60_000);
    }
    const toMember = (await sim.sent(channel.channelId))
      .slice(from)
      .filter((s) => s.to.includes(gold.user.userId));
    expect(toMember).toHaveLength(1);
    expect(toMember[0]!.messages).toEqual([
      expect.objectContaining({
        type: 'text',
        text: '金 花子さん、ゴールド会員になりました！誕生日特典をどうぞ',
      }),
    ]);
    // one log row, sent, under the key LINE saw; its push job ran twice (the lost answer, then the retry)
    const logged = await t.db
      .select()
      .from(notificationDeliveries)
      .where(eq(notificationDeliveries.retryKey, toMember[0]!.retryKey!));
    expect(logged).toEqual([
      expect.objectContaining({ status: 'SENT', text: expect.stringContaining('金 花子さん') }),
    ]);
    const [push] = await t.db
      .select()
      .from(jobs)
      .where(sql`${jobs.payload}->>'retryKey' = ${toMember[0]!.retryKey}`);
    expect(push).toMatchObject({ status: 'DONE', attempts: 2 });
    // a rank without a message keeps the notification template's text (シルバー, in the test above)
    await putProgram(program);
  });

  it('stamps: one per visit, a minimum interval, a reward for a full card', async () => {
    const set = await putProgram({
      ...program,
      kind: 'STAMPS',
      stampsForReward: 3,
      stampIntervalMinutes: 60,
      rankBasis: 'VISITS_12M',
      ranks: [],
    });
    expect(set.statusCode, set.body).toBe(200);
    const nana = await member('スタンプ 七');
    expect((await act(nana.id, { action: 'VISIT' })).statusCode).toBe(201);
    const tooSoon = await act(nana.id, { action: 'VISIT' });
    expect(tooSoon.statusCode).toBe(409);
    expect(tooSoon.json()).toMatchObject({ message: m.stampTooSoon });
    expect((await act(nana.id, { action: 'PURCHASE', amountYen: 500 })).json()).toMatchObject({
      message: m.purchaseOnStamps,
    });
    expect((await act(nana.id, { action: 'REDEEM' })).json()).toMatchObject({ message: m.notEnoughStamps });
    for (let i = 0; i < 2; i += 1) {
      t.clock.advance(61 * 60_000);
      expect((await act(nana.id, { action: 'VISIT' })).statusCode).toBe(201);
    }
    const full = await act(nana.id, { action: 'REDEEM' });
    expect(full.statusCode, full.body).toBe(201);
    expect(full.json<Card>().standing).toMatchObject({ stamps: 0 });
    const own = (await nana.liff('GET', '/card')).json<{ standing: { stamps: number; kind: string } }>();
    expect(own.standing).toMatchObject({ kind: 'STAMPS', stamps: 0 });
    t.clock.set(new Date('2026-11-21T09:00:00Z'));
    await putProgram(program);
  });
  it('points expire at the end of the month, by the hourly sweep; ranks drop when points leave the 12 months', async () => {
    // 2026-11-21 (the test clock): earned in November, expiring a month after: at 2027-01-01 00:00 JST
    await putProgram({ ...program, expiryMonths: 1 });
    const sora = await member('期限 空');
    await act(sora.id, { action: 'PURCHASE', amountYen: 25000 });
    await act(sora.id, { action: 'REDEEM' });
    // the clock jumps past the sessions' lifetime: log in again after each jump
    const scanLater = async () => scan(sora.memberCode, await t.login(a.staff.user.email));
    t.clock.set(new Date('2026-12-31T14:59:00Z'));
    await runSweep();
    expect((await scanLater()).json<Card>().standing).toMatchObject({
      points: 150,
      expiring: { points: 150, at: '2026-12-31T15:00:00.000Z' },
    });
    t.clock.set(new Date('2026-12-31T15:00:00Z'));
    await runSweep();
    const expired = (await scanLater()).json<Card>();
    expect(expired.standing.points).toBe(0);
    expect(expired.history[0]).toMatchObject({ kind: 'EXPIRE', points: -150, staffName: null });
    // a second run finds nothing more to expire
    await runSweep();
    expect(await sumOfRows(sora.id)).toBe(0);
    // the rank still counts November's 250 earned points until the end of October 2027 (Japan time)
    expect(expired.standing.rank?.name).toBe('シルバー');
    t.clock.set(new Date('2027-10-31T14:59:00Z'));
    await runSweep();
    let [row] = await t.db.select().from(members).where(eq(members.id, sora.id));
    expect(row!.rankName).toBe('シルバー');
    // October 2027 (Japan time): the month that left the 12 months is October 2026, when nobody earned
    // anything, and no points fell due since September: the hourly run reads and writes no member
    expect(await sweepMemberCards(t.db, t.clock.now())).toEqual({ expired: 0, reranked: 0, checked: 0 });
    t.clock.set(new Date('2027-10-31T15:00:00Z'));
    // November 2026 leaves: only the members with rows of that month are read, and only those whose rank
    // differs are written (the event below)
    const [november] = await t.db
      .select({ n: sql<number>`count(distinct ${memberLedger.memberId})::int` })
      .from(memberLedger)
      .where(
        sql`${memberLedger.createdAt} >= '2026-10-31T15:00:00Z' and ${memberLedger.createdAt} < '2026-11-30T15:00:00Z'`,
      );
    const ranksBefore = await t.db.select({ id: members.id, rankName: members.rankName }).from(members);
    const swept = await sweepMemberCards(t.db, t.clock.now());
    expect(swept.checked).toBe(november!.n);
    const ranksAfter = await t.db.select({ id: members.id, rankName: members.rankName }).from(members);
    const moved = ranksAfter.filter((r) => ranksBefore.find((b) => b.id === r.id)!.rankName !== r.rankName);
    expect(swept.reranked).toBe(moved.length);
    expect(swept.reranked).toBeLessThan(swept.checked);
    [row] = await t.db.select().from(members).where(eq(members.id, sora.id));
    expect(row!.rankName).toBe('ブロンズ');
    const [down] = await t.db
      .select()
      .from(domainEvents)
      .where(
        and(
          eq(domainEvents.topic, 'MEMBER_RANK_CHANGED'),
          sql`${domainEvents.payload}->>'memberId' = ${String(sora.id)}`,
          sql`${domainEvents.payload}->>'direction' = 'DOWN'`,
        ),
      );
    expect(down).toBeDefined();
  });

  it('a sweep down for two months catches up from its mark: the expiries and rank changes of each month end, once', async () => {
    // January and February 2028 (Japan time): points for 11 months, so each month's points expire at the
    // month start when they also leave the 12 months of the ranks
    t.clock.set(new Date('2028-01-10T03:00:00Z'));
    expect(
      (await putProgram({ ...program, expiryMonths: 11 }, await t.login(a.manager.user.email))).statusCode,
    ).toBe(200);
    const ichiro = await member('繰越 一郎');
    const jiro = await member('繰越 二郎');
    let staff = await t.login(a.staff.user.email);
    expect((await act(ichiro.id, { action: 'PURCHASE', amountYen: 100000 }, staff)).statusCode).toBe(201);
    expect((await act(jiro.id, { action: 'PURCHASE', amountYen: 25000 }, staff)).statusCode).toBe(201);
    t.clock.set(new Date('2028-02-10T03:00:00Z'));
    staff = await t.login(a.staff.user.email);
    const february = await act(ichiro.id, { action: 'PURCHASE', amountYen: 30000 }, staff);
    expect(february.json<Card>().standing).toMatchObject({ points: 1300, rank: { name: 'ゴールド' } });

    const rankOf = async (id: number) =>
      (await t.db.select().from(members).where(eq(members.id, id)))[0]!.rankName;
    const expiries = (id: number) =>
      t.db
        .select({ points: memberLedger.points, at: memberLedger.createdAt })
        .from(memberLedger)
        .where(and(eq(memberLedger.memberId, id), eq(memberLedger.kind, 'EXPIRE')))
        .orderBy(memberLedger.createdAt);
    // the changes down (each earning above was a change up)
    const rankChanges = async (id: number) =>
      (
        await t.db
          .select({ payload: domainEvents.payload })
          .from(domainEvents)
          .where(
            and(
              eq(domainEvents.topic, 'MEMBER_RANK_CHANGED'),
              sql`${domainEvents.payload}->>'memberId' = ${String(id)}`,
              sql`${domainEvents.payload}->>'direction' = 'DOWN'`,
            ),
          )
          .orderBy(domainEvents.id)
      ).map((e) => e.payload as { fromRank: string; toRank: string; direction: string });

    // December 2028: the sweep runs and leaves its mark; nothing is due yet
    t.clock.set(new Date('2028-12-20T03:00:00Z'));
    await runSweep();
    const [mark] = await t.db.select().from(memberCardSweeps).where(eq(memberCardSweeps.storeId, storeId));
    expect(mark!.sweptAt.toISOString()).toBe('2028-12-20T03:00:00.000Z');
    expect([await rankOf(ichiro.id), await rankOf(jiro.id)]).toEqual(['ゴールド', 'シルバー']);
    expect(await expiries(ichiro.id)).toEqual([]);

    // the sweep is down until 20 February 2029: it crossed the ends of December and January (Japan time)
    t.clock.set(new Date('2029-02-20T03:00:00Z'));
    expect(sweepSteps(mark!.sweptAt, t.clock.now())).toEqual([
      new Date('2028-12-31T15:00:00Z'),
      new Date('2029-02-20T03:00:00Z'),
    ]);
    await runSweep();
    // at the end of December: January's points expire and leave the ranks; at the end of January, February's
    expect(await expiries(ichiro.id)).toEqual([
      { points: -1000, at: new Date('2028-12-31T15:00:00Z') },
      { points: -300, at: new Date('2029-02-20T03:00:00Z') },
    ]);
    expect(await expiries(jiro.id)).toEqual([{ points: -250, at: new Date('2028-12-31T15:00:00Z') }]);
    const ichiroChanges = [
      { fromRank: 'ゴールド', toRank: 'シルバー', direction: 'DOWN' },
      { fromRank: 'シルバー', toRank: 'ブロンズ', direction: 'DOWN' },
    ];
    const jiroChanges = [{ fromRank: 'シルバー', toRank: 'ブロンズ', direction: 'DOWN' }];
    expect(await rankChanges(ichiro.id)).toMatchObject(ichiroChanges);
    expect(await rankChanges(jiro.id)).toMatchObject(jiroChanges);
    expect([await rankOf(ichiro.id), await rankOf(jiro.id)]).toEqual(['ブロンズ', 'ブロンズ']);
    expect([await sumOfRows(ichiro.id), await sumOfRows(jiro.id)]).toEqual([0, 0]);

    // again, through the job and directly: nothing more
    await runSweep();
    expect(await sweepMemberCards(t.db, t.clock.now())).toMatchObject({ expired: 0, reranked: 0 });
    expect(await expiries(ichiro.id)).toHaveLength(2);
    expect(await expiries(jiro.id)).toHaveLength(1);
    expect(await rankChanges(ichiro.id)).toHaveLength(ichiroChanges.length);
    expect(await rankChanges(jiro.id)).toHaveLength(jiroChanges.length);
  });
});
