import {
  can,
  CLICKED_FRIENDS_SHOWN,
  deliveryMessages,
  friendMessages,
  paginationInfo,
  type Delivery,
  type DeliveryAudience,
  type DeliveryDetail,
  type DeliveryMessage,
  type DeliveryQuota,
  type TestRecipient,
  type deliveryBodySchema,
  type listDeliveriesQuerySchema,
  type sendDeliveryBodySchema,
} from '@app/contracts';
import { randomUUID } from 'node:crypto';
import type { z } from 'zod';
import { inTransaction } from '../../db/client.ts';
import { requireActor, requireClientId, type ServiceContext } from '../../platform/context.ts';
import { AppError, conflict, forbidden, notFound, validationError } from '../../platform/errors.ts';
import { lineGatewayFor } from '../../platform/line/line-gateway.ts';
import {
  countAudience,
  findFriendOfAccount,
  listFriendCards,
  type FriendDirectories,
} from '../friends/index.ts';
import { channelsOf, getLineAccountRowOrThrow, lineFailure } from '../line-accounts/index.ts';
import { userNamesOf } from '../users/index.ts';
import { linksIn, recipientTokenFor, TRACKED_LINK_PATH, trackDeliveryLinks } from './deliveries.links.ts';
import { followStepLink } from './step-links.ts';
import {
  clickedFriendsOf,
  clickFiguresOf,
  deleteDelivery,
  deleteTestRecipient,
  findTestRecipient,
  recordClickByToken,
  linkFiguresOf,
  setTestRecipient,
  findDelivery,
  findSegment,
  insertDelivery,
  listDeliveryRows,
  segmentNamesOf,
  updateDelivery,
  type AccountScope,
  type DeliveryRow,
  type SegmentRow,
} from './deliveries.repository.ts';
import { checkMessageUploads } from './delivery-images.ts';
import { toLineMessages, validateWithLine } from './line-messages.ts';
import { audienceOf, cancelDeliveryRuns, fitToQuota, queueDeliveryRun } from './deliveries.sending.ts';

type Ctx = { ctx: ServiceContext };
type WithDirectories = { directories: FriendDirectories };
type AccountInput = { lineAccountId: number };
type DeliveryInput = AccountInput & { deliveryId: number };

const YEAR_MS = 366 * 24 * 3600_000;

/** The caller's client and its LINE account (404 for another client's), as every call of this module starts. */
export async function accountOf(ctx: ServiceContext, lineAccountId: number) {
  const clientId = requireClientId(ctx);
  const account = await getLineAccountRowOrThrow(ctx, clientId, lineAccountId);
  return { scope: { clientId, lineAccountId: account.id } satisfies AccountScope, account };
}

async function deliveryOrThrow(ctx: ServiceContext, input: DeliveryInput) {
  const { scope, account } = await accountOf(ctx, input.lineAccountId);
  const row = await findDelivery(ctx.db, scope, input.deliveryId);
  if (!row) throw notFound(deliveryMessages.notFound);
  return { scope, account, row };
}

async function toViews(ctx: ServiceContext, scope: AccountScope, rows: DeliveryRow[]): Promise<Delivery[]> {
  const names = await userNamesOf(
    ctx.db,
    rows.flatMap((r) => [r.createdBy, r.sentBy]).filter((id): id is number => id !== null),
  );
  const segmentIds = rows.flatMap((r) => (r.audience.type === 'SEGMENT' ? [r.audience.segmentId] : []));
  const segments = await segmentNamesOf(ctx.db, scope, segmentIds);
  const ids = rows.map((r) => r.id);
  const [clicks, links] = await Promise.all([clickFiguresOf(ctx.db, ids), linkFiguresOf(ctx.db, ids)]);
  const user = (id: number | null) => (id === null ? null : { id, name: names.get(id) ?? '' });
  return rows.map((r) => ({
    id: r.id,
    lineAccountId: r.lineAccountId,
    title: r.title,
    status: r.status,
    messages: r.messages,
    audience: r.audience,
    segmentName: r.audience.type === 'SEGMENT' ? (segments.get(r.audience.segmentId) ?? null) : null,
    scheduledAt: r.scheduledAt?.toISOString() ?? null,
    startedAt: r.startedAt?.toISOString() ?? null,
    finishedAt: r.finishedAt?.toISOString() ?? null,
    targetCount: r.targetCount,
    recipientLimit: r.recipientLimit,
    sentCount: r.sentCount,
    failedCount: r.failedCount,
    failureReason: r.failureReason,
    createdBy: user(r.createdBy),
    sentBy: user(r.sentBy),
    clicks: {
      total: clicks.get(r.id)?.clicks ?? 0,
      friends: clicks.get(r.id)?.friends ?? 0,
    },
    links: links
      .filter((l) => l.deliveryId === r.id)
      .map((l) => ({ url: l.url, clicks: l.clicks, friends: l.friends })),
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
  }));
}

async function toView(ctx: ServiceContext, scope: AccountScope, row: DeliveryRow): Promise<Delivery> {
  return (await toViews(ctx, scope, [row]))[0]!;
}

/** A segment and hand-picked friends must be of this account. */
async function checkAudience(ctx: ServiceContext, scope: AccountScope, audience: DeliveryAudience) {
  if (audience.type === 'SEGMENT') {
    if (!(await findSegment(ctx.db, scope, audience.segmentId))) {
      throw validationError(deliveryMessages.segmentNotFound, [
        { path: 'audience.segmentId', message: deliveryMessages.segmentNotFound },
      ]);
    }
  }
  if (audience.type === 'FRIENDS') {
    const ids = [...new Set(audience.friendIds)];
    const known = await listFriendCards(ctx.db, scope, ids);
    if (known.length !== ids.length) {
      throw validationError(deliveryMessages.friendIds, [
        { path: 'audience.friendIds', message: deliveryMessages.friendIds },
      ]);
    }
  }
}

/** The messages as LINE would take them for this audience (LINE's validate endpoint), before saving. */
const checkWithLine = (
  ctx: ServiceContext,
  account: Awaited<ReturnType<typeof accountOf>>['account'],
  input: { messages: readonly DeliveryMessage[]; audience: DeliveryAudience },
) =>
  validateWithLine({
    db: ctx.db,
    config: ctx.config,
    channel: channelsOf(ctx, account).messaging,
    lineAccountId: account.id,
    kind: input.audience.type === 'ALL' ? 'broadcast' : 'multicast',
    messages: input.messages,
  });

const canSend = (ctx: ServiceContext) => {
  const actor = requireActor(ctx);
  return can(actor.role, actor.position, 'client.manage');
};

// ---- deliveries ----

export async function listDeliveries({
  ctx,
  input,
}: Ctx & { input: AccountInput & z.output<typeof listDeliveriesQuerySchema> }) {
  const { scope } = await accountOf(ctx, input.lineAccountId);
  const { rows, total } = await listDeliveryRows(ctx.db, scope, {
    limit: input.limit,
    offset: (input.page - 1) * input.limit,
  });
  return {
    data: await toViews(ctx, scope, rows),
    pagination: paginationInfo(input.page, input.limit, total),
  };
}

/** One delivery for its report: its figures and the friends who tapped its links (who clicked). */
export async function getDelivery({ ctx, input }: Ctx & { input: DeliveryInput }): Promise<DeliveryDetail> {
  const { scope, row } = await deliveryOrThrow(ctx, input);
  const [view, clicked] = await Promise.all([
    toView(ctx, scope, row),
    clickedFriendsOf(ctx.db, scope, row.id, CLICKED_FRIENDS_SHOWN),
  ]);
  return {
    ...view,
    clickedFriends: clicked.map((f) => ({ ...f, lastClickedAt: f.lastClickedAt.toISOString() })),
  };
}

type BodyInput = z.output<typeof deliveryBodySchema>;

export async function createDelivery({
  ctx,
  input,
}: Ctx & { input: AccountInput & BodyInput }): Promise<Delivery> {
  const { scope, account } = await accountOf(ctx, input.lineAccountId);
  await checkAudience(ctx, scope, input.audience);
  await checkWithLine(ctx, account, input);
  const now = ctx.clock.now();
  const row = await inTransaction(ctx.db, async (tx) => {
    // its uploads held until the row is in (the sweep passes them over, decision 0056)
    await checkMessageUploads(tx, scope.lineAccountId, input.messages);
    return insertDelivery(tx, {
      ...scope,
      title: input.title,
      messages: input.messages,
      audience: input.audience,
      createdBy: requireActor(ctx).userId,
      createdAt: now,
      updatedAt: now,
    });
  });
  return toView(ctx, scope, row);
}

/** A draft (anyone who drafts), or a scheduled delivery until it starts (owner, manager). */
export async function updateDeliveryContent({
  ctx,
  input,
}: Ctx & { input: DeliveryInput & BodyInput }): Promise<Delivery> {
  const { scope, account, row } = await deliveryOrThrow(ctx, input);
  if (row.status !== 'DRAFT' && row.status !== 'SCHEDULED') throw conflict(deliveryMessages.notEditable);
  if (row.status === 'SCHEDULED' && !canSend(ctx)) throw forbidden(deliveryMessages.sendForbidden);
  await checkAudience(ctx, scope, input.audience);
  await checkWithLine(ctx, account, input);
  const segment =
    input.audience.type === 'SEGMENT'
      ? await findSegment(ctx.db, scope, input.audience.segmentId)
      : undefined;
  const updated = await inTransaction(ctx.db, async (tx) => {
    await checkMessageUploads(tx, scope.lineAccountId, input.messages);
    return updateDelivery(
      tx,
      row.id,
      {
        title: input.title,
        messages: input.messages,
        audience: input.audience,
        segmentConditions: row.status === 'SCHEDULED' ? (segment?.conditions ?? null) : null,
        updatedAt: ctx.clock.now(),
      },
      row.status,
    );
  });
  if (!updated) throw conflict(deliveryMessages.notEditable);
  return toView(ctx, scope, updated);
}

export async function removeDelivery({ ctx, input }: Ctx & { input: DeliveryInput }) {
  const { row } = await deliveryOrThrow(ctx, input);
  if (row.status !== 'DRAFT') throw conflict(deliveryMessages.notDeletable);
  await deleteDelivery(ctx.db, row.id);
  return { success: true as const };
}

/**
 * Send a draft now or schedule it (a scheduled one may be moved). The audience is counted now (blocked
 * friends excluded) and the month's quota asked of LINE: a delivery it cannot take is refused with both
 * figures. Now: SENDING and the sender queued; later: SCHEDULED with the sender queued at that time.
 */
export async function sendDelivery({
  ctx,
  directories,
  input,
}: Ctx &
  WithDirectories & { input: DeliveryInput & z.output<typeof sendDeliveryBodySchema> }): Promise<Delivery> {
  const { scope, account, row } = await deliveryOrThrow(ctx, input);
  if (row.status !== 'DRAFT' && row.status !== 'SCHEDULED') throw conflict(deliveryMessages.notEditable);
  const now = ctx.clock.now();
  const at = input.scheduledAt ? new Date(input.scheduledAt) : null;
  if (at && at.getTime() <= now.getTime()) {
    throw validationError(deliveryMessages.scheduledAtPast, [
      { path: 'scheduledAt', message: deliveryMessages.scheduledAtPast },
    ]);
  }
  if (at && at.getTime() > now.getTime() + YEAR_MS) {
    throw validationError(deliveryMessages.scheduledAtFar, [
      { path: 'scheduledAt', message: deliveryMessages.scheduledAtFar },
    ]);
  }
  let segmentConditions: SegmentRow['conditions'] | null = null;
  if (row.audience.type === 'SEGMENT') {
    const segment = await findSegment(ctx.db, scope, row.audience.segmentId);
    if (!segment) throw validationError(deliveryMessages.segmentNotFound);
    segmentConditions = segment.conditions;
  }
  const count = await countAudience(
    ctx.db,
    directories,
    scope,
    audienceOf({ ...row, segmentConditions }),
    ctx.clock.now(),
  );
  if (count === 0) throw new AppError('UNPROCESSABLE', deliveryMessages.noRecipients);
  let fit: Awaited<ReturnType<typeof fitToQuota>>;
  try {
    fit = await fitToQuota(ctx.config, channelsOf(ctx, account).messaging, count, input.upToQuota);
  } catch (error) {
    throw lineFailure(error, deliveryMessages.accountInactive);
  }
  if ('refusal' in fit) throw new AppError('UNPROCESSABLE', fit.refusal, undefined, { count });
  const sentBy = requireActor(ctx).userId;
  const updated = await inTransaction(ctx.db, async (tx) => {
    await cancelDeliveryRuns(tx, row.id);
    const changed = await updateDelivery(
      tx,
      row.id,
      at
        ? {
            status: 'SCHEDULED',
            scheduledAt: at,
            segmentConditions,
            sentBy,
            targetCount: fit.target,
            recipientLimit: fit.limit,
            updatedAt: now,
          }
        : {
            status: 'SENDING',
            scheduledAt: null,
            segmentConditions,
            sentBy,
            targetCount: fit.target,
            recipientLimit: fit.limit,
            startedAt: now,
            updatedAt: now,
          },
      row.status,
    );
    if (changed) await queueDeliveryRun(tx, row.id, at ?? now);
    return changed;
  });
  if (!updated) throw conflict(deliveryMessages.notEditable);
  return toView(ctx, scope, updated);
}

export async function cancelDelivery({ ctx, input }: Ctx & { input: DeliveryInput }): Promise<Delivery> {
  const { scope, row } = await deliveryOrThrow(ctx, input);
  if (row.status !== 'SCHEDULED') throw conflict(deliveryMessages.notCancellable);
  const updated = await inTransaction(ctx.db, async (tx) => {
    const changed = await updateDelivery(
      tx,
      row.id,
      { status: 'CANCELLED', updatedAt: ctx.clock.now() },
      'SCHEDULED',
    );
    if (changed) await cancelDeliveryRuns(tx, row.id);
    return changed;
  });
  if (!updated) throw conflict(deliveryMessages.notCancellable);
  return toView(ctx, scope, updated);
}

export async function getQuota({ ctx, input }: Ctx & { input: AccountInput }): Promise<DeliveryQuota> {
  const { account } = await accountOf(ctx, input.lineAccountId);
  try {
    const quota = await lineGatewayFor(ctx.config).getMessageQuota(channelsOf(ctx, account).messaging);
    return {
      limit: quota.limit,
      used: quota.used,
      remaining: quota.limit === null ? null : Math.max(0, quota.limit - quota.used),
    };
  } catch (error) {
    throw lineFailure(error, deliveryMessages.accountInactive);
  }
}

export async function countDeliveryAudience({
  ctx,
  directories,
  input,
}: Ctx & WithDirectories & { input: AccountInput & { audience: DeliveryAudience } }) {
  const { scope } = await accountOf(ctx, input.lineAccountId);
  await checkAudience(ctx, scope, input.audience);
  const segment =
    input.audience.type === 'SEGMENT'
      ? await findSegment(ctx.db, scope, input.audience.segmentId)
      : undefined;
  const audience = audienceOf({ audience: input.audience, segmentConditions: segment?.conditions ?? null });
  return { count: await countAudience(ctx.db, directories, scope, audience, ctx.clock.now()) };
}

// ---- test send to "me" ----

async function testRecipientView(ctx: ServiceContext, scope: AccountScope): Promise<TestRecipient> {
  const me = await findTestRecipient(ctx.db, scope, requireActor(ctx).userId);
  const friend = me ? await findFriendOfAccount(ctx.db, scope, me.friendId) : undefined;
  return { friend: friend ? { id: friend.id, displayName: friend.displayName } : null };
}

export async function getTestRecipient({ ctx, input }: Ctx & { input: AccountInput }) {
  const { scope } = await accountOf(ctx, input.lineAccountId);
  return testRecipientView(ctx, scope);
}

/** これは自分です: the caller links a following friend of the account as their own LINE. */
export async function linkTestRecipient({
  ctx,
  input,
}: Ctx & { input: AccountInput & { friendId: number } }): Promise<TestRecipient> {
  const { scope } = await accountOf(ctx, input.lineAccountId);
  const friend = await findFriendOfAccount(ctx.db, scope, input.friendId);
  if (!friend || !friend.isFriend) {
    throw validationError(deliveryMessages.testRecipientNotFriend, [
      { path: 'friendId', message: deliveryMessages.testRecipientNotFriend },
    ]);
  }
  await setTestRecipient(ctx.db, scope, requireActor(ctx).userId, friend.id, ctx.clock.now());
  return testRecipientView(ctx, scope);
}

export async function unlinkTestRecipient({ ctx, input }: Ctx & { input: AccountInput }) {
  const { scope } = await accountOf(ctx, input.lineAccountId);
  await deleteTestRecipient(ctx.db, scope, requireActor(ctx).userId);
  return testRecipientView(ctx, scope);
}

/**
 * テスト送信: the delivery as it is, to the caller's own LINE only: one push with its own retry key,
 * its links named for that friend and marked as a test (their taps are not counted). Staff may.
 */
export async function testSendDelivery({ ctx, input }: Ctx & { input: DeliveryInput }) {
  const { scope, account, row } = await deliveryOrThrow(ctx, input);
  const me = await findTestRecipient(ctx.db, scope, requireActor(ctx).userId);
  if (!me) throw new AppError('UNPROCESSABLE', deliveryMessages.testRecipientMissing);
  const friend = await findFriendOfAccount(ctx.db, scope, me.friendId);
  if (!friend || !friend.isFriend)
    throw new AppError('UNPROCESSABLE', deliveryMessages.testRecipientNotFriend);
  const now = ctx.clock.now();
  const recipientToken = await recipientTokenFor(ctx.db, {
    deliveryId: row.id,
    friendId: friend.id,
    isTest: true,
    now,
  });
  const messages = await trackDeliveryLinks(ctx.db, {
    appUrl: ctx.config.appUrl,
    deliveryId: row.id,
    recipientToken,
    messages: await toLineMessages({
      db: ctx.db,
      lineAccountId: row.lineAccountId,
      messages: row.messages,
      friendName: friend.displayName,
      appUrl: ctx.config.appUrl,
    }),
  });
  try {
    await lineGatewayFor(ctx.config).pushMessages(channelsOf(ctx, account).messaging, {
      to: friend.lineUserId,
      messages,
      retryKey: randomUUID(),
    });
  } catch (error) {
    throw lineFailure(error, deliveryMessages.accountInactive);
  }
  return { friend: { id: friend.id, displayName: friend.displayName } };
}

// ---- tracked links ----

/** The tokens of a delivery's links, made as its sender makes them (the demo taps them like a friend). */
export async function trackedLinkTokens({ ctx, input }: Ctx & { input: DeliveryInput }): Promise<string[]> {
  const { row } = await deliveryOrThrow(ctx, input);
  const messages = await trackDeliveryLinks(ctx.db, {
    appUrl: ctx.config.appUrl,
    deliveryId: row.id,
    messages: await toLineMessages({
      db: ctx.db,
      lineAccountId: row.lineAccountId,
      messages: row.messages,
      appUrl: ctx.config.appUrl,
    }),
  });
  const prefix = `${ctx.config.appUrl}${TRACKED_LINK_PATH}/`;
  return linksIn(messages).map((url) => url.slice(prefix.length));
}

/**
 * A delivery's links as a push to one friend of its account names them (`<link token>.<recipient token>`,
 * decision 0047), a recipient token stored for the friend first: a tap on one counts as that friend's
 * (クリックした友だち). The demo seed taps them as its friends would; the pushes themselves carry their own
 * derived tokens, which name the same friend.
 */
export async function trackedLinkTokensOfFriend({
  ctx,
  input,
}: Ctx & { input: DeliveryInput & { friendId: number } }): Promise<string[]> {
  const { row, scope } = await deliveryOrThrow(ctx, input);
  // the recipient token names the friend: only a friend of the delivery's own account
  if (!(await findFriendOfAccount(ctx.db, scope, input.friendId))) throw notFound(friendMessages.notFound);
  const links = await trackedLinkTokens({ ctx, input });
  if (links.length === 0) return [];
  const token = await recipientTokenFor(ctx.db, {
    deliveryId: row.id,
    friendId: input.friendId,
    isTest: false,
    now: ctx.clock.now(),
  });
  return links.map((link) => `${link}.${token}`);
}

const LINK_TOKEN = /^[A-Za-z0-9_-]{16}$/;

/**
 * A tap on a delivery's link: the target, the tap counted (a named friend once per link; a test send's
 * not at all). An unknown link token is 404. A recipient token nobody was given (or of another delivery,
 * or of a push sent before recipient tokens were stored) still leads to the target and counts the tap
 * without a friend: a person who taps a link always arrives, only the attribution is lost.
 */
export async function followTrackedLink({ ctx, input }: Ctx & { input: { token: string } }) {
  const [linkToken = '', recipientToken, ...rest] = input.token.split('.');
  const valid =
    LINK_TOKEN.test(linkToken) &&
    rest.length === 0 &&
    (recipientToken === undefined || LINK_TOKEN.test(recipientToken));
  if (!valid) throw notFound(deliveryMessages.linkNotFound);
  const now = ctx.clock.now();
  const tapped = await recordClickByToken(ctx.db, { linkToken, recipientToken, clickedAt: now });
  if (tapped) return tapped;
  // a scenario step's link (decision 0060): the same redirect, its own tables
  const step = await followStepLink(ctx.db, { linkToken, recipientToken, now });
  if (!step) throw notFound(deliveryMessages.linkNotFound);
  return step;
}
