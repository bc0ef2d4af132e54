import { richMenuObjectSchema } from '@app/contracts';
import type { ServiceContext } from '../../platform/context.ts';
import {
  createRichMenu,
  layoutRichMenu,
  listRichMenusOfAccount,
  renderRichMenuImage,
  setDefaultRichMenu,
  type RenderInput,
} from '../../modules/rich-menus/index.ts';

/**
 * The account's default rich menu, as a manager makes it in the editor: an image (drawn here as a
 * designer would), tap areas on it (a message, the menu page, a phone call and, with the automation's
 * postback data, a coupon that replies and tags the friend), then set as default.
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
}
