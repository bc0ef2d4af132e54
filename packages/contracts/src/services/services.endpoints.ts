import { z } from 'zod';
import { allow, defineEndpoint } from '../common/endpoint.ts';
import { lineAccountParamsSchema } from '../line-accounts/line-accounts.schemas.ts';
import {
  lineAccountServiceSchema,
  linkServiceBodySchema,
  serviceCodeParamsSchema,
  serviceSchema,
} from './services.schemas.ts';
import { CLIENT_PREFIX } from '../area-prefixes.ts';

const tags = ['services'];

/** The service catalogue and linking a service to a LINE account (client area). */
export const serviceEndpoints = {
  list: defineEndpoint({
    method: 'GET',
    path: `${CLIENT_PREFIX}/service`,
    summary: 'The service catalogue (KS-001 member service, KS-002 shift service)',
    tags,
    access: allow('client.read'),
    responses: { 200: z.object({ data: z.array(serviceSchema) }) },
  }),
  get: defineEndpoint({
    method: 'GET',
    path: `${CLIENT_PREFIX}/service/:serviceCode`,
    summary: 'One service of the catalogue',
    tags,
    access: allow('client.read'),
    params: serviceCodeParamsSchema,
    responses: { 200: serviceSchema },
  }),
  link: defineEndpoint({
    method: 'POST',
    path: `${CLIENT_PREFIX}/line-account/:lineAccountId/lineAccountService`,
    summary: 'Link a service to a LINE account: creates its store and registers its LIFF app at LINE',
    tags,
    access: allow('client.settings.manage'),
    clientScoped: true,
    params: lineAccountParamsSchema,
    body: linkServiceBodySchema,
    responses: { 201: lineAccountServiceSchema },
  }),
} as const;
