import { CLIENT_PREFIX } from '../area-prefixes.ts';
import { allow, defineEndpoint } from '../common/endpoint.ts';
import { okBodySchema } from '../common/errors.ts';
import { lineAccountParamsSchema } from '../line-accounts/line-accounts.schemas.ts';
import {
  templateBodySchema,
  templateListSchema,
  templateParamsSchema,
  templateSchema,
} from './templates.schemas.ts';

const tags = ['deliveries'];
const base = `${CLIENT_PREFIX}/line-account/:lineAccountId/message-templates`;
const read = { tags, access: allow('client.read'), clientScoped: true } as const;
/** Staff write templates as they draft deliveries and answer chats. */
const work = { tags, access: allow('client.work'), clientScoped: true } as const;

/** Templates (定型文) of a LINE account: reusable message lists. */
export const messageTemplateEndpoints = {
  list: defineEndpoint({
    ...read,
    method: 'GET',
    path: base,
    summary: 'Templates of the account, by folder and name',
    params: lineAccountParamsSchema,
    responses: { 200: templateListSchema },
  }),
  create: defineEndpoint({
    ...work,
    method: 'POST',
    path: base,
    summary: 'Save a template',
    params: lineAccountParamsSchema,
    body: templateBodySchema,
    responses: { 201: templateSchema },
  }),
  update: defineEndpoint({
    ...work,
    method: 'PUT',
    path: `${base}/:templateId`,
    summary: 'Rename a template, move it to a folder or change its messages',
    params: templateParamsSchema,
    body: templateBodySchema,
    responses: { 200: templateSchema },
  }),
  remove: defineEndpoint({
    ...work,
    method: 'DELETE',
    path: `${base}/:templateId`,
    summary: 'Delete a template (deliveries made from it keep their messages)',
    params: templateParamsSchema,
    responses: { 200: okBodySchema },
  }),
} as const;
