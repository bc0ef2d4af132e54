import { devEndpoints } from '@app/contracts';
import type { FastifyInstance } from 'fastify';
import { route } from '../../platform/route.ts';
import { listMails } from '../../platform/mailbox.ts';

/** The development mailbox: mail kept in the database when no SMTP server is configured. */
export function devRoutes(app: FastifyInstance) {
  route(app, devEndpoints.listMails, async ({ query }, request) => {
    const rows = await listMails(request.ctx.db, { to: query.to });
    return {
      data: rows.map((m) => ({
        id: m.id,
        to: m.to,
        subject: m.subject,
        text: m.text,
        html: m.html,
        createdAt: m.createdAt.toISOString(),
      })),
    };
  });
}
