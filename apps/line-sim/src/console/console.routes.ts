import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { liff } from '@line/bot-sdk';
import { LineApiError, badRequest, notFound } from '../http/line-errors.ts';
import { addLiffApp, toLiffApp } from '../liff/liff-app.routes.ts';
import { loginToLiff } from '../liff/liff-login.service.ts';
import { assertValidBody } from '../spec/request-body.validator.ts';
import { createSimId } from '../state/id.generator.ts';
import type { SimContext } from '../state/sim-context.ts';
import type { FaultRule } from '../state/sim-state.store.ts';
import { isQuotaPlan } from '../messaging/quota-and-rate.ts';
import { renderAvatarPng } from '../ui/avatar.png.ts';
import { renderAvatarSvg } from '../ui/avatar.svg.ts';
import {
  type CreateChannelInput,
  type CreateUserInput,
  type UpdateUserInput,
  channelView,
  createChannelPair,
  createUser,
  updateUser,
  userView,
} from './channel-admin.service.ts';
import {
  changeMember,
  createGroup,
  groupOrThrow,
  leaveGroup,
  sendTextInGroup,
} from '../groups/groups.service.ts';
import {
  blockAccount,
  effectiveRichMenu,
  followAccount,
  sendMediaAsUser,
  sendPostbackAsUser,
  sendStickerAsUser,
  sendTextAsUser,
} from './user-actions.service.ts';

/** The most users one bulk call makes (a list of 100,000 is some 8 MB of JSON). */
const MAX_BULK_USERS = 100_000;

type ChannelParams = { Params: { channelId: string } };
type UserParams = { Params: { userId: string } };
type UserChannelParams = { Params: { userId: string; channelId: string } };

const objectBody = <T>(request: FastifyRequest): Partial<T> =>
  typeof request.body === 'object' && request.body !== null ? request.body : {};

const requireString = (value: unknown, name: string): string => {
  if (typeof value !== 'string' || value === '') throw badRequest(`${name} is required`);
  return value;
};

/**
 * The simulator's own API under /_sim, for tests, the demo and the user page. Not part of LINE:
 * it creates channels and users and acts as users. CORS is open so a local mini-app can log in.
 */
export const registerConsoleRoutes = (app: FastifyInstance, ctx: SimContext) => {
  const { store } = ctx;
  const base = (request: FastifyRequest) => ctx.baseUrlFor(request);

  const channelOrThrow = (channelId: string) => {
    const channel = store.channels.get(channelId);
    if (!channel) throw notFound(`No channel ${channelId}`);
    return channel;
  };

  app.addHook('onRequest', async (_request, reply) => {
    void reply.header('access-control-allow-origin', '*');
  });
  app.options('/_sim/*', async (_request, reply) =>
    reply
      .header('access-control-allow-methods', 'GET,POST,PUT,PATCH,DELETE,OPTIONS')
      .header('access-control-allow-headers', 'content-type')
      .code(204)
      .send(),
  );

  app.get('/_sim/health', async () => ({ ok: true }));

  // Channels
  app.post('/_sim/channels', async (request) => {
    const channel = createChannelPair(ctx, objectBody<CreateChannelInput>(request));
    return channelView(ctx, channel, base(request));
  });

  app.get('/_sim/channels', async (request) => ({
    channels: [...store.channels.values()].map((channel) => channelView(ctx, channel, base(request))),
  }));

  app.get<ChannelParams>('/_sim/channels/:channelId', async (request) =>
    channelView(ctx, channelOrThrow(request.params.channelId), base(request)),
  );

  app.patch<ChannelParams>('/_sim/channels/:channelId', async (request) => {
    const channel = channelOrThrow(request.params.channelId);
    const body = objectBody<{
      displayName: string;
      pictureUrl: string | null;
      chatMode: 'chat' | 'bot';
      webhookEndpoint: string | null;
      webhookActive: boolean;
      quotaPlan: string;
    }>(request);
    if (body.quotaPlan !== undefined) {
      if (!isQuotaPlan(body.quotaPlan)) {
        throw badRequest('quotaPlan must be one of communication, light, standard, unlimited');
      }
      channel.quotaPlan = body.quotaPlan;
    }
    if (typeof body.displayName === 'string' && body.displayName) channel.displayName = body.displayName;
    if (body.pictureUrl !== undefined) channel.pictureUrl = body.pictureUrl;
    if (body.chatMode === 'chat' || body.chatMode === 'bot') {
      channel.chatMode = body.chatMode;
      channel.markAsReadMode = body.chatMode === 'chat' ? 'manual' : 'auto';
    }
    if (body.webhookEndpoint !== undefined) channel.webhook.endpoint = body.webhookEndpoint || null;
    if (typeof body.webhookActive === 'boolean') channel.webhook.active = body.webhookActive;
    return channelView(ctx, channel, base(request));
  });

  app.get<ChannelParams & { Querystring: { kind?: string; to?: string } }>(
    '/_sim/channels/:channelId/sent',
    async (request) => {
      channelOrThrow(request.params.channelId);
      const { kind, to } = request.query;
      return {
        sent: store.sent.filter(
          (record) =>
            record.channelId === request.params.channelId &&
            (!kind || record.kind === kind) &&
            (!to || record.to.includes(to)),
        ),
      };
    },
  );

  // What a channel's calls add up to, for a bench that cannot hold each call's record (100,000 pushes): the
  // calls and recipients from `since` (an ISO time, inclusive) on, per kind with its busiest second, and
  // the time of the last call.
  app.get<ChannelParams & { Querystring: { since?: string } }>(
    '/_sim/channels/:channelId/sent/summary',
    async (request) => {
      channelOrThrow(request.params.channelId);
      const since = request.query.since ?? '';
      if (since && Number.isNaN(Date.parse(since))) throw badRequest('since must be an ISO date-time');
      const from = since ? new Date(since).toISOString() : '';
      const kinds = new Map<string, { calls: number; perSecond: Map<string, number> }>();
      const distinct = new Set<string>();
      let calls = 0;
      let recipients = 0;
      let lastAt: string | null = null;
      for (const record of store.sent) {
        if (record.channelId !== request.params.channelId || record.at < from) continue;
        calls += 1;
        recipients += record.to.length;
        for (const to of record.to) distinct.add(to);
        if (!lastAt || record.at > lastAt) lastAt = record.at;
        let kind = kinds.get(record.kind);
        if (!kind) kinds.set(record.kind, (kind = { calls: 0, perSecond: new Map() }));
        kind.calls += 1;
        const second = record.at.slice(0, 19);
        kind.perSecond.set(second, (kind.perSecond.get(second) ?? 0) + 1);
      }
      return {
        calls,
        recipients,
        distinctRecipients: distinct.size,
        lastAt,
        kinds: Object.fromEntries(
          [...kinds].map(([kind, k]) => [
            kind,
            { calls: k.calls, busiestSecond: Math.max(...k.perSecond.values()) },
          ]),
        ),
      };
    },
  );

  app.get<ChannelParams>('/_sim/channels/:channelId/deliveries', async (request) => {
    channelOrThrow(request.params.channelId);
    return { deliveries: store.deliveries.filter((d) => d.channelId === request.params.channelId) };
  });

  app.get<ChannelParams>('/_sim/channels/:channelId/richmenus', async (request) => {
    channelOrThrow(request.params.channelId);
    const defaultId = store.defaultRichMenus.get(request.params.channelId) ?? null;
    return {
      defaultRichMenuId: defaultId,
      aliases: [...store.aliasesOf(request.params.channelId)].map(([richMenuAliasId, richMenuId]) => ({
        richMenuAliasId,
        richMenuId,
      })),
      richMenus: [...store.richMenus.values()]
        .filter((menu) => menu.channelId === request.params.channelId)
        .map((menu) => ({
          ...menu.menu,
          hasImage: menu.image !== null,
          imageUrl: menu.image ? `${base(request)}/_sim/richmenus/${menu.richMenuId}/image` : null,
        })),
    };
  });

  app.get<{ Params: { richMenuId: string } }>('/_sim/richmenus/:richMenuId/image', async (request, reply) => {
    const image = store.richMenus.get(request.params.richMenuId)?.image;
    if (!image) throw notFound();
    return reply.type(image.contentType).header('cache-control', 'max-age=3600').send(image.data);
  });

  app.get<ChannelParams>('/_sim/channels/:channelId/liff-apps', async (request) => {
    const channel = channelOrThrow(request.params.channelId);
    return {
      loginChannelId: channel.loginChannelId,
      apps: [...store.liffApps.values()]
        .filter((liffApp) => liffApp.loginChannelId === channel.loginChannelId)
        .map(toLiffApp),
    };
  });

  app.post<ChannelParams>('/_sim/channels/:channelId/liff-apps', async (request) => {
    const channel = channelOrThrow(request.params.channelId);
    if (!channel.loginChannelId) throw badRequest('The channel has no LINE Login channel');
    const body = objectBody<liff.AddLiffAppRequest & { liffId: string }>(request);
    const { liffId, ...appRequest } = body;
    assertValidBody('liff', 'AddLiffAppRequest', appRequest);
    const created = addLiffApp(ctx, channel.loginChannelId, appRequest as liff.AddLiffAppRequest, liffId);
    return toLiffApp(created);
  });

  // Users
  app.post('/_sim/users', async (request) => {
    const user = createUser(ctx, objectBody<CreateUserInput>(request));
    return userView(ctx, user, base(request));
  });

  // Many users in one call (a bench's 100,000 friends): all or none. The ids are the caller's (a bench
  // derives them as it derives its friends' ids), each new and unique; answers how many were made.
  app.post('/_sim/users/bulk', { bodyLimit: 32 * 1024 * 1024 }, async (request) => {
    const { users } = objectBody<{ users: CreateUserInput[] }>(request);
    if (!Array.isArray(users) || users.length === 0 || users.length > MAX_BULK_USERS) {
      throw badRequest(`users must be a list of 1 to ${MAX_BULK_USERS} users`);
    }
    const ids = new Set<string>();
    users.forEach((user, i) => {
      if (typeof user !== 'object' || user === null) throw badRequest(`users[${i}] must be an object`);
      const userId = requireString(user.userId, `users[${i}].userId`);
      if (user.displayName !== undefined && typeof user.displayName !== 'string') {
        throw badRequest(`users[${i}].displayName must be a string`);
      }
      for (const key of ['friendOf', 'blockedOf'] as const) {
        const list = user[key];
        if (list === undefined) continue;
        if (!Array.isArray(list)) throw badRequest(`users[${i}].${key} must be a list of channel ids`);
        for (const channelId of list) {
          if (!store.channels.has(channelId)) throw badRequest(`users[${i}].${key}: no channel ${channelId}`);
        }
      }
      if (ids.has(userId) || store.users.has(userId))
        throw new LineApiError(409, { message: `User ${userId} already exists` });
      ids.add(userId);
    });
    for (const user of users) createUser(ctx, user);
    return { created: users.length };
  });

  app.get('/_sim/users', async (request) => ({
    users: [...store.users.values()].map((user) => userView(ctx, user, base(request))),
  }));

  app.get<UserParams>('/_sim/users/:userId', async (request) => {
    const user = store.users.get(request.params.userId);
    if (!user) throw notFound(`No user ${request.params.userId}`);
    return userView(ctx, user, base(request));
  });

  /** The user edits their profile (name, picture, status message; null clears the last two). */
  app.patch<UserParams>('/_sim/users/:userId', async (request) => {
    const user = store.users.get(request.params.userId);
    if (!user) throw notFound(`No user ${request.params.userId}`);
    return userView(ctx, updateUser(user, objectBody<UpdateUserInput>(request)), base(request));
  });

  app.post<UserChannelParams>('/_sim/users/:userId/follow/:channelId', async (request) =>
    followAccount(ctx, request.params.userId, request.params.channelId),
  );

  app.post<UserChannelParams>('/_sim/users/:userId/unfollow/:channelId', async (request) =>
    blockAccount(ctx, request.params.userId, request.params.channelId),
  );

  app.post<UserParams>('/_sim/users/:userId/messages', async (request) => {
    const body = objectBody<{ channelId: string; text: string }>(request);
    const text = requireString(body.text, 'text');
    if (text.length > 5000) throw badRequest('text must be 5000 characters or fewer');
    return sendTextAsUser(ctx, {
      userId: request.params.userId,
      channelId: requireString(body.channelId, 'channelId'),
      text,
    });
  });

  /**
   * The user sends a photo, video, audio or file: the body is the file's bytes with its media type
   * (image/* an image message, video/* a video, audio/* an audio, anything else a file).
   */
  app.post<UserParams & { Querystring: { channelId?: string; fileName?: string } }>(
    '/_sim/users/:userId/media',
    async (request) => {
      const data = Buffer.isBuffer(request.body) ? request.body : null;
      if (!data?.length) throw badRequest('The body must be the file (its bytes, with its content type)');
      const contentType = (request.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
      return sendMediaAsUser(ctx, {
        userId: request.params.userId,
        channelId: requireString(request.query.channelId, 'channelId'),
        contentType: contentType || 'application/octet-stream',
        data,
        fileName: (request.query.fileName ?? 'file').slice(0, 200) || 'file',
      });
    },
  );

  app.post<UserParams>('/_sim/users/:userId/sticker', async (request) => {
    const body = objectBody<{ channelId: string; packageId: string; stickerId: string }>(request);
    return sendStickerAsUser(ctx, {
      userId: request.params.userId,
      channelId: requireString(body.channelId, 'channelId'),
      packageId: requireString(body.packageId, 'packageId'),
      stickerId: requireString(body.stickerId, 'stickerId'),
    });
  });

  /** What a user sent, for the user page (the bot gets it through LINE's content endpoint only). */
  app.get<{ Params: { messageId: string } }>('/_sim/contents/:messageId', async (request, reply) => {
    const content = store.contents.get(request.params.messageId);
    if (!content) throw notFound();
    return reply.type(content.contentType).header('cache-control', 'no-store').send(content.data);
  });

  /** LINE no longer has the content (its keeping period is over): the content endpoint answers 404. */
  app.post<{ Params: { messageId: string } }>('/_sim/contents/:messageId/expire', async (request) => {
    const content = store.contents.get(request.params.messageId);
    if (!content) throw notFound();
    content.expiresAt = Date.now();
    return { messageId: content.messageId, expiresAt: new Date(content.expiresAt).toISOString() };
  });

  /** LINE's preparation of a video or audio (transcoding): processing, succeeded or failed. */
  app.post<{ Params: { messageId: string } }>('/_sim/contents/:messageId/transcoding', async (request) => {
    const content = store.contents.get(request.params.messageId);
    if (!content) throw notFound();
    const { status } = objectBody<{ status: string }>(request);
    if (status !== 'processing' && status !== 'succeeded' && status !== 'failed') {
      throw badRequest('status must be one of processing, succeeded, failed');
    }
    if (content.type !== 'video' && content.type !== 'audio') {
      throw badRequest('Only a video or audio is prepared');
    }
    content.transcoding = status;
    return { messageId: content.messageId, transcoding: status };
  });

  app.post<UserParams>('/_sim/users/:userId/postback', async (request) => {
    const body = objectBody<{
      channelId: string;
      data: string;
      displayText: string;
      params: Record<string, string>;
    }>(request);
    if (typeof body.data !== 'string') throw badRequest('data is required');
    return sendPostbackAsUser(ctx, {
      userId: request.params.userId,
      channelId: requireString(body.channelId, 'channelId'),
      data: body.data,
      ...(body.displayText ? { displayText: body.displayText } : {}),
      ...(body.params ? { params: body.params } : {}),
    });
  });

  /** A richmenuswitch tap: the menu shown changes and LINE sends a postback with the new alias. */
  app.post<UserParams>('/_sim/users/:userId/richmenu-switch', async (request) => {
    const body = objectBody<{ channelId: string; richMenuAliasId: string; data: string }>(request);
    const channelId = requireString(body.channelId, 'channelId');
    const aliasId = requireString(body.richMenuAliasId, 'richMenuAliasId');
    const richMenuId = store.aliasesOf(channelId).get(aliasId);
    const result = await sendPostbackAsUser(ctx, {
      userId: request.params.userId,
      channelId,
      data: body.data ?? '',
      params: { newRichMenuAliasId: aliasId, status: richMenuId ? 'SUCCESS' : 'RICHMENU_ALIAS_ID_NOTFOUND' },
    });
    return { ...result, richMenuId: richMenuId ?? null };
  });

  app.get<UserChannelParams>('/_sim/users/:userId/richmenu/:channelId', async (request) => {
    const found = effectiveRichMenu(ctx, request.params.userId, request.params.channelId);
    if (!found) return { richMenu: null, source: null, imageUrl: null };
    return {
      richMenu: found.menu.menu,
      source: found.source,
      imageUrl: found.menu.image ? `${base(request)}/_sim/richmenus/${found.menu.richMenuId}/image` : null,
    };
  });

  app.get<UserChannelParams>('/_sim/users/:userId/timeline/:channelId', async (request) => {
    const { userId, channelId } = request.params;
    const deliveries = store.deliveries.filter((d) => d.channelId === channelId);
    const statusOf = (eventId: string | undefined) => {
      const delivery = eventId ? deliveries.find((d) => d.eventIds.includes(eventId)) : undefined;
      return delivery
        ? {
            status: delivery.status,
            reason: delivery.reason,
            attempts: delivery.attempts.length,
            lastStatusCode: delivery.attempts.at(-1)?.statusCode ?? null,
          }
        : null;
    };
    return {
      friendship: store.getFriendship(userId, channelId) ?? null,
      entries: store.timeline
        .filter((entry) => entry.userId === userId && entry.channelId === channelId && !entry.groupId)
        .map((entry) => ({ ...entry, delivery: statusOf(entry.webhookEventId) })),
    };
  });

  // Groups and rooms: the account in a group with users, their joins, leaves and messages
  app.post<ChannelParams>('/_sim/channels/:channelId/groups', async (request) => {
    const body = objectBody<{ kind: 'group' | 'room'; name: string; members: string[] }>(request);
    const result = await createGroup(ctx, {
      channelId: request.params.channelId,
      ...(body.kind ? { kind: body.kind } : {}),
      ...(typeof body.name === 'string' ? { name: body.name } : {}),
      ...(Array.isArray(body.members) ? { members: body.members } : {}),
    });
    return { group: result.group, delivery: result.delivery };
  });
  app.get<ChannelParams>('/_sim/channels/:channelId/groups', async (request) => ({
    groups: [...store.groups.values()].filter((g) => g.channelId === request.params.channelId),
  }));
  app.post<{ Params: { groupId: string } }>('/_sim/groups/:groupId/leave', async (request) =>
    leaveGroup(ctx, request.params.groupId),
  );
  app.post<{ Params: { groupId: string; userId: string } }>(
    '/_sim/groups/:groupId/members/:userId',
    async (request) => changeMember(ctx, request.params.groupId, request.params.userId, true),
  );
  app.delete<{ Params: { groupId: string; userId: string } }>(
    '/_sim/groups/:groupId/members/:userId',
    async (request) => changeMember(ctx, request.params.groupId, request.params.userId, false),
  );
  app.post<{ Params: { groupId: string; userId: string } }>(
    '/_sim/groups/:groupId/members/:userId/messages',
    async (request) =>
      sendTextInGroup(
        ctx,
        request.params.groupId,
        request.params.userId,
        requireString(objectBody<{ text: string }>(request).text, 'text'),
      ),
  );
  app.get<{ Params: { groupId: string } }>('/_sim/groups/:groupId/timeline', async (request) => {
    const group = groupOrThrow(ctx, request.params.groupId);
    return { group, entries: store.timeline.filter((entry) => entry.groupId === group.groupId) };
  });

  // LIFF
  app.post('/_sim/liff/login', async (request) => {
    const body = objectBody<{ userId: string; liffId: string; nonce: string; path: string }>(request);
    return loginToLiff(ctx, {
      userId: requireString(body.userId, 'userId'),
      liffId: requireString(body.liffId, 'liffId'),
      ...(body.nonce ? { nonce: body.nonce } : {}),
      ...(body.path ? { path: body.path } : {}),
      baseUrl: base(request),
    });
  });

  /** Opens a LIFF app as a user: logs in and redirects to the endpoint URL with the login info. */
  app.get<{ Params: { liffId: string }; Querystring: { userId?: string; path?: string; to?: string } }>(
    '/_sim/liff/launch/:liffId',
    async (request, reply) => {
      const result = await loginToLiff(ctx, {
        userId: requireString(request.query.userId, 'userId'),
        liffId: request.params.liffId,
        ...(request.query.path ? { path: request.query.path } : {}),
        baseUrl: base(request),
      });
      // `to`: another page of the LIFF app's site opened in LINE (a link or a QR code scanned in LINE),
      // with the same login; only a page of the endpoint's own origin.
      if (request.query.to) {
        const target = new URL(request.query.to);
        if (target.origin !== new URL(result.endpointUrl).origin)
          throw badRequest('to: not the LIFF app origin');
        target.searchParams.set('lineSim', new URL(result.launchUrl).searchParams.get('lineSim') ?? '');
        return reply.redirect(target.toString(), 302);
      }
      return reply.redirect(result.launchUrl, 302);
    },
  );

  // Faults
  app.post('/_sim/faults', async (request) => {
    const body = objectBody<{
      status: number;
      count: number;
      when: 'before' | 'after';
      channelId: string;
      pathPrefix: string;
      message: string;
    }>(request);
    const status = Number(body.status ?? 500);
    if (!Number.isInteger(status) || status < 400 || status > 599) {
      throw badRequest('status must be an HTTP error status (400-599)');
    }
    const rule: FaultRule = {
      id: createSimId('fault'),
      status,
      remaining: Math.max(1, Number(body.count ?? 1) || 1),
      when: body.when === 'after' ? 'after' : 'before',
      channelId: body.channelId ?? null,
      pathPrefix: body.pathPrefix ?? null,
      message: body.message ?? null,
    };
    store.faults.push(rule);
    return rule;
  });
  app.get('/_sim/faults', async () => ({ faults: store.faults }));
  app.delete('/_sim/faults', async () => {
    store.faults = [];
    return {};
  });

  app.post('/_sim/reset', async () => {
    ctx.webhooks.cancelPending();
    store.clear();
    ctx.applySeed();
    return { ok: true };
  });

  app.get<{ Params: { id: string } }>('/_sim/avatars/:id', async (request, reply) => {
    // A portrait PNG (what pictureUrl names); the older initial-letter SVG stays for saved state.
    if (request.params.id.endsWith('.png')) {
      return reply
        .type('image/png')
        .header('cache-control', 'max-age=3600')
        .send(renderAvatarPng(request.params.id.slice(0, -'.png'.length)));
    }
    const id = request.params.id.replace(/\.svg$/, '');
    const label =
      store.users.get(id)?.displayName ??
      [...store.channels.values()].find((channel) => channel.botUserId === id)?.displayName ??
      id;
    return reply
      .type('image/svg+xml')
      .header('cache-control', 'max-age=300')
      .send(renderAvatarSvg(id, label));
  });
};
