import {
  DEFAULT_MAIN_COLOR,
  errorMessages,
  lineAccountMessages,
  paginationInfo,
  type createLineAccountBodySchema,
  type LineAccount,
  type LineAccountListItem,
  type LineAccountService,
  type PaginationInfo,
  type searchLineAccountsQuerySchema,
  type updateLineAccountBodySchema,
  type WebhookSettings,
  type WebhookSetupResult,
} from '@app/contracts';
import type { z } from 'zod';
import { changeFeedOf, inTransaction, type Db } from '../../db/client.ts';
import { FeedCache } from '../../platform/feed-cache.ts';
import { requireClientId, type ServiceContext } from '../../platform/context.ts';
import { AppError, badRequest, conflict, notFound } from '../../platform/errors.ts';
import { LineError, lineGatewayFor, type LineChannel } from '../../platform/line/line-gateway.ts';
import { secretBoxFor } from '../../platform/secret-box.ts';
import { findClientTenant } from '../../platform/tenancy.ts';
import {
  findLineAccount,
  findLineAccountByChannelId,
  findLineAccountForWebhook,
  LINE_ACCOUNT_CACHE_KIND,
  insertLineAccount,
  listActiveLineAccountsForWebhook,
  listLineAccounts,
  searchLineAccounts as searchLineAccountRows,
  updateLineAccount,
  type LineAccountRow,
} from './line-accounts.repository.ts';

type Ctx = { ctx: ServiceContext };
/**
 * The services linked to the accounts (the `services` of a LINE account): the services module writes the
 * links and their stores and depends on this module, so it hands this directory over through
 * src/composition.ts (the routes pass it on).
 */
export type ServiceLinkDirectory = {
  servicesOfAccounts: (db: Db, clientId: number, lineAccountIds: number[]) => Promise<LineAccountService[]>;
};
type Links = { links: ServiceLinkDirectory };
/** Client area: the request's client. Master area: the client named in the path or body. */
type Scope = { clientId?: number };
type AccountInput = Scope & { lineAccountId: number };

async function resolveClientId(ctx: ServiceContext, scope: Scope): Promise<number> {
  if (scope.clientId === undefined) return requireClientId(ctx);
  const client = await findClientTenant(ctx.db, scope.clientId);
  if (!client) throw notFound(errorMessages.clientNotFound);
  return client.id;
}

/** The account in the caller's tenant; another client's id answers exactly like a missing one. */
export async function getLineAccountRowOrThrow(
  ctx: ServiceContext,
  clientId: number,
  lineAccountId: number,
): Promise<LineAccountRow> {
  const row = await findLineAccount(ctx.db, clientId, lineAccountId);
  if (!row) throw notFound(lineAccountMessages.notFound);
  return row;
}

/** An account by id alone, for LINE's webhook calls and jobs whose payload this server wrote. */
export async function findLineAccountById(
  ctx: Pick<ServiceContext, 'db'>,
  lineAccountId: number,
): Promise<LineAccountRow | undefined> {
  return findLineAccountForWebhook(ctx.db, lineAccountId);
}

const receivingCaches = new WeakMap<Db, FeedCache<LineAccountRow>>();
/**
 * The reads in flight, by account id, with the cache's generation at their start: calls arriving together
 * while an account is not in memory share one read (none started before a change is shared after it).
 */
type Read = { generation: number; row: Promise<LineAccountRow | undefined> };
const receivingReads = new WeakMap<Db, Map<number, Read>>();

function receivingCacheOf(db: Db): FeedCache<LineAccountRow> | undefined {
  const feed = changeFeedOf(db);
  if (!feed) return undefined;
  let cache = receivingCaches.get(db);
  if (!cache) receivingCaches.set(db, (cache = new FeedCache(feed, LINE_ACCOUNT_CACHE_KIND)));
  return cache;
}

/**
 * The account a LINE webhook call names, from memory while the database's change feed is live (LINE
 * calls 1,000 times a second; the row changes a few times a year). Dropped at once by this process's own
 * update (updateLineAccount) and by any process's at its commit (the `l:<id>` notification). Unknown ids
 * are not remembered. Only the call's receipt reads it: what the jobs read stays a fresh query. The calls
 * that find the account missing from memory at the same moment (the first second after a start or a
 * change, at 1,000 calls/s) share one read instead of each taking a connection for the same row.
 */
export async function findLineAccountForReceiving(
  ctx: Pick<ServiceContext, 'db'>,
  lineAccountId: number,
): Promise<LineAccountRow | undefined> {
  const cache = receivingCacheOf(ctx.db);
  if (!cache) return findLineAccountForWebhook(ctx.db, lineAccountId);
  const cached = cache.get(lineAccountId);
  if (cached) return cached;
  let reads = receivingReads.get(ctx.db);
  if (!reads) receivingReads.set(ctx.db, (reads = new Map<number, Read>()));
  const generation = cache.generation;
  const inFlight = reads.get(lineAccountId);
  if (inFlight?.generation === generation) return inFlight.row;
  const read: Read = {
    generation,
    row: findLineAccountForWebhook(ctx.db, lineAccountId).then((row) => {
      if (row) cache.set(lineAccountId, row, generation);
      return row;
    }),
  };
  const forget = () => {
    if (reads.get(lineAccountId) === read) reads.delete(lineAccountId);
  };
  read.row.then(forget, forget);
  reads.set(lineAccountId, read);
  return read.row;
}

/**
 * At start, before the process says it is ready: up to `limit` active accounts into the receiving
 * memory in one read (the first webhook calls then find theirs there); answers the accounts read.
 */
export async function warmLineAccountsForReceiving(
  ctx: Pick<ServiceContext, 'db'>,
  limit: number,
): Promise<LineAccountRow[]> {
  const cache = receivingCacheOf(ctx.db);
  const generation = cache?.generation ?? 0;
  const rows = await listActiveLineAccountsForWebhook(ctx.db, limit);
  if (cache) for (const row of rows) cache.set(row.id, row, generation);
  return rows;
}

/** An account of a client, or undefined (jobs: no error answer to build). */
export async function findLineAccountOfClient(
  ctx: Pick<ServiceContext, 'db'>,
  clientId: number,
  lineAccountId: number,
): Promise<LineAccountRow | undefined> {
  return findLineAccount(ctx.db, clientId, lineAccountId);
}

/** The decrypted channels of an account, for LINE calls only; never logged, never returned. */
export function channelsOf(ctx: Pick<ServiceContext, 'config'>, row: LineAccountRow) {
  const box = secretBoxFor(ctx.config);
  const messaging: LineChannel = {
    channelId: row.channelId,
    channelSecret: box.open(row.channelSecretEncrypted),
  };
  const login: LineChannel | null =
    row.loginChannelId && row.loginChannelSecretEncrypted
      ? { channelId: row.loginChannelId, channelSecret: box.open(row.loginChannelSecretEncrypted) }
      : null;
  return { messaging, login };
}

/** A LINE failure as the API answers it: LINE down is a 503, LINE refusing our credentials a 400. */
export function lineFailure(error: unknown, refusedText: string): Error {
  if (!(error instanceof LineError)) return error instanceof Error ? error : new Error(String(error));
  if (error.isRetryable) return new AppError('SERVICE_UNAVAILABLE', lineAccountMessages.lineUnavailable);
  return badRequest(refusedText);
}

export const webhookUrlOf = (ctx: Pick<ServiceContext, 'config'>, lineAccountId: number) =>
  `${ctx.config.appUrl}/line/webhook/${lineAccountId}`;

export function toLineAccountView(row: LineAccountRow, services: LineAccountService[]): LineAccount {
  return {
    id: row.id,
    clientId: row.clientId,
    channelId: row.channelId,
    loginChannelId: row.loginChannelId,
    operationScope: row.operationScope,
    displayName: row.displayName,
    title: row.title,
    mainColor: row.mainColor,
    logoUrl: row.logoUrl,
    faviconUrl: row.faviconUrl,
    basicId: row.basicId,
    premiumId: row.premiumId,
    botId: row.botId,
    pictureUrl: row.pictureUrl,
    friendUrl: row.friendUrl,
    qrCodeUrl: row.qrCodeUrl,
    chatMode: row.chatMode,
    markAsReadMode: row.markAsReadMode,
    markAsReadTiming: row.markAsReadTiming,
    webhookUrl: row.webhookUrl,
    webhookStatus: row.webhookStatus,
    status: row.status,
    services: services.filter((l) => l.lineAccountId === row.id),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

async function viewOf(ctx: ServiceContext, links: ServiceLinkDirectory, row: LineAccountRow) {
  return toLineAccountView(row, await links.servicesOfAccounts(ctx.db, row.clientId, [row.id]));
}

export async function listLineAccountsOfClient({ ctx, links, input }: Ctx & Links & { input: Scope }) {
  const clientId = await resolveClientId(ctx, input);
  const rows = await listLineAccounts(ctx.db, clientId);
  const services = await links.servicesOfAccounts(
    ctx.db,
    clientId,
    rows.map((r) => r.id),
  );
  return { data: rows.map((row) => toLineAccountView(row, services)) };
}

export async function getLineAccount({
  ctx,
  links,
  input,
}: Ctx & Links & { input: AccountInput }): Promise<LineAccount> {
  const clientId = await resolveClientId(ctx, input);
  return viewOf(ctx, links, await getLineAccountRowOrThrow(ctx, clientId, input.lineAccountId));
}

export async function getLineBasicId({ ctx, input }: Ctx & { input: AccountInput }) {
  const row = await getLineAccountRowOrThrow(ctx, requireClientId(ctx), input.lineAccountId);
  return { lineBasicId: row.basicId };
}

type CreateInput = z.output<typeof createLineAccountBodySchema> & Scope;

/**
 * Connect a LINE official account: both channel pairs are checked at LINE (a wrong secret is a 400),
 * the profile comes from the bot info, the secrets are stored sealed, and the webhook URL is
 * registered at LINE when it can be (POST /webhook retries that). Reconnecting an account the client
 * deactivated revives it.
 */
export async function createLineAccount({
  ctx,
  links,
  input,
}: Ctx & Links & { input: CreateInput }): Promise<LineAccount> {
  const clientId = await resolveClientId(ctx, input);
  if (input.channelId === input.loginChannelId) throw badRequest(lineAccountMessages.sameChannel);
  const existing = await findLineAccountByChannelId(ctx.db, input.channelId);
  if (existing && (existing.clientId !== clientId || existing.status === 'ACTIVE')) {
    throw conflict(lineAccountMessages.alreadyConnected);
  }

  const line = lineGatewayFor(ctx.config);
  const messaging: LineChannel = { channelId: input.channelId, channelSecret: input.channelSecret };
  const login: LineChannel = { channelId: input.loginChannelId, channelSecret: input.loginChannelSecret };
  let bot;
  try {
    await line.issueToken(messaging);
    bot = await line.getBotInfo(messaging);
  } catch (error) {
    throw lineFailure(error, lineAccountMessages.invalidChannel);
  }
  try {
    await line.issueToken(login);
  } catch (error) {
    throw lineFailure(error, lineAccountMessages.invalidLoginChannel);
  }

  const box = secretBoxFor(ctx.config);
  const basicIdPart = bot.basicId.replace(/^@/, '');
  const values = {
    clientId,
    channelId: input.channelId,
    channelSecretEncrypted: box.seal(input.channelSecret),
    loginChannelId: input.loginChannelId,
    loginChannelSecretEncrypted: box.seal(input.loginChannelSecret),
    operationScope: input.operationScope,
    displayName: bot.displayName.slice(0, 100),
    basicId: bot.basicId,
    premiumId: bot.premiumId ?? null,
    botId: bot.userId,
    pictureUrl: bot.pictureUrl ?? null,
    chatMode: bot.chatMode,
    markAsReadMode: bot.markAsReadMode,
    // LINE's public add-friend link and QR code of a basic id.
    friendUrl: `https://line.me/R/ti/p/${encodeURIComponent(bot.basicId)}`,
    qrCodeUrl: `https://qr-official.line.me/sid/L/${encodeURIComponent(basicIdPart)}.png`,
    status: 'ACTIVE' as const,
    updatedAt: ctx.clock.now(),
  };
  let row = existing
    ? await updateLineAccount(ctx.db, clientId, existing.id, values)
    : await insertLineAccount(ctx.db, values);
  if (!row) throw notFound(lineAccountMessages.notFound);

  const webhookUrl = webhookUrlOf(ctx, row.id);
  let webhookStatus = false;
  try {
    await line.setWebhookEndpoint(messaging, webhookUrl);
    webhookStatus = true;
  } catch (error) {
    ctx.log.warn(
      { lineAccountId: row.id, status: (error as LineError).status },
      'webhook endpoint not set at LINE',
    );
  }
  row = (await updateLineAccount(ctx.db, clientId, row.id, { webhookUrl, webhookStatus })) ?? row;
  return viewOf(ctx, links, row);
}

type UpdateInput = AccountInput & z.output<typeof updateLineAccountBodySchema>;

export async function updateLineAccountBranding({ ctx, links, input }: Ctx & Links & { input: UpdateInput }) {
  const clientId = requireClientId(ctx);
  await getLineAccountRowOrThrow(ctx, clientId, input.lineAccountId);
  const row = await updateLineAccount(ctx.db, clientId, input.lineAccountId, {
    ...(input.title !== undefined ? { title: input.title || null } : {}),
    ...(input.mainColor !== undefined ? { mainColor: input.mainColor ?? DEFAULT_MAIN_COLOR } : {}),
    ...(input.logoUrl !== undefined ? { logoUrl: input.logoUrl } : {}),
    ...(input.faviconUrl !== undefined ? { faviconUrl: input.faviconUrl } : {}),
    ...(input.markAsReadTiming !== undefined ? { markAsReadTiming: input.markAsReadTiming } : {}),
    updatedAt: ctx.clock.now(),
  });
  return viewOf(ctx, links, row!);
}

/** Status INACTIVE: the account stays listed, its webhooks are refused. Idempotent. */
export async function deactivateLineAccount({ ctx, links, input }: Ctx & Links & { input: AccountInput }) {
  const clientId = await resolveClientId(ctx, input);
  await getLineAccountRowOrThrow(ctx, clientId, input.lineAccountId);
  const row = await updateLineAccount(ctx.db, clientId, input.lineAccountId, {
    status: 'INACTIVE',
    webhookStatus: false,
    updatedAt: ctx.clock.now(),
  });
  return viewOf(ctx, links, row!);
}

export async function getWebhookSettings({
  ctx,
  input,
}: Ctx & { input: AccountInput }): Promise<WebhookSettings> {
  const clientId = await resolveClientId(ctx, input);
  const row = await getLineAccountRowOrThrow(ctx, clientId, input.lineAccountId);
  const webhookUrl = webhookUrlOf(ctx, row.id);
  let current;
  try {
    current = await lineGatewayFor(ctx.config).getWebhookEndpoint(channelsOf(ctx, row).messaging);
  } catch (error) {
    throw lineFailure(error, lineAccountMessages.invalidChannel);
  }
  const webhookStatus = row.status === 'ACTIVE' && current?.endpoint === webhookUrl && current.active;
  if (webhookStatus !== row.webhookStatus) {
    await updateLineAccount(ctx.db, clientId, row.id, { webhookStatus });
  }
  return {
    lineAccountId: row.id,
    webhookUrl,
    endpoint: current?.endpoint ?? null,
    active: current?.active ?? false,
    webhookStatus,
  };
}

/** Register this account's webhook URL at LINE, then let LINE send it a test call. */
export async function setupWebhook({
  ctx,
  input,
}: Ctx & { input: AccountInput }): Promise<WebhookSetupResult> {
  const clientId = await resolveClientId(ctx, input);
  const row = await getLineAccountRowOrThrow(ctx, clientId, input.lineAccountId);
  if (row.status !== 'ACTIVE') throw badRequest(lineAccountMessages.inactive);
  const line = lineGatewayFor(ctx.config);
  const { messaging } = channelsOf(ctx, row);
  const webhookUrl = webhookUrlOf(ctx, row.id);
  let test;
  let current;
  try {
    await line.setWebhookEndpoint(messaging, webhookUrl);
    test = await line.testWebhookEndpoint(messaging, webhookUrl);
    current = await line.getWebhookEndpoint(messaging);
  } catch (error) {
    throw lineFailure(error, lineAccountMessages.invalidChannel);
  }
  const webhookStatus = test.success && current?.endpoint === webhookUrl && current.active;
  await inTransaction(ctx.db, (tx) =>
    updateLineAccount(tx, clientId, row.id, { webhookUrl, webhookStatus, updatedAt: ctx.clock.now() }),
  );
  return {
    lineAccountId: row.id,
    webhookUrl,
    endpoint: current?.endpoint ?? null,
    active: current?.active ?? false,
    webhookStatus,
    test,
  };
}

type SearchInput = z.output<typeof searchLineAccountsQuerySchema>;

/** Master: every client's LINE accounts, newest first. */
export async function searchLineAccounts({
  ctx,
  links,
  input,
}: Ctx & Links & { input: SearchInput }): Promise<{
  data: LineAccountListItem[];
  pagination: PaginationInfo;
}> {
  const { rows, total } = await searchLineAccountRows(
    ctx.db,
    { search: input.search, status: input.status, clientId: input.clientId },
    { limit: input.limit, offset: (input.page - 1) * input.limit },
  );
  const byClient = new Map<number, number[]>();
  for (const { account } of rows)
    byClient.set(account.clientId, [...(byClient.get(account.clientId) ?? []), account.id]);
  const services = (
    await Promise.all([...byClient].map(([clientId, ids]) => links.servicesOfAccounts(ctx.db, clientId, ids)))
  ).flat();
  return {
    data: rows.map(({ account, companyName }) => ({ ...toLineAccountView(account, services), companyName })),
    pagination: paginationInfo(input.page, input.limit, total),
  };
}
