import {
  createKeywordRule,
  createPostbackAction,
  listPostbackActions,
  setKeywordFallback,
} from '../../modules/automation/index.ts';
import { listTags } from '../../modules/friends/index.ts';
import type { ServiceContext } from '../../platform/context.ts';

/**
 * 応答メッセージ as a shop sets them (decision 0036): 営業時間, 予約 (which also tags 予約済み) and an
 * out-of-hours rule for the evening (the one that still answers in chat mode); a fallback written but off;
 * and a rich menu action (クーポン) that replies and tags キャンペーン興味あり, for the demo rich menu's
 * fourth area. Made after the tags. Answers the postback data for the rich menu.
 */
export async function seedKeywordReplies(ctx: ServiceContext, lineAccountId: number): Promise<string | null> {
  const existing = await listPostbackActions({ ctx, input: { lineAccountId } });
  if (existing.items.length > 0) return existing.items[0]!.data;
  const { tags } = await listTags({ ctx, input: { lineAccountId } });
  const tagId = (name: string) => tags.find((t) => t.name === name)?.id;
  const reserved = tagId('予約済み');
  const campaign = tagId('キャンペーン興味あり');
  const everyDay = [0, 1, 2, 3, 4, 5, 6];
  const rule = (input: Parameters<typeof createKeywordRule>[0]['input']) => createKeywordRule({ ctx, input });
  await rule({
    lineAccountId,
    name: '営業時間',
    keywords: [
      { text: '営業時間', match: 'CONTAINS' },
      { text: '何時まで', match: 'CONTAINS' },
    ],
    timeWindow: null,
    days: everyDay,
    outOfHours: false,
    enabled: true,
    messages: [{ type: 'text', text: '営業時間は 10:00〜20:00 です（水曜定休）。' }],
    actions: [],
  });
  await rule({
    lineAccountId,
    name: '予約',
    keywords: [
      { text: '予約', match: 'CONTAINS' },
      { text: 'よやく', match: 'EXACT' },
    ],
    timeWindow: null,
    days: everyDay,
    outOfHours: false,
    enabled: true,
    messages: [
      {
        type: 'text',
        text: 'ご予約ありがとうございます！ご希望の日時と人数をお送りください。スタッフが確認してご連絡します。',
      },
    ],
    actions: reserved ? [{ type: 'tag.add', tagId: reserved }] : [],
  });
  await rule({
    lineAccountId,
    name: '営業時間外のお問い合わせ',
    keywords: [
      { text: '問い合わせ', match: 'CONTAINS' },
      { text: '予約', match: 'CONTAINS' },
    ],
    timeWindow: { start: '20:00', end: '10:00' },
    days: everyDay,
    outOfHours: true,
    enabled: true,
    messages: [{ type: 'text', text: 'ただいま営業時間外です。翌営業日の10時以降に順にお返事します。' }],
    actions: [],
  });
  await setKeywordFallback({
    ctx,
    input: {
      lineAccountId,
      enabled: false,
      messages: [{ type: 'text', text: 'メッセージありがとうございます。スタッフより順にお返事します。' }],
    },
  });
  const coupon = await createPostbackAction({
    ctx,
    input: {
      lineAccountId,
      name: 'クーポンを受け取る',
      messages: [
        {
          type: 'text',
          text: '本日のお会計から10%引きのクーポンです。お会計の際にこの画面をお見せください。',
        },
      ],
      actions: campaign ? [{ type: 'tag.add', tagId: campaign }] : [],
    },
  });
  return coupon.data;
}
