import { randomBytes } from 'node:crypto';
import {
  richMenuMessages,
  type FriendRichMenuTaps,
  type RichMenuArea,
  type RichMenuTapDays,
  type RichMenuTaps,
} from '@app/contracts';
import { and, asc, count, desc, eq, gt, gte, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { richMenus, richMenuTapDays, richMenuTapFriends, richMenuTaps } from '../../db/schema/rich-menus.ts';
import type { ServiceContext } from '../../platform/context.ts';
import { notFound } from '../../platform/errors.ts';
import { verifyLiffIdToken } from '../../platform/line/id-token.ts';
import { findFriendOfLineUser } from '../friends/index.ts';
import { findLineAccountById } from '../line-accounts/index.ts';
import { accountLiffIdOf } from '../services/index.ts';

type AccountScope = { clientId: number; lineAccountId: number };

/**
 * The tap mark our rich menus add to a postback area's data at LINE (decision 0049): `#tap:<menu id>:<area
 * index>` after the data the owner chose. The webhook takes it off again before the data means anything.
 */
const TAP_MARK = /#tap:(\d{1,9}):(\d{1,2})$/;
const LINE_MAX_DATA = 300;

export function withTapMark(data: string, richMenuId: number, areaIndex: number): string {
  const marked = `${data}#tap:${richMenuId}:${areaIndex}`;
  // Data too long for the mark stays as it was: that area's taps are not counted.
  return marked.length <= LINE_MAX_DATA ? marked : data;
}

/** A postback's data without our tap mark, and the menu and area the mark named (or null). */
export function splitTapMark(data: string): {
  data: string;
  tap: { richMenuId: number; areaIndex: number } | null;
} {
  const found = TAP_MARK.exec(data);
  if (!found) return { data, tap: null };
  return {
    data: data.slice(0, found.index),
    tap: { richMenuId: Number(found[1]), areaIndex: Number(found[2]) },
  };
}

/**
 * Records a friend's tap (the webhook calls this in the transaction that handles the postback). A mark
 * naming another account's menu, an area the menu does not have, or a user who is not a friend records
 * nothing.
 */
export async function recordRichMenuTap(
  tx: Db,
  event: { scope: AccountScope; lineUserId: string; data: string; at: Date },
): Promise<void> {
  const { tap } = splitTapMark(event.data);
  if (!tap) return;
  const [menu] = await tx
    .select({ id: richMenus.id, areas: richMenus.areas })
    .from(richMenus)
    .where(
      and(
        eq(richMenus.id, tap.richMenuId),
        eq(richMenus.clientId, event.scope.clientId),
        eq(richMenus.lineAccountId, event.scope.lineAccountId),
      ),
    );
  if (!menu || tap.areaIndex >= menu.areas.length) return;
  const friend = await findFriendOfLineUser(tx, event.scope, event.lineUserId);
  if (!friend) return;
  await tx.insert(richMenuTaps).values({
    ...event.scope,
    richMenuId: menu.id,
    areaIndex: tap.areaIndex,
    friendId: friend.id,
    tappedAt: event.at,
  });
}

/** A menu's key in its uri areas' hop URLs (decision 0049 addendum): 96 random bits, URL-safe. */
export const newTapSlug = (): string => randomBytes(12).toString('base64url');

/** Where a menu's uri areas lead at LINE: through the hop, the LIFF of the account or our page. */
export type TapHop = { slug: string; liffId: string | null; appUrl: string };

/** The account's hop for a menu being sent to LINE (its LIFF, if a linked service has one). */
export async function tapHopOf(
  ctx: Pick<ServiceContext, 'db' | 'config'>,
  scope: AccountScope,
  slug: string,
): Promise<TapHop> {
  return { slug, liffId: await accountLiffIdOf(ctx.db, scope), appUrl: ctx.config.appUrl };
}

/**
 * The URL LINE holds for a uri area: the account's LIFF URL (LINE opens it in the LIFF browser, which
 * names the user) with the area's key, or our own hop page when the account has no LIFF. Only web
 * targets go through the hop: a tel: or line: link stays as the owner wrote it (not counted).
 */
export function hopUri(uri: string, hop: TapHop, areaIndex: number): string {
  if (!/^https?:\/\//i.test(uri)) return uri;
  const key = `richMenuTap=${hop.slug}.${areaIndex}`;
  return hop.liffId
    ? `https://liff.line.me/${hop.liffId}?${key}`
    : `${hop.appUrl.replace(/\/$/, '')}/liff/tap?${key}`;
}

/** The LINE simulator: the default, or LINE's base URL on this machine (as the services module says). */
const isLineSimulator = (line: { isSimulator: boolean; apiBaseUrl: string }) =>
  line.isSimulator || /^https?:\/\/(127\.0\.0\.1|localhost)(:\d+)?(\/|$)/.test(line.apiBaseUrl);

/** The menu and web uri area a hop key names, else the one 404 (nothing says which part failed). */
async function hopAreaOrThrow(ctx: Pick<ServiceContext, 'db'>, key: string) {
  const found = /^([A-Za-z0-9_-]{16})\.(\d{1,2})$/.exec(key);
  const [menu] = found
    ? await ctx.db
        .select({
          id: richMenus.id,
          clientId: richMenus.clientId,
          lineAccountId: richMenus.lineAccountId,
          areas: richMenus.areas,
        })
        .from(richMenus)
        .where(eq(richMenus.tapSlug, found[1]!))
    : [];
  const areaIndex = found ? Number(found[2]) : -1;
  const area: RichMenuArea | undefined = menu?.areas[areaIndex];
  if (!menu || !area || area.action.type !== 'uri' || !/^https?:\/\//i.test(area.action.uri ?? '')) {
    throw notFound(richMenuMessages.tapLinkNotFound);
  }
  return {
    menu,
    areaIndex,
    url: area.action.uri!,
    scope: { clientId: menu.clientId, lineAccountId: menu.lineAccountId },
  };
}

/** The hop page's start: the LIFF to name who tapped (null: the tap counts without a friend). */
export async function tapHopStart({ ctx, input }: { ctx: ServiceContext; input: { key: string } }) {
  const { scope } = await hopAreaOrThrow(ctx, input.key);
  return {
    liffId: await accountLiffIdOf(ctx.db, scope),
    lineMode: isLineSimulator(ctx.config.line) ? ('simulator' as const) : ('line' as const),
  };
}

/**
 * A tap of a uri area through the hop: the friend of the LIFF ID token (verified with LINE for the
 * account's LINE Login channel) or nobody; counted either way, and the answer is the owner's URL. A token
 * LINE refuses, LINE unreachable, or a user who is not a friend: counted without a friend, never stranded.
 */
export async function recordUriTap({
  ctx,
  input,
}: {
  ctx: ServiceContext;
  input: { key: string; idToken?: string | undefined };
}): Promise<{ url: string }> {
  const { menu, areaIndex, url, scope } = await hopAreaOrThrow(ctx, input.key);
  let friendId: number | null = null;
  const account = input.idToken ? await findLineAccountById(ctx, scope.lineAccountId) : undefined;
  if (input.idToken && account?.loginChannelId) {
    try {
      const result = await verifyLiffIdToken(ctx.config, {
        idToken: input.idToken,
        channelId: account.loginChannelId,
      });
      const friend = result.ok
        ? await findFriendOfLineUser(ctx.db, scope, result.identity.userId)
        : undefined;
      friendId = friend?.id ?? null;
    } catch (error) {
      ctx.log.warn({ err: error }, 'LIFF ID token verification unavailable');
    }
  }
  await ctx.db.insert(richMenuTaps).values({
    ...scope,
    richMenuId: menu.id,
    areaIndex,
    friendId,
    tappedAt: ctx.clock.now(),
  });
  return { url };
}

const JST_MS = 9 * 3_600_000;

/** The Japan day of a time (YYYY-MM-DD) and the start of the Japan day after it. */
export function japanDayOf(at: Date): { day: string; nextStart: Date } {
  const day = new Date(at.getTime() + JST_MS).toISOString().slice(0, 10);
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return { day, nextStart: new Date(Date.UTC(y, m - 1, d + 1) - JST_MS) };
}

/**
 * Taps and distinct named friends per area since a time, from the daily roll-up (decision 0058): the
 * whole days after the one `since` falls in from rich_menu_tap_days (a friend counted on the day of their
 * last tap of the area), and that first day's part live: its taps from rich_menu_taps, its friends from
 * the last-tap rows (one day of rows either way). Exactly the count over the taps themselves
 * (rich-menu-taps.rollup.test compares the two on random data).
 */
export async function tapFiguresSince(
  db: Db,
  scope: AccountScope,
  richMenuId: number,
  since: Date,
): Promise<{ areaIndex: number; taps: number; friends: number }[]> {
  const { day, nextStart } = japanDayOf(since);
  const [whole, firstTaps, firstFriends] = await Promise.all([
    db
      .select({
        areaIndex: richMenuTapDays.areaIndex,
        taps: sql<number>`coalesce(sum(${richMenuTapDays.taps}), 0)::int`,
        friends: sql<number>`coalesce(sum(${richMenuTapDays.friends}), 0)::int`,
      })
      .from(richMenuTapDays)
      .where(and(eq(richMenuTapDays.richMenuId, richMenuId), gt(richMenuTapDays.day, day)))
      .groupBy(richMenuTapDays.areaIndex),
    db
      .select({ areaIndex: richMenuTaps.areaIndex, n: count() })
      .from(richMenuTaps)
      .where(
        and(
          eq(richMenuTaps.clientId, scope.clientId),
          eq(richMenuTaps.lineAccountId, scope.lineAccountId),
          eq(richMenuTaps.richMenuId, richMenuId),
          gte(richMenuTaps.tappedAt, since),
          lt(richMenuTaps.tappedAt, nextStart),
        ),
      )
      .groupBy(richMenuTaps.areaIndex),
    db
      .select({ areaIndex: richMenuTapFriends.areaIndex, n: count() })
      .from(richMenuTapFriends)
      .where(
        and(
          eq(richMenuTapFriends.richMenuId, richMenuId),
          gte(richMenuTapFriends.lastTappedAt, since),
          lt(richMenuTapFriends.lastTappedAt, nextStart),
        ),
      )
      .groupBy(richMenuTapFriends.areaIndex),
  ]);
  const byArea = new Map<number, { areaIndex: number; taps: number; friends: number }>();
  const of = (areaIndex: number) => {
    let row = byArea.get(areaIndex);
    if (!row) byArea.set(areaIndex, (row = { areaIndex, taps: 0, friends: 0 }));
    return row;
  };
  for (const r of whole) {
    of(r.areaIndex).taps += Number(r.taps);
    of(r.areaIndex).friends += Number(r.friends);
  }
  for (const r of firstTaps) of(r.areaIndex).taps += Number(r.n);
  for (const r of firstFriends) of(r.areaIndex).friends += Number(r.n);
  return [...byArea.values()];
}

/** Per area of one menu: taps and distinct friends over the last `days` days (every area, zeros too). */
export async function readRichMenuTaps(
  ctx: ServiceContext,
  scope: AccountScope,
  richMenuId: number,
  days: RichMenuTapDays,
): Promise<RichMenuTaps> {
  const [menu] = await ctx.db
    .select({ areas: richMenus.areas })
    .from(richMenus)
    .where(
      and(
        eq(richMenus.id, richMenuId),
        eq(richMenus.clientId, scope.clientId),
        eq(richMenus.lineAccountId, scope.lineAccountId),
      ),
    );
  if (!menu) throw notFound(richMenuMessages.notFound);
  const since = new Date(ctx.clock.now().getTime() - days * 86_400_000);
  const [rows, liffId] = await Promise.all([
    tapFiguresSince(ctx.db, scope, richMenuId, since),
    accountLiffIdOf(ctx.db, scope),
  ]);
  const byArea = new Map(rows.map((r) => [r.areaIndex, r]));
  return {
    days,
    since: since.toISOString(),
    linksNameFriends: liffId !== null,
    areas: menu.areas.map((_, index) => ({
      index,
      taps: Number(byArea.get(index)?.taps ?? 0),
      friends: Number(byArea.get(index)?.friends ?? 0),
    })),
  };
}

/** One tap of a menu's past: the area, the friend (or nobody: a link opened outside LINE) and when. */
export type PastTap = { areaIndex: number; friendId: number | null; at: Date };

/**
 * A menu's past taps (the demo world's 60 days), written as the webhook and the hop would have written
 * them at their times. Not for requests: live taps go through recordRichMenuTap and recordUriTap.
 */
export async function importRichMenuTaps(
  db: Db,
  scope: AccountScope,
  richMenuId: number,
  taps: PastTap[],
): Promise<void> {
  for (let i = 0; i < taps.length; i += 500) {
    const rows = taps.slice(i, i + 500).map((tap) => ({
      ...scope,
      richMenuId,
      areaIndex: tap.areaIndex,
      friendId: tap.friendId,
      tappedAt: tap.at,
    }));
    if (rows.length > 0) await db.insert(richMenuTaps).values(rows);
  }
}

/** The drawer shows a friend's 50 most recently tapped areas. */
const FRIEND_TAPS_SHOWN = 50;

/**
 * A friend's taps per menu area (the friend drawer), the latest first: the menu's name and the area's
 * (its label, else what it sends or opens). Only the account's menus; another account's friend has none.
 */
export async function friendTapsOf(
  db: Db,
  scope: AccountScope,
  friendId: number,
): Promise<FriendRichMenuTaps> {
  const last = sql<Date>`max(${richMenuTaps.tappedAt})`;
  const rows = await db
    .select({
      richMenuId: richMenuTaps.richMenuId,
      areaIndex: richMenuTaps.areaIndex,
      taps: count(),
      lastTappedAt: last,
      name: richMenus.name,
      areas: richMenus.areas,
    })
    .from(richMenuTaps)
    .innerJoin(richMenus, eq(richMenus.id, richMenuTaps.richMenuId))
    .where(
      and(
        eq(richMenuTaps.friendId, friendId),
        eq(richMenuTaps.clientId, scope.clientId),
        eq(richMenuTaps.lineAccountId, scope.lineAccountId),
      ),
    )
    .groupBy(richMenuTaps.richMenuId, richMenuTaps.areaIndex, richMenus.name, richMenus.areas)
    .orderBy(desc(last), asc(richMenuTaps.richMenuId), asc(richMenuTaps.areaIndex))
    .limit(FRIEND_TAPS_SHOWN);
  return {
    taps: rows.map((r) => {
      const action = r.areas[r.areaIndex]?.action;
      return {
        richMenuId: r.richMenuId,
        richMenuName: r.name,
        areaIndex: r.areaIndex,
        areaLabel: action?.label?.trim() || action?.text?.trim() || action?.uri || null,
        taps: Number(r.taps),
        lastTappedAt: new Date(r.lastTappedAt).toISOString(),
      };
    }),
  };
}
