import { deliveryEndpoints, messageTemplateEndpoints, trackedLinkEndpoints } from '@app/contracts';
import type { FastifyInstance } from 'fastify';
import { route } from '../../platform/route.ts';
import type { FriendDirectories } from '../friends/index.ts';
import type { SegmentUseDirectory } from './segments.service.ts';
import * as deliveries from './deliveries.service.ts';
import * as segments from './segments.service.ts';
import * as templates from './templates.service.ts';

/** Message deliveries (メッセージ配信) and saved segments of a LINE account (client area). */
export function deliveryRoutes(
  app: FastifyInstance,
  directories: FriendDirectories,
  segmentUses: SegmentUseDirectory,
) {
  const e = deliveryEndpoints;
  route(app, e.list, async ({ params, query }, { ctx }) =>
    deliveries.listDeliveries({ ctx, input: { ...params, ...query } }),
  );
  route(app, e.get, async ({ params }, { ctx }) => deliveries.getDelivery({ ctx, input: params }));
  route(app, e.create, async ({ params, body }, { ctx }) =>
    deliveries.createDelivery({ ctx, input: { ...params, ...body } }),
  );
  route(app, e.update, async ({ params, body }, { ctx }) =>
    deliveries.updateDeliveryContent({ ctx, input: { ...params, ...body } }),
  );
  route(app, e.remove, async ({ params }, { ctx }) => deliveries.removeDelivery({ ctx, input: params }));
  route(app, e.send, async ({ params, body }, { ctx }) =>
    deliveries.sendDelivery({ ctx, directories, input: { ...params, ...body } }),
  );
  route(app, e.cancel, async ({ params }, { ctx }) => deliveries.cancelDelivery({ ctx, input: params }));
  route(app, e.testSend, async ({ params }, { ctx }) => deliveries.testSendDelivery({ ctx, input: params }));
  route(app, e.getTestRecipient, async ({ params }, { ctx }) =>
    deliveries.getTestRecipient({ ctx, input: params }),
  );
  route(app, e.setTestRecipient, async ({ params, body }, { ctx }) =>
    deliveries.linkTestRecipient({ ctx, input: { ...params, ...body } }),
  );
  route(app, e.removeTestRecipient, async ({ params }, { ctx }) =>
    deliveries.unlinkTestRecipient({ ctx, input: params }),
  );
  route(app, e.quota, async ({ params }, { ctx }) => deliveries.getQuota({ ctx, input: params }));
  route(app, e.countAudience, async ({ params, body }, { ctx }) =>
    deliveries.countDeliveryAudience({ ctx, directories, input: { ...params, ...body } }),
  );
  route(app, e.listSegments, async ({ params }, { ctx }) => segments.listSegments({ ctx, input: params }));
  route(app, e.createSegment, async ({ params, body }, { ctx }) =>
    segments.createSegment({ ctx, input: { ...params, ...body } }),
  );
  route(app, e.updateSegment, async ({ params, body }, { ctx }) =>
    segments.changeSegment({ ctx, input: { ...params, ...body } }),
  );
  route(app, e.removeSegment, async ({ params }, { ctx }) =>
    segments.removeSegment({ ctx, segmentUses, input: params }),
  );
  messageTemplateRoutes(app);
}

/** The public redirect of delivery links (`/r/<token>`): counts the tap, 302 to the link. */
export function trackedLinkRoutes(app: FastifyInstance) {
  route(app, trackedLinkEndpoints.redirect, async ({ params }, { ctx }, reply) => {
    const { url } = await deliveries.followTrackedLink({ ctx, input: params });
    void reply.header('cache-control', 'no-store').header('referrer-policy', 'no-referrer');
    return reply.redirect(url, 302) as unknown as null;
  });
}

/** Templates (定型文) of a LINE account (client area). */
export function messageTemplateRoutes(app: FastifyInstance) {
  const e = messageTemplateEndpoints;
  route(app, e.list, async ({ params }, { ctx }) => templates.listTemplates({ ctx, input: params }));
  route(app, e.create, async ({ params, body }, { ctx }) =>
    templates.createTemplate({ ctx, input: { ...params, ...body } }),
  );
  route(app, e.update, async ({ params, body }, { ctx }) =>
    templates.changeTemplate({ ctx, input: { ...params, ...body } }),
  );
  route(app, e.remove, async ({ params }, { ctx }) => templates.removeTemplate({ ctx, input: params }));
}
