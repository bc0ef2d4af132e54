import { z } from 'zod';
import { dateStringSchema } from '../common/dates.ts';
import { announcementStatuses, announcementTypes } from '../common/enums.ts';
import { fieldMessages } from '../common/fields.ts';
import { idSchema } from '../common/ids.ts';
import { paginationQuerySchema } from '../common/pagination.ts';

export const announcementMessages = {
  titleMax: 'Title must be at most 200 characters',
  contentMax: 'Content must be at most 20000 characters',
  type: 'Type must be one of ANNOUNCEMENT, MAINTENANCE, UPDATE, ACCIDENT',
  status: 'Status must be one of DRAFT, PUBLISHED, ARCHIVED, SCHEDULED',
  archiveNeedsPublish: 'publishAt is required when archiveAt is set',
  archiveAfterPublish: 'archiveAt must be after publishAt',
  unread: 'unread must be true or false',
  notFound: 'Announcement not found',
  nothingToUpdate: 'Send at least one field to update',
} as const;

export const announcementStatusSchema = z.enum(announcementStatuses, { error: announcementMessages.status });
export type AnnouncementStatus = z.infer<typeof announcementStatusSchema>;
export const announcementTypeSchema = z.enum(announcementTypes, { error: announcementMessages.type });
export type AnnouncementType = z.infer<typeof announcementTypeSchema>;

/**
 * Status follows the dates (never stored): DRAFT without publishAt, SCHEDULED before it,
 * ARCHIVED from archiveAt on, PUBLISHED in between. The server derives it the same way in SQL.
 */
export function announcementStatusAt(
  dates: { publishAt: Date | string | null; archiveAt: Date | string | null },
  now: Date,
): AnnouncementStatus {
  if (dates.publishAt === null) return 'DRAFT';
  const t = now.getTime();
  if (t < new Date(dates.publishAt).getTime()) return 'SCHEDULED';
  if (dates.archiveAt !== null && t >= new Date(dates.archiveAt).getTime()) return 'ARCHIVED';
  return 'PUBLISHED';
}

export const announcementSchema = z.object({
  id: idSchema,
  title: z.string(),
  content: z.string(),
  type: announcementTypeSchema,
  status: announcementStatusSchema,
  publishAt: z.string().nullable(),
  archiveAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Announcement = z.infer<typeof announcementSchema>;

/** What client users see: a published announcement and whether this user has opened it. */
export const clientAnnouncementSchema = announcementSchema.extend({ isRead: z.boolean() });
export type ClientAnnouncement = z.infer<typeof clientAnnouncementSchema>;

const titleSchema = z
  .string({ error: fieldMessages.required })
  .trim()
  .min(1, fieldMessages.required)
  .max(200, announcementMessages.titleMax);
const contentSchema = z
  .string({ error: fieldMessages.required })
  .trim()
  .min(1, fieldMessages.required)
  .max(20000, announcementMessages.contentMax);

function checkDates(
  body: { publishAt?: string | null | undefined; archiveAt?: string | null | undefined },
  issue: z.RefinementCtx,
) {
  if (body.archiveAt == null) return;
  if (body.publishAt == null) {
    issue.addIssue({
      code: 'custom',
      path: ['publishAt'],
      message: announcementMessages.archiveNeedsPublish,
    });
  } else if (Date.parse(body.archiveAt) <= Date.parse(body.publishAt)) {
    issue.addIssue({
      code: 'custom',
      path: ['archiveAt'],
      message: announcementMessages.archiveAfterPublish,
    });
  }
}

/** POST /announcements {title, content, type, publishAt?, archiveAt?}. */
export const createAnnouncementBodySchema = z
  .object({
    title: titleSchema,
    content: contentSchema,
    type: announcementTypeSchema,
    publishAt: dateStringSchema.optional(),
    archiveAt: dateStringSchema.optional(),
  })
  .superRefine(checkDates);
export type CreateAnnouncementBody = z.input<typeof createAnnouncementBodySchema>;

/**
 * PATCH /announcements/{id}: every field optional; null clears a date (publishAt null: back to DRAFT).
 * The date rules are checked again against the stored dates by the server.
 */
export const updateAnnouncementBodySchema = z
  .object({
    title: titleSchema.optional(),
    content: contentSchema.optional(),
    type: announcementTypeSchema.optional(),
    publishAt: dateStringSchema.nullable().optional(),
    archiveAt: dateStringSchema.nullable().optional(),
  })
  .refine((body) => Object.values(body).some((v) => v !== undefined), announcementMessages.nothingToUpdate)
  .superRefine((body, issue) => {
    if (body.publishAt !== undefined && body.archiveAt !== undefined) checkDates(body, issue);
  });
export type UpdateAnnouncementBody = z.input<typeof updateAnnouncementBodySchema>;

/** Master list: paged (default limit 100), newest first; filters by status (derived now), type, title. */
export const listAnnouncementsQuerySchema = paginationQuerySchema().extend({
  status: announcementStatusSchema.optional(),
  type: announcementTypeSchema.optional(),
  search: z.string().trim().max(100).optional(),
});
export type ListAnnouncementsQuery = z.input<typeof listAnnouncementsQuerySchema>;

/** Client list: only PUBLISHED ones, newest publishAt first; `unread=true` keeps the unopened ones. */
export const listClientAnnouncementsQuerySchema = paginationQuerySchema().extend({
  type: announcementTypeSchema.optional(),
  unread: z
    .enum(['true', 'false'], { error: announcementMessages.unread })
    .transform((v) => v === 'true')
    .optional(),
});
export type ListClientAnnouncementsQuery = z.input<typeof listClientAnnouncementsQuerySchema>;
