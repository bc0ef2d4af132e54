import type { AnnouncementStatus, AnnouncementType } from '@app/contracts';
import { and, count, desc, eq, ilike, isNull, lte, or, gt, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { announcementReads, announcements } from '../../db/schema/announcements.ts';

export type AnnouncementRow = typeof announcements.$inferSelect;
export type NewAnnouncementRow = typeof announcements.$inferInsert;

/**
 * The status at `now`, in SQL, with the same rule as announcementStatusAt in the contracts:
 * DRAFT without publishAt, SCHEDULED before it, ARCHIVED from archiveAt on, PUBLISHED in between.
 */
function statusCondition(status: AnnouncementStatus, now: Date): SQL | undefined {
  const { publishAt, archiveAt } = announcements;
  switch (status) {
    case 'DRAFT':
      return isNull(publishAt);
    case 'SCHEDULED':
      return gt(publishAt, now);
    case 'PUBLISHED':
      return and(lte(publishAt, now), or(isNull(archiveAt), gt(archiveAt, now)));
    case 'ARCHIVED':
      return and(lte(publishAt, now), lte(archiveAt, now));
  }
}

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

export async function insertAnnouncement(db: Db, values: NewAnnouncementRow): Promise<AnnouncementRow> {
  const [row] = await db.insert(announcements).values(values).returning();
  return row!;
}

export async function findAnnouncement(db: Db, id: number, options: { forUpdate?: boolean } = {}) {
  const query = db.select().from(announcements).where(eq(announcements.id, id)).limit(1);
  const [row] = options.forUpdate ? await query.for('update') : await query;
  return row;
}

export async function updateAnnouncementRow(db: Db, id: number, values: Partial<NewAnnouncementRow>) {
  const [row] = await db.update(announcements).set(values).where(eq(announcements.id, id)).returning();
  return row!;
}

export async function deleteAnnouncementRow(db: Db, id: number): Promise<void> {
  await db.delete(announcements).where(eq(announcements.id, id));
}

export async function listAnnouncementRows(
  db: Db,
  filter: {
    now: Date;
    status?: AnnouncementStatus | undefined;
    type?: AnnouncementType | undefined;
    search?: string | undefined;
    page: number;
    limit: number;
  },
) {
  const where = and(
    filter.status ? statusCondition(filter.status, filter.now) : undefined,
    filter.type ? eq(announcements.type, filter.type) : undefined,
    filter.search ? ilike(announcements.title, `%${escapeLike(filter.search)}%`) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(announcements)
      .where(where)
      .orderBy(desc(announcements.createdAt), desc(announcements.id))
      .limit(filter.limit)
      .offset((filter.page - 1) * filter.limit),
    db.select({ n: count() }).from(announcements).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

const readAtOf = (userId: number) =>
  sql<Date | null>`(select ${announcementReads.readAt} from ${announcementReads}
    where ${announcementReads.announcementId} = ${announcements.id} and ${announcementReads.userId} = ${userId})`;

/** PUBLISHED announcements at `now`, newest publishAt first, with the user's read time. */
export async function listPublishedForUser(
  db: Db,
  filter: {
    now: Date;
    userId: number;
    type?: AnnouncementType | undefined;
    unread?: boolean | undefined;
    page: number;
    limit: number;
  },
) {
  const readAt = readAtOf(filter.userId);
  const where = and(
    statusCondition('PUBLISHED', filter.now),
    filter.type ? eq(announcements.type, filter.type) : undefined,
    filter.unread === true ? sql`${readAt} is null` : undefined,
    filter.unread === false ? sql`${readAt} is not null` : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db
      .select({ announcement: announcements, isRead: sql<boolean>`${readAt} is not null` })
      .from(announcements)
      .where(where)
      .orderBy(desc(announcements.publishAt), desc(announcements.id))
      .limit(filter.limit)
      .offset((filter.page - 1) * filter.limit),
    db.select({ n: count() }).from(announcements).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

export async function findPublished(db: Db, id: number, now: Date) {
  const [row] = await db
    .select()
    .from(announcements)
    .where(and(eq(announcements.id, id), statusCondition('PUBLISHED', now)))
    .limit(1);
  return row;
}

export async function markRead(db: Db, input: { announcementId: number; userId: number; now: Date }) {
  await db
    .insert(announcementReads)
    .values({ announcementId: input.announcementId, userId: input.userId, readAt: input.now })
    .onConflictDoNothing();
}

/** PUBLISHED announcements at `now` the user has not opened (one query). */
export async function countUnreadForUser(db: Db, input: { now: Date; userId: number }): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(announcements)
    .where(and(statusCondition('PUBLISHED', input.now), sql`${readAtOf(input.userId)} is null`));
  return row?.n ?? 0;
}
