import { getGreeting, setGreeting } from '../../modules/automation/index.ts';
import type { ServiceContext } from '../../platform/context.ts';

/** あいさつメッセージ: a welcome with a sticker for new friends, a shorter one for friends who unblock. */
export async function seedGreeting(ctx: ServiceContext, lineAccountId: number): Promise<void> {
  if ((await getGreeting({ ctx, input: { lineAccountId } })).updatedAt) return;
  await setGreeting({
    ctx,
    input: {
      lineAccountId,
      newFriendMessages: [
        {
          type: 'text',
          text: 'デモ商店 梅田店です。友だち追加ありがとうございます！\nご予約は「予約」、営業時間は「営業時間」と送ってください。',
        },
        { type: 'sticker', packageId: '446', stickerId: '1988' },
      ],
      unblockMessages: [{ type: 'text', text: 'おかえりなさい！またよろしくお願いします。' }],
    },
  });
}
