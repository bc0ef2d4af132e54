import type { TagUse } from '@app/contracts';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { inflowRoutes } from '../../db/schema/inflow.ts';
import type { TagUseDirectory } from '../friends/index.ts';

/** The routes (not deleted) that put the tag on the friends they bring: a tag's delete is refused while any does. */
export const inflowTagUses: TagUseDirectory = {
  tagUses: async (db, scope, tagId) => {
    const rows = await db
      .select({ name: inflowRoutes.name })
      .from(inflowRoutes)
      .where(
        and(
          eq(inflowRoutes.clientId, scope.clientId),
          eq(inflowRoutes.lineAccountId, scope.lineAccountId),
          isNull(inflowRoutes.deletedAt),
          sql`${inflowRoutes.tagIds} @> ${JSON.stringify([tagId])}::jsonb`,
        ),
      )
      .orderBy(inflowRoutes.id);
    return rows.map((r): TagUse => ({ kind: 'inflowRoute', name: r.name }));
  },
};
