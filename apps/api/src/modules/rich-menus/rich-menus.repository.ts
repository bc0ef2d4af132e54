import { and, desc, eq, getTableColumns, notInArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { richMenus } from '../../db/schema/rich-menus.ts';
import { userNamesOf } from '../users/index.ts';

export type RichMenuRow = typeof richMenus.$inferSelect;
/** A row without its image bytes, with the name of who changed it last. */
export type RichMenuListRow = Omit<RichMenuRow, 'image'> & { updatedByName: string | null };

type AccountScope = { clientId: number; lineAccountId: number };

const { image: _image, ...listColumns } = getTableColumns(richMenus);
void _image;

/** The rows with the name of who changed each last (the users module's batch read). */
async function withPerson<T extends { updatedByUserId: number | null }>(
  db: Db,
  rows: T[],
): Promise<(T & { updatedByName: string | null })[]> {
  const names = await userNamesOf(
    db,
    rows.flatMap((r) => (r.updatedByUserId === null ? [] : [r.updatedByUserId])),
  );
  return rows.map((r) => ({
    ...r,
    updatedByName: r.updatedByUserId === null ? null : (names.get(r.updatedByUserId) ?? null),
  }));
}

const inAccount = (scope: AccountScope) =>
  and(eq(richMenus.clientId, scope.clientId), eq(richMenus.lineAccountId, scope.lineAccountId));

export async function listRichMenus(db: Db, scope: AccountScope): Promise<RichMenuListRow[]> {
  return withPerson(
    db,
    await db.select(listColumns).from(richMenus).where(inAccount(scope)).orderBy(desc(richMenus.id)),
  );
}

export async function findRichMenu(
  db: Db,
  scope: AccountScope,
  id: number,
): Promise<(RichMenuRow & { updatedByName: string | null }) | undefined> {
  const rows = await db
    .select()
    .from(richMenus)
    .where(and(inAccount(scope), eq(richMenus.id, id)))
    .limit(1);
  const [row] = await withPerson(db, rows);
  return row;
}

/** The next id of rich_menus, taken before the row is written (the areas' tap marks name it, decision 0049). */
export async function reserveRichMenuId(db: Db): Promise<number> {
  const result = await db.execute(sql`select nextval(pg_get_serial_sequence('rich_menus', 'id')) as id`);
  return Number((result as { rows: { id: number | string }[] }).rows[0]!.id);
}

export async function insertRichMenu(db: Db, values: typeof richMenus.$inferInsert): Promise<RichMenuRow> {
  const [row] = await db.insert(richMenus).values(values).returning();
  return row!;
}

export async function updateRichMenu(
  db: Db,
  scope: AccountScope,
  id: number,
  values: Partial<typeof richMenus.$inferInsert>,
): Promise<void> {
  await db
    .update(richMenus)
    .set(values)
    .where(and(inAccount(scope), eq(richMenus.id, id)));
}

/** The row's LINE menu and tap key, locked for the caller's transaction (a replacement's last check). */
export async function lockRichMenu(db: Db, scope: AccountScope, id: number) {
  const [row] = await db
    .select({ lineRichMenuId: richMenus.lineRichMenuId, tapSlug: richMenus.tapSlug })
    .from(richMenus)
    .where(and(inAccount(scope), eq(richMenus.id, id)))
    .for('update');
  return row;
}

export async function deleteRichMenuRow(db: Db, scope: AccountScope, id: number): Promise<void> {
  await db.delete(richMenus).where(and(inAccount(scope), eq(richMenus.id, id)));
}

/** The account's one default: this row, none of the others. */
export async function markDefault(db: Db, scope: AccountScope, id: number | null): Promise<void> {
  await db
    .update(richMenus)
    .set({ isDefault: id === null ? false : sql`${richMenus.id} = ${id}` })
    .where(inAccount(scope));
}

/** The rows of one tabbed rich menu, in tab order. */
export async function listTabGroup(db: Db, scope: AccountScope, groupId: string): Promise<RichMenuListRow[]> {
  return withPerson(
    db,
    await db
      .select(listColumns)
      .from(richMenus)
      .where(and(inAccount(scope), eq(richMenus.tabGroupId, groupId)))
      .orderBy(richMenus.tabIndex),
  );
}

/**
 * A tab's row under a known id: written, or rewritten in place when the id is the tab's row already (an
 * edited tabbed menu keeps its rows' ids, so their taps stay theirs; decision 0049 addendum).
 */
export async function writeTabRow(db: Db, values: typeof richMenus.$inferInsert & { id: number }) {
  const { id: _id, createdAt: _created, ...changed } = values;
  const [row] = await db
    .insert(richMenus)
    .values(values)
    .onConflictDoUpdate({ target: richMenus.id, set: changed })
    .returning();
  return row!;
}

/** The group's rows other than `keep` (tabs an edit dropped); their taps go with them. */
export async function deleteTabRowsExcept(db: Db, scope: AccountScope, groupId: string, keep: number[]) {
  await db
    .delete(richMenus)
    .where(
      and(
        inAccount(scope),
        eq(richMenus.tabGroupId, groupId),
        keep.length > 0 ? notInArray(richMenus.id, keep) : undefined,
      ),
    );
}

export async function deleteTabGroupRows(db: Db, scope: AccountScope, groupId: string): Promise<void> {
  await db.delete(richMenus).where(and(inAccount(scope), eq(richMenus.tabGroupId, groupId)));
}
