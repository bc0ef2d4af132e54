import { z } from 'zod';
import { idParamSchema, idQueryParam, idSchema } from '../common/ids.ts';
import { friendMemberSchema, friendStaffSchema, messageSourceSchema } from './friends.schemas.ts';

export const inboxMessages = {
  filter: 'filter must be one of all, needsReply, unread, mine',
  cursor: 'cursor must be the nextCursor of the previous page',
  limit: 'limit must be an integer from 1 to 100',
  search: 'search cannot exceed 100 characters',
  status: 'status must be NEEDS_REPLY or DONE',
  assignee: 'The assignee must be a user of this client',
  assigneeId: 'assigneeUserId must be a positive integer or null',
  nothingToChange: 'Give a status or an assigneeUserId',
  notFound: 'Conversation not found',
} as const;

/** 要対応 (the friend waits for an answer) or 対応済み. */
export const conversationStatusSchema = z.enum(['NEEDS_REPLY', 'DONE'], { error: inboxMessages.status });
export type ConversationStatus = z.infer<typeof conversationStatusSchema>;

export const inboxFilterSchema = z.enum(['all', 'needsReply', 'unread', 'mine'], {
  error: inboxMessages.filter,
});
export type InboxFilter = z.infer<typeof inboxFilterSchema>;

/** A page of the inbox: newest conversation first, the next page after `cursor` (keyset). */
export const inboxQuerySchema = z.object({
  filter: inboxFilterSchema.default('all'),
  search: z.string().trim().max(100, inboxMessages.search).optional(),
  cursor: z
    .string({ error: inboxMessages.cursor })
    .regex(/^\d{13}_\d{1,10}$/, inboxMessages.cursor)
    .optional(),
  limit: z
    .string({ error: inboxMessages.limit })
    .regex(/^\d{1,3}$/, inboxMessages.limit)
    .transform(Number)
    .refine((n) => n >= 1 && n <= 100, inboxMessages.limit)
    .default(30),
});
export type InboxQuery = z.input<typeof inboxQuerySchema>;

/** One conversation of the inbox: the friend, the last message, unread count and handling. */
export const conversationSchema = z.object({
  friendId: idSchema,
  lineAccountId: idSchema,
  /** The friend's LINE name, or a fallback (LINE gave no profile) the web shows in words. */
  displayName: z.string(),
  pictureUrl: z.string().nullable(),
  /** false: blocked or never followed (followedAt null: only messaged). */
  isFriend: z.boolean(),
  followedAt: z.string().nullable(),
  lastMessageAt: z.string(),
  lastMessagePreview: z.string(),
  lastMessageSource: messageSourceSchema,
  unreadCount: z.number().int(),
  status: conversationStatusSchema,
  assigneeUserId: idSchema.nullable(),
  assigneeName: z.string().nullable(),
});
export type Conversation = z.infer<typeof conversationSchema>;

export const inboxPageSchema = z.object({
  data: z.array(conversationSchema),
  /** Give it back as `cursor` for the next page; null on the last page. */
  nextCursor: z.string().nullable(),
});
export type InboxPage = z.infer<typeof inboxPageSchema>;

/** The conversation's side panel: the friend's notes, member card and shift staff status. */
export const conversationDetailSchema = conversationSchema.extend({
  /** The status message of the friend's LINE profile, as last fetched. */
  statusMessage: z.string().nullable(),
  managerNotes: z.string().nullable(),
  member: friendMemberSchema.nullable(),
  staff: friendStaffSchema.nullable(),
});
export type ConversationDetail = z.infer<typeof conversationDetailSchema>;

export const conversationParamsSchema = z.object({
  lineAccountId: idParamSchema,
  friendId: idParamSchema,
});

/** PATCH a conversation: 要対応 / 対応済み, and/or who answers it (null: nobody). */
export const updateConversationBodySchema = z
  .object({
    status: conversationStatusSchema.optional(),
    assigneeUserId: z
      .number({ error: inboxMessages.assigneeId })
      .int(inboxMessages.assigneeId)
      .positive(inboxMessages.assigneeId)
      .nullable()
      .optional(),
  })
  .refine((b) => b.status !== undefined || b.assigneeUserId !== undefined, inboxMessages.nothingToChange);
export type UpdateConversationBody = z.input<typeof updateConversationBodySchema>;

/** The users of the client a conversation may be assigned to. */
export const inboxAssigneeSchema = z.object({ id: idSchema, name: z.string() });
export const inboxAssigneesSchema = z.object({ data: z.array(inboxAssigneeSchema) });

/**
 * The menu's badge: unread messages over the client's LINE accounts (or one, when named), one-to-one
 * conversations and groups and rooms together; `friends` and `groups` are the two parts.
 */
export const inboxUnreadQuerySchema = z.object({ lineAccountId: idQueryParam().optional() });
export const inboxUnreadSchema = z.object({
  unread: z.number().int(),
  friends: z.number().int(),
  groups: z.number().int(),
});
