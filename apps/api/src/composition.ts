import { findFriendOfLineUser, type FriendDirectories } from './modules/friends/index.ts';
import { scenarioDirectory } from './modules/automation/index.ts';
import { clickDirectory } from './modules/deliveries/index.ts';
import { inflowDirectory } from './modules/inflow/index.ts';
import { memberDirectory } from './modules/members/index.ts';
import { tapDirectory } from './modules/rich-menus/index.ts';
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
 * segment conditions on the member card, inflow routes, scenarios, clicks and taps are those modules' sets of friends.
 */
export const friendDirectories: FriendDirectories = {
  staff: shiftStaffDirectory,
  members: memberDirectory,
  inflow: inflowDirectory,
  scenarios: scenarioDirectory,
  clicks: clickDirectory,
  taps: tapDirectory,
};

/** A LINE account shows the services linked to it: the services module writes those links and stores. */
export const lineAccountServiceLinks: ServiceLinkDirectory = serviceLinkDirectory;
