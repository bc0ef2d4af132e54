import type { ServiceContext } from '../../platform/context.ts';
import {
  actOnMemberCard,
  getMemberProgram,
  listStoreMembers,
  putMemberProgram,
  reverseLedgerEntry,
} from '../../modules/members/index.ts';
import { memberProgramBodySchema } from '@app/contracts';
import { at, DAY_MS, HOUR_MS } from './clock.ts';

/**
 * The member card that earns (issue 33) on the demo store: the owner sets a points programme with three
 * ranks; over the last five months the staff recorded visits and bills at the counter, so the members
 * spread across the ranks with histories; some redeemed a reward; the manager reversed a mistyped amount.
 * シルバー and ゴールド have their own message to a member reaching them (decision 0050).
 */
export async function seedMemberCard(
  owner: ServiceContext,
  staff: ServiceContext,
  manager: ServiceContext,
  lineAccountId: number,
): Promise<void> {
  if (await getMemberProgram({ ctx: owner, input: { lineAccountId } })) return;
  await putMemberProgram({
    ctx: owner,
    input: {
      lineAccountId,
      ...memberProgramBodySchema.parse({
        kind: 'POINTS',
        pointsPerVisit: 10,
        pointsPerYen: 0.01,
        rounding: 'FLOOR',
        expiryMonths: 12,
        rewardPoints: 300,
        stampsForReward: 10,
        stampIntervalMinutes: 0,
        rewardName: 'ドリンク1杯無料',
        rankBasis: 'POINTS_12M',
        ranks: [
          { name: 'レギュラー', threshold: 0, benefits: '誕生月にドリンク1杯無料' },
          {
            name: 'シルバー',
            threshold: 300,
            benefits: 'ケーキセット50円引き・誕生月特典',
            message:
              '{name}さん、シルバー会員になりました！\nケーキセットがいつでも50円引きです。次のご来店でお使いください。',
          },
          {
            name: 'ゴールド',
            threshold: 1000,
            benefits: 'いつでもドリンクサイズアップ・ポイント優先予約',
            message:
              '{name}さん、ゴールド会員になりました！\nいつもありがとうございます。ドリンクはいつでもサイズアップいたします。',
          },
        ],
      }),
    },
  });
  const { data } = await listStoreMembers({
    ctx: owner,
    input: { lineAccountId, page: 1, limit: 100, order: 'ASC', sort: 'createdAt' },
  });
  const now = owner.clock.now().getTime();
  const active = data.filter((m) => m.status === 'ACTIVE');
  // ゴールド, シルバー, レギュラー in turn: 10, 5 and 1 visits over the last 150 days (a visit and its bill
  // the first time, the bill alone after: few rows, for a quick first start)
  const visitsOf = [10, 5, 1];
  for (const [i, member] of active.entries()) {
    const tier = i % 3;
    const visits = visitsOf[tier]!;
    const registered = new Date(member.createdAt).getTime();
    const from = Math.max(registered + HOUR_MS, now - 150 * DAY_MS);
    const span = Math.max(HOUR_MS, now - HOUR_MS - from);
    for (let v = 0; v < visits; v += 1) {
      const when = new Date(from + Math.floor((span * (v + 0.5)) / visits) + (i % 5) * HOUR_MS);
      if (when.getTime() >= now) break;
      const ctx = at(staff, when);
      const input = { lineAccountId, memberId: member.memberId, reason: null };
      if (v === 0) await actOnMemberCard({ ctx, input: { ...input, action: 'VISIT' } });
      const amountYen = (tier === 0 ? 8000 : 4000) + ((i * 37 + v * 53) % 60) * 100;
      const card = await actOnMemberCard({ ctx, input: { ...input, action: 'PURCHASE', amountYen } });
      // the regulars at the top redeem a drink now and then
      if (tier === 0 && v % 4 === 3 && card.standing.points >= 300)
        await actOnMemberCard({ ctx, input: { ...input, action: 'REDEEM' } });
    }
  }
  // a mistyped amount, reversed by the manager the same day
  const first = active[1];
  if (first) {
    const when = new Date(now - 2 * DAY_MS);
    const input = { lineAccountId, memberId: first.memberId, reason: null };
    const card = await actOnMemberCard({
      ctx: at(staff, when),
      input: { ...input, action: 'PURCHASE', amountYen: 48000, reason: '打ち間違い（4,800円）' },
    });
    await reverseLedgerEntry({
      ctx: at(manager, new Date(when.getTime() + 10 * 60_000)),
      input: { ...input, entryId: card.history[0]!.id, reason: '金額の打ち間違い' },
    });
    await actOnMemberCard({
      ctx: at(staff, new Date(when.getTime() + 11 * 60_000)),
      input: { ...input, action: 'PURCHASE', amountYen: 4800 },
    });
  }
}
