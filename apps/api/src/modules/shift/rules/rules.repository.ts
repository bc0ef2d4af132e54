import { and, asc, eq, gte, inArray, lt, type SQL } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { normalRules, shiftPatterns, specialRuleGroups, specialRules } from '../../../db/schema/shift.ts';
import type { StoreScope } from '../shift-store.ts';

export type NormalRuleRow = typeof normalRules.$inferSelect;
export type NewNormalRule = Omit<typeof normalRules.$inferInsert, 'clientId' | 'storeId' | 'id'>;
export type SpecialRuleRow = typeof specialRules.$inferSelect;
export type NewSpecialRule = Omit<
  typeof specialRules.$inferInsert,
  'clientId' | 'storeId' | 'id' | 'specialRuleGroupId'
>;
export type GroupRow = typeof specialRuleGroups.$inferSelect;
export type PatternRow = typeof shiftPatterns.$inferSelect;
export type NewPattern = Omit<typeof shiftPatterns.$inferInsert, 'clientId' | 'storeId' | 'id'>;

// ---- weekly rules ----

const normalInStore = (s: StoreScope) =>
  and(eq(normalRules.clientId, s.clientId), eq(normalRules.storeId, s.storeId));

export async function insertNormalRules(db: Db, scope: StoreScope, rules: NewNormalRule[]) {
  if (rules.length === 0) return [];
  return db
    .insert(normalRules)
    .values(rules.map((r) => ({ ...r, ...scope })))
    .returning();
}

export async function deleteNormalRules(db: Db, scope: StoreScope) {
  await db.delete(normalRules).where(normalInStore(scope));
}

export async function listNormalRules(db: Db, scope: StoreScope) {
  return db
    .select()
    .from(normalRules)
    .where(normalInStore(scope))
    .orderBy(asc(normalRules.dayOfWeek), asc(normalRules.shiftStartTime), asc(normalRules.id));
}

export async function findNormalRule(db: Db, scope: StoreScope, id: number) {
  const [row] = await db
    .select()
    .from(normalRules)
    .where(and(normalInStore(scope), eq(normalRules.id, id)))
    .limit(1);
  return row;
}

// ---- special rules ----

const groupInStore = (s: StoreScope) =>
  and(eq(specialRuleGroups.clientId, s.clientId), eq(specialRuleGroups.storeId, s.storeId));
const specialInStore = (s: StoreScope) =>
  and(eq(specialRules.clientId, s.clientId), eq(specialRules.storeId, s.storeId));

export async function insertGroup(db: Db, scope: StoreScope, label: string): Promise<GroupRow> {
  const [row] = await db
    .insert(specialRuleGroups)
    .values({ ...scope, label })
    .returning();
  return row!;
}

export async function findGroup(db: Db, scope: StoreScope, id: number) {
  const [row] = await db
    .select()
    .from(specialRuleGroups)
    .where(and(groupInStore(scope), eq(specialRuleGroups.id, id)))
    .limit(1);
  return row;
}

export async function updateGroupLabel(db: Db, scope: StoreScope, id: number, label: string) {
  await db
    .update(specialRuleGroups)
    .set({ label, updatedAt: new Date() })
    .where(and(groupInStore(scope), eq(specialRuleGroups.id, id)));
}

export async function deleteGroup(db: Db, scope: StoreScope, id: number) {
  await db.delete(specialRuleGroups).where(and(groupInStore(scope), eq(specialRuleGroups.id, id)));
}

export async function listGroups(db: Db, scope: StoreScope) {
  return db.select().from(specialRuleGroups).where(groupInStore(scope)).orderBy(asc(specialRuleGroups.id));
}

export async function replaceGroupRules(db: Db, scope: StoreScope, groupId: number, rules: NewSpecialRule[]) {
  await db
    .delete(specialRules)
    .where(and(specialInStore(scope), eq(specialRules.specialRuleGroupId, groupId)));
  if (rules.length === 0) return;
  await db.insert(specialRules).values(rules.map((r) => ({ ...r, ...scope, specialRuleGroupId: groupId })));
}

export async function listSpecialRules(
  db: Db,
  scope: StoreScope,
  filter: { groupIds?: number[]; from?: Date | undefined; to?: Date | undefined },
): Promise<SpecialRuleRow[]> {
  const conditions: (SQL | undefined)[] = [specialInStore(scope)];
  if (filter.groupIds) conditions.push(inArray(specialRules.specialRuleGroupId, filter.groupIds));
  if (filter.from) conditions.push(gte(specialRules.shiftStartDateTime, filter.from));
  if (filter.to) conditions.push(lt(specialRules.shiftStartDateTime, filter.to));
  return db
    .select()
    .from(specialRules)
    .where(and(...conditions))
    .orderBy(asc(specialRules.shiftStartDateTime), asc(specialRules.id));
}

// ---- shift patterns ----

const patternInStore = (s: StoreScope) =>
  and(eq(shiftPatterns.clientId, s.clientId), eq(shiftPatterns.storeId, s.storeId));

export async function insertPattern(db: Db, scope: StoreScope, values: NewPattern) {
  const [row] = await db
    .insert(shiftPatterns)
    .values({ ...values, ...scope })
    .returning();
  return row!;
}

export async function listPatterns(db: Db, scope: StoreScope) {
  return db
    .select()
    .from(shiftPatterns)
    .where(patternInStore(scope))
    .orderBy(asc(shiftPatterns.startHour), asc(shiftPatterns.startMinute), asc(shiftPatterns.id));
}

export async function findPattern(db: Db, scope: StoreScope, id: number) {
  const [row] = await db
    .select()
    .from(shiftPatterns)
    .where(and(patternInStore(scope), eq(shiftPatterns.id, id)))
    .limit(1);
  return row;
}

export async function updatePatternRow(db: Db, scope: StoreScope, id: number, values: NewPattern) {
  const [row] = await db
    .update(shiftPatterns)
    .set({ ...values, updatedAt: new Date() })
    .where(and(patternInStore(scope), eq(shiftPatterns.id, id)))
    .returning();
  return row;
}

export async function deletePatternRow(db: Db, scope: StoreScope, id: number) {
  const rows = await db
    .delete(shiftPatterns)
    .where(and(patternInStore(scope), eq(shiftPatterns.id, id)))
    .returning({ id: shiftPatterns.id });
  return rows.length > 0;
}
