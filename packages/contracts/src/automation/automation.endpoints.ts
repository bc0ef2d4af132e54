import { CLIENT_PREFIX } from '../area-prefixes.ts';
import { allow, defineEndpoint } from '../common/endpoint.ts';
import { lineAccountParamsSchema } from '../line-accounts/line-accounts.schemas.ts';
import { greetingBodySchema, greetingSchema } from './automation.schemas.ts';

const tags = ['automation'];
const base = `${CLIENT_PREFIX}/line-account/:lineAccountId`;

/** Automation of a LINE account (client area): the greeting sent on follow. */
export const automationEndpoints = {
  getGreeting: defineEndpoint({
    tags,
    access: allow('client.read'),
    clientScoped: true,
    method: 'GET',
    path: `${base}/greeting`,
    summary: 'The greeting (あいさつメッセージ) sent on follow',
    params: lineAccountParamsSchema,
    responses: { 200: greetingSchema },
  }),
  setGreeting: defineEndpoint({
    tags,
    access: allow('client.manage'),
    clientScoped: true,
    method: 'PUT',
    path: `${base}/greeting`,
    summary: 'Set the greeting for new friends and for friends who unblock',
    params: lineAccountParamsSchema,
    body: greetingBodySchema,
    responses: { 200: greetingSchema },
  }),
} as const;
