/** The development mailbox's read of the mail log (the platform's table; served only with DEV_MAILBOX). */
import { desc, eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { mails } from '../db/schema/mails.ts';

export async function listMails(db: Db, filter: { to?: string | undefined }) {
  return db
    .select()
    .from(mails)
    .where(filter.to ? eq(mails.to, filter.to.trim().toLowerCase()) : undefined)
    .orderBy(desc(mails.id))
    .limit(100);
}
