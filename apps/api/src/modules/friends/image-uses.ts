import { and, inArray, isNotNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { messages } from '../../db/schema/friends.ts';

/**
 * Which uploads the chat's images name (an image the owner sent from the inbox is a delivery image upload,
 * decision 0055): the deliveries module's sweep of unused uploads asks through `src/composition.ts`, and
 * keeps them, since LINE fetches the image again when the friend opens the chat.
 */
export const chatImageUses = {
  async usedImageKeys(
    db: Db,
    { lineAccountIds, keys }: { lineAccountIds: readonly number[]; keys: readonly string[] },
  ): Promise<ReadonlySet<string>> {
    if (keys.length === 0 || lineAccountIds.length === 0) return new Set();
    const imageKey = sql<string>`${messages.contents}->>'imageKey'`;
    const rows = await db
      .selectDistinct({ key: imageKey })
      .from(messages)
      .where(
        and(
          isNotNull(imageKey),
          inArray(imageKey, [...keys]),
          inArray(messages.lineAccountId, [...lineAccountIds]),
        ),
      );
    return new Set(rows.map((r) => r.key));
  },
};
