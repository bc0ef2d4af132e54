import { z } from 'zod';
import { allow, defineEndpoint } from '../common/endpoint.ts';
import { estimablePageSchema, pageSchema } from '../common/pagination.ts';
import { lineAccountParamsSchema } from '../line-accounts/line-accounts.schemas.ts';
import {
  friendManagerNoteBodySchema,
  friendParamsSchema,
  friendSchema,
  listFriendsQuerySchema,
  listMessagesQuerySchema,
  messageContentParamsSchema,
  messageSchema,
  searchFriendsBodySchema,
  sendMessageBodySchema,
} from './friends.schemas.ts';
import { CLIENT_PREFIX } from '../area-prefixes.ts';

const tags = ['friends'];

/** Friends of a LINE account, their manager notes and one-to-one messages (client area). */
export const friendEndpoints = {
  list: defineEndpoint({
    method: 'GET',
    path: `${CLIENT_PREFIX}/line-account/:lineAccountId/friends`,
    summary: 'Friends of a LINE account, newest first (paged)',
    tags,
    access: allow('client.read'),
    clientScoped: true,
    params: lineAccountParamsSchema,
    query: listFriendsQuerySchema,
    responses: { 200: estimablePageSchema(friendSchema) },
  }),
  get: defineEndpoint({
    method: 'GET',
    path: `${CLIENT_PREFIX}/line-account/:lineAccountId/friends/:friendId`,
    summary: 'One friend (drawer)',
    tags,
    access: allow('client.read'),
    clientScoped: true,
    params: friendParamsSchema,
    responses: { 200: friendSchema },
  }),
  refreshProfile: defineEndpoint({
    method: 'POST',
    path: `${CLIENT_PREFIX}/line-account/:lineAccountId/friends/:friendId/profile`,
    summary:
      "Ask LINE for the friend's profile again (display name, picture, status message) and store it; " +
      'a user who blocked the account or never followed it has none (422)',
    tags,
    access: allow('client.work'),
    clientScoped: true,
    params: friendParamsSchema,
    responses: { 200: friendSchema },
  }),
  setManagerNote: defineEndpoint({
    method: 'POST',
    path: `${CLIENT_PREFIX}/line-account/:lineAccountId/friend-manager-note`,
    summary: "Set a friend's manager notes",
    tags,
    access: allow('client.work'),
    clientScoped: true,
    params: lineAccountParamsSchema,
    body: friendManagerNoteBodySchema,
    responses: { 200: friendSchema },
  }),
  listMessages: defineEndpoint({
    method: 'GET',
    path: `${CLIENT_PREFIX}/line-account/:lineAccountId/friends/:friendId/messages`,
    summary: 'Message history with a friend, newest first (paged)',
    tags,
    access: allow('client.read'),
    clientScoped: true,
    params: friendParamsSchema,
    query: listMessagesQuerySchema,
    responses: { 200: pageSchema(messageSchema) },
  }),
  sendMessage: defineEndpoint({
    method: 'POST',
    path: `${CLIENT_PREFIX}/line-account/:lineAccountId/friends/:friendId/messages`,
    summary: 'Send a text message to a friend (stored, then delivered by the outbox)',
    tags,
    access: allow('client.work'),
    clientScoped: true,
    params: friendParamsSchema,
    body: sendMessageBodySchema,
    responses: { 201: messageSchema },
  }),
  messageContent: defineEndpoint({
    method: 'GET',
    path: `${CLIENT_PREFIX}/line-account/:lineAccountId/friends/:friendId/messages/:messageId/:variant`,
    summary:
      "The content (or LINE's preview) of an image, video, audio or file the friend sent, as fetched from LINE",
    tags,
    access: allow('client.read'),
    clientScoped: true,
    params: messageContentParamsSchema,
    produces: ['image/*', 'video/*', 'audio/*', 'application/octet-stream'],
    responses: { 200: z.any() },
  }),
  search: defineEndpoint({
    method: 'POST',
    path: '/search/api/v1/client/line-account/:lineAccountId/list/friends',
    summary: 'Friend search (segment): service users, non-members, member code range, AND/OR',
    tags: ['search', ...tags],
    access: allow('client.read'),
    clientScoped: true,
    params: lineAccountParamsSchema,
    body: searchFriendsBodySchema,
    responses: { 200: estimablePageSchema(friendSchema) },
  }),
} as const;
