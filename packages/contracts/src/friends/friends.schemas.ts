import { z } from 'zod';
import { idParamSchema, idSchema } from '../common/ids.ts';
import { MAX_LIMIT, paginationMessages, paginationQuerySchema } from '../common/pagination.ts';
import { deliveryImageKeySchema } from '../deliveries/delivery-images.schemas.ts';
import { isSendableSticker } from '../deliveries/stickers.ts';
import { memberConditionSchema, memberValueSchema } from '../members/members.schemas.ts';

export const friendMessages = {
  notFound: 'Friend not found',
  friendId: 'friendId must be a positive integer',
  managerNotesMax: 'Manager notes cannot exceed 1000 characters',
  memberCode: 'memberCode must be an array of exactly 2 strings',
  memberAttributes: 'memberAttributes must be a list of at most 20 attribute conditions',
  hasTags: 'hasTags must be a list of at most 20 tag ids',
  lacksTags: 'lacksTags must be a list of at most 20 tag ids',
  condition: 'condition must be AND or OR',
  memberRanks: 'memberRanks must be a list of 1 to 10 rank names',
  pointsBalance: 'pointsBalance must be {min, max}, whole numbers',
  visitCount: 'visitCount must be {min, max}, whole numbers from 0',
  rangeOrder: 'min must not be greater than max',
  holdsCoupons: 'holdsCoupons must be a list of at most 20 coupon ids',
  inflowRoutes: 'inflowRoutes must be a list of 1 to 20 route ids',
  inScenarios: 'inScenarios must be a list of at most 20 scenario ids',
  finishedScenarios: 'finishedScenarios must be a list of at most 20 scenario ids',
  unknownRank: "Unknown rank: not a rank of this account's member card",
  unknownCoupon: "Unknown coupon: not a coupon of this account's member store",
  unknownRoute: 'Unknown inflow route: not a route of this LINE account',
  unknownScenario: 'Unknown scenario: not a scenario of this LINE account',
  clickedDeliveries: 'clickedDeliveries must be a list of at most 20 delivery ids',
  clickedWithinDays: 'clickedWithinDays must be a whole number of days from 1 to 365',
  unknownDelivery: 'Unknown delivery: not a delivery of this LINE account',
  tappedAreas:
    'tappedAreas must be a list of at most 10 {richMenuId, areaIndex, withinDays} (an area 0-19, 1 to 365 days)',
  unknownRichMenuArea: 'Unknown rich menu area: not an area of a rich menu of this LINE account',
  boolean: 'Must be true or false',
  textRequired: 'Message text is required',
  textMax: 'Message text cannot exceed 5000 characters',
  textOrSticker: 'Send one of a text, a sticker or an image',
  /** An image, video, audio or file whose content is not (or no longer) here. */
  contentNotFound: 'The content of this message is not available',
  contentVariant: 'The variant must be content or preview',
  stickerId: 'packageId and stickerId must be numeric strings',
  stickerNotSendable: 'This sticker is not one of the packages LINE lets an account send',
  /** SPEC.md 8: the text for a friend who blocked the account. */
  notFollowing: 'User blocked or is not following LINE OA.',
} as const;

export const friendParamsSchema = z.object({ lineAccountId: idParamSchema, friendId: idParamSchema });
export type FriendParams = z.input<typeof friendParamsSchema>;

export const friendMemberSchema = z.object({
  id: idSchema,
  status: z.string(),
  memberCode: z.string().nullable(),
  /** The member's attribute values (the segment builder shows them). */
  values: z.array(memberValueSchema),
});
export const friendStaffSchema = z.object({
  id: idSchema,
  status: z.string(),
  managerNotes: z.string().nullable(),
});

/** A friend (友だち) of a LINE account. isFriend false: the user blocked the account. */
export const friendSchema = z.object({
  id: idSchema,
  lineAccountId: idSchema,
  lineUserId: z.string(),
  displayName: z.string(),
  pictureUrl: z.string().nullable(),
  statusMessage: z.string().nullable(),
  isFriend: z.boolean(),
  managerNotes: z.string().nullable(),
  followedAt: z.string().nullable(),
  unfollowedAt: z.string().nullable(),
  createdAt: z.string(),
  /** Set once the member service knows this friend as a member. */
  member: friendMemberSchema.nullable(),
  /** Set once the shift service knows this friend as staff. */
  staff: friendStaffSchema.nullable(),
  /** The tags on this friend, by name. */
  tags: z.array(z.object({ id: idSchema, name: z.string() })),
});
export type Friend = z.infer<typeof friendSchema>;

/** GET /line-account/{lineAccountId}/friends: newest first; search matches the display name. */
export const listFriendsQuerySchema = paginationQuerySchema({ defaultLimit: 20 }).extend({
  search: z.string().trim().max(100).optional(),
  /** true: following now; false: ブロック, followed and then blocked (not a user who only wrote, 未追加). */
  isFriend: z
    .enum(['true', 'false'], { error: friendMessages.boolean })
    .transform((v) => v === 'true')
    .optional(),
});
export type ListFriendsQuery = z.input<typeof listFriendsQuerySchema>;

/** POST /line-account/{lineAccountId}/friend-manager-note {friendId, managerNotes}; null clears it. */
export const friendManagerNoteBodySchema = z.object({
  friendId: z
    .number({ error: friendMessages.friendId })
    .int(friendMessages.friendId)
    .positive(friendMessages.friendId),
  managerNotes: z.string().trim().max(1000, friendMessages.managerNotesMax).nullable(),
});
export type FriendManagerNoteBody = z.input<typeof friendManagerNoteBodySchema>;

const bool = (fallback: boolean) => z.boolean({ error: friendMessages.boolean }).default(fallback);

const tagIdList = (message: string) =>
  z
    .array(z.number({ error: message }).int(message).positive(message), { error: message })
    .max(20, message)
    .optional();

/** A whole-number range {min, max}, either end optional (both included); min > max is refused. */
const countRange = (message: string, floor?: number) => {
  const end = (
    floor === undefined ? z.number({ error: message }) : z.number({ error: message }).min(floor, message)
  )
    .int(message)
    .max(100_000_000, message)
    .optional();
  return z
    .object({ min: end, max: end }, { error: message })
    .refine((r) => r.min === undefined || r.max === undefined || r.min <= r.max, {
      message: friendMessages.rangeOrder,
    })
    .optional();
};

/** The filters of the friend search (a segment's conditions), without the paging. */
export const segmentFilterFields = {
  condition: z.enum(['AND', 'OR'], { error: friendMessages.condition }).default('AND'),
  isShiftServiceUser: bool(true),
  isMemberServiceUser: bool(true),
  includeNonMembers: bool(false),
  /** A member code range [from, to], both inclusive. */
  memberCode: z
    .array(z.string({ error: friendMessages.memberCode }), { error: friendMessages.memberCode })
    .length(2, friendMessages.memberCode)
    .optional(),
  search: z.string().trim().max(100).optional(),
  /** true: following now; false: ブロック, followed and then blocked (not a user who only wrote, 未追加). */
  isFriend: z.boolean({ error: friendMessages.boolean }).optional(),
  /** Member attribute conditions, combined with the other filters by `condition`. */
  memberAttributes: z
    .array(memberConditionSchema, { error: friendMessages.memberAttributes })
    .max(20, friendMessages.memberAttributes)
    .optional(),
  /** Tags the friend carries (each one a condition, combined by `condition`). */
  hasTags: tagIdList(friendMessages.hasTags),
  /** Tags the friend does not carry (each one a condition, combined by `condition`). */
  lacksTags: tagIdList(friendMessages.lacksTags),
  // ---- the member card (members module): each one a condition, combined by `condition` ----
  /** The member holds one of these ranks (by name: a rank's name is unique in its programme). */
  memberRanks: z
    .array(
      z.string({ error: friendMessages.memberRanks }).trim().min(1, friendMessages.memberRanks).max(30),
      {
        error: friendMessages.memberRanks,
      },
    )
    .min(1, friendMessages.memberRanks)
    .max(10, friendMessages.memberRanks)
    .optional(),
  /** The card's point balance lies in [min, max]. */
  pointsBalance: countRange(friendMessages.pointsBalance),
  /** The card's visits (来店回数, net of reversals) lie in [min, max]. */
  visitCount: countRange(friendMessages.visitCount, 0),
  /** The member holds a usable claim (unused, the coupon enabled and valid today in Japan) of each coupon. */
  holdsCoupons: tagIdList(friendMessages.holdsCoupons),
  // ---- inflow (流入経路): one condition ----
  /** A follow (or unblock) of the friend was credited to one of these routes. */
  inflowRoutes: z
    .array(
      z
        .number({ error: friendMessages.inflowRoutes })
        .int(friendMessages.inflowRoutes)
        .positive(friendMessages.inflowRoutes),
      {
        error: friendMessages.inflowRoutes,
      },
    )
    .min(1, friendMessages.inflowRoutes)
    .max(20, friendMessages.inflowRoutes)
    .optional(),
  // ---- scenarios (automation): each one a condition ----
  /** The friend is running through each of these scenarios (enrolled, not finished or stopped). */
  inScenarios: tagIdList(friendMessages.inScenarios),
  /** The friend finished each of these scenarios (its last step done). */
  finishedScenarios: tagIdList(friendMessages.finishedScenarios),
  // ---- tracked links (deliveries): clicks named to a friend only ----
  /** The friend clicked a tracked link of each of these deliveries (any of its links; one condition each). */
  clickedDeliveries: tagIdList(friendMessages.clickedDeliveries),
  /** The friend clicked any tracked link of the account (a delivery's or a scenario step's) in the last N days (one condition). */
  clickedWithinDays: z
    .number({ error: friendMessages.clickedWithinDays })
    .int(friendMessages.clickedWithinDays)
    .min(1, friendMessages.clickedWithinDays)
    .max(365, friendMessages.clickedWithinDays)
    .optional(),
  // ---- rich menu taps (rich-menus): taps named to a friend only ----
  /** The friend tapped this area of this rich menu in the last `withinDays` days (one condition each). */
  tappedAreas: z
    .array(
      z.object(
        {
          richMenuId: z
            .number({ error: friendMessages.tappedAreas })
            .int(friendMessages.tappedAreas)
            .positive(friendMessages.tappedAreas),
          areaIndex: z
            .number({ error: friendMessages.tappedAreas })
            .int(friendMessages.tappedAreas)
            .min(0, friendMessages.tappedAreas)
            .max(19, friendMessages.tappedAreas),
          withinDays: z
            .number({ error: friendMessages.tappedAreas })
            .int(friendMessages.tappedAreas)
            .min(1, friendMessages.tappedAreas)
            .max(365, friendMessages.tappedAreas),
        },
        { error: friendMessages.tappedAreas },
      ),
      { error: friendMessages.tappedAreas },
    )
    .max(10, friendMessages.tappedAreas)
    .optional(),
};

/**
 * POST /search/api/v1/client/line-account/{lineAccountId}/list/friends (SPEC.md 5 defaults).
 * Who is listed: members when isMemberServiceUser, shift staff when isShiftServiceUser, and friends who
 * are neither when includeNonMembers. `condition` combines the filters (search, memberCode range,
 * member attribute conditions).
 */
export const searchFriendsFilterSchema = z.object({
  page: z
    .number({ error: paginationMessages.page })
    .int(paginationMessages.page)
    .positive(paginationMessages.page)
    .default(1),
  limit: z
    .number({ error: paginationMessages.limit })
    .int(paginationMessages.limit)
    .positive(paginationMessages.limit)
    .max(MAX_LIMIT, paginationMessages.limit)
    .default(20),
  ...segmentFilterFields,
});
/** The body may be left out: every field has its default. */
export const searchFriendsBodySchema = searchFriendsFilterSchema
  .nullish()
  .transform((body) => body ?? searchFriendsFilterSchema.parse({}));
export type SearchFriendsBody = z.input<typeof searchFriendsFilterSchema>;
export type SearchFriendsFilter = z.output<typeof searchFriendsFilterSchema>;

export const messageSourceSchema = z.enum(['user', 'system']);
export const messageDeliverySchema = z.enum(['RECEIVED', 'QUEUED', 'SENT', 'FAILED']);

/** A message of a one-to-one chat; contents is the text (a short label for other message types). */
export const messageSchema = z.object({
  id: idSchema,
  friendId: idSchema,
  lineAccountId: idSchema,
  type: z.string(),
  contents: z.string(),
  source: messageSourceSchema,
  delivery: messageDeliverySchema,
  deliveryError: z.string().nullable(),
  sentAt: z.string().nullable(),
  createdAt: z.string(),
  /** When LINE says it was sent (incoming) or when it was written (outgoing): the chat's order. */
  timestamp: z.string(),
  /** The user took the message back (送信が取り消されました): contents is empty. */
  unsentAt: z.string().nullable(),
  /** A message of a delivery (配信) the friend received: which one (decision 0040); null otherwise. */
  fromDelivery: z.object({ id: idSchema, title: z.string() }).nullable(),
  /** A sticker (type sticker, either way): LINE's package and sticker ids, to draw it; null otherwise. */
  sticker: z.object({ packageId: z.string(), stickerId: z.string() }).nullable(),
  /** A location the friend sent: shown as a link to a map. */
  location: z
    .object({
      title: z.string().nullable(),
      address: z.string().nullable(),
      latitude: z.number(),
      longitude: z.number(),
    })
    .nullable(),
  /**
   * An image, video, audio or file (either way): where to show it from and whether it is there. status
   * PENDING: being fetched from LINE; PREPARING: a video or audio LINE is still preparing (準備中); STORED: url (and previewUrl) through the authenticated content
   * route; EXTERNAL: the sender's own URLs; EXPIRED: LINE no longer had it; FAILED: fetching failed.
   */
  media: z
    .object({
      kind: z.enum(['image', 'video', 'audio', 'file']),
      status: z.enum(['PENDING', 'PREPARING', 'STORED', 'EXTERNAL', 'EXPIRED', 'FAILED']),
      url: z.string().nullable(),
      previewUrl: z.string().nullable(),
      fileName: z.string().nullable(),
      size: z.number().int().nullable(),
      durationMs: z.number().int().nullable(),
    })
    .nullable(),
});
export type Message = z.infer<typeof messageSchema>;
export type MessageMediaView = NonNullable<Message['media']>;

export const listMessagesQuerySchema = paginationQuerySchema({ defaultLimit: 20 });

/** POST .../friends/{friendId}/messages {text}: a text message, sent through the outbox. */
const stickerNumber = z
  .string({ error: friendMessages.stickerId })
  .regex(/^\d{1,20}$/, friendMessages.stickerId);

/** A message from the chat: a text, or a sticker of the packages LINE lets an account send. */
export const sendMessageBodySchema = z
  .object({
    text: z
      .string({ error: friendMessages.textRequired })
      .refine((s) => s.trim().length > 0, friendMessages.textRequired)
      .refine((s) => s.length <= 5000, friendMessages.textMax)
      .optional(),
    sticker: z
      .object({ packageId: stickerNumber, stickerId: stickerNumber }, { error: friendMessages.stickerId })
      .refine((s) => isSendableSticker(s.packageId, s.stickerId), {
        message: friendMessages.stickerNotSendable,
        path: ['stickerId'],
      })
      .optional(),
    /** An image uploaded through the delivery image upload (kind image): sent as LINE's image message. */
    imageKey: deliveryImageKeySchema.optional(),
  })
  .refine((b) => b.text !== undefined || b.sticker !== undefined || b.imageKey !== undefined, {
    message: friendMessages.textRequired,
    path: ['text'],
  })
  .refine(
    (b) => [b.text, b.sticker, b.imageKey].filter((part) => part !== undefined).length <= 1,
    friendMessages.textOrSticker,
  );
export type SendMessageBody = z.input<typeof sendMessageBodySchema>;

export const messageContentVariants = ['content', 'preview'] as const;
/** GET .../messages/{messageId}/{variant}: the stored content of a friend's image, video, audio or file. */
export const messageContentParamsSchema = friendParamsSchema.extend({
  messageId: idParamSchema,
  variant: z.enum(messageContentVariants, { error: friendMessages.contentVariant }),
});
