import { and, asc, count, eq, inArray, not, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { friends, friendTags, tagFolders, tags } from '../../db/schema/friends.ts';
import { inFriendSet, type AccountScope } from './friends.repository.ts';

export type TagRow = typeof tags.$inferSelect;
export type TagFolderRow = typeof tagFolders.$inferSelect;

const tagsOfAccount = (scope: AccountScope) =>
  and(eq(tags.clientId, scope.clientId), eq(tags.lineAccountId, scope.lineAccountId));
const foldersOfAccount = (scope: AccountScope) =>
  and(eq(tagFolders.clientId, scope.clientId), eq(tagFolders.lineAccountId, scope.lineAccountId));

/**
 * The friends carrying one tag of this account (`select friend_id ...`): the tag's account is part of the
 * set, so a stored segment naming another account's tag (or a deleted one) finds nobody.
 */
const friendsWithTag = (scope: AccountScope, tagId: number): SQL =>
  sql`select ${friendTags.friendId} as friend_id from ${friendTags} inner join ${tags} on ${tags.id} = ${friendTags.tagId} where ${friendTags.tagId} = ${tagId} and ${tags.lineAccountId} = ${scope.lineAccountId}`;

/** The segment search's tag conditions over the friends table: one per tag it must have or lack. */
export function tagConditions(
  scope: AccountScope,
  c: { hasTags?: number[] | undefined; lacksTags?: number[] | undefined },
): SQL[] {
  return [
    ...(c.hasTags ?? []).map((id) => inFriendSet(friendsWithTag(scope, id))),
    ...(c.lacksTags ?? []).map((id) => not(inFriendSet(friendsWithTag(scope, id)))),
  ];
}

export async function listTagsWithCounts(
  db: Db,
  scope: AccountScope,
): Promise<{ folders: TagFolderRow[]; tags: (TagRow & { friendCount: number })[] }> {
  const [folders, rows] = await Promise.all([
    db.select().from(tagFolders).where(foldersOfAccount(scope)).orderBy(asc(tagFolders.name)),
    db
      .select({
        tag: tags,
        friendCount: sql<number>`(select count(*) from ${friendTags} where ${friendTags.tagId} = ${tags.id})::int`,
      })
      .from(tags)
      .where(tagsOfAccount(scope))
      .orderBy(asc(tags.name)),
  ]);
  return { folders, tags: rows.map((r) => ({ ...r.tag, friendCount: r.friendCount })) };
}

export async function findTag(db: Db, scope: AccountScope, id: number): Promise<TagRow | undefined> {
  const [row] = await db
    .select()
    .from(tags)
    .where(and(tagsOfAccount(scope), eq(tags.id, id)));
  return row;
}

export async function countFriendsWithTag(db: Db, tagId: number): Promise<number> {
  const [row] = await db.select({ n: count() }).from(friendTags).where(eq(friendTags.tagId, tagId));
  return row?.n ?? 0;
}

export async function findFolder(db: Db, scope: AccountScope, id: number): Promise<TagFolderRow | undefined> {
  const [row] = await db
    .select()
    .from(tagFolders)
    .where(and(foldersOfAccount(scope), eq(tagFolders.id, id)));
  return row;
}

export async function insertTag(db: Db, values: typeof tags.$inferInsert): Promise<TagRow> {
  const [row] = await db.insert(tags).values(values).returning();
  return row!;
}

export async function updateTag(
  db: Db,
  scope: AccountScope,
  id: number,
  values: { name: string; folderId: number | null },
): Promise<TagRow | undefined> {
  const [row] = await db
    .update(tags)
    .set(values)
    .where(and(tagsOfAccount(scope), eq(tags.id, id)))
    .returning();
  return row;
}

/** Deletes a tag; its friend_tags go with it (on delete cascade). */
export async function deleteTag(db: Db, scope: AccountScope, id: number): Promise<boolean> {
  const rows = await db
    .delete(tags)
    .where(and(tagsOfAccount(scope), eq(tags.id, id)))
    .returning({ id: tags.id });
  return rows.length > 0;
}

export async function insertFolder(db: Db, values: typeof tagFolders.$inferInsert): Promise<TagFolderRow> {
  const [row] = await db.insert(tagFolders).values(values).returning();
  return row!;
}

/** Deletes a folder; its tags stay, in no folder (on delete set null). */
export async function deleteFolder(db: Db, scope: AccountScope, id: number): Promise<boolean> {
  const rows = await db
    .delete(tagFolders)
    .where(and(foldersOfAccount(scope), eq(tagFolders.id, id)))
    .returning({ id: tagFolders.id });
  return rows.length > 0;
}

/** Friends picked by id, of this account only. */
export const pickedFriends = (scope: AccountScope, ids: number[]): SQL =>
  and(
    eq(friends.clientId, scope.clientId),
    eq(friends.lineAccountId, scope.lineAccountId),
    inArray(friends.id, ids),
  )!;

export async function countFriendsWhere(db: Db, where: SQL | undefined): Promise<number> {
  const [row] = await db.select({ n: count() }).from(friends).where(where);
  return row?.n ?? 0;
}

/** How many of these ids are tags of this account. */
/**
 * How many of these ids are tags of the account, holding each one found (FOR KEY SHARE) until the
 * caller's transaction ends: a tag's delete waits for it, and a save that found the tag commits before the
 * delete looks for uses (decision 0053, addendum). Outside a transaction the hold ends with the statement.
 */
export async function countTagsOfAccount(db: Db, scope: AccountScope, ids: number[]): Promise<number> {
  const rows = await db
    .select({ id: tags.id })
    .from(tags)
    .where(and(tagsOfAccount(scope), inArray(tags.id, ids)))
    .orderBy(tags.id)
    .for('key share');
  return rows.length;
}

/** The tag, locked for its delete (FOR UPDATE): saves naming it wait, or find it gone. */
export async function lockTagForDelete(db: Db, scope: AccountScope, id: number): Promise<boolean> {
  const rows = await db
    .select({ id: tags.id })
    .from(tags)
    .where(and(tagsOfAccount(scope), eq(tags.id, id)))
    .for('update');
  return rows.length > 0;
}

/** The tags (id, name) on some friends, by name. */
export async function listTagsOfFriends(
  db: Db,
  friendIds: number[],
): Promise<{ friendId: number; id: number; name: string }[]> {
  if (friendIds.length === 0) return [];
  return db
    .select({ friendId: friendTags.friendId, id: tags.id, name: tags.name })
    .from(friendTags)
    .innerJoin(tags, eq(tags.id, friendTags.tagId))
    .where(inArray(friendTags.friendId, friendIds))
    .orderBy(asc(tags.name), asc(tags.id));
}

/**
 * Puts tags (of this account, checked by the caller) on every friend `where` keeps, in one statement; a
 * tag already on a friend stays as it was. Returns the (friend, tag) pairs that are new.
 */
export async function addTagsWhere(
  db: Db,
  where: SQL | undefined,
  tagIds: number[],
  now: Date,
): Promise<{ friendId: number; tagId: number }[]> {
  return db
    .insert(friendTags)
    .select(
      db
        .select({
          friendId: friends.id,
          tagId: tags.id,
          createdAt: sql`${now.toISOString()}::timestamptz`.as('created_at'),
        })
        .from(friends)
        .innerJoin(tags, inArray(tags.id, tagIds))
        .where(where),
    )
    .onConflictDoNothing()
    .returning({ friendId: friendTags.friendId, tagId: friendTags.tagId });
}

/** Takes tags off every friend `where` keeps, in one statement; returns how many (friend, tag) pairs went. */
export async function removeTagsWhere(
  db: Db,
  where: SQL | undefined,
  tagIds: number[],
): Promise<{ friendId: number; tagId: number }[]> {
  return db
    .delete(friendTags)
    .where(
      and(
        inArray(friendTags.tagId, tagIds),
        inArray(friendTags.friendId, db.select({ id: friends.id }).from(friends).where(where)),
      ),
    )
    .returning({ friendId: friendTags.friendId, tagId: friendTags.tagId });
}
