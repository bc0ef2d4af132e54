import { z } from 'zod';
import { dateStringSchema } from '../common/dates.ts';
import { idParamSchema, idSchema } from '../common/ids.ts';
import { paginationQuerySchema } from '../common/pagination.ts';
import { lineAccountParamsSchema } from '../line-accounts/line-accounts.schemas.ts';
import { searchFriendsFilterSchema } from '../friends/friends.schemas.ts';
import { deliveryCardsSchema } from './delivery-cards.schemas.ts';
import { deliveryImageSchema, deliveryImagemapSchema } from './delivery-images.schemas.ts';
import { isSendableSticker } from './stickers.ts';
import { deliveryCouponSchema } from '../members/coupons.schemas.ts';

export const deliveryMessages = {
  notFound: 'Delivery not found',
  segmentNotFound: 'Segment not found',
  segmentInUse:
    'This segment is a condition of scenario steps or rich menu rules (listed in errors): take it out of them before deleting it',
  titleRequired: 'Title is required',
  titleMax: 'Title cannot exceed 100 characters',
  segmentNameRequired: 'Segment name is required',
  segmentNameMax: 'Segment name cannot exceed 50 characters',
  messagesCount: 'A delivery has 1 to 5 messages',
  textRequired: 'Message text is required',
  textMax: 'Message text cannot exceed 5000 characters',
  stickerId: 'packageId and stickerId must be numeric strings',
  messageType: 'type must be text, sticker, cards, image, imagemap or coupon',
  stickerNotSendable: 'This sticker is not one of the packages LINE lets an account send',
  audience:
    'audience must be ALL, SEGMENT (with segmentId), FRIENDS (with friendIds) or CONDITIONS (with conditions)',
  friendIds: 'friendIds must be a list of 1 to 1000 friend ids',
  scheduledAtPast: 'The scheduled time must be in the future',
  scheduledAtFar: 'The scheduled time must be within a year',
  notEditable: 'Only a draft or a scheduled delivery can be changed',
  notCancellable: 'Only a scheduled delivery can be cancelled',
  notDeletable: 'Only a draft can be deleted',
  sendForbidden: 'Only an owner or a manager can send or schedule a delivery',
  noRecipients: 'No friend would receive this delivery',
  /** The refusal when the month's quota cannot take the delivery (count and remaining filled in). */
  overQuota: (count: number, remaining: number) =>
    `This delivery needs ${count} messages but only ${remaining} remain in this month's quota`,
  accountInactive: 'The LINE account is not active',
  /** LINE's validate endpoint refused the messages; its reason (LINE's details) in words. */
  lineRefused: (reason: string) => `LINE would not accept these messages: ${reason}`,
  quotaSpent: "Nothing remains of this month's quota",
  linkNotFound: 'Link not found',
  testRecipientMissing: 'Link a friend as your own LINE (me) before a test send',
  testRecipientNotFriend: 'This friend is not a friend of the account or has blocked it',
} as const;

export const messageDeliveryStatuses = [
  'DRAFT',
  'SCHEDULED',
  'SENDING',
  'SENT',
  'PARTLY_FAILED',
  'FAILED',
  'CANCELLED',
] as const;
export type MessageDeliveryStatus = (typeof messageDeliveryStatuses)[number];

/** A LINE text message; `{name}` is the friend's name, sent by one push per friend (decision 0040). */
export const deliveryTextSchema = z.object({
  type: z.literal('text'),
  text: z
    .string({ error: deliveryMessages.textRequired })
    .refine((s) => s.trim().length > 0, deliveryMessages.textRequired)
    .refine((s) => s.length <= 5000, deliveryMessages.textMax),
});
const numericId = z
  .string({ error: deliveryMessages.stickerId })
  .regex(/^\d{1,20}$/, deliveryMessages.stickerId);
/** A LINE sticker of the packages bots may send. */
export const deliveryStickerSchema = z
  .object({
    type: z.literal('sticker'),
    packageId: numericId,
    stickerId: numericId,
  })
  .refine((s) => isSendableSticker(s.packageId, s.stickerId), {
    message: deliveryMessages.stickerNotSendable,
    path: ['stickerId'],
  });
export const deliveryMessageSchema = z.discriminatedUnion(
  'type',
  [
    deliveryTextSchema,
    deliveryStickerSchema,
    deliveryCardsSchema,
    // image messages and rich messages (decision 0039)
    deliveryImageSchema,
    deliveryImagemapSchema,
    // issue 33: a coupon of the member card (members' coupons.schemas.ts)
    deliveryCouponSchema,
  ],
  { error: deliveryMessages.messageType },
);
/** A stored message (what the API answers); DeliveryMessageInput: what a request may leave to defaults. */
export type DeliveryMessage = z.output<typeof deliveryMessageSchema>;
export type DeliveryMessageInput = z.input<typeof deliveryMessageSchema>;

/** The friends page's segment conditions, without its paging. */
export const segmentConditionsSchema = searchFriendsFilterSchema.omit({
  page: true,
  limit: true,
  isFriend: true,
});
export type SegmentConditions = z.output<typeof segmentConditionsSchema>;

/**
 * ALL: every friend (LINE's broadcast); SEGMENT: a saved segment; FRIENDS: friends picked by hand;
 * CONDITIONS: the friends page's conditions as they are, unsaved (配信する from the segment builder), kept
 * with the delivery itself, so a later change of the page or of a segment changes nothing.
 */
export const deliveryAudienceSchema = z.discriminatedUnion(
  'type',
  [
    z.object({ type: z.literal('ALL') }),
    z.object({ type: z.literal('SEGMENT'), segmentId: idSchema }),
    z.object({
      type: z.literal('FRIENDS'),
      friendIds: z
        .array(idSchema, { error: deliveryMessages.friendIds })
        .min(1, deliveryMessages.friendIds)
        .max(1000, deliveryMessages.friendIds),
    }),
    z.object({ type: z.literal('CONDITIONS'), conditions: segmentConditionsSchema }),
  ],
  { error: deliveryMessages.audience },
);
export type DeliveryAudience = z.infer<typeof deliveryAudienceSchema>;

export const deliveryParamsSchema = lineAccountParamsSchema.extend({ deliveryId: idParamSchema });
export const segmentParamsSchema = lineAccountParamsSchema.extend({ segmentId: idParamSchema });

/** A delivery's content and audience; saved as a draft (or kept as they are while it waits for its time). */
export const deliveryBodySchema = z.object({
  title: z
    .string({ error: deliveryMessages.titleRequired })
    .trim()
    .min(1, deliveryMessages.titleRequired)
    .max(100, deliveryMessages.titleMax),
  messages: z
    .array(deliveryMessageSchema, { error: deliveryMessages.messagesCount })
    .min(1, deliveryMessages.messagesCount)
    .max(5, deliveryMessages.messagesCount),
  audience: deliveryAudienceSchema,
});
export type DeliveryBody = z.input<typeof deliveryBodySchema>;

/** Send now (scheduledAt null or absent) or at a time (an instant; the web sends Japan time, +09:00). */
/**
 * `upToQuota`: when the month's remaining quota cannot take every recipient, send to as many as it can
 * (the first by our order, friend id) instead of refusing; every recipient then goes by multicast.
 */
export const sendDeliveryBodySchema = z
  .object({
    scheduledAt: dateStringSchema.nullable().optional(),
    upToQuota: z.boolean({ error: 'upToQuota must be true or false' }).optional(),
  })
  .nullish()
  .transform((body) => ({ scheduledAt: body?.scheduledAt ?? null, upToQuota: body?.upToQuota ?? false }));
export type SendDeliveryBody = z.input<typeof sendDeliveryBodySchema>;

export const deliveryUserSchema = z.object({ id: idSchema, name: z.string() });

export const deliverySchema = z.object({
  id: idSchema,
  lineAccountId: idSchema,
  title: z.string(),
  status: z.enum(messageDeliveryStatuses),
  messages: z.array(deliveryMessageSchema),
  audience: deliveryAudienceSchema,
  /** The saved segment's name (SEGMENT audiences). */
  segmentName: z.string().nullable(),
  scheduledAt: z.string().nullable(),
  startedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
  /** Friends it was meant for (counted when sending starts), sent to, and failed with LINE's reason. */
  targetCount: z.number().int(),
  /** Sent up to the remaining quota: at most this many recipients (null: every one). */
  recipientLimit: z.number().int().nullable(),
  sentCount: z.number().int(),
  failedCount: z.number().int(),
  failureReason: z.string().nullable(),
  createdBy: deliveryUserSchema.nullable(),
  sentBy: deliveryUserSchema.nullable(),
  /** Taps on its links (a named friend once per link), and the distinct friends known to have tapped. */
  clicks: z.object({ total: z.number().int(), friends: z.number().int() }),
  /** Its links (the target of each tracked redirect) with their taps. */
  links: z.array(z.object({ url: z.string(), clicks: z.number().int(), friends: z.number().int() })),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Delivery = z.infer<typeof deliverySchema>;

/** The friends known to have tapped a delivery's links, the latest first, at most this many in a report. */
export const CLICKED_FRIENDS_SHOWN = 100;

/**
 * One delivery as its report shows it: with the friends who tapped its links (who clicked), named when the
 * link named them (a push to one friend: the friend-name placeholder), the latest tap first.
 */
export const deliveryDetailSchema = deliverySchema.extend({
  clickedFriends: z.array(
    z.object({
      id: idSchema,
      displayName: z.string(),
      /** Distinct links the friend tapped (a friend counts once per link). */
      links: z.number().int(),
      lastClickedAt: z.string(),
    }),
  ),
});
export type DeliveryDetail = z.infer<typeof deliveryDetailSchema>;

export const listDeliveriesQuerySchema = paginationQuerySchema({ defaultLimit: 20 });

/** This month's messages on LINE: limit null when the plan sets none. */
export const deliveryQuotaSchema = z.object({
  limit: z.number().int().nullable(),
  used: z.number().int(),
  remaining: z.number().int().nullable(),
});
export type DeliveryQuota = z.infer<typeof deliveryQuotaSchema>;

export const audienceCountBodySchema = z.object({ audience: deliveryAudienceSchema });
/** Friends who would receive it now (blocked excluded); each counts one message against the quota. */
export const audienceCountSchema = z.object({ count: z.number().int() });

export const segmentBodySchema = z.object({
  name: z
    .string({ error: deliveryMessages.segmentNameRequired })
    .trim()
    .min(1, deliveryMessages.segmentNameRequired)
    .max(50, deliveryMessages.segmentNameMax),
  conditions: segmentConditionsSchema,
});
export type SegmentBody = z.input<typeof segmentBodySchema>;

export const segmentSchema = z.object({
  id: idSchema,
  lineAccountId: idSchema,
  name: z.string(),
  conditions: segmentConditionsSchema,
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Segment = z.infer<typeof segmentSchema>;
export const segmentListSchema = z.object({ data: z.array(segmentSchema) });

/**
 * The public redirect of a tracked link: `<link token>` or `<link token>.<recipient token>`. Any other
 * shape answers 404 like an unknown token (the service checks it), so a probe learns nothing.
 */
export const trackedLinkParamsSchema = z.object({ token: z.string().max(64) });

/** The friend a user has linked as their own LINE on the account ("me"), where test sends go. */
export const testRecipientSchema = z.object({
  friend: z.object({ id: idSchema, displayName: z.string() }).nullable(),
});
export type TestRecipient = z.infer<typeof testRecipientSchema>;
export const testRecipientBodySchema = z.object({ friendId: idSchema });
/** A test send went to one friend, with one push. */
export const testSendResultSchema = z.object({
  friend: z.object({ id: idSchema, displayName: z.string() }),
});
