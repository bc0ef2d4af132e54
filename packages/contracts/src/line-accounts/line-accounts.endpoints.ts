import { allow, defineEndpoint, publicAccess } from '../common/endpoint.ts';
import { pageSchema } from '../common/pagination.ts';
import {
  clientIdParamsSchema,
  createLineAccountBodySchema,
  deactivateLineAccountBodySchema,
  lineAccountListItemSchema,
  lineAccountListSchema,
  lineAccountParamsSchema,
  lineAccountSchema,
  lineBasicIdSchema,
  lineWebhookAckSchema,
  lineWebhookParamsSchema,
  masterCreateLineAccountBodySchema,
  masterLineAccountParamsSchema,
  searchLineAccountsQuerySchema,
  updateLineAccountBodySchema,
  webhookSettingsSchema,
  webhookSetupResultSchema,
} from './line-accounts.schemas.ts';
import { CLIENT_PREFIX, MASTER_PREFIX } from '../area-prefixes.ts';

const tags = ['line-accounts'];

/** Client area: the client's own LINE accounts (MASTER with x-client-id; AGENCY reading). */
export const lineAccountEndpoints = {
  list: defineEndpoint({
    method: 'GET',
    path: `${CLIENT_PREFIX}/line-account`,
    summary: 'LINE accounts of the client, with their services',
    tags,
    access: allow('client.read'),
    clientScoped: true,
    responses: { 200: lineAccountListSchema },
  }),
  get: defineEndpoint({
    method: 'GET',
    path: `${CLIENT_PREFIX}/line-account/:lineAccountId`,
    summary: 'One LINE account (branding, profile, services)',
    tags,
    access: allow('client.read'),
    clientScoped: true,
    params: lineAccountParamsSchema,
    responses: { 200: lineAccountSchema },
  }),
  getBasicId: defineEndpoint({
    method: 'GET',
    path: `${CLIENT_PREFIX}/line-account/:lineAccountId/line-basic-id`,
    summary: "The account's LINE basic id (@xxxx)",
    tags,
    access: allow('client.read'),
    clientScoped: true,
    params: lineAccountParamsSchema,
    responses: { 200: lineBasicIdSchema },
  }),
  create: defineEndpoint({
    method: 'POST',
    path: `${CLIENT_PREFIX}/line-account`,
    summary: 'Connect a LINE official account: checks both channels at LINE and fills its profile',
    tags,
    access: allow('client.settings.manage'),
    clientScoped: true,
    body: createLineAccountBodySchema,
    responses: { 201: lineAccountSchema },
  }),
  update: defineEndpoint({
    method: 'PUT',
    path: `${CLIENT_PREFIX}/line-account/:lineAccountId`,
    summary:
      'Branding (title, mainColor #RRGGBB, logoUrl, faviconUrl) and markAsReadTiming (既読をつけるタイミング)',
    tags,
    access: allow('client.settings.manage'),
    clientScoped: true,
    params: lineAccountParamsSchema,
    body: updateLineAccountBodySchema,
    responses: { 200: lineAccountSchema },
  }),
  deactivate: defineEndpoint({
    method: 'DELETE',
    path: `${CLIENT_PREFIX}/line-account/:lineAccountId`,
    summary: 'Deactivate (status INACTIVE); its webhooks are refused from then on',
    tags,
    access: allow('client.settings.manage'),
    clientScoped: true,
    params: lineAccountParamsSchema,
    body: deactivateLineAccountBodySchema,
    responses: { 200: lineAccountSchema },
  }),
  getWebhook: defineEndpoint({
    method: 'GET',
    path: `${CLIENT_PREFIX}/webhook/:lineAccountId`,
    summary: "The account's webhook URL and what LINE has set",
    tags,
    access: allow('client.read'),
    clientScoped: true,
    params: lineAccountParamsSchema,
    responses: { 200: webhookSettingsSchema },
  }),
  setupWebhook: defineEndpoint({
    method: 'POST',
    path: `${CLIENT_PREFIX}/webhook/:lineAccountId`,
    summary: 'Register the webhook URL at LINE and test it',
    tags,
    access: allow('client.settings.manage'),
    clientScoped: true,
    params: lineAccountParamsSchema,
    responses: { 200: webhookSetupResultSchema },
  }),
} as const;

/** Master area: LINE accounts of any client, named in the path. */
export const masterLineAccountEndpoints = {
  create: defineEndpoint({
    method: 'POST',
    path: `${MASTER_PREFIX}/line`,
    summary: 'Connect a LINE official account for a client',
    tags,
    access: allow('master.write'),
    body: masterCreateLineAccountBodySchema,
    responses: { 201: lineAccountSchema },
  }),
  listOfClient: defineEndpoint({
    method: 'GET',
    path: `${MASTER_PREFIX}/lines/client/:clientId`,
    summary: "A client's LINE accounts",
    tags,
    access: allow('master.read'),
    params: clientIdParamsSchema,
    responses: { 200: lineAccountListSchema },
  }),
  get: defineEndpoint({
    method: 'GET',
    path: `${MASTER_PREFIX}/line/:lineAccountId/client/:clientId`,
    summary: "One of a client's LINE accounts",
    tags,
    access: allow('master.read'),
    params: masterLineAccountParamsSchema,
    responses: { 200: lineAccountSchema },
  }),
  deactivate: defineEndpoint({
    method: 'DELETE',
    path: `${MASTER_PREFIX}/line/:lineAccountId/client/:clientId`,
    summary: "Deactivate one of a client's LINE accounts",
    tags,
    access: allow('master.write'),
    params: masterLineAccountParamsSchema,
    body: deactivateLineAccountBodySchema,
    responses: { 200: lineAccountSchema },
  }),
  getWebhook: defineEndpoint({
    method: 'GET',
    path: `${MASTER_PREFIX}/webhook/:lineAccountId/client/:clientId`,
    summary: "A client's LINE account webhook settings",
    tags,
    access: allow('master.read'),
    params: masterLineAccountParamsSchema,
    responses: { 200: webhookSettingsSchema },
  }),
  setupWebhook: defineEndpoint({
    method: 'POST',
    path: `${MASTER_PREFIX}/webhook/:lineAccountId/client/:clientId`,
    summary: "Register and test a client's LINE account webhook",
    tags,
    access: allow('master.write'),
    params: masterLineAccountParamsSchema,
    responses: { 200: webhookSetupResultSchema },
  }),
  search: defineEndpoint({
    method: 'GET',
    path: '/search/api/v1/master/list/line-oa',
    summary: 'LINE accounts of every client (search in name, basic id, company)',
    tags: ['search', ...tags],
    access: allow('master.read'),
    query: searchLineAccountsQuerySchema,
    responses: { 200: pageSchema(lineAccountListItemSchema) },
  }),
} as const;

/**
 * LINE's webhook calls, one URL per LINE account. Public: the X-Line-Signature over the raw body,
 * checked with the channel secret, is the authentication.
 */
export const lineWebhookEndpoints = {
  receive: defineEndpoint({
    method: 'POST',
    path: '/line/webhook/:lineAccountId',
    summary: 'Receive LINE webhook events (signed); they are stored and processed by a job',
    tags: ['line-webhook'],
    access: publicAccess,
    params: lineWebhookParamsSchema,
    responses: { 200: lineWebhookAckSchema },
  }),
} as const;
