import {
  deliveryMessages,
  fillFriendName,
  type Card,
  type CardAction,
  type DeliveryCards,
  type DeliveryMessage,
} from '@app/contracts';
import type { messagingApi } from '@line/bot-sdk';
import type { Config } from '../../config/env.ts';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../platform/errors.ts';
import { LineError, lineGatewayFor, type LineChannel } from '../../platform/line/line-gateway.ts';
import { lineFailure } from '../line-accounts/index.ts';
import { imageConverter } from './delivery-images.ts';
import { couponToFlex } from './coupon-message.ts';
import { NAMELESS_FRIEND } from './deliveries.personal.ts';

/** A message object as LINE takes it (push, multicast, broadcast, reply). */
export type LineMessage = messagingApi.Message;

const yen = (price: number) => `¥${price.toLocaleString('ja-JP')}`;

const lineAction = (action: CardAction): messagingApi.Action =>
  action.type === 'uri'
    ? { type: 'uri', label: action.label, uri: action.uri }
    : { type: 'message', label: action.label, text: action.text };

/** One card as a Flex bubble: the image on top, title, price and text, the buttons in the footer. */
function cardBubble(card: Card): messagingApi.FlexBubble {
  const body: messagingApi.FlexComponent[] = [
    { type: 'text', text: card.title, weight: 'bold', size: 'lg', wrap: true },
  ];
  if (card.price !== null) {
    body.push({ type: 'text', text: yen(card.price), weight: 'bold', size: 'md', color: '#111111' });
  }
  if (card.text) body.push({ type: 'text', text: card.text, size: 'sm', color: '#555555', wrap: true });
  return {
    type: 'bubble',
    size: 'kilo',
    ...(card.imageUrl
      ? {
          hero: {
            type: 'image',
            url: card.imageUrl,
            size: 'full',
            aspectRatio: '20:13',
            aspectMode: 'cover',
          },
        }
      : {}),
    body: { type: 'box', layout: 'vertical', spacing: 'sm', contents: body },
    ...(card.actions.length
      ? {
          footer: {
            type: 'box',
            layout: 'vertical',
            spacing: 'sm',
            contents: card.actions.map((action, index): messagingApi.FlexButton => ({
              type: 'button',
              style: index === 0 ? 'primary' : 'secondary',
              height: 'sm',
              action: lineAction(action),
            })),
          },
        }
      : {}),
  };
}

/** A card-type message as LINE's Flex carousel (one bubble per card). */
export function cardsToFlex(message: DeliveryCards): messagingApi.FlexMessage {
  return {
    type: 'flex',
    altText: message.altText,
    contents: { type: 'carousel', contents: message.cards.map(cardBubble) },
  };
}

/**
 * The stored messages of a delivery (or a greeting, an auto-reply) as LINE's message objects. The account
 * and the database are for what a message refers to (uploaded images served at our public URL); friendName
 * fills the friend-name placeholder of a text (a push per friend, decision 0040); without it the text goes
 * as it is (LINE's validate endpoint, which only checks the shape). `appUrl` (APP_URL) is where LINE
 * fetches uploaded images (image and rich messages, decision 0039); a key that is not an upload of the
 * account is a 400.
 */
export async function toLineMessages(input: {
  db: Db;
  lineAccountId: number;
  messages: readonly DeliveryMessage[];
  friendName?: string;
  appUrl?: string;
}): Promise<LineMessage[]> {
  const images = await imageConverter(input);
  return Promise.all(
    input.messages.map(async (m): Promise<LineMessage> => {
      switch (m.type) {
        case 'text':
          return {
            type: 'text',
            // a friend LINE gave no name to is called お客様, as in a personalised delivery
            text:
              input.friendName === undefined
                ? m.text
                : fillFriendName(m.text, input.friendName || NAMELESS_FRIEND),
          };
        case 'sticker':
          return { type: 'sticker', packageId: m.packageId, stickerId: m.stickerId };
        case 'cards':
          return cardsToFlex(m);
        case 'image':
        case 'imagemap':
          return images(m);
        // issue 33: a member-card coupon (coupon-message.ts)
        case 'coupon':
          return couponToFlex(input.db, input.lineAccountId, m);
      }
    }),
  );
}

/** LINE's details ({ message, property: "messages[0].contents..." }) as our field errors (messages.0...). */
function lineDetails(error: LineError): { path: string; message: string }[] {
  try {
    const parsed = JSON.parse(error.body) as { details?: { message?: unknown; property?: unknown }[] };
    return (parsed.details ?? []).flatMap((d) =>
      typeof d.message === 'string'
        ? [
            {
              path: typeof d.property === 'string' ? d.property.replace(/\[(\d+)\]/g, '.$1') : 'messages',
              message: d.message,
            },
          ]
        : [],
    );
  } catch {
    return [];
  }
}

/**
 * Before a delivery is saved, LINE's validate endpoint for the kind of send (broadcast for all friends,
 * multicast otherwise): it sees what our schema cannot (the size of a Flex carousel's JSON). LINE's refusal is a 422
 * with LINE's reason in words and its details as field errors; LINE unreachable is a 503, nothing saved.
 */
export async function validateWithLine(input: {
  db: Db;
  config: Config;
  channel: LineChannel;
  lineAccountId: number;
  kind: 'push' | 'reply' | 'multicast' | 'narrowcast' | 'broadcast';
  messages: readonly DeliveryMessage[];
}): Promise<void> {
  const lineMessages = await toLineMessages({ ...input, appUrl: input.config.appUrl });
  try {
    await lineGatewayFor(input.config).validateMessages(input.channel, input.kind, lineMessages);
  } catch (error) {
    if (error instanceof LineError && error.status === 400) {
      const text = deliveryMessages.lineRefused(error.reason);
      const details = lineDetails(error);
      throw new AppError(
        'UNPROCESSABLE',
        text,
        details.length ? details : [{ path: 'messages', message: text }],
      );
    }
    throw lineFailure(error, deliveryMessages.accountInactive);
  }
}
