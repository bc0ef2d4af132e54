import { clientAnnouncementEndpoints, masterAnnouncementEndpoints } from '@app/contracts';
import type { FastifyInstance } from 'fastify';
import { route } from '../../platform/route.ts';
import * as announcements from './announcements.service.ts';

export function masterAnnouncementRoutes(app: FastifyInstance) {
  const e = masterAnnouncementEndpoints;
  route(app, e.listAnnouncements, async ({ query }, { ctx }) =>
    announcements.listAnnouncements({ ctx, input: query }),
  );
  route(app, e.getAnnouncement, async ({ params }, { ctx }) =>
    announcements.getAnnouncement({ ctx, input: params }),
  );
  route(app, e.createAnnouncement, async ({ body }, { ctx }) =>
    announcements.createAnnouncement({ ctx, input: body }),
  );
  route(app, e.updateAnnouncement, async ({ params, body }, { ctx }) =>
    announcements.updateAnnouncement({ ctx, input: { id: params.id, body } }),
  );
  route(app, e.deleteAnnouncement, async ({ params }, { ctx }) => {
    await announcements.deleteAnnouncement({ ctx, input: params });
    return { success: true as const };
  });
}

export function clientAnnouncementRoutes(app: FastifyInstance) {
  const e = clientAnnouncementEndpoints;
  route(app, e.listAnnouncements, async ({ query }, { ctx }) =>
    announcements.listPublishedAnnouncements({ ctx, input: query }),
  );
  route(app, e.getAnnouncement, async ({ params }, { ctx }) =>
    announcements.readPublishedAnnouncement({ ctx, input: params }),
  );
}
