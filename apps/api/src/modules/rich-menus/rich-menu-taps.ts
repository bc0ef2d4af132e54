import { richMenuMessages, type RichMenuTapDays, type RichMenuTaps } from '@app/contracts';
import { and, count, countDistinct, eq, gte } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { richMenus, richMenuTaps } from '../../db/schema/rich-menus.ts';
import type { ServiceContext } from '../../platform/context.ts';
import { notFound } from '../../platform/errors.ts';
import { findFriendOfLineUser } from '../friends/index.ts';

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
  const rows = await ctx.db
    .select({
      areaIndex: richMenuTaps.areaIndex,
      taps: count(),
      friends: countDistinct(richMenuTaps.friendId),
    })
    .from(richMenuTaps)
    .where(
      and(
        eq(richMenuTaps.clientId, scope.clientId),
        eq(richMenuTaps.lineAccountId, scope.lineAccountId),
        eq(richMenuTaps.richMenuId, richMenuId),
        gte(richMenuTaps.tappedAt, since),
      ),
    )
    .groupBy(richMenuTaps.areaIndex);
  const byArea = new Map(rows.map((r) => [r.areaIndex, r]));
  return {
    days,
    since: since.toISOString(),
    areas: menu.areas.map((_, index) => ({
      index,
      taps: Number(byArea.get(index)?.taps ?? 0),
      friends: Number(byArea.get(index)?.friends ?? 0),
    })),
  };
}
