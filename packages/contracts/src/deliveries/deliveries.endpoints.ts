import { z } from 'zod';
import { CLIENT_PREFIX } from '../area-prefixes.ts';
import { allow, defineEndpoint, publicAccess } from '../common/endpoint.ts';
import { okBodySchema } from '../common/errors.ts';
import { pageSchema } from '../common/pagination.ts';
import { lineAccountParamsSchema } from '../line-accounts/line-accounts.schemas.ts';
import {
  audienceCountBodySchema,
  audienceCountSchema,
  deliveryBodySchema,
  deliveryParamsSchema,
  deliveryQuotaSchema,
  deliveryDetailSchema,
  deliverySchema,
  listDeliveriesQuerySchema,
  segmentBodySchema,
  segmentListSchema,
  segmentParamsSchema,
  segmentSchema,
  sendDeliveryBodySchema,
  testRecipientBodySchema,
  testRecipientSchema,
  testSendResultSchema,
  trackedLinkParamsSchema,
} from './deliveries.schemas.ts';

const tags = ['deliveries'];
const base = `${CLIENT_PREFIX}/line-account/:lineAccountId`;
const read = { tags, access: allow('client.read'), clientScoped: true } as const;
/** Staff drafts; the service refuses staff a change to a delivery that is already scheduled. */
const work = { tags, access: allow('client.work'), clientScoped: true } as const;
/** Sending and cancelling: owners and managers (decision 0025). */
const manage = { tags, access: allow('client.manage'), clientScoped: true } as const;

/** Message deliveries (メッセージ配信) of a LINE account and the saved segments they go to. */
export const deliveryEndpoints = {
  list: defineEndpoint({
    ...read,
    method: 'GET',
    path: `${base}/deliveries`,
    summary: 'Deliveries of the account, newest first (paged)',
    params: lineAccountParamsSchema,
    query: listDeliveriesQuerySchema,
    responses: { 200: pageSchema(deliverySchema) },
  }),
  get: defineEndpoint({
    ...read,
    method: 'GET',
    path: `${base}/deliveries/:deliveryId`,
    summary: 'One delivery with its counts and the friends who tapped its links',
    params: deliveryParamsSchema,
    responses: { 200: deliveryDetailSchema },
  }),
  create: defineEndpoint({
    ...work,
    method: 'POST',
    path: `${base}/deliveries`,
    summary: 'Save a new delivery as a draft',
    params: lineAccountParamsSchema,
    body: deliveryBodySchema,
    responses: { 201: deliverySchema },
  }),
  update: defineEndpoint({
    ...work,
    method: 'PUT',
    path: `${base}/deliveries/:deliveryId`,
    summary: 'Change a draft, or a scheduled delivery until it starts (owner, manager)',
    params: deliveryParamsSchema,
    body: deliveryBodySchema,
    responses: { 200: deliverySchema },
  }),
  remove: defineEndpoint({
    ...work,
    method: 'DELETE',
    path: `${base}/deliveries/:deliveryId`,
    summary: 'Delete a draft',
    params: deliveryParamsSchema,
    responses: { 200: okBodySchema },
  }),
  send: defineEndpoint({
    ...manage,
    method: 'POST',
    path: `${base}/deliveries/:deliveryId/send`,
    summary: "Send a draft now or schedule it; refused when the month's quota cannot take it",
    params: deliveryParamsSchema,
    body: sendDeliveryBodySchema,
    responses: { 200: deliverySchema },
  }),
  cancel: defineEndpoint({
    ...manage,
    method: 'POST',
    path: `${base}/deliveries/:deliveryId/cancel`,
    summary: 'Cancel a scheduled delivery before it starts',
    params: deliveryParamsSchema,
    responses: { 200: deliverySchema },
  }),
  testSend: defineEndpoint({
    ...work,
    method: 'POST',
    path: `${base}/deliveries/:deliveryId/test`,
    summary: "Send the delivery as it is to the caller's own LINE (one push), staff included",
    params: deliveryParamsSchema,
    responses: { 200: testSendResultSchema },
  }),
  getTestRecipient: defineEndpoint({
    ...read,
    method: 'GET',
    path: `${base}/delivery-test-recipient`,
    summary: 'The friend the caller linked as their own LINE (me) on this account',
    params: lineAccountParamsSchema,
    responses: { 200: testRecipientSchema },
  }),
  setTestRecipient: defineEndpoint({
    ...work,
    method: 'PUT',
    path: `${base}/delivery-test-recipient`,
    summary: "Link a friend of the account as the caller's own LINE (これは自分です)",
    params: lineAccountParamsSchema,
    body: testRecipientBodySchema,
    responses: { 200: testRecipientSchema },
  }),
  removeTestRecipient: defineEndpoint({
    ...work,
    method: 'DELETE',
    path: `${base}/delivery-test-recipient`,
    summary: "Unlink the caller's own LINE on this account",
    params: lineAccountParamsSchema,
    responses: { 200: testRecipientSchema },
  }),
  quota: defineEndpoint({
    ...read,
    method: 'GET',
    path: `${base}/delivery-quota`,
    summary: "This month's message quota and consumption, from LINE",
    params: lineAccountParamsSchema,
    responses: { 200: deliveryQuotaSchema },
  }),
  countAudience: defineEndpoint({
    ...read,
    method: 'POST',
    path: `${base}/delivery-audience/count`,
    summary: 'How many friends an audience reaches now (blocked friends excluded)',
    params: lineAccountParamsSchema,
    body: audienceCountBodySchema,
    responses: { 200: audienceCountSchema },
  }),
  listSegments: defineEndpoint({
    ...read,
    method: 'GET',
    path: `${base}/segments`,
    summary: 'Saved segments (the friends search conditions, named)',
    params: lineAccountParamsSchema,
    responses: { 200: segmentListSchema },
  }),
  createSegment: defineEndpoint({
    ...work,
    method: 'POST',
    path: `${base}/segments`,
    summary: 'Save a segment',
    params: lineAccountParamsSchema,
    body: segmentBodySchema,
    responses: { 201: segmentSchema },
  }),
  updateSegment: defineEndpoint({
    ...work,
    method: 'PUT',
    path: `${base}/segments/:segmentId`,
    summary: 'Rename a segment or change its conditions',
    params: segmentParamsSchema,
    body: segmentBodySchema,
    responses: { 200: segmentSchema },
  }),
  removeSegment: defineEndpoint({
    ...work,
    method: 'DELETE',
    path: `${base}/segments/:segmentId`,
    summary:
      'Delete a segment (deliveries keep the audience they were sent to); 409 while a scenario step names it, the scenarios listed in errors',
    params: segmentParamsSchema,
    responses: { 200: okBodySchema },
  }),
} as const;

/** The tracked redirect of a delivery's links: public (a tap in LINE), a 302 to the link's target. */
export const trackedLinkEndpoints = {
  redirect: defineEndpoint({
    tags,
    access: publicAccess,
    method: 'GET',
    path: '/r/:token',
    summary: "A delivery's tracked link: counts the tap and redirects to the link (302)",
    params: trackedLinkParamsSchema,
    responses: { 302: z.null() },
  }),
} as const;
