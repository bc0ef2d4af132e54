import { randomBytes } from 'node:crypto';
import {
  INFLOW_ATTRIBUTION_DAYS,
  inflowMessages,
  type FriendInflow,
  type InflowLanding,
  type InflowReport,
  type InflowRoute,
  type inflowRouteBodySchema,
} from '@app/contracts';
import type { z } from 'zod';
import { inTransaction, type Db } from '../../db/client.ts';
import { requireClientId, type ServiceContext } from '../../platform/context.ts';
import { AppError, badRequest, notFound } from '../../platform/errors.ts';
import { verifyLiffIdToken } from '../../platform/line/id-token.ts';
import { isScenarioOfAccount } from '../automation/index.ts';
import { areTagsOfAccount, findFriendOfLineUser, listTags } from '../friends/index.ts';
import { findLineAccountById, getLineAccountRowOrThrow } from '../line-accounts/index.ts';
import { lineRichMenuIdOf } from '../rich-menus/index.ts';
import { findServiceStoreOfAccount } from '../services/index.ts';
import {
  findRoute,
  findRouteBySlug,
  friendRouteOf,
  insertRoute,
  insertVisit,
  listRoutes,
  routeFigures,
  updateRoute,
  type AccountScope,
  type InflowRouteRow,
  type RouteFigureRow,
} from './inflow.repository.ts';
import { qrPdf, qrPng } from './inflow.qr.ts';

type Ctx = { ctx: ServiceContext };
type AccountInput = { lineAccountId: number };
type RouteInput = AccountInput & { routeId: number };
type RouteBody = z.output<typeof inflowRouteBodySchema>;

const DAY_MS = 86_400_000;
const DEFAULT_DAYS = 60;

/** 96 random bits, base64url: a slug that says nothing of the account and cannot be guessed. */
const newSlug = () => randomBytes(12).toString('base64url');

/** The public URL of a route: the landing page (a light page of the mini-apps' entry). */
export const routeUrl = (appUrl: string, slug: string) => `${appUrl}/liff/route?r=${slug}`;

/** Our URL that sends a route's visitor through LINE Login's web flow (an account without a LIFF). */
export const routeLoginUrl = (appUrl: string, slug: string) => `${appUrl}/liff/api/v1/inflow/${slug}/login`;

async function accountScope(ctx: ServiceContext, lineAccountId: number): Promise<AccountScope> {
  const clientId = requireClientId(ctx);
  const account = await getLineAccountRowOrThrow(ctx, clientId, lineAccountId);
  return { clientId, lineAccountId: account.id };
}

async function routeOrThrow(ctx: ServiceContext, input: RouteInput) {
  const scope = await accountScope(ctx, input.lineAccountId);
  const route = await findRoute(ctx.db, scope, input.routeId);
  if (!route) throw notFound(inflowMessages.routeNotFound);
  return { scope, route };
}

const noFigures = (routeId: number): RouteFigureRow => ({
  routeId,
  visits: 0,
  uniqueVisitors: 0,
  newFriends: 0,
  unblocked: 0,
  blockedLater: 0,
  members: 0,
});

function toRouteView(ctx: ServiceContext, row: InflowRouteRow, figures?: RouteFigureRow): InflowRoute {
  const { routeId: _routeId, ...counts } = figures ?? noFigures(row.id);
  return {
    id: row.id,
    name: row.name,
    isActive: row.isActive,
    tagIds: row.tagIds,
    scenarioId: row.scenarioId,
    richMenuId: row.richMenuId,
    url: routeUrl(ctx.config.appUrl, row.slug),
    createdAt: row.createdAt.toISOString(),
    figures: counts,
  };
}

/** The tags a route puts on a friend must be the account's own (else 404 "Tag not found", nothing saved). */
async function checkTags(ctx: ServiceContext, lineAccountId: number, tagIds: number[]) {
  if (tagIds.length === 0) return;
  const own = new Set((await listTags({ ctx, input: { lineAccountId } })).tags.map((t) => t.id));
  if (tagIds.some((id) => !own.has(id))) throw notFound(inflowMessages.tagNotFound);
}

/**
 * The route's tags checked again inside its save's transaction and held there (FOR KEY SHARE, through the
 * friends door): a tag deleted meanwhile is the same 404, a delete that comes later waits and finds the
 * route (decision 0053, addendum).
 */
async function holdTags(tx: Db, scope: AccountScope, tagIds: number[]) {
  if (!(await areTagsOfAccount(tx, scope, tagIds))) throw notFound(inflowMessages.tagNotFound);
}

/**
 * The scenario and the rich menu a route names must be the account's own (else 400 with its text, nothing
 * saved). Neither module refuses a delete for a route that names one: a route's deleted one is skipped.
 */
async function checkActions(ctx: ServiceContext, scope: AccountScope, body: RouteBody) {
  if (body.scenarioId !== null && !(await isScenarioOfAccount(ctx.db, scope, body.scenarioId))) {
    throw badRequest(inflowMessages.scenarioNotFound);
  }
  if (body.richMenuId !== null && !(await lineRichMenuIdOf(ctx.db, scope, body.richMenuId))) {
    throw badRequest(inflowMessages.richMenuNotFound);
  }
}

export async function createRoute({ ctx, input }: Ctx & { input: AccountInput & RouteBody }) {
  const scope = await accountScope(ctx, input.lineAccountId);
  await checkTags(ctx, scope.lineAccountId, input.tagIds);
  await checkActions(ctx, scope, input);
  const now = ctx.clock.now();
  const row = await inTransaction(ctx.db, async (tx) => {
    await holdTags(tx, scope, input.tagIds);
    return insertRoute(tx, {
      ...scope,
      name: input.name,
      isActive: input.isActive,
      tagIds: [...new Set(input.tagIds)],
      scenarioId: input.scenarioId,
      richMenuId: input.richMenuId,
      slug: newSlug(),
      createdAt: now,
      updatedAt: now,
    });
  });
  return toRouteView(ctx, row);
}

export async function changeRoute({ ctx, input }: Ctx & { input: RouteInput & RouteBody }) {
  const { scope } = await routeOrThrow(ctx, input);
  await checkTags(ctx, scope.lineAccountId, input.tagIds);
  await checkActions(ctx, scope, input);
  const row = await inTransaction(ctx.db, async (tx) => {
    await holdTags(tx, scope, input.tagIds);
    return updateRoute(tx, scope, input.routeId, {
      name: input.name,
      isActive: input.isActive,
      tagIds: [...new Set(input.tagIds)],
      scenarioId: input.scenarioId,
      richMenuId: input.richMenuId,
      updatedAt: ctx.clock.now(),
    });
  });
  if (!row) throw notFound(inflowMessages.routeNotFound);
  const { figures } = await routeFigures(ctx.db, [row.id], null);
  return toRouteView(ctx, row, figures.get(row.id));
}

/** Deleting a route: its URL answers 404 from now on and it leaves the report (the rows stay). */
export async function removeRoute({ ctx, input }: Ctx & { input: RouteInput }) {
  const { scope } = await routeOrThrow(ctx, input);
  const now = ctx.clock.now();
  await updateRoute(ctx.db, scope, input.routeId, { deletedAt: now, updatedAt: now });
  return { success: true as const };
}

/** Japan's calendar days from `since` to today, as YYYY-MM-DD. */
function japanDays(since: Date, now: Date): string[] {
  const fmt = (d: Date) => new Date(d.getTime() + 9 * 3_600_000).toISOString().slice(0, 10);
  const days: string[] = [];
  const last = fmt(now);
  for (let t = since.getTime(); ; t += DAY_MS) {
    const day = fmt(new Date(t));
    if (days[days.length - 1] !== day) days.push(day);
    if (day >= last) break;
  }
  return days;
}

export async function routesReport({
  ctx,
  input,
}: Ctx & { input: AccountInput & { days?: number | undefined } }): Promise<InflowReport> {
  const scope = await accountScope(ctx, input.lineAccountId);
  const days = input.days ?? DEFAULT_DAYS;
  const now = ctx.clock.now();
  const since = new Date(now.getTime() - (days - 1) * DAY_MS);
  since.setUTCHours(-9, 0, 0, 0); // the start of that Japan day
  const rows = await listRoutes(ctx.db, scope);
  const ids = rows.map((r) => r.id);
  const dayList = japanDays(since, now);
  // since is the start of a Japan day: the roll-up's days from it on are exactly the period
  const { figures, days: daily } = await routeFigures(ctx.db, ids, dayList[0]!);
  const index = new Map(dayList.map((d, i) => [d, i]));
  const series = rows.map((r) => ({
    routeId: r.id,
    visits: dayList.map(() => 0),
    newFriends: dayList.map(() => 0),
  }));
  const byRoute = new Map(series.map((s) => [s.routeId, s]));
  for (const d of daily) {
    const i = index.get(d.day);
    if (i === undefined) continue;
    byRoute.get(d.routeId)!.visits[i] = d.visits;
    byRoute.get(d.routeId)!.newFriends[i] = d.newFriends;
  }
  return {
    days,
    attributionDays: INFLOW_ATTRIBUTION_DAYS,
    routes: rows.map((r) => toRouteView(ctx, r, figures.get(r.id))),
    series: { days: dayList, routes: series },
  };
}

export async function routesReportCsv(ctx: ServiceContext, report: InflowReport) {
  return [
    [
      '流入経路',
      'URL',
      '状態',
      '訪問数',
      '訪問者数',
      '新規友だち',
      'ブロック解除',
      'その後ブロック',
      '会員登録',
    ],
    ...report.routes.map((r) => [
      r.name,
      r.url,
      r.isActive ? '有効' : '停止中',
      r.figures.visits,
      r.figures.uniqueVisitors,
      r.figures.newFriends,
      r.figures.unblocked,
      r.figures.blockedLater,
      r.figures.members,
    ]),
  ];
}

export async function routeQrPng({ ctx, input }: Ctx & { input: RouteInput }) {
  const { route } = await routeOrThrow(ctx, input);
  return { data: await qrPng(routeUrl(ctx.config.appUrl, route.slug)), fileName: `route-${route.id}.png` };
}

export async function routeQrPdf({ ctx, input }: Ctx & { input: RouteInput }) {
  const clientId = requireClientId(ctx);
  const { route } = await routeOrThrow(ctx, input);
  const account = await getLineAccountRowOrThrow(ctx, clientId, input.lineAccountId);
  const data = await qrPdf({
    url: routeUrl(ctx.config.appUrl, route.slug),
    accountName: account.displayName,
    routeName: route.name,
  });
  return { data, fileName: `route-${route.id}.pdf` };
}

export async function friendRoute({
  ctx,
  input,
}: Ctx & { input: AccountInput & { friendId: number } }): Promise<FriendInflow> {
  const scope = await accountScope(ctx, input.lineAccountId);
  const row = await friendRouteOf(ctx.db, scope, input.friendId);
  return {
    route: row ? { id: row.id, name: row.name } : null,
    attributedAt: row?.at.toISOString() ?? null,
  };
}

/** The LINE simulator: the default, or LINE's base URL on this machine (as the services module says). */
export const isLineSimulator = (line: { isSimulator: boolean; apiBaseUrl: string }) =>
  line.isSimulator || /^https?:\/\/(127\.0\.0\.1|localhost)(:\d+)?(\/|$)/.test(line.apiBaseUrl);

/** A live route of an active account by its slug, else the one 404 (nothing says which part failed). */
export async function liveRoute(ctx: ServiceContext, slug: string) {
  const route = /^[A-Za-z0-9_-]{16}$/.test(slug) ? await findRouteBySlug(ctx.db, slug) : undefined;
  const account = route?.isActive ? await findLineAccountById(ctx, route.lineAccountId) : undefined;
  if (!route || !account || account.status !== 'ACTIVE' || account.clientId !== route.clientId) {
    throw notFound(inflowMessages.routeNotFound);
  }
  return { route, account };
}

/**
 * Where the visitor adds the account: LINE's add-friend URL of its basic id (or the account's own friend
 * URL); against the simulator, the simulator's same path (the landing page adds the simulated user).
 */
export function addFriendUrlOf(
  ctx: ServiceContext,
  account: { friendUrl: string | null; basicId: string | null },
): string | null {
  if (isLineSimulator(ctx.config.line)) {
    const base = (ctx.config.line.simulatorPageUrl ?? ctx.config.line.apiBaseUrl).replace(/\/$/, '');
    return account.basicId ? `${base}/R/ti/p/${encodeURIComponent(account.basicId)}` : null;
  }
  return account.friendUrl ?? (account.basicId ? `https://line.me/R/ti/p/${account.basicId}` : null);
}

/**
 * The landing's public answer: the account's public face (name, add-friend URL) and a LIFF app of the
 * account's LINE Login channel to identify the visitor; nothing about friends or other routes.
 */
export async function routeLanding({
  ctx,
  input,
}: Ctx & { input: { slug: string } }): Promise<InflowLanding> {
  const { route, account } = await liveRoute(ctx, input.slug);
  const scope = { clientId: route.clientId, lineAccountId: route.lineAccountId };
  let liffId: string | null = null;
  for (const serviceCode of ['KS-001', 'KS-002'] as const) {
    const store = await findServiceStoreOfAccount(ctx.db, { serviceCode, ...scope });
    if (store?.liffId && store.linkStatus === 'ACTIVE') {
      liffId = store.liffId;
      break;
    }
  }
  return {
    accountName: account.displayName,
    addFriendUrl: addFriendUrlOf(ctx, account),
    liffId,
    // no LIFF: LINE Login's web flow through our endpoint (inflow.login.ts), if the account has the channel
    loginUrl: !liffId && account.loginChannelId ? routeLoginUrl(ctx.config.appUrl, route.slug) : null,
    lineMode: isLineSimulator(ctx.config.line) ? 'simulator' : 'line',
  };
}

/**
 * A visit of the route: the LINE user of the LIFF ID token (verified with LINE for the account's LINE
 * Login channel) or an anonymous visit. A refused token records nothing (401). The answer says only
 * where to add the account and whether the caller follows it already.
 */
export async function recordRouteVisit({
  ctx,
  input,
}: Ctx & { input: { slug: string; idToken?: string | undefined } }) {
  const { route, account } = await liveRoute(ctx, input.slug);
  let lineUserId: string | null = null;
  if (input.idToken && account.loginChannelId) {
    let result;
    try {
      result = await verifyLiffIdToken(ctx.config, {
        idToken: input.idToken,
        channelId: account.loginChannelId,
      });
    } catch (error) {
      ctx.log.warn({ err: error }, 'LIFF ID token verification unavailable');
      result = null; // LINE unreachable: the visit still counts, anonymously
    }
    if (result && !result.ok) throw new AppError('UNAUTHORIZED', inflowMessages.idTokenInvalid);
    lineUserId = result?.ok ? result.identity.userId : null;
  }
  return storeVisit(ctx, { route, account }, lineUserId);
}

/**
 * The visit of a route by a LINE user (verified by the caller: the LIFF's or LINE Login's ID token) or
 * nobody known; the one way both identify paths record it, so attribution treats them alike.
 */
export async function storeVisit(
  ctx: ServiceContext,
  { route, account }: Awaited<ReturnType<typeof liveRoute>>,
  lineUserId: string | null,
) {
  const scope = { clientId: route.clientId, lineAccountId: route.lineAccountId };
  const friend = lineUserId ? await findFriendOfLineUser(ctx.db, scope, lineUserId) : undefined;
  const isFriend = friend?.isFriend ?? false;
  await insertVisit(ctx.db, {
    ...scope,
    routeId: route.id,
    lineUserId,
    wasFriend: isFriend,
    visitedAt: ctx.clock.now(),
  });
  return { addFriendUrl: addFriendUrlOf(ctx, account), isFriend };
}
