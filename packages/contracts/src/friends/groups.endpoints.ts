import { allow, defineEndpoint } from '../common/endpoint.ts';
import { CLIENT_PREFIX } from '../area-prefixes.ts';
import { lineAccountParamsSchema } from '../line-accounts/line-accounts.schemas.ts';
import { sendMessageBodySchema } from './friends.schemas.ts';
import {
  groupChatDetailSchema,
  groupChatListQuerySchema,
  groupChatMessageSchema,
  groupChatMessagesQuerySchema,
  groupChatMessagesSchema,
  groupChatPageSchema,
  groupChatParamsSchema,
  updateGroupChatBodySchema,
} from './groups.schemas.ts';

const tags = ['inbox'];
const base = `${CLIENT_PREFIX}/line-account/:lineAccountId/inbox-groups`;

/** The チャット inbox's groups and rooms (decision 0052-groups-and-rooms): their own threads and members. */
export const groupChatEndpoints = {
  list: defineEndpoint({
    method: 'GET',
    path: base,
    summary:
      'Groups and rooms the LINE account is in, newest message first (keyset paged, the inbox filters)',
    tags,
    access: allow('client.read'),
    clientScoped: true,
    params: lineAccountParamsSchema,
    query: groupChatListQuerySchema,
    responses: { 200: groupChatPageSchema },
  }),
  get: defineEndpoint({
    method: 'GET',
    path: `${base}/:groupId`,
    summary: 'One group or room with its members (who joined and left, names from LINE)',
    tags,
    access: allow('client.read'),
    clientScoped: true,
    params: groupChatParamsSchema,
    responses: { 200: groupChatDetailSchema },
  }),
  markRead: defineEndpoint({
    method: 'POST',
    path: `${base}/:groupId/read`,
    summary: 'The owner opened the group or room: unread count 0',
    tags,
    access: allow('client.read'),
    clientScoped: true,
    params: groupChatParamsSchema,
    responses: { 200: groupChatDetailSchema },
  }),
  update: defineEndpoint({
    method: 'PATCH',
    path: `${base}/:groupId`,
    summary: '要対応 / 対応済み and the assignee (担当者) of a group or room',
    tags,
    access: allow('client.work'),
    clientScoped: true,
    params: groupChatParamsSchema,
    body: updateGroupChatBodySchema,
    responses: { 200: groupChatDetailSchema },
  }),
  listMessages: defineEndpoint({
    method: 'GET',
    path: `${base}/:groupId/messages`,
    summary: "The group's newest messages with their senders, newest first",
    tags,
    access: allow('client.read'),
    clientScoped: true,
    params: groupChatParamsSchema,
    query: groupChatMessagesQuerySchema,
    responses: { 200: groupChatMessagesSchema },
  }),
  sendMessage: defineEndpoint({
    method: 'POST',
    path: `${base}/:groupId/messages`,
    summary:
      "Answer in the group or room (a reply with a member's fresh reply token, else a push to the group)",
    tags,
    access: allow('client.work'),
    clientScoped: true,
    params: groupChatParamsSchema,
    body: sendMessageBodySchema,
    responses: { 201: groupChatMessageSchema },
  }),
} as const;
