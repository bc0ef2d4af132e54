import { z } from 'zod';
import { allow, defineEndpoint } from '../common/endpoint.ts';
import { CLIENT_PREFIX } from '../area-prefixes.ts';
import { lineAccountParamsSchema } from '../line-accounts/line-accounts.schemas.ts';
import {
  conversationDetailSchema,
  conversationParamsSchema,
  inboxAssigneesSchema,
  inboxPageSchema,
  inboxQuerySchema,
  inboxUnreadQuerySchema,
  inboxUnreadSchema,
  updateConversationBodySchema,
} from './inbox.schemas.ts';

const tags = ['inbox'];
const base = `${CLIENT_PREFIX}/line-account/:lineAccountId/inbox`;

/** The チャット inbox of a LINE account (client area); messages are read and sent through friendEndpoints. */
export const inboxEndpoints = {
  list: defineEndpoint({
    method: 'GET',
    path: base,
    summary: 'Conversations of a LINE account, newest message first (keyset paged, filters, search)',
    tags,
    access: allow('client.read'),
    clientScoped: true,
    params: lineAccountParamsSchema,
    query: inboxQuerySchema,
    responses: { 200: inboxPageSchema },
  }),
  get: defineEndpoint({
    method: 'GET',
    path: `${base}/:friendId`,
    summary: "One conversation with the friend's notes, member card and shift staff status",
    tags,
    access: allow('client.read'),
    clientScoped: true,
    params: conversationParamsSchema,
    responses: { 200: conversationDetailSchema },
  }),
  markRead: defineEndpoint({
    method: 'POST',
    path: `${base}/:friendId/read`,
    summary:
      'The owner opened the conversation: unread count 0 (and read at LINE in manual mark-as-read mode)',
    tags,
    access: allow('client.read'),
    clientScoped: true,
    params: conversationParamsSchema,
    responses: { 200: conversationDetailSchema },
  }),
  markUnread: defineEndpoint({
    method: 'POST',
    path: `${base}/:friendId/unread`,
    summary:
      '未読にする: the conversation counts as unread again (at least 1) until it is opened or marked read',
    tags,
    access: allow('client.read'),
    clientScoped: true,
    params: conversationParamsSchema,
    responses: { 200: conversationDetailSchema },
  }),
  update: defineEndpoint({
    method: 'PATCH',
    path: `${base}/:friendId`,
    summary: '要対応 / 対応済み and the assignee of a conversation',
    tags,
    access: allow('client.work'),
    clientScoped: true,
    params: conversationParamsSchema,
    body: updateConversationBodySchema,
    responses: { 200: conversationDetailSchema },
  }),
  assignees: defineEndpoint({
    method: 'GET',
    path: `${CLIENT_PREFIX}/line-account/:lineAccountId/inbox-assignees`,
    summary: 'The users of the client a conversation may be assigned to',
    tags,
    access: allow('client.read'),
    clientScoped: true,
    params: lineAccountParamsSchema,
    responses: { 200: inboxAssigneesSchema },
  }),
  stream: defineEndpoint({
    method: 'GET',
    path: `${CLIENT_PREFIX}/line-account/:lineAccountId/inbox-stream`,
    summary:
      'Server-sent events: `inbox` when a conversation or message of the account changed (ask again then); ' +
      'ends after a while, and the browser reconnects',
    tags,
    access: allow('client.read'),
    clientScoped: true,
    params: lineAccountParamsSchema,
    produces: ['text/event-stream'],
    responses: { 200: z.string() },
  }),
  unread: defineEndpoint({
    method: 'GET',
    path: `${CLIENT_PREFIX}/inbox-unread`,
    summary: "Unread messages over the client's LINE accounts (the menu's badge)",
    tags,
    access: allow('client.read'),
    clientScoped: true,
    query: inboxUnreadQuerySchema,
    responses: { 200: inboxUnreadSchema },
  }),
} as const;
