import { z } from 'zod';
import { idParamSchema, idSchema } from '../common/ids.ts';
import { lineAccountParamsSchema } from '../line-accounts/line-accounts.schemas.ts';
import { segmentFilterFields } from './friends.schemas.ts';

export const tagMessages = {
  notFound: 'Tag not found',
  folderNotFound: 'Tag folder not found',
  nameRequired: 'Tag name is required',
  nameMax: 'Tag name cannot exceed 50 characters',
  nameTaken: 'A tag with this name already exists on this LINE account',
  folderNameRequired: 'Folder name is required',
  folderNameMax: 'Folder name cannot exceed 50 characters',
  folderNameTaken: 'A folder with this name already exists on this LINE account',
  folderId: 'folderId must be a positive integer or null',
  tagIds: 'tagIds must be a list of 1 to 20 tag ids',
  friendIds: 'friendIds must be a list of 1 to 500 friend ids',
  action: 'action must be add or remove',
  target: 'Give either friendIds or conditions',
  unknownTag: 'A tag of tagIds is not a tag of this LINE account',
  unknownFriend: 'A friend of friendIds is not a friend of this LINE account',
  inUse:
    'This tag is used by scenarios, keyword replies, rich menu taps, inflow routes or rich menu rules (listed in errors): take it out of them before deleting it',
} as const;

/**
 * What can use a tag (the 409 of a tag's delete lists each use as `errors[]`: `path` the kind, `message`
 * the name of the scenario, rule, tap action or route).
 */
export const tagUseKinds = [
  'scenario',
  'keywordRule',
  'postbackAction',
  'inflowRoute',
  'richMenuRule',
] as const;
export type TagUseKind = (typeof tagUseKinds)[number];
export type TagUse = { kind: TagUseKind; name: string };

const positiveId = (message: string) => z.number({ error: message }).int(message).positive(message);

export const tagParamsSchema = lineAccountParamsSchema.extend({ tagId: idParamSchema });
export type TagParams = z.input<typeof tagParamsSchema>;
export const tagFolderParamsSchema = lineAccountParamsSchema.extend({ folderId: idParamSchema });
export type TagFolderParams = z.input<typeof tagFolderParamsSchema>;

/** A tag (タグ) of a LINE account with how many friends carry it now (blocked ones included). */
export const tagSchema = z.object({
  id: idSchema,
  lineAccountId: idSchema,
  folderId: idSchema.nullable(),
  name: z.string(),
  friendCount: z.number().int(),
  createdAt: z.string(),
});
export type Tag = z.infer<typeof tagSchema>;

export const tagFolderSchema = z.object({ id: idSchema, name: z.string() });
export type TagFolder = z.infer<typeof tagFolderSchema>;

/** GET .../tags: every folder and tag of the account (a few hundred at most), by name. */
export const tagListSchema = z.object({ folders: z.array(tagFolderSchema), tags: z.array(tagSchema) });
export type TagList = z.infer<typeof tagListSchema>;

const tagName = z
  .string({ error: tagMessages.nameRequired })
  .trim()
  .min(1, tagMessages.nameRequired)
  .max(50, tagMessages.nameMax);

/** POST .../tags and PUT .../tags/{tagId}: the name and the folder (null: none). */
export const tagBodySchema = z.object({
  name: tagName,
  folderId: positiveId(tagMessages.folderId).nullable().default(null),
});
export type TagBody = z.input<typeof tagBodySchema>;

export const tagFolderBodySchema = z.object({
  name: z
    .string({ error: tagMessages.folderNameRequired })
    .trim()
    .min(1, tagMessages.folderNameRequired)
    .max(50, tagMessages.folderNameMax),
});
export type TagFolderBody = z.input<typeof tagFolderBodySchema>;

/**
 * POST .../friend-tags: add or remove tags on friends picked by hand (friendIds) or on every friend a
 * segment of the friends page finds (conditions, the same as the friend search's, blocked friends too).
 */
export const friendTagsBodySchema = z
  .object({
    action: z.enum(['add', 'remove'], { error: tagMessages.action }),
    tagIds: z
      .array(positiveId(tagMessages.tagIds), { error: tagMessages.tagIds })
      .min(1, tagMessages.tagIds)
      .max(20, tagMessages.tagIds),
    friendIds: z
      .array(positiveId(tagMessages.friendIds), { error: tagMessages.friendIds })
      .min(1, tagMessages.friendIds)
      .max(500, tagMessages.friendIds)
      .optional(),
    conditions: z.object(segmentFilterFields).optional(),
  })
  .refine((b) => (b.friendIds === undefined) !== (b.conditions === undefined), {
    message: tagMessages.target,
    path: ['friendIds'],
  });
export type FriendTagsBody = z.input<typeof friendTagsBodySchema>;

/** How many friends gained (add) or lost (remove) a tag, counted per friend and tag. */
export const friendTagsResultSchema = z.object({ changed: z.number().int() });
export type FriendTagsResult = z.infer<typeof friendTagsResultSchema>;
