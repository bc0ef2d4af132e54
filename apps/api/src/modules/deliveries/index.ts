/** The deliveries module's door: what other modules and the demo seed may use (STYLE.md "Door"). */
export {
  createDelivery,
  createSegment,
  followTrackedLink,
  linkTestRecipient,
  listSegments,
  sendDelivery,
  trackedLinkTokens,
} from './deliveries.service.ts';
export { toLineMessages, type LineMessage } from './line-messages.ts';
