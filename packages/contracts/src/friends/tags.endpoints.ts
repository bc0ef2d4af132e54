import { CLIENT_PREFIX } from '../area-prefixes.ts';
import { allow, defineEndpoint } from '../common/endpoint.ts';
import { okBodySchema } from '../common/errors.ts';
import { lineAccountParamsSchema } from '../line-accounts/line-accounts.schemas.ts';
import {
  friendTagsBodySchema,
  friendTagsResultSchema,
  tagBodySchema,
  tagFolderBodySchema,
  tagFolderParamsSchema,
  tagFolderSchema,
  tagListSchema,
  tagParamsSchema,
  tagSchema,
} from './tags.schemas.ts';

const tags = ['friends'];
const base = `${CLIENT_PREFIX}/line-account/:lineAccountId`;
const read = { tags, access: allow('client.read'), clientScoped: true } as const;
/** Putting tags on friends is day-to-day work (staff too). */
const work = { tags, access: allow('client.work'), clientScoped: true } as const;
/** The account's list of tags and folders: owners and managers. */
const manage = { tags, access: allow('client.manage'), clientScoped: true } as const;

/** Tags (タグ) of a LINE account, their folders, and tags on friends (client area). */
export const tagEndpoints = {
  list: defineEndpoint({
    ...read,
    method: 'GET',
    path: `${base}/tags`,
    summary: 'Folders and tags of a LINE account, with the friends per tag',
    params: lineAccountParamsSchema,
    responses: { 200: tagListSchema },
  }),
  create: defineEndpoint({
    ...manage,
    method: 'POST',
    path: `${base}/tags`,
    summary: 'Create a tag',
    params: lineAccountParamsSchema,
    body: tagBodySchema,
    responses: { 201: tagSchema },
  }),
  update: defineEndpoint({
    ...manage,
    method: 'PUT',
    path: `${base}/tags/:tagId`,
    summary: 'Rename a tag or move it to another folder',
    params: tagParamsSchema,
    body: tagBodySchema,
    responses: { 200: tagSchema },
  }),
  remove: defineEndpoint({
    ...manage,
    method: 'DELETE',
    path: `${base}/tags/:tagId`,
    summary:
      'Delete a tag (it leaves every friend); 409 while a scenario, keyword rule, rich menu tap or inflow route uses it, each use listed in errors',
    params: tagParamsSchema,
    responses: { 200: okBodySchema },
  }),
  createFolder: defineEndpoint({
    ...manage,
    method: 'POST',
    path: `${base}/tag-folders`,
    summary: 'Create a tag folder',
    params: lineAccountParamsSchema,
    body: tagFolderBodySchema,
    responses: { 201: tagFolderSchema },
  }),
  removeFolder: defineEndpoint({
    ...manage,
    method: 'DELETE',
    path: `${base}/tag-folders/:folderId`,
    summary: 'Delete a tag folder (its tags stay, in no folder)',
    params: tagFolderParamsSchema,
    responses: { 200: okBodySchema },
  }),
  tagFriends: defineEndpoint({
    ...work,
    method: 'POST',
    path: `${base}/friend-tags`,
    summary: 'Add or remove tags on friends picked by hand or found by a segment',
    params: lineAccountParamsSchema,
    body: friendTagsBodySchema,
    responses: { 200: friendTagsResultSchema },
  }),
} as const;
