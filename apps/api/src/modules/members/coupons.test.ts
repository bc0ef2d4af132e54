// Coupons of the member card (issue 33): made by managers, sent in a delivery as a Flex card, claimed in
// the mini-app within their limits and validity, used once at the counter (even from two phones at once).
import { and, eq } from 'drizzle-orm';
import fc from 'fast-check';
import type { messagingApi } from '@line/bot-sdk';
import { describe, expect, it } from 'vitest';
import { couponMessages as cm, memberCardMessages as m } from '@app/contracts';
import { memberCouponClaims, memberLedger } from '../../db/schema/index.ts';
import { a, A, accountId, b, C, channel, lineUser, sim, t, useMemberService } from './members.test-setup.ts';

useMemberService();

type Held = {
  claimId: number;
  code: string;
  usedAt: string | null;
  isExpired: boolean;
  coupon: { id: number };
};
type Card = { history: { id: number; kind: string; reason: string | null; reversedById: number | null }[] };

const coupon = (overrides: Record<string, unknown> = {}) => ({
  name: 'ドリンク100円引き',
  kind: 'AMOUNT',
  value: 100,
  description: 'お会計時にこの画面をお見せください',
  validFrom: '2026-11-01',
  validTo: '2026-12-31',
  perMemberLimit: 1,
  totalLimit: null,
  ...overrides,
});
const create = (body: unknown, cookie = a.manager.cookie) =>
  t.api('POST', `${A()}/coupons`, { cookie, body });
const made = async (overrides: Record<string, unknown> = {}) => {
  const response = await create(coupon(overrides));
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ id: number }>().id;
};
const redeem = (memberId: number, claimId: number, cookie = a.staff.cookie) =>
  t.api('POST', `${A()}/members/${memberId}/coupons/${claimId}/redemption`, { cookie });

async function member(name: string) {
  const user = await lineUser(name);
  const registered = await user.liff('POST', '/members/', []);
  expect(registered.statusCode, registered.body).toBe(200);
  const { id, memberCode } = registered.json<{ id: number; memberCode: string }>();
  const claim = (couponId: number) => user.liff('POST', `/coupons/${couponId}/claims`);
  return { ...user, id, memberCode, claim };
}

const program = {
  kind: 'POINTS',
  pointsPerVisit: 10,
  pointsPerYen: 0.01,
  rounding: 'FLOOR',
  expiryMonths: null,
  rewardPoints: 100,
  stampsForReward: 10,
  stampIntervalMinutes: 0,
  rewardName: 'ドリンク1杯無料',
  rankBasis: 'POINTS_12M',
  ranks: [],
};

describe('coupons', () => {
  it('managers and owners make coupons; staff may not (403); bad input refused with its text; another client reaches none', async () => {
    expect((await create(coupon(), a.staff.cookie)).statusCode).toBe(403);
    const cases: [Record<string, unknown>, string][] = [
      [{ validFrom: '2026-12-31', validTo: '2026-12-01' }, cm.validity],
      [{ kind: 'PERCENT', value: 0 }, cm.percent],
      [{ kind: 'PERCENT', value: 101 }, cm.percent],
      [{ kind: 'FREE_ITEM', itemText: '' }, cm.itemText],
      [{ name: '' }, cm.name],
      [{ perMemberLimit: 0 }, cm.perMemberLimit],
      [{ imageUrl: 'http://example.com/a.png' }, cm.imageUrl],
      [{ validTo: '2026-02-30' }, 'Invalid date format. Expected YYYY-MM-DD.'],
    ];
    for (const [overrides, text] of cases) {
      const refused = await create(coupon(overrides));
      expect(refused.statusCode, JSON.stringify(overrides)).toBe(400);
      expect(refused.body).toContain(text);
    }
    expect((await t.api('GET', `${A()}/coupons`, { cookie: a.staff.cookie })).json()).toEqual([]);
    const free = await create(
      coupon({ name: 'ケーキ無料', kind: 'FREE_ITEM', itemText: 'ショートケーキ' }),
      a.owner.cookie,
    );
    expect(free.statusCode, free.body).toBe(201);
    expect(free.json()).toMatchObject({
      kind: 'FREE_ITEM',
      value: 0,
      itemText: 'ショートケーキ',
      claimed: 0,
      used: 0,
    });
    const list = await t.api('GET', `${A()}/coupons`, { cookie: a.staff.cookie });
    expect(list.json<unknown[]>()).toHaveLength(1);
    const id = free.json<{ id: number }>().id;
    const changed = await t.api('PUT', `${A()}/coupons/${id}`, {
      cookie: a.manager.cookie,
      body: coupon({ name: 'ケーキ無料', kind: 'FREE_ITEM', itemText: 'チーズケーキ', isEnabled: false }),
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({ itemText: 'チーズケーキ', isEnabled: false });
    expect((await t.api('GET', `${A()}/coupons`, { cookie: b.owner.cookie })).statusCode).toBe(404);
    const otherPut = await t.api('PUT', `${A()}/coupons/${id}`, { cookie: b.owner.cookie, body: coupon() });
    expect(otherPut.statusCode).toBe(404);
    expect(
      (await t.api('PUT', `${A()}/coupons/999999`, { cookie: a.owner.cookie, body: coupon() })).statusCode,
    ).toBe(404);
  });

  it('goes out in a delivery as a Flex card whose 受け取る button opens the mini-app at the coupon', async () => {
    const id = await made({ name: '10%オフ', kind: 'PERCENT', value: 10 });
    await member('配信 受取'); // a friend of the account to send to
    const base = `${C}/line-account/${accountId}`;
    const post = (messages: unknown[]) =>
      t.api('POST', `${base}/deliveries`, {
        cookie: a.owner.cookie,
        body: { title: 'クーポン配信', messages, audience: { type: 'ALL' } },
      });
    // a coupon that is not this account's store's: 422, nothing saved
    const unknown = await post([{ type: 'coupon', couponId: 999999 }]);
    expect(unknown.statusCode, unknown.body).toBe(422);
    expect(unknown.json()).toMatchObject({ message: cm.inMessageNotFound });
    const created = await post([
      { type: 'text', text: 'クーポンをどうぞ' },
      { type: 'coupon', couponId: id },
    ]);
    expect(created.statusCode, created.body).toBe(201);
    const delivery = created.json<{ id: number }>();
    const sent = await t.api('POST', `${base}/deliveries/${delivery.id}/send`, {
      cookie: a.owner.cookie,
      body: {},
    });
    expect(sent.statusCode, sent.body).toBe(200);
    for (let i = 0; i < 20; i += 1) if ((await t.app.jobs.runDue(50)) === 0) break;
    const log = await sim.consoleCall<{ sent: { messages: messagingApi.Message[] }[] }>(
      'GET',
      `/_sim/channels/${channel.channelId}/sent`,
    );
    const flex = log.sent.at(-1)!.messages[1] as messagingApi.FlexMessage;
    expect(flex.altText).toBe('クーポン: 10%オフ（10% OFF）');
    const bubble = flex.contents as messagingApi.FlexBubble;
    expect(JSON.stringify(bubble.body)).toContain('有効期限 2026/11/01〜2026/12/31');
    const button = (bubble.footer as messagingApi.FlexBox).contents[0] as messagingApi.FlexButton;
    expect(button.action).toMatchObject({ type: 'uri', label: '受け取る' });
    // the link is tracked as every delivery link is (decision 0035) and leads to the mini-app's coupon
    const uri = (button.action as messagingApi.URIAction).uri!;
    const redirect = await t.api('GET', new URL(uri).pathname);
    expect(redirect.statusCode).toBe(302);
    expect(redirect.headers.location).toMatch(new RegExp(`^https://liff\\.line\\.me/[^?]+\\?coupon=${id}$`));
  });

  it('claimed in the mini-app within its validity (Japan time) and limits, each refusal with its text', async () => {
    const hana = await member('クーポン 花');
    const id = await made({ perMemberLimit: 2, totalLimit: 3 });
    const offer = await hana.liff('GET', `/coupons/${id}`);
    expect(offer.json()).toMatchObject({ claimsLeft: 2, refusal: null, coupon: { id } });
    const first = await hana.claim(id);
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json<Held>().code).toMatch(/^[A-Z2-9]{8}$/);
    expect((await hana.claim(id)).statusCode).toBe(201);
    const third = await hana.claim(id);
    expect(third.statusCode).toBe(409);
    expect(third.json()).toMatchObject({ message: cm.perMemberReached });
    const ken = await member('クーポン 健');
    expect((await ken.claim(id)).statusCode).toBe(201);
    const ran = await (await member('クーポン 蘭')).claim(id);
    expect(ran.json()).toMatchObject({ message: cm.totalReached });
    // the days are Japan's: 2026-11-30 15:00 UTC is already December 1st in Japan
    const december = await made({ validFrom: '2026-12-01', validTo: '2026-12-01' });
    const early = await ken.claim(december);
    expect(early.json()).toMatchObject({ message: cm.notStarted });
    t.clock.set(new Date('2026-11-30T15:00:00Z'));
    expect((await ken.claim(december)).statusCode).toBe(201);
    t.clock.set(new Date('2026-12-01T15:00:00Z'));
    const late = await hana.claim(december);
    expect(late.json()).toMatchObject({ message: cm.expired });
    const held = (await ken.liff('GET', '/coupons')).json<Held[]>();
    expect(held.find((h) => h.coupon.id === december)).toMatchObject({ isExpired: true, usedAt: null });
    t.clock.set(new Date('2026-11-21T09:00:00Z'));
    const off = await made({ isEnabled: false });
    expect((await hana.claim(off)).json()).toMatchObject({ message: cm.disabled });
    expect((await hana.claim(999999)).statusCode).toBe(404);
    // the back office sees the figures
    const list = (await t.api('GET', `${A()}/coupons`, { cookie: a.staff.cookie })).json<
      { id: number; claimed: number; used: number }[]
    >();
    expect(list.find((c) => c.id === id)).toMatchObject({ claimed: 3, used: 0 });
  });

  it('used once at the counter: a COUPON ledger row; a second use is refused; a reversal gives it back', async () => {
    expect(
      (await t.api('PUT', `${A()}/program`, { cookie: a.manager.cookie, body: program })).statusCode,
    ).toBe(200);
    const mio = await member('クーポン 澪');
    const id = await made({ name: 'ケーキ無料', kind: 'FREE_ITEM', itemText: 'ケーキ' });
    const claim = (await mio.claim(id)).json<Held>();
    const ofMember = await t.api('GET', `${A()}/members/${mio.id}/coupons`, { cookie: a.staff.cookie });
    expect(ofMember.json<Held[]>()).toEqual([
      expect.objectContaining({ claimId: claim.claimId, usedAt: null }),
    ]);
    expect(
      (await t.api('GET', `${A()}/members/${mio.id}/coupons`, { cookie: b.owner.cookie })).statusCode,
    ).toBe(404);
    expect((await redeem(mio.id, claim.claimId, b.owner.cookie)).statusCode).toBe(404);
    const used = await redeem(mio.id, claim.claimId);
    expect(used.statusCode, used.body).toBe(201);
    const row = used.json<Card>().history[0]!;
    expect(row).toMatchObject({ kind: 'COUPON', reason: 'ケーキ無料' });
    const again = await redeem(mio.id, claim.claimId);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ message: cm.alreadyUsed });
    expect((await mio.liff('GET', '/coupons')).json<Held[]>()[0]!.usedAt).not.toBeNull();
    // staff cannot reverse; a manager can, and the coupon is usable again (once)
    const reversal = `${A()}/members/${mio.id}/ledger/${row.id}/reversal`;
    expect((await t.api('POST', reversal, { cookie: a.staff.cookie, body: {} })).statusCode).toBe(403);
    expect((await t.api('POST', reversal, { cookie: a.manager.cookie, body: {} })).statusCode).toBe(201);
    expect((await redeem(mio.id, claim.claimId)).statusCode).toBe(201);
    expect((await redeem(mio.id, 999999)).json()).toMatchObject({ message: cm.claimNotFound });
    // past its last day it is refused at the counter too
    const short = await made({ validTo: '2026-11-21' });
    const shortClaim = (await mio.claim(short)).json<Held>();
    t.clock.set(new Date('2026-11-21T15:00:00Z'));
    expect((await redeem(mio.id, shortClaim.claimId)).json()).toMatchObject({ message: cm.expiredAtCounter });
    t.clock.set(new Date('2026-11-21T09:00:00Z'));
  });

  it('no double use: two phones redeem the same coupon at once, one wins, the others are refused', async () => {
    const nao = await member('同時 奈央');
    const id = await made();
    const claim = (await nao.claim(id)).json<Held>();
    const answers = await Promise.all([
      redeem(nao.id, claim.claimId),
      redeem(nao.id, claim.claimId, a.manager.cookie),
      redeem(nao.id, claim.claimId, a.owner.cookie),
    ]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([201, 409, 409]);
    for (const r of answers.filter((x) => x.statusCode === 409))
      expect(r.json()).toMatchObject({ message: cm.alreadyUsed });
    const rows = await t.db
      .select()
      .from(memberLedger)
      .where(and(eq(memberLedger.memberId, nao.id), eq(memberLedger.kind, 'COUPON')));
    expect(rows).toHaveLength(1);
  });

  it('no claim past the limits even when members claim at once', async () => {
    const id = await made({ perMemberLimit: 1, totalLimit: 2 });
    const people = [await member('同時 一'), await member('同時 二'), await member('同時 三')];
    const answers = await Promise.all(people.flatMap((p) => [p.claim(id), p.claim(id)]));
    expect(answers.filter((r) => r.statusCode === 201)).toHaveLength(2);
    const claims = await t.db.select().from(memberCouponClaims).where(eq(memberCouponClaims.couponId, id));
    expect(claims).toHaveLength(2);
    expect(new Set(claims.map((c) => c.memberId)).size).toBe(2);
  });

  it('property: claims never pass the limit per member nor the total, whatever the order of taps', async () => {
    const people = [await member('性質 甲'), await member('性質 乙'), await member('性質 丙')];
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 1, max: 3 }),
        fc.option(fc.integer({ min: 1, max: 5 }), { nil: null }),
        fc.array(fc.nat({ max: 2 }), { minLength: 1, maxLength: 8 }),
        async (perMemberLimit, totalLimit, taps) => {
          const id = await made({ perMemberLimit, totalLimit });
          const got = [0, 0, 0];
          for (const who of taps) {
            const answer = await people[who]!.claim(id);
            const mayClaim =
              got[who]! < perMemberLimit &&
              (totalLimit === null || got.reduce((s, n) => s + n, 0) < totalLimit);
            expect(answer.statusCode, answer.body).toBe(mayClaim ? 201 : 409);
            if (mayClaim) got[who]! += 1;
          }
          const claims = await t.db
            .select()
            .from(memberCouponClaims)
            .where(eq(memberCouponClaims.couponId, id));
          expect(claims).toHaveLength(got.reduce((s, n) => s + n, 0));
        },
      ),
      { numRuns: 12 },
    );
  });

  it('an inactive member cannot use a coupon at the counter', async () => {
    const sora = await member('無効 空');
    const id = await made();
    const claim = (await sora.claim(id)).json<Held>();
    const off = await t.api('PATCH', `${A()}/members/${sora.id}/status`, {
      cookie: a.manager.cookie,
      body: { status: 'INACTIVE' },
    });
    expect(off.statusCode, off.body).toBe(200);
    expect((await redeem(sora.id, claim.claimId)).json()).toMatchObject({ message: m.memberInactive });
  });
});
