import { richMenuObjectSchema } from '@app/contracts';
import type { ServiceContext } from '../../platform/context.ts';
import { listFriendCardsOfAccount } from '../../modules/friends/index.ts';
import {
  createRichMenu,
  importRichMenuTaps,
  layoutRichMenu,
  listRichMenusOfAccount,
  renderRichMenuImage,
  setDefaultRichMenu,
  type PastTap,
  type RenderInput,
} from '../../modules/rich-menus/index.ts';
import { DAY_MS, HOUR_MS } from './clock.ts';

/**
 * The account's default rich menu, as a manager makes it in the editor: an image (drawn here as a
 * designer would), tap areas on it (a message, the menu page, a phone call and, with the automation's
 * postback data, a coupon that replies and tags the friend), then set as default; and 60 days of its
 * taps (issue 32), so the タップ数 heat map has data on first start.
 */
export async function seedRichMenu(
  ctx: ServiceContext,
  lineAccountId: number,
  /** A rich menu action's postback data (自動応答): a fourth area クーポン runs it. */
  couponData: string | null = null,
): Promise<void> {
  const { data: menus } = await listRichMenusOfAccount({ ctx, input: { lineAccountId } });
  if (menus.length > 0) return;
  const labels = ['予約する', 'メニュー', 'お店に電話', ...(couponData ? ['クーポン'] : [])];
  const design: RenderInput = {
    width: 2500,
    height: 843,
    rows: [labels.map((label) => ({ label, ratio: 1, gap: 24 }))],
    border: { top: 40, bottom: 40, left: 40, right: 40 },
  };
  const image = renderRichMenuImage(design);
  const [boxes] = layoutRichMenu(design).itemBoxes;
  const actions = [
    { type: 'message' as const, label: '予約する', text: '予約したいです' },
    { type: 'uri' as const, label: 'メニュー', uri: 'https://example.com/demo-shop/menu' },
    { type: 'uri' as const, label: 'お店に電話', uri: 'tel:0612345678' },
    ...(couponData ? [{ type: 'postback' as const, label: 'クーポン', data: couponData }] : []),
  ];
  const menu = await createRichMenu({
    ctx,
    input: {
      lineAccountId,
      richMenu: richMenuObjectSchema.parse({
        name: '基本メニュー',
        size: { width: design.width, height: design.height },
        selected: true,
        chatBarText: 'メニュー',
        areas: boxes!.map((bounds, index) => ({ bounds, action: actions[index]! })),
      }),
      image: `data:${image.contentType};base64,${image.data.toString('base64')}`,
    },
  });
  await setDefaultRichMenu({ ctx, input: { lineAccountId, richMenuId: menu.id } });
  await seedRichMenuTaps(ctx, lineAccountId, menu.id, couponData !== null);
}

/**
 * 60 days of taps of the demo menu, as the webhook (クーポン, a postback) and the tap hop (メニュー, a web
 * link) record them: most friends open the menu page now and then, two in three take the coupon, and some
 * open the menu page outside LINE (a tap without a friend). The message and phone areas are not counted.
 */
async function seedRichMenuTaps(
  ctx: ServiceContext,
  lineAccountId: number,
  richMenuId: number,
  hasCoupon: boolean,
): Promise<void> {
  const scope = { clientId: ctx.clientId!, lineAccountId };
  const now = ctx.clock.now().getTime();
  const friends = await listFriendCardsOfAccount(ctx.db, scope, 500);
  const when = (seed: number) => new Date(now - (seed % 60) * DAY_MS - ((seed * 7) % 23) * HOUR_MS - HOUR_MS);
  const taps: PastTap[] = [];
  for (const [i, friend] of friends.entries()) {
    // メニュー (area 1, a link through the hop): 1-3 opens for four friends in five
    if (i % 5 !== 4) {
      for (let k = 0; k <= i % 3; k += 1)
        taps.push({ areaIndex: 1, friendId: friend.id, at: when(i * 11 + k * 17) });
    }
    // クーポン (area 3, a postback): two friends in three, some twice
    if (hasCoupon && i % 3 !== 1) {
      taps.push({ areaIndex: 3, friendId: friend.id, at: when(i * 13 + 5) });
      if (i % 4 === 0) taps.push({ areaIndex: 3, friendId: friend.id, at: when(i * 13 + 29) });
    }
  }
  // the menu page opened outside LINE: counted without a friend
  for (let k = 0; k < 12; k += 1) taps.push({ areaIndex: 1, friendId: null, at: when(k * 5 + 2) });
  await importRichMenuTaps(ctx.db, scope, richMenuId, taps);
}
