import { and, eq, gt, gte, ilike, inArray, isNotNull, lt, ne, sql, SQL } from 'drizzle-orm';
import { staffShiftStatuses } from '@app/contracts';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../../../db/client.ts';
import { schedules, staffShifts } from '../../../db/schema/shift.ts';
import type { StoreScope } from '../shift-store.ts';

export type ShiftRow = typeof staffShifts.$inferSelect;
export type NewShift = Omit<typeof staffShifts.$inferInsert, 'clientId' | 'storeId' | 'id'>;
type ShiftStatus = ShiftRow['status'];

const inStore = (scope: StoreScope) =>
  and(eq(staffShifts.clientId, scope.clientId), eq(staffShifts.storeId, scope.storeId));

export async function findShift(db: Db, scope: StoreScope, id: number): Promise<ShiftRow | undefined> {
  const [row] = await db
    .select()
    .from(staffShifts)
    .where(and(inStore(scope), eq(staffShifts.id, id)))
    .limit(1);
  return row;
}

export async function findShiftsByIds(db: Db, scope: StoreScope, ids: number[]): Promise<ShiftRow[]> {
  if (ids.length === 0) return [];
  return db
    .select()
    .from(staffShifts)
    .where(and(inStore(scope), inArray(staffShifts.id, ids)));
}

/**
 * A shift as one JSON array, times as epoch milliseconds (floored, as a JavaScript Date keeps them). A
 * month's table reads over a thousand shifts: as one JSON text the drivers decode a single value instead of
 * 17 per row (node-postgres and PGlite spend most of such a read decoding fields one by one).
 */
const ms = (column: AnyPgColumn) => sql`floor(extract(epoch from ${column}) * 1000)`;
const s = staffShifts;
const shiftAsJson = sql`json_build_array(${s.id}, ${s.clientId}, ${s.storeId}, ${s.scheduleId}, ${s.staffId},
  ${s.status}, ${ms(s.startAt)}, ${ms(s.endAt)}, ${s.duration}, ${s.managerNote}, ${s.isRest},
  ${ms(s.requestedAt)}, ${ms(s.originalStartAt)}, ${ms(s.originalEndAt)}, ${s.originalDuration},
  ${s.hasBeenModified}, ${ms(s.createdAt)}, ${ms(s.updatedAt)})`;
type ShiftJson = [
  number,
  number,
  number,
  number | null,
  number,
  ShiftStatus,
  number,
  number,
  number,
  string | null,
  boolean,
  number | null,
  number | null,
  number | null,
  number | null,
  boolean,
  number,
  number,
];
const dateOrNull = (value: number | null) => (value === null ? null : new Date(value));
const shiftOfJson = (r: ShiftJson): ShiftRow => ({
  id: r[0],
  clientId: r[1],
  storeId: r[2],
  scheduleId: r[3],
  staffId: r[4],
  status: r[5],
  startAt: new Date(r[6]),
  endAt: new Date(r[7]),
  duration: r[8],
  managerNote: r[9],
  isRest: r[10],
  requestedAt: dateOrNull(r[11]),
  originalStartAt: dateOrNull(r[12]),
  originalEndAt: dateOrNull(r[13]),
  originalDuration: r[14],
  hasBeenModified: r[15],
  createdAt: new Date(r[16]),
  updatedAt: new Date(r[17]),
});

/**
 * The monthly table's compact rows (contracts' shift-table.ts) of the shifts starting in [from, to), as
 * the JSON text of one array built by the database: local days, minutes and UTC offsets in the store's
 * zone (`at time zone`), so the API neither decodes the rows nor formats a date (issue 31: the table's
 * CPU a request). Order as listShiftsStarting; the shifts-read test compares each row with the one-shift read.
 */
export async function listTableRowsJson(
  db: Db,
  scope: StoreScope,
  range: { from: Date; to: Date },
  firstDay: string,
  timeZone: string,
): Promise<string> {
  let statement = tableRowStatements.get(db);
  if (!statement) tableRowStatements.set(db, (statement = prepareTableRows(db)));
  const [found] = await statement.execute({
    clientId: scope.clientId,
    storeId: scope.storeId,
    from: range.from.toISOString(),
    to: range.to.toISOString(),
    firstDay,
    timeZone,
  });
  return found?.rows ?? '[]';
}

// Built once per database and prepared (a named statement on PostgreSQL): drizzle assembling this
// expression again on every request cost about a fifth of the table's CPU (issue 31).
const tableRowStatements = new WeakMap<Db, ReturnType<typeof prepareTableRows>>();
function prepareTableRows(db: Db) {
  const timeZone = sql.placeholder('timeZone');
  const firstDay = sql.placeholder('firstDay');
  const local = (column: AnyPgColumn) => sql`(${column} at time zone ${timeZone})`;
  // minutes from the local midnight of the day the shift starts on
  const since = (column: AnyPgColumn) =>
    sql`floor(extract(epoch from ${local(column)} - ${local(s.startAt)}::date::timestamp) / 60)::int`;
  const offset = (column: AnyPgColumn) =>
    sql`round(extract(epoch from ${local(column)} - (${column} at time zone 'UTC')) / 60)::int`;
  const statuses = sql.join(
    staffShiftStatuses.map((x) => sql`${x}`),
    sql`, `,
  );
  const orNull = (column: AnyPgColumn, value: SQL) =>
    sql`case when ${column} is null then null else ${value} end`;
  // JSON arrays without PostgreSQL's ", " separators (json_build_array writes them: 16 KiB of a month)
  const json = (value: SQL | AnyPgColumn) => sql`coalesce(to_json(${value})::text, 'null')`;
  // an element is a value, or { text } already JSON
  const array = (values: (SQL | AnyPgColumn | { text: SQL })[]) =>
    sql`'[' || ${sql.join(
      values.map((v) => ('text' in v && !(v instanceof SQL) ? v.text : json(v as SQL))),
      sql` || ',' || `,
    )} || ']'`;
  const original = array([
    orNull(s.originalStartAt, since(s.originalStartAt)),
    orNull(s.originalStartAt, offset(s.originalStartAt)),
    orNull(s.originalEndAt, since(s.originalEndAt)),
    orNull(s.originalEndAt, offset(s.originalEndAt)),
    s.originalDuration,
  ]);
  const row = array([
    s.id,
    s.scheduleId,
    s.staffId,
    sql`array_position(array[${statuses}]::text[], ${s.status}::text) - 1`,
    sql`${local(s.startAt)}::date - ${firstDay}::date`,
    since(s.startAt),
    since(s.endAt),
    s.duration,
    sql`(case when ${s.isRest} then 1 else 0 end) | (case when ${s.requestedAt} is null then 0 else 2 end)
      | (case when ${s.hasBeenModified} then 4 else 0 end)`,
    s.managerNote,
    {
      text: sql`case when ${s.originalStartAt} is null and ${s.originalEndAt} is null and ${s.originalDuration} is null
      then 'null' else ${original} end`,
    },
    offset(s.startAt),
    offset(s.endAt),
  ]);
  return db
    .select({
      rows: sql<string>`'[' || coalesce(string_agg(${row}, ',' order by ${s.startAt}, ${s.staffId}, ${s.id}), '') || ']'`,
    })
    .from(staffShifts)
    .where(
      and(
        eq(staffShifts.clientId, sql.placeholder('clientId')),
        eq(staffShifts.storeId, sql.placeholder('storeId')),
        sql`${staffShifts.startAt} >= ${sql.placeholder('from')}::timestamptz`,
        sql`${staffShifts.startAt} < ${sql.placeholder('to')}::timestamptz`,
      ),
    )
    .prepare('shift_table_rows');
}

/** Shifts starting in [from, to), oldest first. */
export async function listShiftsStarting(
  db: Db,
  scope: StoreScope,
  range: { from: Date; to: Date },
  filter: {
    status?: ShiftStatus | undefined;
    managerNote?: string | undefined;
    staffId?: number | undefined;
  } = {},
): Promise<ShiftRow[]> {
  const conditions: (SQL | undefined)[] = [
    inStore(scope),
    gte(staffShifts.startAt, range.from),
    lt(staffShifts.startAt, range.to),
  ];
  if (filter.status) conditions.push(eq(staffShifts.status, filter.status));
  if (filter.staffId) conditions.push(eq(staffShifts.staffId, filter.staffId));
  if (filter.managerNote) {
    const escaped = filter.managerNote.replace(/[\\%_]/g, (c) => `\\${c}`);
    conditions.push(ilike(staffShifts.managerNote, `%${escaped}%`));
  }
  const [row] = await db
    .select({
      shifts: sql<string | null>`json_agg(${shiftAsJson} order by ${s.startAt}, ${s.staffId}, ${s.id})::text`,
    })
    .from(staffShifts)
    .where(and(...conditions));
  const text = row?.shifts;
  return text ? (JSON.parse(text) as ShiftJson[]).map(shiftOfJson) : [];
}

/** A shift of the staff member overlapping [startAt, endAt), other than `exceptIds`. */
export async function findOverlap(
  db: Db,
  scope: StoreScope,
  staffId: number,
  range: { startAt: Date; endAt: Date },
  exceptIds: number[] = [],
): Promise<ShiftRow | undefined> {
  const conditions: (SQL | undefined)[] = [
    inStore(scope),
    eq(staffShifts.staffId, staffId),
    lt(staffShifts.startAt, range.endAt),
    gt(staffShifts.endAt, range.startAt),
  ];
  for (const id of exceptIds) conditions.push(ne(staffShifts.id, id));
  const [row] = await db
    .select()
    .from(staffShifts)
    .where(and(...conditions))
    .limit(1);
  return row;
}

export async function insertShifts(db: Db, scope: StoreScope, values: NewShift[]): Promise<ShiftRow[]> {
  if (values.length === 0) return [];
  return db
    .insert(staffShifts)
    .values(values.map((v) => ({ ...v, ...scope })))
    .returning();
}

export async function updateShiftRow(
  db: Db,
  scope: StoreScope,
  id: number,
  values: Partial<NewShift>,
): Promise<ShiftRow> {
  const [row] = await db
    .update(staffShifts)
    .set({ ...values, updatedAt: new Date() })
    .where(and(inStore(scope), eq(staffShifts.id, id)))
    .returning();
  return row!;
}

export async function setShiftStatus(
  db: Db,
  scope: StoreScope,
  ids: number[],
  status: ShiftStatus,
): Promise<void> {
  if (ids.length === 0) return;
  await db
    .update(staffShifts)
    .set({ status, updatedAt: new Date() })
    .where(and(inStore(scope), inArray(staffShifts.id, ids)));
}

/** Move every shift of `from` status starting in [from, to) to `to` status; answers the rows moved. */
export async function moveShiftsInWindow(
  db: Db,
  scope: StoreScope,
  range: { from: Date; to: Date },
  status: { from: ShiftStatus; to: ShiftStatus },
): Promise<ShiftRow[]> {
  return db
    .update(staffShifts)
    .set({ status: status.to, updatedAt: new Date() })
    .where(
      and(
        inStore(scope),
        eq(staffShifts.status, status.from),
        gte(staffShifts.startAt, range.from),
        lt(staffShifts.startAt, range.to),
      ),
    )
    .returning();
}

export async function deleteShifts(db: Db, scope: StoreScope, ids: number[]): Promise<void> {
  if (ids.length === 0) return;
  await db.delete(staffShifts).where(and(inStore(scope), inArray(staffShifts.id, ids)));
}

/** Staff ids with a request of their own (from the mini-app) starting in [from, to). */
export async function staffIdsWithRequests(db: Db, scope: StoreScope, range: { from: Date; to: Date }) {
  const rows = await db
    .selectDistinct({ staffId: staffShifts.staffId })
    .from(staffShifts)
    .where(
      and(
        inStore(scope),
        isNotNull(staffShifts.requestedAt),
        gte(staffShifts.startAt, range.from),
        lt(staffShifts.startAt, range.to),
      ),
    );
  return new Set(rows.map((r) => r.staffId));
}

/**
 * Serialise the store's submissions until the transaction ends, so that of two staff members submitting
 * at once the second sees the first and the "everyone has submitted" check cannot miss.
 */
export async function lockStoreSubmissions(db: Db, scope: StoreScope): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock(${SUBMISSION_LOCK_CLASS}, ${scope.storeId})`);
}
const SUBMISSION_LOCK_CLASS = 20_002;

// ---- schedules (one per closure period) ----

export async function ensureSchedule(
  db: Db,
  scope: StoreScope,
  period: { key: string; startDate: string; endDate: string },
): Promise<number> {
  await db
    .insert(schedules)
    .values({ ...scope, periodKey: period.key, start: period.startDate, end: period.endDate })
    .onConflictDoNothing({ target: [schedules.storeId, schedules.periodKey] });
  const [row] = await db
    .select({ id: schedules.id })
    .from(schedules)
    .where(
      and(
        eq(schedules.clientId, scope.clientId),
        eq(schedules.storeId, scope.storeId),
        eq(schedules.periodKey, period.key),
      ),
    )
    .limit(1);
  return row!.id;
}

export async function setScheduleStatus(
  db: Db,
  scope: StoreScope,
  ids: number[],
  status: (typeof schedules.$inferSelect)['status'],
): Promise<void> {
  if (ids.length === 0) return;
  await db
    .update(schedules)
    .set({ status, updatedAt: new Date() })
    .where(
      and(
        eq(schedules.clientId, scope.clientId),
        eq(schedules.storeId, scope.storeId),
        inArray(schedules.id, ids),
      ),
    );
}

export async function scheduleIdsWithApproved(
  db: Db,
  scope: StoreScope,
  ids: number[],
): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .selectDistinct({ scheduleId: staffShifts.scheduleId })
    .from(staffShifts)
    .where(and(inStore(scope), inArray(staffShifts.scheduleId, ids), eq(staffShifts.status, 'APPROVED')));
  return new Set(rows.map((r) => r.scheduleId).filter((id): id is number => id !== null));
}
