import type { liff, messagingApi } from '@line/bot-sdk';

export type MessagingChannel = {
  channelId: string;
  channelSecret: string;
  botUserId: string;
  basicId: string;
  displayName: string;
  pictureUrl: string | null;
  chatMode: 'chat' | 'bot';
  markAsReadMode: 'auto' | 'manual';
  webhook: { endpoint: string | null; active: boolean };
  /** The LINE Login channel made with it; LIFF friendship and bot prompts refer to this account. */
  loginChannelId: string | null;
  /** The monthly message plan (messaging/quota-and-rate.ts); absent in older snapshots = the default. */
  quotaPlan?: 'communication' | 'light' | 'standard' | 'unlimited';
  createdAt: string;
};

export type LoginChannel = {
  channelId: string;
  channelSecret: string;
  name: string;
  linkedChannelId: string | null;
  createdAt: string;
};

export type SimUser = {
  userId: string;
  displayName: string;
  pictureUrl: string | null;
  statusMessage: string | null;
  language: string;
  createdAt: string;
};

/** Absent = never added. "blocked" keeps the history so a later follow reports isUnblocked. */
export type FriendshipState = 'friend' | 'blocked';

export type ChannelTokenKind = 'short-lived' | 'stateless' | 'long-lived';

export type ChannelToken = {
  token: string;
  channelId: string;
  kind: ChannelTokenKind;
  /** epoch ms; null never expires (long-lived tokens made by the console) */
  expiresAt: number | null;
  issuedAt: number;
};

/** A LINE Login user access token, as LIFF's login gives the page. */
export type LoginAccessToken = {
  token: string;
  userId: string;
  loginChannelId: string;
  scope: string;
  expiresAt: number;
};

/** A LINE Login authorization code (web login): one use, 10 minutes, for one redirect URI. */
export type AuthorizationCode = {
  code: string;
  loginChannelId: string;
  redirectUri: string;
  userId: string;
  scope: string;
  nonce: string | null;
  expiresAt: number;
};

/** A LINE group (C...) or multi-person chat (R...) the account is in, with its members. */
export type SimGroup = {
  groupId: string;
  kind: 'group' | 'room';
  channelId: string;
  name: string;
  pictureUrl: string | null;
  /** User ids of the members now in it. */
  members: string[];
  /** The account left (or was removed): LINE refuses sends and profiles then. */
  left: boolean;
  createdAt: string;
};

export type ReplyTokenRecord = {
  token: string;
  channelId: string;
  userId: string;
  /** A token of an event in a group or room: the reply goes to the group. */
  groupId?: string;
  expiresAt: number;
  usedAt: number | null;
};

export type SendKind = 'push' | 'reply' | 'multicast' | 'broadcast';

export type SentRecord = {
  id: string;
  channelId: string;
  kind: SendKind;
  /** Recipients the bot addressed. */
  to: string[];
  /** Recipients who got it: friends who haven't blocked the account. */
  deliveredTo: string[];
  messages: messagingApi.Message[];
  sentMessages: messagingApi.SentMessage[];
  retryKey: string | null;
  replyToken: string | null;
  notificationDisabled: boolean;
  at: string;
};

export type RetryKeyRecord = {
  sentRecordId: string;
  requestId: string;
  acceptedAt: number;
};

export type TimelineEntry = {
  id: string;
  at: string;
  userId: string;
  channelId: string;
  from: 'user' | 'bot' | 'system';
  kind: 'text' | 'postback' | 'follow' | 'unfollow' | 'message' | 'note' | 'media' | 'sticker';
  text?: string;
  /** user media (kind media): what was sent, its content at /_sim/contents/{messageId} */
  media?: { type: StoredContent['type']; messageId: string; fileName: string | null; size: number };
  /** user stickers (kind sticker) */
  sticker?: { packageId: string; stickerId: string };
  data?: string;
  /** bot messages: the message object as sent */
  message?: messagingApi.Message;
  sentMessageId?: string;
  via?: SendKind;
  /** user actions: the webhook event they produced, to show its delivery status */
  webhookEventId?: string;
  /** In a group or room (not the one-to-one chat): its id. */
  groupId?: string;
  /**
   * A user's message while the chat is on (markAsReadMode manual): the token its webhook event carried;
   * the account's POST /v2/bot/chat/markAsRead with it marks this message and the earlier ones read.
   */
  markAsReadToken?: string;
  /** When the user's message showed 既読: at once in auto mode, else at the account's mark-as-read call. */
  readAt?: string;
};

/**
 * What a user sent as an image, video, audio or file message: LINE keeps the bytes for a while and serves
 * them at api-data's GET /v2/bot/message/{messageId}/content (and /content/preview for images and videos);
 * after that, or once expired from the console, the content is a 404.
 */
export type StoredContent = {
  messageId: string;
  channelId: string;
  userId: string;
  type: 'image' | 'video' | 'audio' | 'file';
  contentType: string;
  data: Buffer;
  fileName: string | null;
  /** epoch ms after which LINE no longer has it */
  expiresAt: number;
  /**
   * A video or audio's preparation (GET .../content/transcoding): succeeded unless the console says it is
   * still processing or failed; while not succeeded, the content itself is not handed out.
   */
  transcoding?: 'processing' | 'succeeded' | 'failed';
};

export type RichMenuImage = { contentType: string; data: Buffer; width: number; height: number };

export type StoredRichMenu = {
  richMenuId: string;
  channelId: string;
  menu: messagingApi.RichMenuResponse;
  image: RichMenuImage | null;
  createdAt: string;
};

export type StoredLiffApp = liff.LiffApp & {
  liffId: string;
  loginChannelId: string;
  view: liff.LiffView;
};

export type DeliveryAttempt = {
  at: string;
  isRedelivery: boolean;
  statusCode: number | null;
  error: string | null;
  durationMs: number;
};

export type WebhookDelivery = {
  id: string;
  channelId: string;
  endpoint: string | null;
  eventIds: string[];
  eventTypes: string[];
  status: 'pending' | 'delivered' | 'failed' | 'skipped';
  reason: string | null;
  attempts: DeliveryAttempt[];
  createdAt: string;
};

export type FaultRule = {
  id: string;
  status: number;
  remaining: number;
  /** before: refuse without effect; after: do the work, then answer the error (a lost answer) */
  when: 'before' | 'after';
  channelId: string | null;
  pathPrefix: string | null;
  message: string | null;
};

const userChannelKey = (userId: string, channelId: string) => `${userId} ${channelId}`;

/** All simulator state, in memory on purpose: a restart forgets everything but the seeds. */
export class SimStateStore {
  channels = new Map<string, MessagingChannel>();
  loginChannels = new Map<string, LoginChannel>();
  users = new Map<string, SimUser>();
  friendships = new Map<string, FriendshipState>();
  channelTokens = new Map<string, ChannelToken>();
  loginTokens = new Map<string, LoginAccessToken>();
  /** LINE Login web codes (not kept across restarts: they live 10 minutes). */
  authorizationCodes = new Map<string, AuthorizationCode>();
  replyTokens = new Map<string, ReplyTokenRecord>();
  groups = new Map<string, SimGroup>();
  sent: SentRecord[] = [];
  /** key: `${channelId} ${retryKey}` */
  retryKeys = new Map<string, RetryKeyRecord>();
  timeline: TimelineEntry[] = [];
  richMenus = new Map<string, StoredRichMenu>();
  /** channelId -> aliasId -> richMenuId */
  richMenuAliases = new Map<string, Map<string, string>>();
  defaultRichMenus = new Map<string, string>();
  userRichMenus = new Map<string, string>();
  liffApps = new Map<string, StoredLiffApp>();
  /** message id -> what a user sent as media (not kept across restarts: LINE's content expires anyway) */
  contents = new Map<string, StoredContent>();
  deliveries: WebhookDelivery[] = [];
  faults: FaultRule[] = [];
  /** key: `${channelId} ${rate class}`; the current fixed window of LINE's rate limits */
  rateWindows = new Map<string, { startedAt: number; count: number }>();

  clear() {
    for (const value of Object.values(this)) {
      if (value instanceof Map) value.clear();
      else if (Array.isArray(value)) value.length = 0;
    }
  }

  getFriendship(userId: string, channelId: string): FriendshipState | undefined {
    return this.friendships.get(userChannelKey(userId, channelId));
  }

  setFriendship(userId: string, channelId: string, state: FriendshipState) {
    this.friendships.set(userChannelKey(userId, channelId), state);
  }

  isFriend(userId: string, channelId: string) {
    return this.getFriendship(userId, channelId) === 'friend';
  }

  friendsOf(channelId: string): string[] {
    return [...this.users.keys()].filter((userId) => this.isFriend(userId, channelId));
  }

  getUserRichMenuId(userId: string, channelId: string) {
    return this.userRichMenus.get(userChannelKey(userId, channelId));
  }

  setUserRichMenuId(userId: string, channelId: string, richMenuId: string | null) {
    if (richMenuId) this.userRichMenus.set(userChannelKey(userId, channelId), richMenuId);
    else this.userRichMenus.delete(userChannelKey(userId, channelId));
  }

  aliasesOf(channelId: string): Map<string, string> {
    let aliases = this.richMenuAliases.get(channelId);
    if (!aliases) {
      aliases = new Map();
      this.richMenuAliases.set(channelId, aliases);
    }
    return aliases;
  }

  /** Deleting a rich menu also drops what points at it, as LINE does. */
  deleteRichMenu(richMenuId: string) {
    const menu = this.richMenus.get(richMenuId);
    if (!menu) return;
    this.richMenus.delete(richMenuId);
    if (this.defaultRichMenus.get(menu.channelId) === richMenuId) {
      this.defaultRichMenus.delete(menu.channelId);
    }
    for (const [key, id] of this.userRichMenus) if (id === richMenuId) this.userRichMenus.delete(key);
    const aliases = this.aliasesOf(menu.channelId);
    for (const [alias, id] of aliases) if (id === richMenuId) aliases.delete(alias);
  }
}
