import { chatImageUses, findFriendOfLineUser, type FriendDirectories } from './modules/friends/index.ts';
import {
  automationImageUses,
  automationTagUses,
  scenarioDirectory,
  scenariosUsingSegment,
} from './modules/automation/index.ts';
import {
  checkMessageUploads,
  clickDirectory,
  type ImageUses,
  type SegmentUseDirectory,
} from './modules/deliveries/index.ts';
import { inflowDirectory, inflowTagUses } from './modules/inflow/index.ts';
import { memberDirectory } from './modules/members/index.ts';
import { richMenuRulesUsingSegment, richMenuTagUses, tapDirectory } from './modules/rich-menus/index.ts';
import { shiftStaffDirectory } from './modules/shift/index.ts';
import type { ServiceLinkDirectory } from './modules/line-accounts/index.ts';
import { findLiffStore, serviceLinkDirectory } from './modules/services/index.ts';
import type { LiffDirectory } from './platform/liff.ts';

/**
 * Where parts meet that may not import each other, composed here in one visible place: what a platform
 * part reads from the modules that own it (the platform imports no module), and what a module reads of
 * modules that depend on it (friends imports neither shift nor members; line-accounts not services).
 */

/** The mini-apps' caller check reads the store from the services module and the friend from friends. */
export const liffDirectory: LiffDirectory = { findStore: findLiffStore, findFriend: findFriendOfLineUser };

/**
 * The friends lists and search show which friends are shift staff and members: those modules say so; the
 * segment conditions on the member card, inflow routes, scenarios, clicks and taps are those modules' sets of
 * friends; a tag's delete asks automation, inflow and the rich menu rules where the tag is used.
 */
export const friendDirectories: FriendDirectories = {
  staff: shiftStaffDirectory,
  members: memberDirectory,
  inflow: inflowDirectory,
  scenarios: scenarioDirectory,
  clicks: clickDirectory,
  tagUses: [automationTagUses, inflowTagUses, richMenuTagUses],
  // an image sent from the chat is a delivery image upload of the account (decision 0055-chat-media)
  images: {
    checkImageUpload: (db, lineAccountId, imageKey) =>
      checkMessageUploads(db, lineAccountId, [{ type: 'image', imageKey }], 'body.imageKey'),
  },
  taps: tapDirectory,
};

/** A LINE account shows the services linked to it: the services module writes those links and stores. */
export const lineAccountServiceLinks: ServiceLinkDirectory = serviceLinkDirectory;

/**
 * A saved segment's delete asks automation whether a scenario step names it, and the rich menus whether a
 * display rule does (both depend on deliveries).
 */
export const segmentUses: SegmentUseDirectory = { scenariosUsingSegment, richMenuRulesUsingSegment };

/**
 * The deliveries module's sweep of unused uploads asks the modules that keep its messages for later which
 * uploads they name (automation depends on deliveries, so it answers here; the chat's images sent from the
 * inbox name uploads too, decision 0055; rich menus keep their own image bytes).
 */
export const imageUses: readonly ImageUses[] = [automationImageUses, chatImageUses];
