import type { DeliveryMessage } from '@app/contracts';
import { createTemplate, listTemplates } from '../../modules/deliveries/index.ts';
import type { ServiceContext } from '../../platform/context.ts';

/**
 * 定型文 the shop reuses (decision 0040): the opening hours, a booking confirmation with the friend's name,
 * and a campaign with a sticker; inserted in the composer, the greeting editor or a chat reply.
 */
export async function seedTemplates(ctx: ServiceContext, lineAccountId: number): Promise<void> {
  if ((await listTemplates({ ctx, input: { lineAccountId } })).data.length > 0) return;
  const add = (name: string, folder: string | null, messages: DeliveryMessage[]) =>
    createTemplate({ ctx, input: { lineAccountId, name, folder, messages } });
  await add('営業時間のご案内', 'ご案内', [
    {
      type: 'text',
      text: 'お問い合わせありがとうございます。\n営業時間は 11:00〜20:00（火曜定休）です。\nご来店をお待ちしております。',
    },
  ]);
  await add('予約確認', 'ご案内', [
    {
      type: 'text',
      text: '{name}様、ご予約ありがとうございます。\nご予約の日時にお待ちしております。変更がある場合はこのトークでお知らせください。',
    },
  ]);
  await add('キャンペーン', null, [
    {
      type: 'text',
      text: '{name}様、いつもありがとうございます！\n今週末は全品10%オフのキャンペーン中です。',
    },
    { type: 'sticker', packageId: '446', stickerId: '1988' },
  ]);
}
