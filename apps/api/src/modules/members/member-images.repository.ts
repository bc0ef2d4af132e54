import { and, asc, inArray, lt, notExists, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { memberAttributes, memberImages, memberValues } from '../../db/schema/members.ts';
import type { ImageRow } from './members.repository.ts';

/** No IMAGE value of the image's store names its key (never attached, or replaced since). */
const unattached = notExists(
  sql`(select 1 from ${memberValues} join ${memberAttributes} on ${memberAttributes.id} = ${memberValues.attributeId}
       where ${memberAttributes.storeId} = ${memberImages.storeId} and ${memberAttributes.type} = 'IMAGE'
         and ${memberValues.value} = ${memberImages.key})`,
);

/**
 * Housekeeping, every tenant: remove up to `limit` image rows uploaded before `before` that no member
 * value names, and answer them. Call it in a transaction: the rows are locked first (a registration
 * naming one holds it FOR SHARE until it commits), then deleted by a second statement, which sees every
 * registration committed meanwhile and so never removes an image that became attached.
 */
export async function deleteUnattachedImages(db: Db, before: Date, limit: number): Promise<ImageRow[]> {
  const locked = await db
    .select({ id: memberImages.id })
    .from(memberImages)
    .where(and(lt(memberImages.createdAt, before), unattached))
    .orderBy(asc(memberImages.id))
    .limit(limit)
    .for('update', { skipLocked: true });
  if (locked.length === 0) return [];
  return db
    .delete(memberImages)
    .where(
      and(
        inArray(
          memberImages.id,
          locked.map((r) => r.id),
        ),
        unattached,
      ),
    )
    .returning();
}
