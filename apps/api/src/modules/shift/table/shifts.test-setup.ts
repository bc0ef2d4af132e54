// What the shift tests share (shifts.test.ts, shifts-read.test.ts): the app and a client with its users,
// made once per file, a fresh store per test, and readers of the stored shifts and events.
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll } from 'vitest';
import { domainEvents, staffShifts } from '../../../db/schema/index.ts';
import { createClientWithUsers } from '../../../testing/factories.ts';
import {
  createShiftStore,
  createStaff,
  storeCaller,
  type TestShiftStore,
} from '../../../testing/shift-factories.ts';
import { createTestApp, type TestApp } from '../../../testing/test-app.ts';

export let t: TestApp;
export let a: Awaited<ReturnType<typeof createClientWithUsers>>;

/** Makes the app and the client before the file's tests, and closes the app after them. */
export function useShiftTestApp() {
  beforeAll(async () => {
    t = await createTestApp();
    a = await createClientWithUsers(t.app, t.db);
  });
  afterAll(async () => {
    await t.close();
  });
}

/** A fresh store (FULL_MONTH, closes on the 20th, 15-minute division) with two approved staff and one pending. */
export async function setup() {
  const store = await createShiftStore(t.db, a.client.id);
  const s1 = await createStaff(t.db, store, { displayName: '一郎' });
  const s2 = await createStaff(t.db, store, { displayName: '二郎' });
  const pending = await createStaff(t.db, store, { status: 'PENDING' });
  return {
    store,
    s1,
    s2,
    pending,
    manager: storeCaller(t.app, store.id, a.manager.cookie),
    reader: storeCaller(t.app, store.id, a.staff.cookie),
  };
}

export const tokyo = (local: string) => `${local}:00+09:00`;
export const shiftOf = async (id: number) =>
  (await t.db.select().from(staffShifts).where(eq(staffShifts.id, id)))[0]!;
export const countShifts = async (store: TestShiftStore) =>
  (await t.db.select().from(staffShifts).where(eq(staffShifts.storeId, store.id))).length;
export const events = async (store: TestShiftStore, topic: 'SHIFT_EDITED' | 'SHIFT_CONFIRMED') =>
  t.db
    .select()
    .from(domainEvents)
    .where(and(eq(domainEvents.storeId, store.id), eq(domainEvents.topic, topic)));
