import { randomBytes } from 'node:crypto';
import type { Position, Role } from '@app/contracts';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/client.ts';
import { agencies, clients, lineAccounts, users } from '../db/schema/index.ts';
import { hashPassword } from '../platform/crypto.ts';
import { call, sessionCookie } from './test-app.ts';

export const TEST_PASSWORD = 'Test-pass1';
let passwordHash: Promise<string> | undefined;
const unique = () => randomBytes(4).toString('hex');

export async function createAgency(db: Db, values: Partial<typeof agencies.$inferInsert> = {}) {
  const [row] = await db
    .insert(agencies)
    .values({
      name: `代理店 ${unique()}`,
      postalCode: '1500002',
      prefecture: '東京都',
      city: '渋谷区',
      addressOther: '1-1-1',
      marginRate: '10.00',
      ...values,
    })
    .returning();
  return row!;
}

export async function createClient(db: Db, values: Partial<typeof clients.$inferInsert> = {}) {
  const [row] = await db
    .insert(clients)
    .values({
      companyName: `テスト株式会社 ${unique()}`,
      companyNameKana: 'テストカブシキガイシャ',
      contractStatus: 'ACTIVE',
      postalCode: '5300001',
      prefecture: '大阪府',
      city: '大阪市北区',
      addressOther: '1-1',
      monthlyFee: 10000,
      ...values,
    })
    .returning();
  return row!;
}

/**
 * A LINE account row of a client, written straight to the table (no channel behind it: for tests of
 * reads over friends the test inserts itself; the connect journey is LineTestApp's).
 */
export async function createLineAccountRow(
  db: Db,
  clientId: number,
  values: Partial<typeof lineAccounts.$inferInsert> = {},
) {
  const id = unique();
  const [row] = await db
    .insert(lineAccounts)
    .values({
      clientId,
      channelId: `test-${id}`,
      channelSecretEncrypted: 'x',
      displayName: `テスト店 ${id}`,
      botId: `U${id}`,
      ...values,
    })
    .returning();
  return row!;
}

export async function createUser(
  db: Db,
  values: { role: Role; position: Position } & Partial<typeof users.$inferInsert>,
) {
  const [row] = await db
    .insert(users)
    .values({
      email: `user-${unique()}@test.example`,
      passwordHash: await (passwordHash ??= hashPassword(TEST_PASSWORD)),
      firstName: '太郎',
      lastName: 'テスト',
      emailVerifiedAt: new Date('2026-01-01T00:00:00Z'),
      ...values,
    })
    .returning();
  return row!;
}

/** Log a user in through the API; answers the Cookie header value. */
export async function loginAs(
  app: FastifyInstance,
  email: string,
  password = TEST_PASSWORD,
): Promise<string> {
  const response = await call(app, 'POST', '/auth/api/v1/session/login', { body: { email, password } });
  if (response.statusCode !== 200) throw new Error(`login failed ${response.statusCode}: ${response.body}`);
  return sessionCookie(response);
}

/** A client with one user of each position, plus a logged-in cookie for each. */
export async function createClientWithUsers(
  app: FastifyInstance,
  db: Db,
  clientValues: Partial<typeof clients.$inferInsert> = {},
) {
  const client = await createClient(db, clientValues);
  const owner = await createUser(db, { role: 'CLIENT', position: 'OWNER', clientId: client.id });
  const manager = await createUser(db, { role: 'CLIENT', position: 'MANAGER', clientId: client.id });
  const staff = await createUser(db, { role: 'CLIENT', position: 'STAFF', clientId: client.id });
  return {
    client,
    owner: { user: owner, cookie: await loginAs(app, owner.email) },
    manager: { user: manager, cookie: await loginAs(app, manager.email) },
    staff: { user: staff, cookie: await loginAs(app, staff.email) },
  };
}

const signupAddress = { postalCode: '1500002', prefecture: '東京都', city: '渋谷区', addressOther: '1-1' };
let people = 0;
const signupPerson = () => ({
  firstName: '太郎',
  lastName: '山田',
  email: `p${people++}-${Date.now()}@test.example`,
  phoneNumber: '0312345678',
});

/** A client sign-up body (client, contact person, owner user), as the master and agency areas send it. */
export const clientSignupBody = (agencyId?: number) => ({
  ...(agencyId ? { agencyId } : {}),
  client: {
    companyName: 'めぐみ食堂',
    companyNameKana: 'メグミショクドウ',
    address: signupAddress,
    monthlyFee: 12800,
  },
  contactPerson: signupPerson(),
  user: { ...signupPerson(), password: 'Valid-pass1!' },
});

/** The address and person of the sign-up body, for other bodies that use them. */
export const testAddress = signupAddress;
export const testPerson = signupPerson;

const mailReaders = new WeakMap<FastifyInstance, Promise<string>>();

/**
 * Mails to an address, newest first, through the development mailbox API (the app must be built with
 * DEV_MAILBOX=true), read as a MASTER user: the only role that may read it.
 */
export async function readMailbox(
  app: FastifyInstance,
  db: Db,
  to: string,
): Promise<{ subject: string; text: string }[]> {
  let cookie = mailReaders.get(app);
  if (!cookie) {
    cookie = createUser(db, { role: 'MASTER', position: 'STAFF' }).then((u) => loginAs(app, u.email));
    mailReaders.set(app, cookie);
  }
  const response = await call(app, 'GET', '/dev/api/v1/mails', { cookie: await cookie, query: { to } });
  if (response.statusCode !== 200) throw new Error(`mailbox ${response.statusCode}: ${response.body}`);
  return response.json<{ data: { subject: string; text: string }[] }>().data;
}
