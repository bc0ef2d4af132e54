import {
  announcementMessages,
  announcementStatusAt,
  paginationInfo,
  type Announcement,
  type AnnouncementStatus,
  type AnnouncementType,
  type ClientAnnouncement,
  type createAnnouncementBodySchema,
  type updateAnnouncementBodySchema,
} from '@app/contracts';
import type { z } from 'zod';
import { inTransaction } from '../../db/client.ts';
import { recordAudit } from '../../platform/audit.ts';
import { requireActor, type ServiceContext } from '../../platform/context.ts';
import { notFound, validationError } from '../../platform/errors.ts';
import {
  deleteAnnouncementRow,
  findAnnouncement,
  findPublished,
  insertAnnouncement,
  listAnnouncementRows,
  countUnreadForUser,
  listPublishedForUser,
  markRead,
  updateAnnouncementRow,
  type AnnouncementRow,
} from './announcements.repository.ts';

export function toAnnouncementView(row: AnnouncementRow, now: Date): Announcement {
  return {
    id: row.id,
    title: row.title,
    content: row.content,
    type: row.type,
    status: announcementStatusAt(row, now),
    publishAt: row.publishAt?.toISOString() ?? null,
    archiveAt: row.archiveAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

const toDate = (value: string | null | undefined) =>
  value === undefined ? undefined : value === null ? null : new Date(value);

export async function createAnnouncement({
  ctx,
  input,
}: {
  ctx: ServiceContext;
  input: z.output<typeof createAnnouncementBodySchema>;
}): Promise<Announcement> {
  const now = ctx.clock.now();
  return inTransaction(ctx.db, async (tx) => {
    const row = await insertAnnouncement(tx, {
      title: input.title,
      content: input.content,
      type: input.type,
      publishAt: toDate(input.publishAt) ?? null,
      archiveAt: toDate(input.archiveAt) ?? null,
      createdAt: now,
      updatedAt: now,
    });
    const after = toAnnouncementView(row, now);
    await recordAudit(tx, ctx, {
      action: 'announcement.create',
      targetType: 'announcement',
      targetId: row.id,
      after,
    });
    return after;
  });
}

async function getRowOrThrow(ctx: ServiceContext, id: number, forUpdate = false) {
  const row = await findAnnouncement(ctx.db, id, { forUpdate });
  if (!row) throw notFound(announcementMessages.notFound);
  return row;
}

export async function updateAnnouncement({
  ctx,
  input,
}: {
  ctx: ServiceContext;
  input: { id: number; body: z.output<typeof updateAnnouncementBodySchema> };
}): Promise<Announcement> {
  const now = ctx.clock.now();
  return inTransaction(ctx.db, async (tx) => {
    const row = await getRowOrThrow({ ...ctx, db: tx }, input.id, true);
    const { publishAt, archiveAt, ...fields } = input.body;
    const next = {
      publishAt: publishAt === undefined ? row.publishAt : toDate(publishAt)!,
      archiveAt: archiveAt === undefined ? row.archiveAt : toDate(archiveAt)!,
    };
    // The body alone may be fine while the stored dates make the pair invalid.
    if (next.archiveAt !== null && next.publishAt === null) {
      throw validationError(announcementMessages.archiveNeedsPublish, [
        { path: 'body.publishAt', message: announcementMessages.archiveNeedsPublish },
      ]);
    }
    if (next.archiveAt !== null && next.publishAt !== null && next.archiveAt <= next.publishAt) {
      throw validationError(announcementMessages.archiveAfterPublish, [
        { path: 'body.archiveAt', message: announcementMessages.archiveAfterPublish },
      ]);
    }
    const updated = await updateAnnouncementRow(tx, row.id, { ...fields, ...next, updatedAt: now });
    const after = toAnnouncementView(updated, now);
    await recordAudit(tx, ctx, {
      action: 'announcement.update',
      targetType: 'announcement',
      targetId: row.id,
      before: toAnnouncementView(row, now),
      after,
    });
    return after;
  });
}

export async function deleteAnnouncement({ ctx, input }: { ctx: ServiceContext; input: { id: number } }) {
  const now = ctx.clock.now();
  await inTransaction(ctx.db, async (tx) => {
    const row = await getRowOrThrow({ ...ctx, db: tx }, input.id, true);
    await deleteAnnouncementRow(tx, row.id);
    await recordAudit(tx, ctx, {
      action: 'announcement.delete',
      targetType: 'announcement',
      targetId: row.id,
      before: toAnnouncementView(row, now),
    });
  });
}

export async function getAnnouncement({ ctx, input }: { ctx: ServiceContext; input: { id: number } }) {
  return toAnnouncementView(await getRowOrThrow(ctx, input.id), ctx.clock.now());
}

export async function listAnnouncements({
  ctx,
  input,
}: {
  ctx: ServiceContext;
  input: {
    status?: AnnouncementStatus | undefined;
    type?: AnnouncementType | undefined;
    search?: string | undefined;
    page: number;
    limit: number;
  };
}) {
  const now = ctx.clock.now();
  const { rows, total } = await listAnnouncementRows(ctx.db, { ...input, now });
  return {
    data: rows.map((r) => toAnnouncementView(r, now)),
    pagination: paginationInfo(input.page, input.limit, total),
  };
}

/** Client area: only what is PUBLISHED now, with the signed-in user's read marker. */
export async function listPublishedAnnouncements({
  ctx,
  input,
}: {
  ctx: ServiceContext;
  input: { type?: AnnouncementType | undefined; unread?: boolean | undefined; page: number; limit: number };
}) {
  const now = ctx.clock.now();
  const { userId } = requireActor(ctx);
  const { rows, total } = await listPublishedForUser(ctx.db, { ...input, now, userId });
  return {
    data: rows.map((r): ClientAnnouncement => ({
      ...toAnnouncementView(r.announcement, now),
      isRead: r.isRead,
    })),
    pagination: paginationInfo(input.page, input.limit, total),
  };
}

/** The dashboard's figure: PUBLISHED announcements the signed-in user has not opened. */
export async function countUnreadAnnouncements({ ctx }: { ctx: ServiceContext }): Promise<number> {
  return countUnreadForUser(ctx.db, { now: ctx.clock.now(), userId: requireActor(ctx).userId });
}

/** Client area: one PUBLISHED announcement; opening it marks it read for the signed-in user. */
export async function readPublishedAnnouncement({
  ctx,
  input,
}: {
  ctx: ServiceContext;
  input: { id: number };
}): Promise<ClientAnnouncement> {
  const now = ctx.clock.now();
  const { userId } = requireActor(ctx);
  const row = await findPublished(ctx.db, input.id, now);
  if (!row) throw notFound(announcementMessages.notFound);
  await markRead(ctx.db, { announcementId: row.id, userId, now });
  return { ...toAnnouncementView(row, now), isRead: true };
}
