import { z } from 'zod';
import { allow, defineEndpoint } from '../common/endpoint.ts';
import { idSchema } from '../common/ids.ts';

export const DEV_PREFIX = '/dev/api/v1';

export const mailSchema = z.object({
  id: idSchema,
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  html: z.string().nullable(),
  createdAt: z.string(),
});
export type Mail = z.infer<typeof mailSchema>;

/**
 * The development mailbox: served only when DEV_MAILBOX is set (never in production), and only to MASTER
 * users: it holds password-reset links.
 */
export const devEndpoints = {
  listMails: defineEndpoint({
    method: 'GET',
    path: `${DEV_PREFIX}/mails`,
    summary: 'Mails the product sent, newest first (development mailbox)',
    tags: ['dev'],
    access: allow('master.read'),
    query: z.object({ to: z.string().optional() }),
    responses: { 200: z.object({ data: z.array(mailSchema) }) },
  }),
} as const;
