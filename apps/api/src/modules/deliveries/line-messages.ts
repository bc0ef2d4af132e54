import type { DeliveryMessage } from '@app/contracts';
import type { messagingApi } from '@line/bot-sdk';
import type { Db } from '../../db/client.ts';

export type LineMessage = messagingApi.Message;

/**
 * A delivery's messages as LINE takes them. Text and sticker only here: the message kinds (image, Flex,
 * imagemap) come with wt-26b's version of this file, which keeps this signature. Links are rewritten
 * after this (deliveries.links.ts), so every kind's `uri` is tracked.
 */
export async function toLineMessages(input: {
  db: Db;
  lineAccountId: number;
  messages: DeliveryMessage[];
  friendName?: string;
}): Promise<LineMessage[]> {
  return input.messages.map((m) =>
    m.type === 'text'
      ? { type: 'text', text: m.text }
      : { type: 'sticker', packageId: m.packageId, stickerId: m.stickerId },
  );
}
