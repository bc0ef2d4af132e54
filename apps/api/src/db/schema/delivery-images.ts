import type { DeliveryImageKind } from '@app/contracts';
import { index, integer, pgTable, serial, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { clients } from './clients.ts';
import { lineAccounts } from './line-accounts.ts';
import { users } from './users.ts';

/**
 * An uploaded image of an image message or a rich message (imagemap), decision 0039. Its files are in the
 * FileStorage under `delivery-images/<clientId>/<key>/<variant>.<ext>` (original and preview, or the
 * imagemap's widths), served to LINE at `${APP_URL}/line-media/<key>/<variant>`; the key is random
 * (128 bits), so the public URL says nothing and cannot be guessed. `height`: of the 1040-wide imagemap,
 * or of the original.
 */
export const deliveryImages = pgTable(
  'delivery_images',
  {
    id: serial('id').primaryKey(),
    key: varchar('key', { length: 32 }).notNull(),
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id),
    lineAccountId: integer('line_account_id')
      .notNull()
      .references(() => lineAccounts.id),
    kind: varchar('kind', { length: 8 }).$type<DeliveryImageKind>().notNull(),
    contentType: varchar('content_type', { length: 16 }).$type<'image/jpeg' | 'image/png'>().notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    byteSize: integer('byte_size').notNull(),
    createdBy: integer('created_by').references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('delivery_images_key_uq').on(t.key),
    index('delivery_images_account_idx').on(t.lineAccountId),
  ],
);
export type DeliveryImageRow = typeof deliveryImages.$inferSelect;
