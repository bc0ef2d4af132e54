import { createHash } from 'node:crypto';
import { channelAccessToken, HTTPFetchError, liff, messagingApi } from '@line/bot-sdk';
import type { Config } from '../../config/env.ts';
import { verifyLiffIdToken } from './id-token.ts';

/** A LINE channel's credentials, decrypted only for the call that needs them. */
export type LineChannel = { channelId: string; channelSecret: string };

/** A failed LINE call: status 0 when LINE could not be reached. */
/** Users one bulk link or unlink names at most (LINE's RichMenuBulkLinkRequest). */
export const RICH_MENU_BULK_MAX = 500;

export class LineError extends Error {
  readonly status: number;
  readonly body: string;
  readonly headers: Headers | undefined;

  constructor(status: number, body: string, message: string, headers?: Headers) {
    super(message);
    this.name = 'LineError';
    this.status = status;
    this.body = body;
    this.headers = headers;
  }

  /** Worth trying again later: LINE down, rate limited, or not reached (a spent monthly quota is not). */
  get isRetryable(): boolean {
    return this.status === 0 || (this.status === 429 && !this.isQuotaSpent) || this.status >= 500;
  }

  /** LINE's 429 for a month's quota spent, not a rate limit: waiting minutes does not help. */
  get isQuotaSpent(): boolean {
    return this.status === 429 && this.body.includes('You have reached your monthly limit.');
  }

  /**
   * LINE's own words for a person to read: "LINE 400: The request body has 1 error(s) (messages[0].text:
   * Length must be between 0 and 5000)". LINE answers { message, details?: [{ message, property }] }.
   */
  get reason(): string {
    let text = this.body || this.message;
    try {
      const parsed = JSON.parse(this.body) as {
        message?: unknown;
        details?: { message?: unknown; property?: unknown }[];
      };
      if (typeof parsed.message === 'string') {
        const details = (Array.isArray(parsed.details) ? parsed.details : []).flatMap((detail) => {
          if (typeof detail?.message !== 'string') return [];
          return [
            typeof detail.property === 'string' ? `${detail.property}: ${detail.message}` : detail.message,
          ];
        });
        text = details.length ? `${parsed.message} (${details.join('; ')})` : parsed.message;
      }
    } catch {
      // not JSON (a proxy's HTML page, an empty body): keep it as it came
    }
    return `LINE ${this.status || 'unreachable'}: ${text}`;
  }
}

export type PushResult = {
  /** LINE's id of the sent message (null when LINE did not tell, e.g. an accepted retry). */
  lineMessageId: string | null;
  /** LINE had already accepted this retry key: the message went out on an earlier try. */
  duplicate: boolean;
};

export type WebhookTest = {
  success: boolean;
  statusCode: number;
  reason: string;
  detail: string;
  timestamp: string;
};

export type LineGateway = {
  /** Issue (or reuse) a channel access token: also the way to check a channel id and secret. */
  issueToken: (channel: LineChannel) => Promise<string>;
  getBotInfo: (channel: LineChannel) => Promise<messagingApi.BotInfoResponse>;
  /** null when LINE has no profile for the user (not a friend, or blocked). */
  getProfile: (channel: LineChannel, userId: string) => Promise<messagingApi.UserProfileResponse | null>;
  /** A group's name and picture (LINE's group summary); null when the account is not in the group. */
  getGroupSummary: (
    channel: LineChannel,
    groupId: string,
  ) => Promise<{ groupName: string; pictureUrl: string | null } | null>;
  /** A member's name and picture in a group or room; null when LINE has none (left, or not a member). */
  getChatMemberProfile: (
    channel: LineChannel,
    chat: { kind: 'group' | 'room'; id: string },
    userId: string,
  ) => Promise<{ displayName: string; pictureUrl: string | null } | null>;
  pushText: (
    channel: LineChannel,
    input: { to: string; text: string; retryKey: string },
  ) => Promise<PushResult>;
  /** Any messages (at most 5) to one user: a push with its own retry key. */
  pushMessages: (
    channel: LineChannel,
    input: { to: string; messages: messagingApi.Message[]; retryKey: string },
  ) => Promise<PushResult>;
  /**
   * One message request to many users (LINE: at most 500 recipients and 5 messages a call). LINE skips
   * users who blocked the account without telling; duplicate true when LINE had accepted the retry key.
   */
  multicastTexts: (
    channel: LineChannel,
    input: { to: string[]; texts: string[]; retryKey: string },
  ) => Promise<{ duplicate: boolean }>;
  /**
   * Any messages (at most 5) to many users: a multicast (1 to 500 recipients) or the broadcast to every
   * friend. duplicate true when LINE had accepted the retry key (the earlier try went out).
   */
  sendMessages: (
    channel: LineChannel,
    input: {
      to: string[] | 'all';
      messages: messagingApi.Message[];
      retryKey: string;
    },
  ) => Promise<{ duplicate: boolean }>;
  /**
   * LINE's check of message objects for a kind of send, without sending (LINE's validate endpoints): a
   * LineError 400 with LINE's details when LINE would refuse them.
   */
  validateMessages: (
    channel: LineChannel,
    kind: 'push' | 'reply' | 'multicast' | 'narrowcast' | 'broadcast',
    messages: messagingApi.Message[],
  ) => Promise<void>;
  /**
   * A reply with the reply token of a webhook event (free: not counted against the quota). LINE takes a
   * token once and for about a minute: a used or expired one is a 400 (`isInvalidReplyToken`).
   */
  replyMessages: (
    channel: LineChannel,
    input: { replyToken: string; messages: messagingApi.Message[] },
  ) => Promise<void>;
  /**
   * LINE's mark-as-read (markAsReadMode manual): the user's messages up to the one that carried the token
   * show 既読. No retry key: marking read twice is harmless. A token LINE does not know is a 400.
   */
  markAsRead: (channel: LineChannel, markAsReadToken: string) => Promise<void>;
  /**
   * What a user sent (image, video, audio, file) from LINE's data API, or its preview (images and
   * videos), as a stream of its bytes; null when LINE no longer has it (404, 410: its keeping period is
   * over) or has no preview.
   */
  getMessageContent: (
    channel: LineChannel,
    messageId: string,
    variant: 'content' | 'preview',
  ) => Promise<{ body: AsyncIterable<Uint8Array>; contentType: string } | null>;
  /**
   * Whether LINE has prepared a user's video or audio for getting (GET .../content/transcoding); null
   * when LINE no longer has the message (404, 410).
   */
  getMessageContentTranscoding: (
    channel: LineChannel,
    messageId: string,
  ) => Promise<'processing' | 'succeeded' | 'failed' | null>;
  /** This month's target (null: none set) and the messages counted against it so far. */
  getMessageQuota: (channel: LineChannel) => Promise<{ limit: number | null; used: number }>;
  setWebhookEndpoint: (channel: LineChannel, endpoint: string) => Promise<void>;
  /** null when LINE has no endpoint set. */
  getWebhookEndpoint: (channel: LineChannel) => Promise<{ endpoint: string; active: boolean } | null>;
  testWebhookEndpoint: (channel: LineChannel, endpoint: string) => Promise<WebhookTest>;
  /** LIFF apps live on the LINE Login channel. */
  addLiffApp: (loginChannel: LineChannel, request: liff.AddLiffAppRequest) => Promise<string>;
  deleteLiffApp: (loginChannel: LineChannel, liffId: string) => Promise<void>;
  /** Rich menus: LINE's menus are immutable; a change is a new menu (create, upload its image). */
  createRichMenu: (channel: LineChannel, menu: messagingApi.RichMenuRequest) => Promise<string>;
  /** Upload the menu's image (JPEG or PNG) through LINE's data API. */
  setRichMenuImage: (
    channel: LineChannel,
    richMenuId: string,
    image: { contentType: 'image/png' | 'image/jpeg'; data: Buffer },
  ) => Promise<void>;
  /** Delete a menu; one LINE no longer has counts as deleted. */
  deleteRichMenu: (channel: LineChannel, richMenuId: string) => Promise<void>;
  setDefaultRichMenu: (channel: LineChannel, richMenuId: string) => Promise<void>;
  /** null when the account has no default menu. */
  getDefaultRichMenuId: (channel: LineChannel) => Promise<string | null>;
  cancelDefaultRichMenu: (channel: LineChannel) => Promise<void>;
  createRichMenuAlias: (channel: LineChannel, aliasId: string, richMenuId: string) => Promise<void>;
  updateRichMenuAlias: (channel: LineChannel, aliasId: string, richMenuId: string) => Promise<void>;
  /** Delete an alias; one LINE no longer has counts as deleted. */
  deleteRichMenuAlias: (channel: LineChannel, aliasId: string) => Promise<void>;
  listRichMenuAliases: (channel: LineChannel) => Promise<{ richMenuAliasId: string; richMenuId: string }[]>;
  /** LINE's per-user rich menu: link one menu to a user, or unlink (the default shows again). */
  linkRichMenuToUser: (channel: LineChannel, userId: string, richMenuId: string) => Promise<void>;
  unlinkRichMenuFromUser: (channel: LineChannel, userId: string) => Promise<void>;
  /**
   * LINE's bulk link and unlink (up to 500 users a call, RICH_MENU_BULK_MAX; LINE accepts with 202 and
   * applies them a moment later).
   */
  linkRichMenuToUsers: (channel: LineChannel, userIds: string[], richMenuId: string) => Promise<void>;
  unlinkRichMenuFromUsers: (channel: LineChannel, userIds: string[]) => Promise<void>;
  verifyLiffIdToken: (input: {
    idToken: string;
    channelId: string;
    nonce?: string;
  }) => ReturnType<typeof verifyLiffIdToken>;
};

/**
 * The bot SDK sets no timeout (Node's fetch waits up to 5 minutes for headers). A call LINE does not answer
 * in time fails as retryable, so one hanging call cannot stall the job runner; a push retried after a
 * timeout carries the same retry key, so LINE never sends it twice.
 */
export const LINE_CALL_TIMEOUT_MS = 15_000;

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new LineError(0, '', `LINE did not answer within ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/** LINE's limits of one message request. */
export const MULTICAST_MAX_RECIPIENTS = 500;
export const MAX_MESSAGES_PER_REQUEST = 5;

/** Stateless tokens live 15 minutes; renew a minute early. */
const TOKEN_MARGIN_MS = 60_000;

function toLineError(error: unknown): LineError {
  if (error instanceof LineError) return error;
  if (error instanceof HTTPFetchError) {
    return new LineError(error.status, error.body, `LINE answered ${error.status}`, error.headers);
  }
  const message = error instanceof Error ? error.message : String(error);
  return new LineError(0, '', `LINE could not be reached: ${message}`);
}

/**
 * The one door to the LINE platform (real or the simulator, by config.line base URLs), through the
 * official @line/bot-sdk clients. Tokens are issued from channel id + secret and cached per process
 * until shortly before they expire; a 401 drops the cached token and retries once.
 */
export function createLineGateway(
  config: Pick<Config, 'line'>,
  options: { timeoutMs?: number } = {},
): LineGateway {
  const { apiBaseUrl, dataApiBaseUrl } = config.line;
  const timeoutMs = options.timeoutMs ?? LINE_CALL_TIMEOUT_MS;
  const tokens = new Map<string, { token: string; expiresAt: number }>();
  const tokenClient = new channelAccessToken.ChannelAccessTokenClient({ baseURL: apiBaseUrl });
  // The secret is part of the key: a corrected secret never reuses a token issued for the old one.
  // (the secret's hash made once per secret: a push loop asks for the key on every call)
  const secretHashes = new Map<string, string>();
  const keyOf = (channel: LineChannel) => {
    let hash = secretHashes.get(channel.channelSecret);
    if (hash === undefined) {
      hash = createHash('sha256').update(channel.channelSecret).digest('hex');
      if (secretHashes.size >= 1_000) secretHashes.clear();
      secretHashes.set(channel.channelSecret, hash);
    }
    return `${channel.channelId}:${hash}`;
  };

  const issueToken = async (channel: LineChannel): Promise<string> => {
    const key = keyOf(channel);
    const cached = tokens.get(key);
    if (cached && cached.expiresAt > Date.now()) return cached.token;
    try {
      const issued = await withTimeout(
        tokenClient.issueStatelessChannelTokenByClientSecret(channel.channelId, channel.channelSecret),
        timeoutMs,
      );
      const expiresAt = Date.now() + issued.expires_in * 1000 - TOKEN_MARGIN_MS;
      tokens.set(key, { token: issued.access_token, expiresAt });
      return issued.access_token;
    } catch (error) {
      throw toLineError(error);
    }
  };

  const withToken = async <T>(channel: LineChannel, call: (token: string) => Promise<T>): Promise<T> => {
    try {
      return await withTimeout(call(await issueToken(channel)), timeoutMs);
    } catch (error) {
      const failure = toLineError(error);
      if (failure.status !== 401) throw failure;
      tokens.delete(keyOf(channel));
      try {
        return await withTimeout(call(await issueToken(channel)), timeoutMs);
      } catch (retryError) {
        throw toLineError(retryError);
      }
    }
  };

  // One client per token (a push loop makes thousands of calls with the same token); tokens are few.
  const messagingClients = new Map<string, messagingApi.MessagingApiClient>();
  const messaging = (token: string) => {
    let client = messagingClients.get(token);
    if (!client) {
      if (messagingClients.size >= 1_000) messagingClients.clear();
      client = new messagingApi.MessagingApiClient({ channelAccessToken: token, baseURL: apiBaseUrl });
      messagingClients.set(token, client);
    }
    return client;
  };
  const blob = (token: string) =>
    new messagingApi.MessagingApiBlobClient({ channelAccessToken: token, baseURL: dataApiBaseUrl });
  /** A delete LINE answers 404 (or 400 "not found" for aliases) to: already gone, which is what we want. */
  const ignoreGone = async (call: () => Promise<unknown>) => {
    try {
      await call();
    } catch (error) {
      if (error instanceof LineError && (error.status === 404 || /not found/i.test(error.body))) return;
      throw error;
    }
  };
  const liffClient = (token: string) =>
    new liff.LiffClient({ channelAccessToken: token, baseURL: apiBaseUrl });

  const gateway: LineGateway = {
    issueToken,
    getBotInfo: (channel) => withToken(channel, (token) => messaging(token).getBotInfo()),
    getProfile: async (channel, userId) => {
      try {
        return await withToken(channel, (token) => messaging(token).getProfile(userId));
      } catch (error) {
        if (error instanceof LineError && error.status === 404) return null;
        throw error;
      }
    },
    getGroupSummary: async (channel, groupId) => {
      try {
        const summary = await withToken(channel, (token) => messaging(token).getGroupSummary(groupId));
        return { groupName: summary.groupName, pictureUrl: summary.pictureUrl ?? null };
      } catch (error) {
        if (error instanceof LineError && error.status === 404) return null;
        throw error;
      }
    },
    getChatMemberProfile: async (channel, chat, userId) => {
      try {
        const profile = await withToken(channel, (token) =>
          chat.kind === 'group'
            ? messaging(token).getGroupMemberProfile(chat.id, userId)
            : messaging(token).getRoomMemberProfile(chat.id, userId),
        );
        return { displayName: profile.displayName, pictureUrl: profile.pictureUrl ?? null };
      } catch (error) {
        if (error instanceof LineError && error.status === 404) return null;
        throw error;
      }
    },
    pushText: (channel, input) =>
      gateway.pushMessages(channel, {
        to: input.to,
        messages: [{ type: 'text', text: input.text }],
        retryKey: input.retryKey,
      }),
    pushMessages: async (channel, input) => {
      try {
        const response = await withToken(channel, (token) =>
          messaging(token).pushMessage({ to: input.to, messages: input.messages }, input.retryKey),
        );
        return { lineMessageId: response.sentMessages[0]?.id ?? null, duplicate: false };
      } catch (error) {
        // 409 with a retry key: LINE accepted this very request before (our answer got lost).
        if (
          error instanceof LineError &&
          error.status === 409 &&
          error.headers?.get('x-line-accepted-request-id')
        ) {
          let id: string | null = null;
          try {
            const body = JSON.parse(error.body) as { sentMessages?: { id?: string }[] };
            id = body.sentMessages?.[0]?.id ?? null;
          } catch {
            id = null;
          }
          return { lineMessageId: id, duplicate: true };
        }
        throw error;
      }
    },
    multicastTexts: async (channel, input) => {
      if (input.to.length === 0 || input.to.length > MULTICAST_MAX_RECIPIENTS) {
        throw new Error(`A multicast takes 1 to ${MULTICAST_MAX_RECIPIENTS} recipients`);
      }
      if (input.texts.length === 0 || input.texts.length > MAX_MESSAGES_PER_REQUEST) {
        throw new Error(`A message request takes 1 to ${MAX_MESSAGES_PER_REQUEST} messages`);
      }
      try {
        await withToken(channel, (token) =>
          messaging(token).multicast(
            { to: input.to, messages: input.texts.map((text) => ({ type: 'text', text })) },
            input.retryKey,
          ),
        );
        return { duplicate: false };
      } catch (error) {
        if (
          error instanceof LineError &&
          error.status === 409 &&
          error.headers?.get('x-line-accepted-request-id')
        ) {
          return { duplicate: true };
        }
        throw error;
      }
    },
    sendMessages: async (channel, input) => {
      if (input.to !== 'all' && (input.to.length === 0 || input.to.length > MULTICAST_MAX_RECIPIENTS)) {
        throw new Error(`A multicast takes 1 to ${MULTICAST_MAX_RECIPIENTS} recipients`);
      }
      if (input.messages.length === 0 || input.messages.length > MAX_MESSAGES_PER_REQUEST) {
        throw new Error(`A message request takes 1 to ${MAX_MESSAGES_PER_REQUEST} messages`);
      }
      const { to, messages, retryKey } = input;
      try {
        await withToken(channel, (token) =>
          to === 'all'
            ? messaging(token).broadcast({ messages }, retryKey)
            : messaging(token).multicast({ to, messages }, retryKey),
        );
        return { duplicate: false };
      } catch (error) {
        if (
          error instanceof LineError &&
          error.status === 409 &&
          error.headers?.get('x-line-accepted-request-id')
        ) {
          return { duplicate: true };
        }
        throw error;
      }
    },
    validateMessages: async (channel, kind, messages) => {
      await withToken(channel, (token) => {
        const client = messaging(token);
        const request = { messages };
        switch (kind) {
          case 'push':
            return client.validatePush(request);
          case 'reply':
            return client.validateReply(request);
          case 'multicast':
            return client.validateMulticast(request);
          case 'narrowcast':
            return client.validateNarrowcast(request);
          case 'broadcast':
            return client.validateBroadcast(request);
        }
      });
    },
    replyMessages: async (channel, input) => {
      await withToken(channel, (token) =>
        messaging(token).replyMessage({ replyToken: input.replyToken, messages: input.messages }),
      );
    },
    markAsRead: async (channel, markAsReadToken) => {
      await withToken(channel, (token) => messaging(token).markMessagesAsReadByToken({ markAsReadToken }));
    },
    getMessageQuota: async (channel) => {
      const [quota, consumption] = await Promise.all([
        withToken(channel, (token) => messaging(token).getMessageQuota()),
        withToken(channel, (token) => messaging(token).getMessageQuotaConsumption()),
      ]);
      return {
        limit: quota.type === 'limited' ? (quota.value ?? 0) : null,
        used: consumption.totalUsage,
      };
    },
    setWebhookEndpoint: async (channel, endpoint) => {
      await withToken(channel, (token) => messaging(token).setWebhookEndpoint({ endpoint }));
    },
    getWebhookEndpoint: async (channel) => {
      try {
        const info = await withToken(channel, (token) => messaging(token).getWebhookEndpoint());
        return { endpoint: info.endpoint, active: info.active };
      } catch (error) {
        if (error instanceof LineError && error.status === 404) return null;
        throw error;
      }
    },
    testWebhookEndpoint: async (channel, endpoint) => {
      const result = await withToken(channel, (token) => messaging(token).testWebhookEndpoint({ endpoint }));
      return {
        success: result.success ?? false,
        statusCode: result.statusCode,
        reason: result.reason,
        detail: result.detail,
        // Typed as Date by the SDK, a JSON string on the wire: new Date() reads both.
        timestamp: new Date(result.timestamp).toISOString(),
      };
    },
    addLiffApp: async (loginChannel, request) => {
      const created = await withToken(loginChannel, (token) => liffClient(token).addLIFFApp(request));
      return created.liffId;
    },
    deleteLiffApp: async (loginChannel, liffId) => {
      await withToken(loginChannel, (token) => liffClient(token).deleteLIFFApp(liffId));
    },
    createRichMenu: async (channel, menu) => {
      const created = await withToken(channel, (token) => messaging(token).createRichMenu(menu));
      return created.richMenuId;
    },
    getMessageContent: async (channel, messageId, variant) => {
      try {
        return await withToken(channel, async (token) => {
          const answer =
            variant === 'content'
              ? await blob(token).getMessageContentWithHttpInfo(messageId)
              : await blob(token).getMessageContentPreviewWithHttpInfo(messageId);
          // the body as it arrives: the caller streams it into the file storage
          const contentType = answer.httpResponse.headers.get('content-type') ?? 'application/octet-stream';
          return {
            body: answer.body as AsyncIterable<Uint8Array>,
            contentType: contentType.split(';')[0]!.trim(),
          };
        });
      } catch (error) {
        if (error instanceof LineError && (error.status === 404 || error.status === 410)) return null;
        throw error;
      }
    },
    getMessageContentTranscoding: async (channel, messageId) => {
      try {
        const answer = await withToken(channel, (token) =>
          blob(token).getMessageContentTranscodingByMessageId(messageId),
        );
        return answer.status === 'processing' || answer.status === 'succeeded' ? answer.status : 'failed';
      } catch (error) {
        if (error instanceof LineError && (error.status === 404 || error.status === 410)) return null;
        throw error;
      }
    },
    setRichMenuImage: async (channel, richMenuId, image) => {
      const body = new Blob([new Uint8Array(image.data)], { type: image.contentType });
      await withToken(channel, (token) => blob(token).setRichMenuImage(richMenuId, body));
    },
    deleteRichMenu: (channel, richMenuId) =>
      ignoreGone(() => withToken(channel, (token) => messaging(token).deleteRichMenu(richMenuId))),
    setDefaultRichMenu: async (channel, richMenuId) => {
      await withToken(channel, (token) => messaging(token).setDefaultRichMenu(richMenuId));
    },
    getDefaultRichMenuId: async (channel) => {
      try {
        return (await withToken(channel, (token) => messaging(token).getDefaultRichMenuId())).richMenuId;
      } catch (error) {
        if (error instanceof LineError && error.status === 404) return null;
        throw error;
      }
    },
    cancelDefaultRichMenu: async (channel) => {
      await withToken(channel, (token) => messaging(token).cancelDefaultRichMenu());
    },
    createRichMenuAlias: async (channel, richMenuAliasId, richMenuId) => {
      await withToken(channel, (token) =>
        messaging(token).createRichMenuAlias({ richMenuAliasId, richMenuId }),
      );
    },
    updateRichMenuAlias: async (channel, richMenuAliasId, richMenuId) => {
      await withToken(channel, (token) =>
        messaging(token).updateRichMenuAlias(richMenuAliasId, { richMenuId }),
      );
    },
    deleteRichMenuAlias: (channel, richMenuAliasId) =>
      ignoreGone(() => withToken(channel, (token) => messaging(token).deleteRichMenuAlias(richMenuAliasId))),
    listRichMenuAliases: async (channel) => {
      const list = await withToken(channel, (token) => messaging(token).getRichMenuAliasList());
      return list.aliases.map(({ richMenuAliasId, richMenuId }) => ({ richMenuAliasId, richMenuId }));
    },
    linkRichMenuToUser: async (channel, userId, richMenuId) => {
      await withToken(channel, (token) => messaging(token).linkRichMenuIdToUser(userId, richMenuId));
    },
    unlinkRichMenuFromUser: async (channel, userId) => {
      await withToken(channel, (token) => messaging(token).unlinkRichMenuIdFromUser(userId));
    },
    linkRichMenuToUsers: async (channel, userIds, richMenuId) => {
      await withToken(channel, (token) => messaging(token).linkRichMenuIdToUsers({ richMenuId, userIds }));
    },
    unlinkRichMenuFromUsers: async (channel, userIds) => {
      await withToken(channel, (token) => messaging(token).unlinkRichMenuIdFromUsers({ userIds }));
    },
    verifyLiffIdToken: (input) => verifyLiffIdToken(config, input),
  };
  return gateway;
}

const gateways = new WeakMap<Pick<Config, 'line'>, LineGateway>();

/** One gateway (and token cache) per app configuration. */
export function lineGatewayFor(config: Pick<Config, 'line'>): LineGateway {
  let gateway = gateways.get(config);
  if (!gateway) {
    gateway = createLineGateway(config);
    gateways.set(config, gateway);
  }
  return gateway;
}
