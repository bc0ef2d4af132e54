import { z } from 'zod';

/**
 * LINE's limits a card-type message (カードタイプメッセージ) is held to. The card is ours (a form, never raw
 * JSON); the server turns it into a Flex carousel (apps/api deliveries/line-messages.ts).
 */
export const cardLimits = {
  /** LINE lets a carousel hold 12 bubbles; LINE Official Account Manager's card-type message 10. */
  cards: 10,
  /** Buttons under a card (LINE Official Account Manager offers 2; a Flex footer takes more). */
  actions: 3,
  title: 40,
  text: 160,
  /** A Flex message's altText (what the notification and the chat list show). */
  altText: 400,
  /** An action's label (LINE: 20 characters for buttons that must read the same on every device). */
  label: 20,
  /** A message action's text. */
  actionText: 300,
  /** A uri action's link and an image's URL. */
  uri: 1000,
  imageUrl: 2000,
  price: 99_999_999,
} as const;

export const cardMessages = {
  cardsCount: `A card-type message has 1 to ${cardLimits.cards} cards`,
  actionsCount: `A card has at most ${cardLimits.actions} buttons`,
  titleRequired: 'Card title is required',
  titleMax: `Card title cannot exceed ${cardLimits.title} characters`,
  textMax: `Card text cannot exceed ${cardLimits.text} characters`,
  altTextRequired: 'The notification text (altText) is required',
  altTextMax: `The notification text (altText) cannot exceed ${cardLimits.altText} characters`,
  labelRequired: 'Button label is required',
  labelMax: `Button label cannot exceed ${cardLimits.label} characters`,
  actionTextRequired: 'The text a button sends is required',
  actionTextMax: `The text a button sends cannot exceed ${cardLimits.actionText} characters`,
  uri: `A button's link must be an http(s), line: or tel: URL of at most ${cardLimits.uri} characters`,
  imageUrl: `A card's image must be an https URL of at most ${cardLimits.imageUrl} characters`,
  price: `Price must be a whole number of yen from 0 to ${cardLimits.price}`,
  actionType: 'A button opens a link (uri) or sends a text (message)',
} as const;

const trimmedMax = (required: string, maxText: string, max: number) =>
  z
    .string({ error: required })
    .trim()
    .min(1, required)
    .refine((s) => s.length <= max, maxText);

const linkPattern = /^(https?:\/\/[^\s]+|line:\/\/[^\s]+|tel:[0-9+\-()]+)$/;

export const cardActionSchema = z.discriminatedUnion(
  'type',
  [
    z.object({
      type: z.literal('uri'),
      label: trimmedMax(cardMessages.labelRequired, cardMessages.labelMax, cardLimits.label),
      uri: z
        .string({ error: cardMessages.uri })
        .trim()
        .max(cardLimits.uri, cardMessages.uri)
        .regex(linkPattern, cardMessages.uri),
    }),
    z.object({
      type: z.literal('message'),
      label: trimmedMax(cardMessages.labelRequired, cardMessages.labelMax, cardLimits.label),
      text: trimmedMax(cardMessages.actionTextRequired, cardMessages.actionTextMax, cardLimits.actionText),
    }),
  ],
  { error: cardMessages.actionType },
);
export type CardAction = z.infer<typeof cardActionSchema>;

export const cardSchema = z.object({
  /** An https image (LINE fetches it); null: a card without a picture. */
  imageUrl: z
    .string({ error: cardMessages.imageUrl })
    .trim()
    .max(cardLimits.imageUrl, cardMessages.imageUrl)
    .regex(/^https:\/\/[^\s]+$/, cardMessages.imageUrl)
    .nullable()
    .default(null),
  title: trimmedMax(cardMessages.titleRequired, cardMessages.titleMax, cardLimits.title),
  text: z
    .string({ error: cardMessages.textMax })
    .trim()
    .max(cardLimits.text, cardMessages.textMax)
    .default(''),
  /** Yen, shown as ¥1,200; null: no price. */
  price: z
    .number({ error: cardMessages.price })
    .int(cardMessages.price)
    .min(0, cardMessages.price)
    .max(cardLimits.price, cardMessages.price)
    .nullable()
    .default(null),
  actions: z
    .array(cardActionSchema, { error: cardMessages.actionsCount })
    .max(cardLimits.actions, cardMessages.actionsCount)
    .default([]),
});
export type Card = z.output<typeof cardSchema>;

/** A card-type message: a carousel of 1 to 10 cards, sent to LINE as a Flex carousel. */
export const deliveryCardsSchema = z.object({
  type: z.literal('cards'),
  altText: trimmedMax(cardMessages.altTextRequired, cardMessages.altTextMax, cardLimits.altText),
  cards: z
    .array(cardSchema, { error: cardMessages.cardsCount })
    .min(1, cardMessages.cardsCount)
    .max(cardLimits.cards, cardMessages.cardsCount),
});
export type DeliveryCards = z.output<typeof deliveryCardsSchema>;
