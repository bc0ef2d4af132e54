/** The friends module's door: what other modules may use (STYLE.md "Door"). */
export type { FriendRow } from './friends.repository.ts';
export {
  findFriendOfAccount,
  findFriendOfLineUser,
  sendFriendMessage,
  setFriendManagerNote,
} from './friends.service.ts';
export {
  isKnownFriend,
  markReplyTokenUsed,
  recordFollow,
  recordIncomingMessage,
  recordUnfollow,
  recordUnsend,
  type FriendProfile,
} from './line-events.ts';
export {
  type ChatImageDirectory,
  type ClickConditions,
  type ClickDirectory,
  type TapConditions,
  type TapDirectory,
  type FriendDirectories,
  type InflowDirectory,
  type MemberCardConditions,
  type ScenarioConditions,
  type ScenarioDirectory,
  type TagUseDirectory,
  type MemberDirectory,
  type MemberOfFriend,
  type StaffDirectory,
  type StaffOfFriend,
} from './service-users.ts';
export { markConversationRead, updateConversationOf } from './inbox.service.ts';
// groups and rooms (decision 0052-groups-and-rooms): the webhook module hands their events over
export {
  membersWithoutProfile,
  needsGroupSummary,
  recordGroupJoin,
  recordGroupLeave,
  recordGroupMembers,
  recordGroupMessage,
  recordGroupUnsend,
  type ChatProfile,
  type GroupKey,
  type GroupSummary,
} from './groups.events.ts';
export { endInboxStreams } from './inbox.stream.ts';
export { friendsForJoin } from './friends.reads.ts';
export { accountFriendFigures, countFriendsFollowedSince } from './friends.figures.ts';
export {
  listFollowingFriendCards,
  listFriendCards,
  listFriendCardsOfAccount,
  type FriendCard,
} from './friends.lookup.ts';
export {
  countAudience,
  friendsInSegment,
  readAudiencePage,
  type Audience,
  type AudienceMember,
} from './friends.audience.ts';
export { addTagsToFriend, areTagsOfAccount, removeTagsFromFriend } from './tags.service.ts';
export { createTag, createTagFolder, listTags, tagFriends } from './tags.service.ts';
export { recordDeliveredMessages, type DeliveredMessage } from './delivered-messages.ts';
// step delivery (automation): the tags on the friends a scenario step is due for
export { listTagsOfFriends } from './tags.repository.ts';
// the deliveries module's sweep of unused uploads asks which the chat's images name (src/composition.ts)
export { chatImageUses } from './image-uses.ts';
