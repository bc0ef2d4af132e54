import { allow, defineEndpoint } from '../common/endpoint.ts';
import { okBodySchema } from '../common/errors.ts';
import { idParamsSchema } from '../common/ids.ts';
import { pageSchema } from '../common/pagination.ts';
import {
  announcementSchema,
  clientAnnouncementSchema,
  createAnnouncementBodySchema,
  listAnnouncementsQuerySchema,
  listClientAnnouncementsQuerySchema,
  updateAnnouncementBodySchema,
} from './announcements.schemas.ts';
import { CLIENT_PREFIX, MASTER_PREFIX } from '../area-prefixes.ts';

const masterTags = ['master', 'announcements'] as const;

/** Master area: announcements CRUD (SPEC.md 7). */
export const masterAnnouncementEndpoints = {
  listAnnouncements: defineEndpoint({
    method: 'GET',
    path: `${MASTER_PREFIX}/announcements`,
    summary: 'Announcements of every status, newest first',
    tags: masterTags,
    access: allow('master.read'),
    query: listAnnouncementsQuerySchema,
    responses: { 200: pageSchema(announcementSchema) },
  }),
  getAnnouncement: defineEndpoint({
    method: 'GET',
    path: `${MASTER_PREFIX}/announcements/:id`,
    summary: 'One announcement',
    tags: masterTags,
    access: allow('master.read'),
    params: idParamsSchema,
    responses: { 200: announcementSchema },
  }),
  createAnnouncement: defineEndpoint({
    method: 'POST',
    path: `${MASTER_PREFIX}/announcements`,
    summary: 'Create an announcement; its status follows publishAt and archiveAt',
    tags: masterTags,
    access: allow('master.write'),
    body: createAnnouncementBodySchema,
    responses: { 201: announcementSchema },
  }),
  updateAnnouncement: defineEndpoint({
    method: 'PATCH',
    path: `${MASTER_PREFIX}/announcements/:id`,
    summary: 'Change any field of an announcement',
    tags: masterTags,
    access: allow('master.write'),
    params: idParamsSchema,
    body: updateAnnouncementBodySchema,
    responses: { 200: announcementSchema },
  }),
  deleteAnnouncement: defineEndpoint({
    method: 'DELETE',
    path: `${MASTER_PREFIX}/announcements/:id`,
    summary: 'Delete an announcement',
    tags: masterTags,
    access: allow('master.write'),
    params: idParamsSchema,
    responses: { 200: okBodySchema },
  }),
} as const;

/** Client area: published announcements with the signed-in user's read marker. */
export const clientAnnouncementEndpoints = {
  listAnnouncements: defineEndpoint({
    method: 'GET',
    path: `${CLIENT_PREFIX}/announcements`,
    summary: 'PUBLISHED announcements, newest first, each with isRead for the signed-in user',
    tags: ['client', 'announcements'],
    access: allow('client.read'),
    clientScoped: true,
    query: listClientAnnouncementsQuerySchema,
    responses: { 200: pageSchema(clientAnnouncementSchema) },
  }),
  getAnnouncement: defineEndpoint({
    method: 'GET',
    path: `${CLIENT_PREFIX}/announcements/:id`,
    summary: 'One PUBLISHED announcement; marks it read for the signed-in user',
    tags: ['client', 'announcements'],
    access: allow('client.read'),
    clientScoped: true,
    params: idParamsSchema,
    responses: { 200: clientAnnouncementSchema },
  }),
} as const;
