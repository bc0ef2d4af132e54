import { findFriendOfLineUser } from './modules/friends/index.ts';
import { findLiffStore } from './modules/services/index.ts';
import type { LiffDirectory } from './platform/liff.ts';

/**
 * Where the platform meets the modules: what a platform part reads from the modules that own it, composed
 * here in one visible place (the platform imports no module).
 */

/** The mini-apps' caller check reads the store from the services module and the friend from friends. */
export const liffDirectory: LiffDirectory = { findStore: findLiffStore, findFriend: findFriendOfLineUser };
