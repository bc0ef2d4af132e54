import { and, desc, eq, getTableColumns, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { richMenus } from '../../db/schema/rich-menus.ts';
import { users } from '../../db/schema/users.ts';

export type RichMenuRow = typeof richMenus.$inferSelect;
/** A row without its image bytes, with the name of who changed it last. */
export type RichMenuListRow = Omit<RichMenuRow, 'image'> & { updatedByName: string | null };

type AccountScope = { clientId: number; lineAccountId: number };

const { image: _image, ...listColumns } = getTableColumns(richMenus);
void _image;
const withPerson = {
  ...listColumns,
  updatedByName: sql<string | null>`nullif(trim(concat(${users.lastName}, ' ', ${users.firstName})), '')`,
};

const inAccount = (scope: AccountScope) =>
  and(eq(richMenus.clientId, scope.clientId), eq(richMenus.lineAccountId, scope.lineAccountId));

export async function listRichMenus(db: Db, scope: AccountScope): Promise<RichMenuListRow[]> {
  return db
    .select(withPerson)
    .from(richMenus)
    .leftJoin(users, eq(users.id, richMenus.updatedByUserId))
    .where(inAccount(scope))
    .orderBy(desc(richMenus.id));
}

export async function findRichMenu(
  db: Db,
  scope: AccountScope,
  id: number,
): Promise<(RichMenuRow & { updatedByName: string | null }) | undefined> {
  const [row] = await db
    .select({ ...withPerson, image: richMenus.image })
    .from(richMenus)
    .leftJoin(users, eq(users.id, richMenus.updatedByUserId))
    .where(and(inAccount(scope), eq(richMenus.id, id)))
    .limit(1);
  return row;
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
  return db
    .select(withPerson)
    .from(richMenus)
    .leftJoin(users, eq(users.id, richMenus.updatedByUserId))
    .where(and(inAccount(scope), eq(richMenus.tabGroupId, groupId)))
    .orderBy(richMenus.tabIndex);
}

export async function deleteTabGroupRows(db: Db, scope: AccountScope, groupId: string): Promise<void> {
  await db.delete(richMenus).where(and(inAccount(scope), eq(richMenus.tabGroupId, groupId)));
}
