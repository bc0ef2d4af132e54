import {
  tagMessages,
  type friendTagsBodySchema,
  type lineAccountParamsSchema,
  type Tag,
  type tagBodySchema,
  type TagFolder,
  type tagFolderBodySchema,
  type TagList,
} from '@app/contracts';
import type { SQL } from 'drizzle-orm';
import type { z } from 'zod';
import { inTransaction, type Db } from '../../db/client.ts';
import { requireClientId, type ServiceContext } from '../../platform/context.ts';
import { recordDomainEvent } from '../../platform/domain-events.ts';
import { AppError, badRequest, conflict, notFound } from '../../platform/errors.ts';
import { getLineAccountRowOrThrow } from '../line-accounts/index.ts';
import { segmentWhere } from './friends.audience.ts';
import type { AccountScope } from './friends.repository.ts';
import type { FriendDirectories } from './service-users.ts';
import {
  addTagsWhere,
  countFriendsWhere,
  countFriendsWithTag,
  countTagsOfAccount,
  deleteFolder,
  deleteTag,
  findFolder,
  findTag,
  insertFolder,
  insertTag,
  listTagsWithCounts,
  lockTagForDelete,
  pickedFriends,
  removeTagsWhere,
  updateTag,
  type TagRow,
} from './tags.repository.ts';

type Ctx = { ctx: ServiceContext };
type AccountInput = z.output<typeof lineAccountParamsSchema>;

async function accountScope(ctx: ServiceContext, lineAccountId: number): Promise<AccountScope> {
  const clientId = requireClientId(ctx);
  const account = await getLineAccountRowOrThrow(ctx, clientId, lineAccountId);
  return { clientId, lineAccountId: account.id };
}

const toTagView = (row: TagRow, friendCount: number): Tag => ({
  id: row.id,
  lineAccountId: row.lineAccountId,
  folderId: row.folderId,
  name: row.name,
  friendCount,
  createdAt: row.createdAt.toISOString(),
});

export async function listTags({ ctx, input }: Ctx & { input: AccountInput }): Promise<TagList> {
  const scope = await accountScope(ctx, input.lineAccountId);
  const { folders, tags } = await listTagsWithCounts(ctx.db, scope);
  return {
    folders: folders.map((f) => ({ id: f.id, name: f.name })),
    tags: tags.map((t) => toTagView(t, t.friendCount)),
  };
}

type TagInput = AccountInput & z.output<typeof tagBodySchema>;

/** A tag's name is unique in its account; its folder must be one of the account's. */
async function checkTag(db: Db, scope: AccountScope, input: TagInput, tagId?: number) {
  if (input.folderId !== null && !(await findFolder(db, scope, input.folderId)))
    throw notFound(tagMessages.folderNotFound);
  const { tags } = await listTagsWithCounts(db, scope);
  if (tags.some((t) => t.name === input.name && t.id !== tagId)) throw conflict(tagMessages.nameTaken);
}

export async function createTag({ ctx, input }: Ctx & { input: TagInput }): Promise<Tag> {
  const scope = await accountScope(ctx, input.lineAccountId);
  await checkTag(ctx.db, scope, input);
  const row = await insertTag(ctx.db, { ...scope, name: input.name, folderId: input.folderId });
  return toTagView(row, 0);
}

export async function updateTagOfAccount({
  ctx,
  input,
}: Ctx & { input: TagInput & { tagId: number } }): Promise<Tag> {
  const scope = await accountScope(ctx, input.lineAccountId);
  if (!(await findTag(ctx.db, scope, input.tagId))) throw notFound(tagMessages.notFound);
  await checkTag(ctx.db, scope, input, input.tagId);
  const row = await updateTag(ctx.db, scope, input.tagId, { name: input.name, folderId: input.folderId });
  return toTagView(row!, await countFriendsWithTag(ctx.db, input.tagId));
}

/**
 * Deletes a tag, unless something names it (a scenario's trigger, stop condition, step condition or
 * action; a keyword rule's or tap's action; an inflow route): then 409 with each use in `errors`
 * (`path` the kind, `message` its name), and nothing changes (decision 0053-tag-delete).
 */
export async function removeTag({
  ctx,
  directories,
  input,
}: Ctx & { directories: FriendDirectories; input: AccountInput & { tagId: number } }) {
  const scope = await accountScope(ctx, input.lineAccountId);
  // One transaction holding the tag (FOR UPDATE) from the check to the delete: a save naming the tag either
  // committed before (its use is found: 409) or waits and then finds the tag gone (its own 400/404).
  await inTransaction(ctx.db, async (tx) => {
    if (!(await lockTagForDelete(tx, scope, input.tagId))) throw notFound(tagMessages.notFound);
    await tagDeleteFaults.afterLock?.();
    const uses: Awaited<ReturnType<FriendDirectories['tagUses'][number]['tagUses']>> = [];
    for (const d of directories.tagUses) uses.push(...(await d.tagUses(tx, scope, input.tagId)));
    if (uses.length > 0)
      throw new AppError(
        'CONFLICT',
        tagMessages.inUse,
        uses.map((u) => ({ path: u.kind, message: u.name })),
      );
    if (!(await deleteTag(tx, scope, input.tagId))) throw notFound(tagMessages.notFound);
  });
  return { success: true as const };
}

/**
 * Test seam: runs while a tag's delete holds the tag, before it looks for uses (a save racing the delete
 * is started there). Null in production.
 */
export const tagDeleteFaults: { afterLock: (() => Promise<void>) | null } = { afterLock: null };

export async function createTagFolder({
  ctx,
  input,
}: Ctx & { input: AccountInput & z.output<typeof tagFolderBodySchema> }): Promise<TagFolder> {
  const scope = await accountScope(ctx, input.lineAccountId);
  const { folders } = await listTagsWithCounts(ctx.db, scope);
  if (folders.some((f) => f.name === input.name)) throw conflict(tagMessages.folderNameTaken);
  const row = await insertFolder(ctx.db, { ...scope, name: input.name });
  return { id: row.id, name: row.name };
}

export async function removeTagFolder({ ctx, input }: Ctx & { input: AccountInput & { folderId: number } }) {
  const scope = await accountScope(ctx, input.lineAccountId);
  if (!(await deleteFolder(ctx.db, scope, input.folderId))) throw notFound(tagMessages.folderNotFound);
  return { success: true as const };
}

type FriendTagsInput = AccountInput & z.output<typeof friendTagsBodySchema>;

/** Friends one FRIEND_TAGGED event names at most (a segment of 100,000 friends is 100 events per tag). */
const TAGGED_PER_EVENT = 1_000;

/**
 * addTagsWhere, and FRIEND_TAGGED for the pairs that are new (a tag already on a friend is not "added"),
 * one event per tag and 1,000 friends, in the same transaction: step delivery's タグ付与時 trigger.
 */
async function addTagsAndRecord(
  tx: Db,
  scope: AccountScope,
  where: SQL | undefined,
  tagIds: number[],
  now: Date,
): Promise<number> {
  const added = await addTagsWhere(tx, where, tagIds, now);
  for (const payload of tagEventPayloads(added))
    await recordDomainEvent(tx, { topic: 'FRIEND_TAGGED', ...scopeOfEvent(scope), payload });
  return added.length;
}

/**
 * removeTagsWhere, and FRIEND_TAG_REMOVED for the pairs it took off (a tag the friend did not have is not
 * "removed"), one event per tag and 1,000 friends, in the same transaction: the rich menu per tag
 * (decision 0059). Every way of taking a tag off goes through here.
 */
async function removeTagsAndRecord(
  tx: Db,
  scope: AccountScope,
  where: SQL | undefined,
  tagIds: number[],
): Promise<number> {
  const removed = await removeTagsWhere(tx, where, tagIds);
  for (const payload of tagEventPayloads(removed))
    await recordDomainEvent(tx, { topic: 'FRIEND_TAG_REMOVED', ...scopeOfEvent(scope), payload });
  return removed.length;
}

const scopeOfEvent = (scope: AccountScope) => ({
  clientId: scope.clientId,
  lineAccountId: scope.lineAccountId,
});

/** The payloads of one tag event topic: one per tag and up to 1,000 friends. */
function tagEventPayloads(pairs: { friendId: number; tagId: number }[]) {
  const byTag = new Map<number, number[]>();
  for (const { friendId, tagId } of pairs) {
    const friendIds = byTag.get(tagId);
    if (friendIds) friendIds.push(friendId);
    else byTag.set(tagId, [friendId]);
  }
  const payloads: { tagId: number; friendIds: number[] }[] = [];
  for (const [tagId, friendIds] of byTag)
    for (let i = 0; i < friendIds.length; i += TAGGED_PER_EVENT)
      payloads.push({ tagId, friendIds: friendIds.slice(i, i + TAGGED_PER_EVENT) });
  return payloads;
}

/**
 * Adds or removes tags on friends picked by hand or on every friend a segment finds, in one statement
 * each way (a segment of 100,000 friends is one INSERT ... SELECT). Every tag and picked friend must be
 * the account's, or nothing changes.
 */
export async function tagFriends({
  ctx,
  directories,
  input,
}: Ctx & { directories: FriendDirectories; input: FriendTagsInput }): Promise<{ changed: number }> {
  const scope = await accountScope(ctx, input.lineAccountId);
  const tagIds = [...new Set(input.tagIds)];
  if ((await countTagsOfAccount(ctx.db, scope, tagIds)) !== tagIds.length)
    throw badRequest(tagMessages.unknownTag);
  let where: SQL | undefined;
  if (input.friendIds) {
    const friendIds = [...new Set(input.friendIds)];
    where = pickedFriends(scope, friendIds);
    if ((await countFriendsWhere(ctx.db, where)) !== friendIds.length)
      throw badRequest(tagMessages.unknownFriend);
  } else {
    where = await segmentWhere(ctx.db, directories, scope, input.conditions!, ctx.clock.now());
  }
  const changed = await inTransaction(ctx.db, (tx) =>
    input.action === 'add'
      ? addTagsAndRecord(tx, scope, where, tagIds, ctx.clock.now())
      : removeTagsAndRecord(tx, scope, where, tagIds),
  );
  return { changed };
}

/** Puts tags on one friend (automation: keyword rules, rich menu taps), in the caller's transaction. */
export async function addTagsToFriend(
  tx: Db,
  scope: AccountScope,
  friendId: number,
  tagIds: number[],
  now: Date,
): Promise<number> {
  if (tagIds.length === 0) return 0;
  const where = pickedFriends(scope, [friendId]);
  // only the account's own tags: addTagsWhere joins tags by id, so check the account here
  const own = await countTagsOfAccount(tx, scope, tagIds);
  if (own !== new Set(tagIds).size) return 0;
  return addTagsAndRecord(tx, scope, where, tagIds, now);
}

/** Takes tags off one friend (automation), in the caller's transaction. */
export async function removeTagsFromFriend(
  tx: Db,
  scope: AccountScope,
  friendId: number,
  tagIds: number[],
): Promise<number> {
  if (tagIds.length === 0) return 0;
  const where = pickedFriends(scope, [friendId]);
  return removeTagsAndRecord(tx, scope, where, tagIds);
}

/**
 * Whether every one of these ids is a tag of the account (automation and inflow check the tags they
 * name), holding them until the caller's transaction ends: called inside a save's transaction, a tag's
 * delete cannot slip between this check and the save (decision 0053, addendum).
 */
export async function areTagsOfAccount(db: Db, scope: AccountScope, tagIds: number[]): Promise<boolean> {
  const unique = [...new Set(tagIds)];
  if (unique.length === 0) return true;
  return (await countTagsOfAccount(db, scope, unique)) === unique.length;
}
