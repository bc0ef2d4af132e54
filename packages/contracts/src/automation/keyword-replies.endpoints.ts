import { CLIENT_PREFIX } from '../area-prefixes.ts';
import { allow, defineEndpoint } from '../common/endpoint.ts';
import { okBodySchema } from '../common/errors.ts';
import { lineAccountParamsSchema } from '../line-accounts/line-accounts.schemas.ts';
import {
  automationSendListSchema,
  keywordFallbackBodySchema,
  keywordFallbackSchema,
  keywordOrderBodySchema,
  keywordRepliesSchema,
  keywordRuleBodySchema,
  keywordRuleParamsSchema,
  keywordRuleSchema,
  postbackActionBodySchema,
  postbackActionListSchema,
  postbackActionParamsSchema,
  postbackActionSchema,
} from './keyword-replies.schemas.ts';

const tags = ['automation'];
const base = `${CLIENT_PREFIX}/line-account/:lineAccountId`;
const read = { tags, access: allow('client.read'), clientScoped: true } as const;
const manage = { tags, access: allow('client.manage'), clientScoped: true } as const;

/** 応答メッセージ (keyword replies), rich menu postback actions and the log of automated sends. */
export const keywordReplyEndpoints = {
  list: defineEndpoint({
    ...read,
    method: 'GET',
    path: `${base}/keyword-replies`,
    summary: "Keyword reply rules by priority, the fallback reply and the account's response mode",
    params: lineAccountParamsSchema,
    responses: { 200: keywordRepliesSchema },
  }),
  create: defineEndpoint({
    ...manage,
    method: 'POST',
    path: `${base}/keyword-replies`,
    summary: 'Add a keyword reply rule (last in priority)',
    params: lineAccountParamsSchema,
    body: keywordRuleBodySchema,
    responses: { 201: keywordRuleSchema },
  }),
  update: defineEndpoint({
    ...manage,
    method: 'PUT',
    path: `${base}/keyword-replies/:ruleId`,
    summary: 'Change a keyword reply rule',
    params: keywordRuleParamsSchema,
    body: keywordRuleBodySchema,
    responses: { 200: keywordRuleSchema },
  }),
  remove: defineEndpoint({
    ...manage,
    method: 'DELETE',
    path: `${base}/keyword-replies/:ruleId`,
    summary: 'Delete a keyword reply rule',
    params: keywordRuleParamsSchema,
    responses: { 200: okBodySchema },
  }),
  reorder: defineEndpoint({
    ...manage,
    method: 'PUT',
    path: `${base}/keyword-reply-order`,
    summary: 'Set the priority of the rules (every rule id once, first wins)',
    params: lineAccountParamsSchema,
    body: keywordOrderBodySchema,
    responses: { 200: keywordRepliesSchema },
  }),
  setFallback: defineEndpoint({
    ...manage,
    method: 'PUT',
    path: `${base}/keyword-fallback`,
    summary: 'Set the reply sent when no rule matches (optional)',
    params: lineAccountParamsSchema,
    body: keywordFallbackBodySchema,
    responses: { 200: keywordFallbackSchema },
  }),
  listPostbacks: defineEndpoint({
    ...read,
    method: 'GET',
    path: `${base}/postback-actions`,
    summary: 'What rich menu postback areas do (reply and actions)',
    params: lineAccountParamsSchema,
    responses: { 200: postbackActionListSchema },
  }),
  createPostback: defineEndpoint({
    ...manage,
    method: 'POST',
    path: `${base}/postback-actions`,
    summary: 'Add a postback action for rich menu areas',
    params: lineAccountParamsSchema,
    body: postbackActionBodySchema,
    responses: { 201: postbackActionSchema },
  }),
  updatePostback: defineEndpoint({
    ...manage,
    method: 'PUT',
    path: `${base}/postback-actions/:postbackId`,
    summary: 'Change a postback action',
    params: postbackActionParamsSchema,
    body: postbackActionBodySchema,
    responses: { 200: postbackActionSchema },
  }),
  removePostback: defineEndpoint({
    ...manage,
    method: 'DELETE',
    path: `${base}/postback-actions/:postbackId`,
    summary: 'Delete a postback action (areas using it then do nothing)',
    params: postbackActionParamsSchema,
    responses: { 200: okBodySchema },
  }),
  listSends: defineEndpoint({
    ...read,
    method: 'GET',
    path: `${base}/automation-sends`,
    summary: 'The latest automated sends, each a free reply or a paid push',
    params: lineAccountParamsSchema,
    responses: { 200: automationSendListSchema },
  }),
} as const;
