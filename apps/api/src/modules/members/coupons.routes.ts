import { memberCouponEndpoints as c, memberCouponLiffEndpoints as l } from '@app/contracts';
import type { FastifyInstance } from 'fastify';
import { route } from '../../platform/route.ts';
import * as coupons from './coupons.service.ts';

/** Client area: the store's coupons and the counter's redemption (issue 33). */
export function couponRoutes(app: FastifyInstance) {
  route(app, c.list, ({ params }, { ctx }) => coupons.listStoreCoupons({ ctx, input: params }));
  route(app, c.create, ({ params, body }, { ctx }) =>
    coupons.createStoreCoupon({ ctx, input: { ...params, ...body } }),
  );
  route(app, c.update, ({ params, body }, { ctx }) =>
    coupons.updateStoreCoupon({ ctx, input: { ...params, ...body } }),
  );
  route(app, c.ofMember, ({ params }, { ctx }) => coupons.listCouponsOfMember({ ctx, input: params }));
  route(app, c.redeem, ({ params }, { ctx }) => coupons.redeemMemberCoupon({ ctx, input: params }));
}

/** The member mini-app's coupons: held, one offered, claiming it. */
export function couponLiffRoutes(app: FastifyInstance) {
  route(app, l.held, ({ params }, request) => coupons.listOwnCoupons({ ctx: request.ctx, input: params }));
  route(app, l.offer, ({ params }, request) => coupons.getCouponOffer({ ctx: request.ctx, input: params }));
  route(app, l.claim, ({ params }, request) => coupons.claimCoupon({ ctx: request.ctx, input: params }));
}
