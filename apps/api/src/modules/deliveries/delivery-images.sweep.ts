import { and, asc, gt, inArray, lt, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import type { Config } from '../../config/env.ts';
import { inTransaction, type Db } from '../../db/client.ts';
import { messageDeliveries, messageTemplates } from '../../db/schema/deliveries.ts';
import { deliveryImages } from '../../db/schema/delivery-images.ts';
import { fileStorageOf } from '../../platform/files/file-storage.ts';
import { enqueueJob, queueHourly } from '../../platform/jobs.ts';
import { fileKeysOf } from './delivery-images.ts';

/**
 * The sweep of unused uploads (decision 0056-unused-upload-sweep): an image or rich message image uploaded
 * more than a day ago that nothing names any more (a draft deleted, an image replaced, a composer left) is
 * dropped with its files. What names an upload is the deliveries module's own messages (deliveries of every
 * status, templates) and what other modules keep for later (the greeting, keyword replies, postback
 * answers, scenario steps: the automation module), asked through an `ImageUses` each offers at its door and
 * `src/composition.ts` hands over (this module reads no other module's table). Rich menus keep their image
 * bytes in their own row and chat messages keep no upload key, so they name none.
 */
export type ImageUses = {
  /** Of `keys` (uploads of the accounts `lineAccountIds`), the ones a message kept by the module names. */
  usedImageKeys(
    db: Db,
    input: { lineAccountIds: readonly number[]; keys: readonly string[] },
  ): Promise<ReadonlySet<string>>;
};

/** An upload nothing names is kept this long (the composer's page may hold its key meanwhile). */
export const UNUSED_IMAGE_KEPT_MS = 24 * 3600_000;
export const SWEEP_DELIVERY_IMAGES_QUEUE = 'deliveries.sweep-images';
export const DELETE_DELIVERY_IMAGE_FILES_QUEUE = 'deliveries.delete-image-files';
export const deleteDeliveryImageFilesPayloadSchema = z.object({
  storageKeys: z
    .array(z.string().regex(/^delivery-images\/\d+\/[a-f0-9]{32}\/[a-z0-9]+\.(jpeg|png)$/))
    .min(1)
    .max(8),
});
const SWEEP_BATCH = 200;

/**
 * The values of `field` of the objects in the jsonb arrays `columns` of `table`, among `keys`, for rows of
 * the accounts: the shape of every "which of these uploads do my messages name" question. Exported for the
 * owners of such columns (each asks of its own tables).
 */
export async function jsonArrayValuesIn(
  db: Db,
  input: {
    table: PgTable;
    columns: readonly PgColumn[];
    /** The rows of the accounts (a column of `table`, or a sub-select naming them). */
    ofAccounts: SQL;
    keys: readonly string[];
  },
): Promise<string[]> {
  if (input.keys.length === 0) return [];
  const found = new Set<string>();
  for (const column of input.columns) {
    const result = await db.execute(sql`
      select distinct m.item->>'imageKey' as key
      from ${input.table} cross join lateral jsonb_array_elements(${column}) as m(item)
      where ${input.ofAccounts}
        and m.item->>'type' in ('image', 'imagemap')
        and ${inArray(sql`m.item->>'imageKey'`, [...input.keys])}`);
    for (const row of (result as { rows: { key: string }[] }).rows) found.add(row.key);
  }
  return [...found];
}

/** The deliveries module's own messages: deliveries (any status: a sent one's images are still fetched) and templates. */
const ownUses: ImageUses = {
  async usedImageKeys(db, { lineAccountIds, keys }) {
    const ids = [...lineAccountIds];
    const [deliveries, templates] = [
      await jsonArrayValuesIn(db, {
        table: messageDeliveries,
        columns: [messageDeliveries.messages],
        ofAccounts: inArray(messageDeliveries.lineAccountId, ids),
        keys,
      }),
      await jsonArrayValuesIn(db, {
        table: messageTemplates,
        columns: [messageTemplates.messages],
        ofAccounts: inArray(messageTemplates.lineAccountId, ids),
        keys,
      }),
    ];
    return new Set([...deliveries, ...templates]);
  },
};

/**
 * Drop the uploads made before `now` minus the grace period that nothing names, a batch at a time: each
 * batch's rows are locked (others skipped), asked about, and the unused ones deleted in the transaction
 * that queues one file-deletion job per upload, so a file whose deletion fails stays known as a retried
 * (at last DEAD, kept) job. Safe to run twice at once. Answers how many uploads went.
 */
export async function sweepUnusedDeliveryImages(
  db: Db,
  now: Date,
  others: readonly ImageUses[],
): Promise<number> {
  const before = new Date(now.getTime() - UNUSED_IMAGE_KEPT_MS);
  let removed = 0;
  let afterId = 0;
  for (;;) {
    const batch = await inTransaction(db, async (tx) => {
      const rows = await tx
        .select()
        .from(deliveryImages)
        .where(and(lt(deliveryImages.createdAt, before), gt(deliveryImages.id, afterId)))
        .orderBy(asc(deliveryImages.id))
        .limit(SWEEP_BATCH)
        .for('update', { skipLocked: true });
      if (rows.length === 0) return { seen: 0, lastId: afterId, gone: 0 };
      const question = {
        lineAccountIds: [...new Set(rows.map((r) => r.lineAccountId))],
        keys: rows.map((r) => r.key),
      };
      const used = new Set<string>();
      for (const uses of [ownUses, ...others]) {
        for (const key of await uses.usedImageKeys(tx, question)) used.add(key);
      }
      const unused = rows.filter((r) => !used.has(r.key));
      if (unused.length > 0) {
        await tx.delete(deliveryImages).where(
          inArray(
            deliveryImages.id,
            unused.map((r) => r.id),
          ),
        );
        for (const row of unused)
          await enqueueJob(tx, {
            queue: DELETE_DELIVERY_IMAGE_FILES_QUEUE,
            payload: { storageKeys: fileKeysOf(row) },
            runAt: now,
            dedupeKey: `${DELETE_DELIVERY_IMAGE_FILES_QUEUE}:${row.key}`,
            maxAttempts: 20,
          });
      }
      return { seen: rows.length, lastId: rows.at(-1)!.id, gone: unused.length };
    });
    removed += batch.gone;
    afterId = batch.lastId;
    if (batch.seen < SWEEP_BATCH) return removed;
  }
}

/** A swept upload's files; deleting a file already gone is not an error, so a retry is harmless. */
export async function deleteDeliveryImageFiles(
  config: Config,
  storageKeys: readonly string[],
): Promise<void> {
  const storage = fileStorageOf(config);
  for (const key of storageKeys) await storage.delete(key);
}

/** Queue the sweep of the hour after `at` (or of this hour with `now: true`): one per hour. */
export const queueDeliveryImageSweep = (db: Db, at: Date, options: { now?: boolean } = {}): Promise<void> =>
  queueHourly(db, SWEEP_DELIVERY_IMAGES_QUEUE, at, options);
