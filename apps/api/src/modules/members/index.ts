/** The members module's door: what other modules, the app and the demo seed may use (STYLE.md "Door"). */
export { memberDirectory } from './member-directory.ts';
// For the demo seed, which sets the member service up as a store owner and its customers would.
export { createMemberAttribute, updateMemberSettings } from './attributes.service.ts';
export { registerOwnMember } from './member-app.service.ts';
export { uploadOwnImage } from './member-images.ts';
export { listStoreMembers, updateMemberRemarks, updateMemberStatus } from './members.service.ts';
export {
  actOnMemberCard,
  getMemberProgram,
  putMemberProgram,
  reverseLedgerEntry,
} from './member-card.service.ts';
// For the client dashboard.
export { memberFiguresOfLineAccount } from './members.figures.ts';
// Coupons (issue 33): the deliveries module renders a coupon message; the demo makes, claims and uses some.
export { getOwnMember } from './member-app.service.ts';
export {
  claimCoupon,
  couponForMessage,
  createStoreCoupon,
  listStoreCoupons,
  redeemMemberCoupon,
  type CouponForMessage,
} from './coupons.service.ts';
