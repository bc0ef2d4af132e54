import { CLIENT_PREFIX } from '../area-prefixes.ts';
import { allow, defineEndpoint } from '../common/endpoint.ts';
import { okBodySchema } from '../common/errors.ts';
import {
  createMessageSettingBodySchema,
  deliveryLogQuerySchema,
  deliveryLogSchema,
  lineMessageTemplateListSchema,
  lineMessageTemplateSchema,
  messageSettingListSchema,
  messageSettingSchema,
  notificationAccountParamsSchema,
  notificationSettingParamsSchema,
  recipientCandidatesSchema,
  toggleTopicBodySchema,
  updateMessageSettingBodySchema,
  updateTemplateBodySchema,
} from './notifications.schemas.ts';

const tags = ['notifications'];
const base = `${CLIENT_PREFIX}/line-account/:lineAccountId/notification`;
const read = { tags, access: allow('client.read'), clientScoped: true } as const;
const manage = { tags, access: allow('client.manage'), clientScoped: true } as const;

/** Notifications of a LINE account (SPEC.md 7). Managers (OWNER, MANAGER) change them; every client user reads. */
export const notificationEndpoints = {
  listTemplates: defineEndpoint({
    ...read,
    method: 'GET',
    path: `${base}/line-message-templates`,
    summary: "The account's template of every topic (the default until one is saved), with its placeholders",
    params: notificationAccountParamsSchema,
    responses: { 200: lineMessageTemplateListSchema },
  }),
  updateTemplate: defineEndpoint({
    ...manage,
    method: 'PUT',
    path: `${base}/line-message-templates`,
    summary: "Save a topic's template (content, isEnable); a placeholder the topic does not know is refused",
    params: notificationAccountParamsSchema,
    body: updateTemplateBodySchema,
    responses: { 200: lineMessageTemplateSchema },
  }),
  toggleTopic: defineEndpoint({
    ...manage,
    method: 'POST',
    path: `${base}/topics/toggle`,
    summary: 'Switch a topic on or off for the account',
    params: notificationAccountParamsSchema,
    body: toggleTopicBodySchema,
    responses: { 200: lineMessageTemplateSchema },
  }),
  listSettings: defineEndpoint({
    ...read,
    method: 'GET',
    path: `${base}/settings`,
    summary: 'Notification groups (message settings): label, recipients, topics',
    params: notificationAccountParamsSchema,
    responses: { 200: messageSettingListSchema },
  }),
  createSetting: defineEndpoint({
    ...manage,
    method: 'POST',
    path: `${base}/settings`,
    summary: "Create a notification group; recipients are the account's friends (managers or shift staff)",
    params: notificationAccountParamsSchema,
    body: createMessageSettingBodySchema,
    responses: { 201: messageSettingSchema },
  }),
  updateSetting: defineEndpoint({
    ...manage,
    method: 'PATCH',
    path: `${base}/settings/:lineMessageSettingId`,
    summary: 'Change a notification group (the fields sent)',
    params: notificationSettingParamsSchema,
    body: updateMessageSettingBodySchema,
    responses: { 200: messageSettingSchema },
  }),
  deleteSetting: defineEndpoint({
    ...manage,
    method: 'DELETE',
    path: `${base}/settings/:lineMessageSettingId`,
    summary: 'Delete a notification group',
    params: notificationSettingParamsSchema,
    responses: { 200: okBodySchema },
  }),
  listRecipients: defineEndpoint({
    ...read,
    method: 'GET',
    path: `${base}/recipients`,
    summary: "Who can be a recipient: the account's following friends, shift staff marked STAFF",
    params: notificationAccountParamsSchema,
    responses: { 200: recipientCandidatesSchema },
  }),
  listDeliveries: defineEndpoint({
    ...read,
    method: 'GET',
    path: `${base}/deliveries`,
    summary: 'The delivery log (newest first): topic, recipient, status, time',
    params: notificationAccountParamsSchema,
    query: deliveryLogQuerySchema,
    responses: { 200: deliveryLogSchema },
  }),
} as const;
