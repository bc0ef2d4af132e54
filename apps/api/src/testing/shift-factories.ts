import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/client.ts';
import {
  friends,
  lineAccountServices,
  lineAccounts,
  shiftClosureSettings,
  shiftStaff,
  staffShifts,
  stores,
} from '../db/schema/index.ts';
import { call } from './test-app.ts';

const unique = () => randomBytes(4).toString('hex');

/** A LINE account with the shift service (KS-002) linked and its store, as the LINE linking call makes them. */
export async function createShiftStore(
  db: Db,
  clientId: number,
  options: {
    loginChannelId?: string;
    liffId?: string;
    timeZone?: string;
    name?: string;
    serviceCode?: string;
  } = {},
) {
  const [account] = await db
    .insert(lineAccounts)
    .values({
      clientId,
      channelId: `ch-${unique()}`,
      channelSecretEncrypted: 'test-not-a-secret',
      loginChannelId: options.loginChannelId ?? `login-${unique()}`,
      displayName: 'テスト店 LINE',
    })
    .returning();
  const [link] = await db
    .insert(lineAccountServices)
    .values({
      clientId,
      lineAccountId: account!.id,
      serviceCode: options.serviceCode ?? 'KS-002',
      liffId: options.liffId ?? `liff-${unique()}`,
    })
    .returning();
  const [store] = await db
    .insert(stores)
    .values({
      clientId,
      lineAccountId: account!.id,
      lineAccountServiceId: link!.id,
      serviceCode: options.serviceCode ?? 'KS-002',
      name: options.name ?? `シフト店 ${unique()}`,
      ...(options.timeZone ? { timeZone: options.timeZone } : {}),
    })
    .returning();
  return { ...store!, lineAccount: account!, link: link! };
}
export type TestShiftStore = Awaited<ReturnType<typeof createShiftStore>>;

export async function createFriend(
  db: Db,
  store: Pick<TestShiftStore, 'clientId' | 'lineAccountId'>,
  values: { lineUserId?: string; displayName?: string; isFriend?: boolean } = {},
) {
  const [row] = await db
    .insert(friends)
    .values({
      clientId: store.clientId,
      lineAccountId: store.lineAccountId,
      lineUserId: values.lineUserId ?? `U${randomBytes(16).toString('hex')}`,
      displayName: values.displayName ?? `友だち ${unique()}`,
      isFriend: values.isFriend ?? true,
    })
    .returning();
  return row!;
}

/** A staff member: a new friend of the store's account (or a helper with `helperName`). */
export async function createStaff(
  db: Db,
  store: Pick<TestShiftStore, 'id' | 'clientId' | 'lineAccountId'>,
  values: {
    status?: 'PENDING' | 'APPROVED';
    friendId?: number;
    helperName?: string;
    displayName?: string;
    employeeNumber?: string;
    isFriend?: boolean;
  } = {},
) {
  const friendId =
    values.helperName !== undefined
      ? null
      : (values.friendId ??
        (
          await createFriend(db, store, {
            ...(values.displayName ? { displayName: values.displayName } : {}),
            ...(values.isFriend !== undefined ? { isFriend: values.isFriend } : {}),
          })
        ).id);
  const [row] = await db
    .insert(shiftStaff)
    .values({
      clientId: store.clientId,
      storeId: store.id,
      friendId,
      helperName: values.helperName ?? null,
      employeeNumber: values.employeeNumber ?? null,
      status: values.status ?? 'APPROVED',
    })
    .returning();
  return row!;
}

/** A shift written straight to the table (times are instants: pass ISO strings with an offset). */
export async function createShift(
  db: Db,
  store: Pick<TestShiftStore, 'id' | 'clientId'>,
  values: {
    staffId: number;
    startAt: string;
    endAt: string;
    status?: 'REQUEST' | 'DRAFT' | 'APPROVED';
    isRest?: boolean;
    requested?: boolean;
    managerNote?: string;
  },
) {
  const startAt = new Date(values.startAt);
  const endAt = new Date(values.endAt);
  const [row] = await db
    .insert(staffShifts)
    .values({
      clientId: store.clientId,
      storeId: store.id,
      staffId: values.staffId,
      status: values.status ?? 'REQUEST',
      startAt,
      endAt,
      duration: Math.round((endAt.getTime() - startAt.getTime()) / 60_000),
      isRest: values.isRest ?? false,
      managerNote: values.managerNote ?? null,
      requestedAt: (values.requested ?? values.status === undefined) ? startAt : null,
    })
    .returning();
  return row!;
}

export async function setClosure(
  db: Db,
  store: Pick<TestShiftStore, 'id' | 'clientId'>,
  values: Partial<typeof shiftClosureSettings.$inferInsert> = {},
) {
  await db
    .insert(shiftClosureSettings)
    .values({ clientId: store.clientId, storeId: store.id, isPublished: true, ...values })
    .onConflictDoUpdate({ target: shiftClosureSettings.storeId, set: { isPublished: true, ...values } });
}

/** Calls to one store's /shift/api/v1/store/{storeId}... paths as a signed-in user. */
export function storeCaller(app: FastifyInstance, storeId: number, cookie: string) {
  return (
    method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
    path: string,
    options: { body?: unknown; query?: Record<string, string> } = {},
  ) => call(app, method, `/shift/api/v1/store/${storeId}${path}`, { cookie, ...options });
}
