import {
  memberCardEndpoints as c,
  memberCardLiffEndpoints as cl,
  memberEndpoints as e,
  memberLiffEndpoints as l,
} from '@app/contracts';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { route } from '../../platform/route.ts';
import * as attributes from './attributes.service.ts';
import { couponLiffRoutes, couponRoutes } from './coupons.routes.ts';
import * as card from './member-card.service.ts';
import * as liff from './member-app.service.ts';
import * as images from './member-images.ts';
import * as members from './members.service.ts';

/** An uploaded image as its bytes: private to the caller, never sniffed again by the browser. */
function sendImage(reply: FastifyReply, image: images.ImageFile) {
  void reply
    .type(image.contentType)
    .header('cache-control', 'private, no-store')
    .header('x-content-type-options', 'nosniff')
    .header('content-security-policy', "default-src 'none'; sandbox");
  return image.data;
}

/** A 5 MB image as a base64 data URL in JSON is about 6.7 MB; past 8 MB the request is cut off (413). */
const imageBodyLimit = 8 * 1024 * 1024;

/** Client area: the member service of a LINE account (/client/api/v1). */
export function memberRoutes(app: FastifyInstance) {
  route(app, e.list, ({ query }, { ctx }) => members.listStoreMembers({ ctx, input: query }));
  route(app, e.exportCsv, async ({ params, query }, { ctx }, reply) => {
    const { csv, filename } = await members.exportMembersCsv({ ctx, input: { ...query, ...params } });
    void reply
      .type('text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="${filename}"`);
    return csv;
  });
  route(app, e.get, ({ params }, { ctx }) => members.getStoreMember({ ctx, input: params }));
  route(app, e.image, async ({ params }, { ctx }, reply) =>
    sendImage(reply, await images.getMemberImage({ ctx, input: params })),
  );
  route(app, e.updateStatus, ({ params, body }, { ctx }) =>
    members.updateMemberStatus({ ctx, input: { ...params, ...body } }),
  );
  route(app, e.updatePrivateValues, ({ params, body }, { ctx }) =>
    members.updateMemberPrivateValues({ ctx, input: { ...params, entries: body } }),
  );
  route(app, e.updateRemarks, ({ params, body }, { ctx }) =>
    members.updateMemberRemarks({ ctx, input: { ...params, ...body } }),
  );
  route(app, e.getSettings, ({ params }, { ctx }) => attributes.getMemberSettings({ ctx, input: params }));
  route(app, e.updateSettings, ({ params, body }, { ctx }) =>
    attributes.updateMemberSettings({ ctx, input: { ...params, ...body } }),
  );
  route(app, e.listAttributes, ({ params }, { ctx }) =>
    attributes.listMemberAttributes({ ctx, input: params }),
  );
  route(app, e.createAttribute, ({ params, body }, { ctx }) =>
    attributes.createMemberAttribute({ ctx, input: { ...params, ...body } }),
  );
  route(app, e.reorderAttributes, ({ params, body }, { ctx }) =>
    attributes.reorderMemberAttributes({ ctx, input: { ...params, ...body } }),
  );
  route(app, e.updateAttribute, ({ params, body }, { ctx }) =>
    attributes.updateMemberAttribute({ ctx, input: { ...params, ...body } }),
  );
  route(app, e.deleteAttribute, ({ params }, { ctx }) =>
    attributes.deleteMemberAttribute({ ctx, input: params }),
  );
  // the member card that earns (issue 33): programme, counter, reversals
  route(app, c.getProgram, ({ params }, { ctx }) => card.getMemberProgram({ ctx, input: params }));
  route(app, c.putProgram, ({ params, body }, { ctx }) =>
    card.putMemberProgram({ ctx, input: { ...params, ...body } }),
  );
  route(app, c.scan, ({ params }, { ctx }) => card.scanMemberCard({ ctx, input: params }));
  route(app, c.card, ({ params }, { ctx }) => card.getMemberCard({ ctx, input: params }));
  route(app, c.act, ({ params, body }, { ctx }) =>
    card.actOnMemberCard({ ctx, input: { ...params, ...body } }),
  );
  route(app, c.reverse, ({ params, body }, { ctx }) =>
    card.reverseLedgerEntry({ ctx, input: { ...params, ...body } }),
  );
  couponRoutes(app);
}

/** The member mini-app (/member-liff/api/v1): the caller is the LINE user of the LIFF ID token. */
export function memberLiffRoutes(app: FastifyInstance) {
  route(app, l.getMember, ({ params }, request) =>
    liff.getOwnMember({ ctx: request.ctx, input: { ...params } }),
  );
  route(app, l.getMemberState, ({ params }, request) =>
    liff.getOwnMemberState({ ctx: request.ctx, input: { ...params } }),
  );
  route(app, l.register, ({ params, body }, request) =>
    liff.registerOwnMember({
      ctx: request.ctx,
      input: { ...params, entries: body },
    }),
  );
  route(
    app,
    l.uploadImage,
    ({ params, body }, request) =>
      images.uploadOwnImage({
        ctx: request.ctx,
        input: { ...params, dataUrl: body.dataUrl },
      }),
    { bodyLimit: imageBodyLimit },
  );
  route(app, l.image, async ({ params }, request, reply) =>
    sendImage(reply, await images.getOwnImage({ ctx: request.ctx, input: { ...params } })),
  );
  route(app, l.getSettings, ({ params }, request) =>
    liff.getLiffSettings({ ctx: request.ctx, input: { ...params } }),
  );
  route(app, l.listAttributes, ({ params }, request) =>
    liff.listLiffAttributes({ ctx: request.ctx, input: { ...params } }),
  );
  route(app, cl.getCard, ({ params }, request) =>
    card.getOwnMemberCard({ ctx: request.ctx, input: { ...params } }),
  );
  couponLiffRoutes(app);
}
