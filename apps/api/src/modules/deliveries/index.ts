/** The deliveries module's door: what other modules and the demo seed may use (STYLE.md "Door"). */
export {
  createDelivery,
  followTrackedLink,
  linkTestRecipient,
  sendDelivery,
  trackedLinkTokens,
  trackedLinkTokensOfFriend,
} from './deliveries.service.ts';
export {
  createSegment,
  holdSavedSegments,
  listSegments,
  savedSegmentConditions,
  type SegmentUseDirectory,
} from './segments.service.ts';
export { toLineMessages, type LineMessage } from './line-messages.ts';
// scenario steps' tracked links (decision 0060): automation's sends and the scenario screen's clicks
export { hasLinks, newStepRecipientTokens, stepClickedFriends, trackStepLinks } from './step-links.ts';
export { linksForRecipient } from './deliveries.links.ts';
// many pushes, each with its own retry key, in parallel within LINE's push limit: the personalised deliveries'
// sending, used by automation's steps sent one push per friend
export { sendPushes, type Push } from './deliveries.personal.ts';
// the friend's name filled as personalised deliveries fill it: automation's steps with the placeholder
export { NAMELESS_FRIEND, personalise } from './deliveries.personal.ts';
export { createTemplate, listTemplates } from './templates.service.ts';
// Image messages and rich messages (decision 0039): the upload (the demo seed draws and uploads one).
// and the check of the uploads named by messages kept for later (a template, the greeting)
export { checkMessageUploads, uploadDeliveryImage } from './delivery-images.ts';
// the friend search's クリックしたURL / 配信 conditions (src/composition.ts hands them to the friends module)
export { clickDirectory } from './deliveries.segments.ts';
// the sweep of unused uploads: other modules say which uploads their messages name (src/composition.ts)
export { jsonArrayValuesIn, type ImageUses } from './delivery-images.sweep.ts';
