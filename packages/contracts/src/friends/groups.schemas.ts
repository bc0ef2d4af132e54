import { z } from 'zod';
import { idParamSchema, idSchema } from '../common/ids.ts';
import { messageDeliverySchema, messageSourceSchema } from './friends.schemas.ts';
import {
  conversationStatusSchema,
  inboxFilterSchema,
  updateConversationBodySchema,
} from './inbox.schemas.ts';

export const groupChatMessages = {
  notFound: 'Group or room not found',
  left: 'The account has left this group or room: nothing can be sent to it',
  cursor: 'cursor must be the nextCursor of the previous page',
  limit: 'limit must be an integer from 1 to 100',
} as const;

/** A LINE group (グループ) or a multi-person chat (トークルーム). */
export const groupChatKindSchema = z.enum(['group', 'room']);
export type GroupChatKind = z.infer<typeof groupChatKindSchema>;

const pageQuery = {
  limit: z
    .string({ error: groupChatMessages.limit })
    .regex(/^\d{1,3}$/, groupChatMessages.limit)
    .transform(Number)
    .refine((n) => n >= 1 && n <= 100, groupChatMessages.limit)
    .default(30),
};

/**
 * The inbox's groups and rooms, newest first (keyset: `cursor` is the previous page's nextCursor); the
 * inbox's filters: 要対応, 未読, assigned to me.
 */
export const groupChatListQuerySchema = z.object({
  filter: inboxFilterSchema.default('all'),
  cursor: z
    .string({ error: groupChatMessages.cursor })
    .regex(/^\d{13}_\d{1,10}$/, groupChatMessages.cursor)
    .optional(),
  ...pageQuery,
});

/** One group or room of the inbox: its own conversation, never a friend's. */
export const groupChatSchema = z.object({
  id: idSchema,
  lineAccountId: idSchema,
  kind: groupChatKindSchema,
  /** The group's name from LINE (a room has none: ''). */
  name: z.string(),
  pictureUrl: z.string().nullable(),
  /** The account left the group (or was removed): nothing can be sent to it. */
  leftAt: z.string().nullable(),
  /** Members LINE told of who have not left. */
  memberCount: z.number().int(),
  lastMessageAt: z.string(),
  lastMessagePreview: z.string(),
  lastMessageSource: messageSourceSchema,
  unreadCount: z.number().int(),
  status: conversationStatusSchema,
  /** The user of the client who answers this group (担当者), or nobody: as a friend's conversation. */
  assigneeUserId: idSchema.nullable(),
  assigneeName: z.string().nullable(),
});
export type GroupChat = z.infer<typeof groupChatSchema>;

export const groupChatPageSchema = z.object({
  data: z.array(groupChatSchema),
  nextCursor: z.string().nullable(),
});

export const groupChatMemberSchema = z.object({
  lineUserId: z.string(),
  /** From LINE's group / room member profile ('' when LINE gave none). */
  displayName: z.string(),
  pictureUrl: z.string().nullable(),
  joinedAt: z.string().nullable(),
  /** The member left (memberLeft): listed, marked as gone. */
  leftAt: z.string().nullable(),
  /** The member is also a friend of the account (1:1 chat): that friend's id. */
  friendId: idSchema.nullable(),
});

export const groupChatDetailSchema = groupChatSchema.extend({
  joinedAt: z.string().nullable(),
  members: z.array(groupChatMemberSchema),
});
export type GroupChatDetail = z.infer<typeof groupChatDetailSchema>;

/** A message in a group or room, with its sender (a member; null: the account's own). */
export const groupChatMessageSchema = z.object({
  id: idSchema,
  groupId: idSchema,
  type: z.string(),
  contents: z.string(),
  source: messageSourceSchema,
  sender: z.object({ lineUserId: z.string(), displayName: z.string() }).nullable(),
  delivery: messageDeliverySchema,
  deliveryError: z.string().nullable(),
  timestamp: z.string(),
  unsentAt: z.string().nullable(),
  sticker: z.object({ packageId: z.string(), stickerId: z.string() }).nullable(),
});
export type GroupChatMessage = z.infer<typeof groupChatMessageSchema>;

/**
 * 要対応 / 対応済み and/or who answers a group or room (null: nobody): the same body as a friend's
 * conversation.
 */
export const updateGroupChatBodySchema = updateConversationBodySchema;
export type UpdateGroupChatBody = z.input<typeof updateGroupChatBodySchema>;

/** The newest messages of a group (newest first), `limit` of them. */
export const groupChatMessagesQuerySchema = z.object(pageQuery);
export const groupChatMessagesSchema = z.object({ data: z.array(groupChatMessageSchema) });

export const groupChatParamsSchema = z.object({
  lineAccountId: idParamSchema,
  groupId: idParamSchema,
});
