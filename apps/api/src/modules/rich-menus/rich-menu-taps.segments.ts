import { friendMessages } from '@app/contracts';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { richMenus, richMenuTaps } from '../../db/schema/rich-menus.ts';
import { badRequest } from '../../platform/errors.ts';
import type { TapDirectory } from '../friends/index.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The segment builder's タップした condition (issue 32, decision 0044's pattern): friends with a tap named
 * to them on one area of one of the account's rich menus in the last N days (counted back from `now`, the
 * injectable clock). A tap without a friend (a link opened outside LINE) matches nobody. One set per area.
 */
export const tapDirectory: TapDirectory = {
  tapSets: async (db, scope, c, now) => {
    const wanted = c.tappedAreas ?? [];
    const menuIds = [...new Set(wanted.map((w) => w.richMenuId))];
    const menus =
      menuIds.length === 0
        ? []
        : await db
            .select({ id: richMenus.id, areas: richMenus.areas })
            .from(richMenus)
            .where(
              and(
                eq(richMenus.clientId, scope.clientId),
                eq(richMenus.lineAccountId, scope.lineAccountId),
                inArray(richMenus.id, menuIds),
              ),
            );
    const areasOf = new Map(menus.map((m) => [m.id, m.areas.length]));
    for (const w of wanted) {
      if (w.areaIndex >= (areasOf.get(w.richMenuId) ?? 0))
        throw badRequest(friendMessages.unknownRichMenuArea);
    }
    // Every set is scoped to the account in SQL too (the taps' own client and account columns).
    return wanted.map((w) => {
      const since = new Date(now.getTime() - w.withinDays * DAY_MS);
      return sql`select ${richMenuTaps.friendId} as friend_id from ${richMenuTaps} where ${richMenuTaps.clientId} = ${scope.clientId} and ${richMenuTaps.lineAccountId} = ${scope.lineAccountId} and ${richMenuTaps.richMenuId} = ${w.richMenuId} and ${richMenuTaps.areaIndex} = ${w.areaIndex} and ${richMenuTaps.tappedAt} >= ${since.toISOString()} and ${richMenuTaps.friendId} is not null`;
    });
  },
};
