import type { DeliveryMessage } from '@app/contracts';
import type { messagingApi } from '@line/bot-sdk';
import type { Db } from '../../db/client.ts';

export type LineMessage = messagingApi.Message;

/**
 * Stored messages (the deliveries contracts' `deliveryMessageSchema`) as LINE messages, for every sender
 * (deliveries, greetings, keyword replies). `db` and `lineAccountId` are there for kinds that need the
 * account's files (images), `friendName` for the friend-name placeholder of a message sent to one friend.
 * This slice knows text and sticker.
 */
export async function toLineMessages(input: {
  db: Db;
  lineAccountId: number;
  messages: DeliveryMessage[];
  friendName?: string;
}): Promise<LineMessage[]> {
  return Promise.resolve(
    input.messages.map((m): LineMessage =>
      m.type === 'text'
        ? { type: 'text', text: m.text }
        : { type: 'sticker', packageId: m.packageId, stickerId: m.stickerId },
    ),
  );
}
