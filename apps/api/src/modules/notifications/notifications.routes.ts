import { notificationEndpoints } from '@app/contracts';
import type { FastifyInstance } from 'fastify';
import { route } from '../../platform/route.ts';
import * as notifications from './notifications.service.ts';

/** Notifications of a LINE account (client area). */
export function notificationRoutes(app: FastifyInstance) {
  const e = notificationEndpoints;
  route(app, e.listTemplates, async ({ params }, { ctx }) =>
    notifications.listTemplates({ ctx, input: params }),
  );
  route(app, e.updateTemplate, async ({ params, body }, { ctx }) =>
    notifications.updateTemplate({ ctx, input: { ...params, ...body } }),
  );
  route(app, e.toggleTopic, async ({ params, body }, { ctx }) =>
    notifications.toggleTopic({ ctx, input: { ...params, ...body } }),
  );
  route(app, e.listSettings, async ({ params }, { ctx }) =>
    notifications.listSettings({ ctx, input: params }),
  );
  route(app, e.createSetting, async ({ params, body }, { ctx }) =>
    notifications.createSetting({ ctx, input: { ...params, ...body } }),
  );
  route(app, e.updateSetting, async ({ params, body }, { ctx }) =>
    notifications.updateSetting({ ctx, input: { ...params, ...body } }),
  );
  route(app, e.deleteSetting, async ({ params }, { ctx }) =>
    notifications.deleteSetting({ ctx, input: params }),
  );
  route(app, e.listRecipients, async ({ params }, { ctx }) =>
    notifications.listRecipientCandidates({ ctx, input: params }),
  );
  route(app, e.listDeliveries, async ({ params, query }, { ctx }) =>
    notifications.listDeliveries({ ctx, input: { ...params, ...query } }),
  );
}
