import { createScenario, listScenarios, placeInScenario } from '../../modules/automation/index.ts';
import { listFollowingFriendCards, listTags } from '../../modules/friends/index.ts';
import { requireClientId, type ServiceContext } from '../../platform/context.ts';

const DAY_MS = 86_400_000;

/**
 * ステップ配信: a running welcome scenario for new friends (a welcome now, a coupon the next day at 10:00,
 * the popular menu three days later at 12:00, and a thank-you a week later for friends not yet 常連), with
 * the following demo friends placed in it as if they had followed over the last twelve days (so they are
 * at different steps, a few done). A new follow on the simulator page enters it and gets the welcome.
 */
export async function seedScenarios(ctx: ServiceContext, lineAccountId: number): Promise<void> {
  if ((await listScenarios({ ctx, input: { lineAccountId } })).data.length > 0) return;
  const regular = (await listTags({ ctx, input: { lineAccountId } })).tags.find((t) => t.name === '常連');
  const text = (value: string) => ({ type: 'text' as const, text: value });
  const scenario = await createScenario({
    ctx,
    input: {
      lineAccountId,
      name: 'ウェルカムシナリオ',
      enabled: true,
      trigger: 'FOLLOW',
      triggerTagId: null,
      triggerRank: null,
      stopTagIds: [],
      stopOnMember: false,
      steps: [
        {
          delay: { amount: 0, unit: 'MINUTES', from: 'PREVIOUS', timeOfDay: null },
          conditions: { hasTagIds: [], lacksTagIds: [], segmentId: null, segmentConditions: null },
          messages: [text('{name}さん、ようこそデモ商店 梅田店へ！これから数日、お得な情報をお届けします。')],
          actions: [],
        },
        {
          delay: { amount: 1, unit: 'DAYS', from: 'PREVIOUS', timeOfDay: '10:00' },
          conditions: { hasTagIds: [], lacksTagIds: [], segmentId: null, segmentConditions: null },
          messages: [
            text('【友だち限定クーポン】次回のご来店でドリンク1杯無料！この画面をスタッフにお見せください。'),
          ],
          actions: [],
        },
        {
          delay: { amount: 3, unit: 'DAYS', from: 'PREVIOUS', timeOfDay: '12:00' },
          conditions: { hasTagIds: [], lacksTagIds: [], segmentId: null, segmentConditions: null },
          messages: [text('当店の人気メニューTOP3をご紹介します。ランチタイムは11:30から営業しています。')],
          actions: [],
        },
        {
          delay: { amount: 7, unit: 'DAYS', from: 'PREVIOUS', timeOfDay: '18:00' },
          conditions: {
            hasTagIds: [],
            lacksTagIds: regular ? [regular.id] : [],
            segmentId: null,
            segmentConditions: null,
          },
          messages: [text('友だち追加から10日が経ちました。ご来店をお待ちしています！')],
          actions: [],
        },
      ],
    },
  });
  const now = ctx.clock.now();
  const clientId = requireClientId(ctx);
  const friends = await listFollowingFriendCards(ctx.db, { clientId, lineAccountId }, 100);
  for (const [index, friend] of friends.entries()) {
    const enrolledAt = new Date(now.getTime() - ((index * 5) % 13) * DAY_MS - (index % 7) * 3_600_000);
    await placeInScenario(
      ctx.db,
      {
        clientId,
        lineAccountId,
        scenarioId: scenario.id,
        friendId: friend.id,
        lineUserId: friend.lineUserId,
      },
      enrolledAt,
      now,
    );
  }
}
