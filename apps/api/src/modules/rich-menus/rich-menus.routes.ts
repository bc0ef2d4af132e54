import { richMenuEndpoints, richMenuTapHopEndpoints } from '@app/contracts';
import type { FastifyInstance } from 'fastify';
import { requireSameOrigin } from '../../platform/csrf.ts';
import { route } from '../../platform/route.ts';
import * as rules from './rich-menu-rules.service.ts';
import * as richMenus from './rich-menus.service.ts';
import * as taps from './rich-menu-taps.ts';
import * as tabbed from './tabbed-rich-menus.service.ts';

/** A 1 MB image as a base64 data URL in JSON is about 1.4 MB; the app's limit is 1 MB. */
const withImage = { bodyLimit: 1_600_000 };

/** Rich menus of a LINE account (client area). */
export function richMenuRoutes(app: FastifyInstance) {
  const e = richMenuEndpoints;
  route(app, e.list, async ({ params }, { ctx }) => richMenus.listRichMenusOfAccount({ ctx, input: params }));
  route(app, e.get, async ({ params }, { ctx }) => richMenus.getRichMenu({ ctx, input: params }));
  route(app, e.friendTaps, async ({ params }, { ctx }) =>
    richMenus.friendRichMenuTaps({ ctx, input: params }),
  );
  route(app, e.taps, async ({ params, query }, { ctx }) =>
    richMenus.richMenuTapsOf({ ctx, input: { ...params, ...query } }),
  );
  route(app, e.image, async ({ params }, { ctx }, reply) => {
    const image = await richMenus.getRichMenuImage({ ctx, input: params });
    void reply.type(image.contentType).header('cache-control', 'private, max-age=86400');
    return image.data;
  });
  route(
    app,
    e.create,
    async ({ params, body }, { ctx }) => richMenus.createRichMenu({ ctx, input: { ...params, ...body } }),
    withImage,
  );
  route(
    app,
    e.update,
    async ({ params, body }, { ctx }) => richMenus.updateRichMenu({ ctx, input: { ...params, ...body } }),
    withImage,
  );
  route(app, e.preview, async ({ params, body }, { ctx }) =>
    richMenus.previewRichMenuImage({ ctx, input: { ...params, ...body } }),
  );
  route(app, e.createTabbed, async ({ params, body }, { ctx }) =>
    tabbed.createTabbedRichMenu({ ctx, input: { ...params, ...body } }),
  );
  route(app, e.getTabbed, async ({ params }, { ctx }) => tabbed.getTabbedRichMenu({ ctx, input: params }));
  route(app, e.updateTabbed, async ({ params, body }, { ctx }) =>
    tabbed.updateTabbedRichMenu({ ctx, input: { ...params, ...body } }),
  );
  route(app, e.previewTabbed, async ({ params, body }, { ctx }) =>
    tabbed.previewTabbedRichMenu({ ctx, input: { ...params, ...body } }),
  );
  route(app, e.rules, async ({ params }, { ctx }) => rules.getRichMenuRules({ ctx, input: params }));
  route(app, e.putRules, async ({ params, body }, { ctx }) =>
    rules.putRichMenuRules({ ctx, input: { ...params, ...body } }),
  );
  route(app, e.delete, async ({ params }, { ctx }) => richMenus.deleteRichMenu({ ctx, input: params }));
  route(app, e.setDefault, async ({ params, query }, request) => {
    requireSameOrigin(request);
    return richMenus.setDefaultRichMenu({ ctx: request.ctx, input: { ...params, ...query } });
  });
}

/** The public tap hop of uri areas: nothing is cached, nothing leaks the referrer. */
export function richMenuTapHopRoutes(app: FastifyInstance) {
  const h = richMenuTapHopEndpoints;
  route(app, h.start, async ({ params }, { ctx }, reply) => {
    void reply.header('cache-control', 'no-store').header('referrer-policy', 'no-referrer');
    return taps.tapHopStart({ ctx, input: params });
  });
  route(app, h.tap, async ({ params, body }, { ctx }, reply) => {
    void reply.header('cache-control', 'no-store');
    return taps.recordUriTap({ ctx, input: { ...params, ...body } });
  });
}
