import { randomUUID } from 'node:crypto';
import {
  friendMessages,
  estimablePaginationInfo,
  lineAccountMessages,
  paginationInfo,
  tagMessages,
  type Friend,
  type friendManagerNoteBodySchema,
  type listFriendsQuerySchema,
  type listMessagesQuerySchema,
  type Message,
  type searchFriendsBodySchema,
  type sendMessageBodySchema,
} from '@app/contracts';
import { and, not, or, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import { inTransaction, type Db } from '../../db/client.ts';
import { requireClientId, type ServiceContext } from '../../platform/context.ts';
import { AppError, badRequest, notFound } from '../../platform/errors.ts';
import { enqueueJob } from '../../platform/jobs.ts';
import { LineError, lineGatewayFor } from '../../platform/line/line-gateway.ts';
import { channelsOf, getLineAccountRowOrThrow, lineFailure } from '../line-accounts/index.ts';
import {
  claimReplyToken,
  countAccountFriends,
  findFriend,
  findFriendByLineUserId,
  inFriendSet,
  insertMessage,
  listFriends,
  listMessages,
  never,
  updateFriend,
  type FriendRow,
  type MessageRow,
  type TotalPolicy,
} from './friends.repository.ts';
import { touchConversation } from './inbox.repository.ts';
import { queueMarkAsRead } from './mark-as-read.ts';
import { mediaViewOf } from './message-media.ts';
import { serviceUsersOf, type FriendDirectories } from './service-users.ts';
import { countTagsOfAccount, listTagsOfFriends, tagConditions } from './tags.repository.ts';

export const PUSH_MESSAGE_QUEUE = 'line.push-message';

/**
 * An answer from the chat uses the reply token of a message the friend sent at most this long ago (LINE's
 * tokens live about a minute; the outbox's job runs within seconds and pushes once it is older, see
 * message-outbox.ts).
 */
export const CHAT_REPLY_CLAIM_MS = 40_000;

type Ctx = { ctx: ServiceContext };
/** The services whose users are friends (shift staff, members), as src/composition.ts composes them. */
type WithDirectories = { directories: FriendDirectories };
type AccountInput = { lineAccountId: number };
type FriendInput = AccountInput & { friendId: number };

/** The caller's client and its LINE account (404 when it is not theirs): the scope of every friends call. */
export async function accountScope(ctx: ServiceContext, lineAccountId: number) {
  const clientId = requireClientId(ctx);
  const account = await getLineAccountRowOrThrow(ctx, clientId, lineAccountId);
  return { clientId, lineAccountId: account.id, account };
}

/**
 * Reads started together with the account's check: the check's failure (404) wins over theirs (a
 * condition's 400), and no failure is left unawaited.
 */
async function afterCheck<S, T extends unknown[]>(
  check: Promise<S>,
  ...reads: { [K in keyof T]: Promise<T[K]> }
): Promise<[S, ...T]> {
  const all = Promise.all(reads);
  all.catch(() => undefined);
  const scope = await check;
  return [scope, ...((await all) as T)];
}

/**
 * Whether a list's total may be estimated: the account's friends (from the counter; keyed by the caller's
 * client, so another client's account reads 0) against FRIEND_TOTAL_EXACT_UP_TO. No read when the list
 * has no filter (its total is the counter itself).
 */
async function totalPolicyOf(
  ctx: ServiceContext,
  scope: { clientId: number; lineAccountId: number },
  filtered: boolean,
): Promise<TotalPolicy | undefined> {
  if (!filtered) return undefined;
  return { friends: await countAccountFriends(ctx.db, scope), exactUpTo: ctx.config.friendTotalExactUpTo };
}

async function getFriendOrThrow(ctx: ServiceContext, input: FriendInput) {
  const scope = await accountScope(ctx, input.lineAccountId);
  const friend = await findFriend(ctx.db, scope, input.friendId);
  if (!friend) throw notFound(friendMessages.notFound);
  return { scope, friend };
}

async function toFriendViews(
  ctx: ServiceContext,
  directories: FriendDirectories,
  clientId: number,
  rows: FriendRow[],
): Promise<Friend[]> {
  const ids = rows.map((r) => r.id);
  const users = serviceUsersOf(directories);
  const [staff, members, tags] = await Promise.all([
    users.listStaffOfFriends(ctx.db, clientId, ids),
    users.listMembersOfFriends(ctx.db, clientId, ids),
    listTagsOfFriends(ctx.db, ids),
  ]);
  return rows.map((row) => {
    const own = staff.find((s) => s.friendId === row.id);
    const member = members.find((m) => m.friendId === row.id);
    return {
      id: row.id,
      lineAccountId: row.lineAccountId,
      lineUserId: row.lineUserId,
      displayName: row.displayName,
      pictureUrl: row.pictureUrl,
      statusMessage: row.statusMessage,
      isFriend: row.isFriend,
      managerNotes: row.managerNotes,
      followedAt: row.followedAt?.toISOString() ?? null,
      unfollowedAt: row.unfollowedAt?.toISOString() ?? null,
      createdAt: row.createdAt.toISOString(),
      member: member
        ? { id: member.id, status: member.status, memberCode: member.memberCode, values: member.values }
        : null,
      staff: own ? { id: own.id, status: own.status, managerNotes: own.managerNotes } : null,
      tags: tags.filter((t) => t.friendId === row.id).map((t) => ({ id: t.id, name: t.name })),
    };
  });
}

/** A location message's place (LINE: title and address optional, latitude and longitude). */
function locationOf(row: MessageRow): Message['location'] {
  if (row.type !== 'location' || row.unsentAt) return null;
  const c = row.contents as { title?: unknown; address?: unknown; latitude?: unknown; longitude?: unknown };
  if (typeof c.latitude !== 'number' || typeof c.longitude !== 'number') return null;
  return {
    title: typeof c.title === 'string' ? c.title : null,
    address: typeof c.address === 'string' ? c.address : null,
    latitude: c.latitude,
    longitude: c.longitude,
  };
}

export function toMessageView(row: MessageRow): Message {
  const contents = row.contents as {
    text?: unknown;
    delivery?: { id?: unknown; title?: unknown };
    packageId?: unknown;
    stickerId?: unknown;
  } | null;
  const delivery = contents?.delivery;
  return {
    id: row.id,
    friendId: row.friendId,
    lineAccountId: row.lineAccountId,
    type: row.type,
    contents: row.unsentAt ? '' : typeof contents?.text === 'string' ? contents.text : `[${row.type}]`,
    source: row.source,
    delivery: row.delivery,
    deliveryError: row.deliveryError,
    sentAt: row.sentAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    timestamp: (row.lineTimestamp ?? row.createdAt).toISOString(),
    unsentAt: row.unsentAt?.toISOString() ?? null,
    fromDelivery:
      typeof delivery?.id === 'number' && typeof delivery.title === 'string'
        ? { id: delivery.id, title: delivery.title }
        : null,
    sticker:
      row.type === 'sticker' &&
      !row.unsentAt &&
      typeof contents?.packageId === 'string' &&
      typeof contents.stickerId === 'string'
        ? { packageId: contents.packageId, stickerId: contents.stickerId }
        : null,
    location: locationOf(row),
    media: mediaViewOf(row),
  };
}

type ListInput = AccountInput & z.output<typeof listFriendsQuerySchema>;

export async function listFriendsOfAccount({
  ctx,
  directories,
  input,
}: Ctx & WithDirectories & { input: ListInput }) {
  // the account's friends (a counter, keyed by the caller's client) beside its check: above a threshold the
  // total of a name search is estimated (issue 31)
  const unchecked = { clientId: requireClientId(ctx), lineAccountId: input.lineAccountId };
  const [scope, policy] = await afterCheck(
    accountScope(ctx, input.lineAccountId),
    totalPolicyOf(ctx, unchecked, !!input.search),
  );
  const { total, totalIsEstimate, view } = await listFriends(
    ctx.db,
    scope,
    { search: input.search, isFriend: input.isFriend },
    { limit: input.limit, offset: (input.page - 1) * input.limit },
    (rows) => toFriendViews(ctx, directories, scope.clientId, rows),
    policy,
  );
  return {
    data: view!,
    pagination: estimablePaginationInfo(input.page, input.limit, total, totalIsEstimate),
  };
}

export async function getFriend({
  ctx,
  directories,
  input,
}: Ctx & WithDirectories & { input: FriendInput }): Promise<Friend> {
  const { scope, friend } = await getFriendOrThrow(ctx, input);
  const [view] = await toFriendViews(ctx, directories, scope.clientId, [friend]);
  return view!;
}

type NoteInput = AccountInput & z.output<typeof friendManagerNoteBodySchema>;

export async function setFriendManagerNote({
  ctx,
  directories,
  input,
}: Ctx & WithDirectories & { input: NoteInput }): Promise<Friend> {
  const { scope } = await getFriendOrThrow(ctx, input);
  const row = await updateFriend(ctx.db, scope, input.friendId, {
    managerNotes: input.managerNotes || null,
    updatedAt: ctx.clock.now(),
  });
  const [view] = await toFriendViews(ctx, directories, scope.clientId, [row!]);
  return view!;
}

type SearchInput = AccountInput & z.output<typeof searchFriendsBodySchema>;

/**
 * Friend search (segments). The audience: members (isMemberServiceUser), shift staff
 * (isShiftServiceUser), and friends who are neither (includeNonMembers). Filters (display name,
 * member code range, member attribute conditions) are combined with `condition`.
 */
export async function searchFriends({
  ctx,
  directories,
  input,
}: Ctx & WithDirectories & { input: SearchInput }) {
  const users = serviceUsersOf(directories);
  const tagIds = [...new Set([...(input.hasTags ?? []), ...(input.lacksTags ?? [])])];
  // The conditions' reads (attributes, routes, tags...) are keyed by the caller's client and run beside the
  // account's check, one round trip in all; the check's 404 still comes before any condition's 400.
  const unchecked = { clientId: requireClientId(ctx), lineAccountId: input.lineAccountId };
  const [scope, { memberOnly: sets, others, middle }, knownTags, policy] = await afterCheck(
    accountScope(ctx, input.lineAccountId),
    users.conditionSets(ctx.db, unchecked, input, ctx.clock.now()),
    tagIds.length > 0 ? countTagsOfAccount(ctx.db, unchecked, tagIds) : Promise.resolve(0),
    totalPolicyOf(ctx, unchecked, true),
  );
  if (knownTags !== tagIds.length) throw badRequest(tagMessages.unknownTag);
  const conditions: SQL[] = [...[...sets, ...others].map(inFriendSet), ...tagConditions(scope, input)];
  if (input.memberCode) conditions.push(users.memberCodeBetween(input.memberCode[0]!, input.memberCode[1]!));
  // Only member conditions (attributes, the card), members listed: every friend a condition keeps is a member of this
  // account (so in the audience), and the sets combined are exactly the answer; their size is the total.
  const onlySets =
    sets.length > 0 &&
    others.length === 0 &&
    tagIds.length === 0 &&
    !input.memberCode &&
    !input.search &&
    input.isFriend === undefined &&
    input.isMemberServiceUser;
  const isMember = users.isMember();
  const isStaff = users.isShiftStaff();
  const audience = onlySets
    ? undefined
    : or(
        input.isMemberServiceUser ? isMember : never,
        input.isShiftServiceUser ? isStaff : never,
        input.includeNonMembers ? and(not(isMember), not(isStaff)) : never,
      );
  const { total, totalIsEstimate, view } = await listFriends(
    ctx.db,
    scope,
    {
      search: input.search,
      isFriend: input.isFriend,
      audience,
      conditions,
      combine: input.condition,
      exactly: onlySets ? sets : undefined,
      middle,
    },
    { limit: input.limit, offset: (input.page - 1) * input.limit },
    (rows) => toFriendViews(ctx, directories, scope.clientId, rows),
    policy,
  );
  return {
    data: view!,
    pagination: estimablePaginationInfo(input.page, input.limit, total, totalIsEstimate),
  };
}

type MessagesInput = FriendInput & z.output<typeof listMessagesQuerySchema>;

export async function listFriendMessages({ ctx, input }: Ctx & { input: MessagesInput }) {
  const { scope } = await getFriendOrThrow(ctx, input);
  const { rows, total } = await listMessages(
    ctx.db,
    { ...scope, friendId: input.friendId },
    { limit: input.limit, offset: (input.page - 1) * input.limit },
  );
  return { data: rows.map(toMessageView), pagination: paginationInfo(input.page, input.limit, total) };
}

type SendInput = FriendInput & z.output<typeof sendMessageBodySchema>;

/**
 * Send a text to a friend through the outbox: the message (with its X-Line-Retry-Key) and its delivery
 * job are written in one transaction, so a crash loses neither; the job pushes it to LINE.
 */
export async function sendFriendMessage({
  ctx,
  directories,
  input,
}: Ctx & { directories?: Pick<FriendDirectories, 'images'>; input: SendInput }): Promise<Message> {
  const { scope, friend } = await getFriendOrThrow(ctx, input);
  if (scope.account.status !== 'ACTIVE') throw badRequest(lineAccountMessages.inactive);
  if (!friend.isFriend) throw new AppError('UNPROCESSABLE', friendMessages.notFollowing);
  const images = directories?.images;
  if (input.imageKey && !images) throw new Error('Sending an image needs the images directory');
  const now = ctx.clock.now();
  return inTransaction(ctx.db, async (tx) => {
    // an image is a delivery image upload of this account (its files are public at /line-media/<key>),
    // held until the message naming it is written (the sweep of unused uploads passes it over, 0056)
    if (input.imageKey && images) await images.checkImageUpload(tx, scope.lineAccountId, input.imageKey);
    // the friend wrote a moment ago: answer with that message's reply token (free), else push
    const replyToken = await claimReplyToken(tx, scope, friend.id, now, CHAT_REPLY_CLAIM_MS);
    const message = await insertMessage(tx, {
      clientId: scope.clientId,
      lineAccountId: scope.lineAccountId,
      friendId: friend.id,
      type: input.sticker ? 'sticker' : input.imageKey ? 'image' : 'text',
      contents: input.sticker
        ? { packageId: input.sticker.packageId, stickerId: input.sticker.stickerId }
        : input.imageKey
          ? { imageKey: input.imageKey }
          : { text: input.text },
      media: input.imageKey ? { status: 'UPLOAD', imageKey: input.imageKey } : null,
      source: 'system',
      delivery: 'QUEUED',
      retryKey: randomUUID(),
      replyToken: replyToken ?? null,
      lineTimestamp: now,
    });
    await touchConversation(tx, message);
    // answering reads the conversation: at LINE too when the account marks read on open or answer
    await queueMarkAsRead(tx, {
      scope: { clientId: scope.clientId, lineAccountId: scope.lineAccountId },
      friendId: friend.id,
      timing: scope.account.markAsReadTiming,
      cause: 'ANSWER',
      now,
    });
    await enqueueJob(tx, {
      queue: PUSH_MESSAGE_QUEUE,
      payload: { messageId: message.id },
      runAt: now,
      dedupeKey: `${PUSH_MESSAGE_QUEUE}:${message.id}`,
    });
    return toMessageView(message);
  });
}

/**
 * プロフィールを再取得: LINE's profile of the friend again (name, picture, status message, language), stored
 * on the friend. LINE has none for a user who blocked the account or never followed it: 422 with SPEC's
 * text, nothing changes. LINE down: 503; LINE refusing the channel's credentials: 400.
 */
export async function refreshFriendProfile({
  ctx,
  directories,
  input,
}: Ctx & WithDirectories & { input: FriendInput }): Promise<Friend> {
  const { scope, friend } = await getFriendOrThrow(ctx, input);
  if (scope.account.status !== 'ACTIVE') throw badRequest(lineAccountMessages.inactive);
  let profile;
  try {
    profile = await lineGatewayFor(ctx.config).getProfile(
      channelsOf(ctx, scope.account).messaging,
      friend.lineUserId,
    );
  } catch (error) {
    if (error instanceof LineError) throw lineFailure(error, lineAccountMessages.invalidChannel);
    throw error;
  }
  if (!profile) throw new AppError('UNPROCESSABLE', friendMessages.notFollowing);
  const updated = await updateFriend(ctx.db, scope, friend.id, {
    displayName: profile.displayName.slice(0, 100),
    pictureUrl: profile.pictureUrl ?? null,
    statusMessage: profile.statusMessage ?? null,
    language: profile.language ?? null,
  });
  const [view] = await toFriendViews(ctx, directories, scope.clientId, [updated ?? friend]);
  return view!;
}

// ---- for other modules (through index.ts) ----

/** A friend of one LINE account of a client, or undefined. */
export async function findFriendOfAccount(
  db: Db,
  scope: { clientId: number; lineAccountId: number },
  friendId: number,
): Promise<FriendRow | undefined> {
  return findFriend(db, scope, friendId);
}

/** A friend of one LINE account by LINE user id, or undefined. */
export async function findFriendOfLineUser(
  db: Db,
  scope: { clientId: number; lineAccountId: number },
  lineUserId: string,
): Promise<FriendRow | undefined> {
  return findFriendByLineUserId(db, scope, lineUserId);
}
