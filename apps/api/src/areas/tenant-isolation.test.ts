import {
  allEndpoints,
  buildPath,
  can,
  endpointKey,
  rolePositions,
  type Position,
  type Role,
  type RolePosition,
} from '@app/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { announcements, clients, contactPersons, lineAccounts, users } from '../db/schema/index.ts';
import { createAgency, createClient, createUser, loginAs, TEST_PASSWORD } from '../testing/factories.ts';
import type { ApiRoute } from '../platform/access.ts';
import { call, createTestApp, type TestApp } from '../testing/test-app.ts';

/**
 * The tenant-isolation matrix, generated from the contracts' endpoint table: every endpoint, called by
 * each of the nine role-positions, on its own tenant and on another tenant. Expected answers follow from
 * the permission table: 403 when the role-position may not call it; MASTER reaches every tenant; AGENCY
 * and CLIENT users reach their own tenant, and another tenant's rows answer 404 (or, where the tenant
 * comes from the session alone, the call acts on their own data and shows nothing of the other tenant).
 * The routes come from the app itself (app.apiRoutes), so a route added later is covered without an edit
 * here: with no entry it gets the access checks (401, 403 per role-position); a 'tenant' entry adds the
 * own-versus-other-tenant calls.
 */

type Tenant = Awaited<ReturnType<typeof createTenant>>;
type Actor = { rp: RolePosition; role: Role; position: Position; userId: number; cookie: string };
type Request = {
  path?: Record<string, string | number>;
  query?: Record<string, string>;
  body?: unknown;
  /** x-client-id for client-scoped endpoints (defaults to the target tenant's client). */
  clientId?: number;
};
/** What a non-master caller gets on another tenant: 404, or its own data (tenant from the session). */
type Other = 'notFound' | 'ownData';
type Entry =
  | { kind: 'public'; reason: string }
  /** 401 without a session and 403 per role-position only; tenancy is tested by the owning module. */
  | { kind: 'accessOnly'; reason: string }
  | {
      kind: 'tenant';
      build: (target: Tenant, actor: Actor) => Promise<Request> | Request;
      other?: Other | ((role: Role) => Other);
    };

let seq = 0;
const unique = () => `${Date.now().toString(36)}${(seq++).toString(36)}`;
const email = () => `m-${unique()}@test.example`;

async function createTenant(label: string) {
  const agency = await createAgency(t.db, { name: `代理店${label}-${unique()}` });
  const client = await createClient(t.db, { agencyId: agency.id, companyName: `会社${label}-${unique()}` });
  await t.db.insert(contactPersons).values({
    clientId: client.id,
    firstName: '花子',
    lastName: `担当${label}`,
    email: `contact-${label}-${unique()}@test.example`,
    phoneNumber: '03-0000-0000',
  });
  const clientOwner = await createUser(t.db, { role: 'CLIENT', position: 'OWNER', clientId: client.id });
  const agencyOwner = await createUser(t.db, { role: 'AGENCY', position: 'OWNER', agencyId: agency.id });
  // A LINE account row for the calls that only read about one (the connect flow is line-accounts.test.ts's).
  const [lineAccount] = await t.db
    .insert(lineAccounts)
    .values({ clientId: client.id, channelId: `9${Date.now()}${seq++}`, channelSecretEncrypted: 'sealed' })
    .returning();
  return { label, agency, client, clientOwner, agencyOwner, lineAccount: lineAccount! };
}

const freshClientUser = async (x: Tenant) =>
  (await createUser(t.db, { role: 'CLIENT', position: 'STAFF', clientId: x.client.id })).id;
const freshAgencyUser = async (x: Tenant) =>
  (await createUser(t.db, { role: 'AGENCY', position: 'STAFF', agencyId: x.agency.id })).id;
const freshClient = async (x: Tenant) =>
  (await createClient(t.db, { agencyId: x.agency.id, contractStatus: 'ACTIVE' })).id;
async function freshAnnouncement() {
  const [row] = await t.db
    .insert(announcements)
    .values({ title: 'お知らせ', content: '本文', type: 'ANNOUNCEMENT', publishAt: new Date('2026-01-01') })
    .returning();
  return row!.id;
}
const person = () => ({ firstName: '太郎', lastName: '山田', email: email(), phoneNumber: '0312345678' });
const address = { postalCode: '1500002', prefecture: '東京都', city: '渋谷区', addressOther: '1-1' };
const signupBody = () => ({
  client: { companyName: `新規${unique()}`, companyNameKana: 'シンキ', address },
  contactPerson: person(),
  user: { ...person(), password: 'Valid-pass1!' },
});
const passwords = new Map<number, string>();

/** The session decides the tenant for CLIENT users; an AGENCY naming another agency's client gets 404. */
const sessionTenantForClients = (role: Role): Other => (role === 'CLIENT' ? 'ownData' : 'notFound');

/** The signed-in user's own e-mail and password, in every area: nothing of another tenant is reachable. */
const ownEmailChange: Entry = {
  kind: 'tenant',
  build: (_x, actor) => ({
    body: { email: email(), password: passwords.get(actor.userId) ?? TEST_PASSWORD },
  }),
  other: 'ownData',
};
const ownPasswordChange: Entry = {
  kind: 'tenant',
  build: (_x, actor) => {
    const oldPassword = passwords.get(actor.userId) ?? TEST_PASSWORD;
    const newPassword = `New-pass1${unique()}!`; // the digit: unique() may have none
    passwords.set(actor.userId, newPassword);
    return { body: { oldPassword, newPassword } };
  },
  other: 'ownData',
};

const entries: Record<string, Entry> = {
  // auth: no tenant data before the session exists; auth.test.ts covers every call
  'POST /auth/api/v1/session/login': { kind: 'public', reason: 'login' },
  'POST /auth/api/v1/session/logout': { kind: 'public', reason: 'ends the caller session only' },
  'POST /auth/api/v1/session/password/reset': { kind: 'public', reason: 'same answer for every address' },
  'POST /auth/api/v1/session/password/confirm': { kind: 'public', reason: 'token-bound' },
  'POST /auth/api/v1/session/verify/email': { kind: 'public', reason: 'token-bound' },
  'POST /auth/api/v1/session/verify/email/resend': {
    kind: 'public',
    reason: 'same answer for every address',
  },
  'GET /auth/api/v1/session/me': { kind: 'tenant', build: () => ({}), other: 'ownData' },
  'POST /auth/api/v1/session/client/signup': { kind: 'public', reason: 'creates a new tenant' },
  'GET /dev/api/v1/mails': { kind: 'accessOnly', reason: 'development mailbox: MASTER only (dev.test.ts)' },
  'POST /line/webhook/:lineAccountId': {
    kind: 'public',
    reason: 'LINE calls it; the X-Line-Signature authenticates (line-webhook.test.ts)',
  },

  // client area
  'GET /client/api/v1/session/me': { kind: 'tenant', build: () => ({}), other: sessionTenantForClients },
  'GET /client/api/v1/client': { kind: 'tenant', build: () => ({}), other: sessionTenantForClients },
  'GET /client/api/v1/users': { kind: 'tenant', build: () => ({}), other: sessionTenantForClients },
  'POST /client/api/v1/user': {
    kind: 'tenant',
    build: () => ({ body: { email: email(), position: 'STAFF', firstName: '次郎', lastName: '佐藤' } }),
    other: sessionTenantForClients,
  },
  'PATCH /client/api/v1/user/:id': {
    kind: 'tenant',
    build: async (x) => ({ path: { id: await freshClientUser(x) }, body: { firstName: '改名' } }),
  },
  'DELETE /client/api/v1/user/:id': {
    kind: 'tenant',
    build: async (x) => ({ path: { id: await freshClientUser(x) } }),
  },
  'PATCH /client/api/v1/client/update/email': ownEmailChange,
  'PATCH /client/api/v1/client/update/data': {
    kind: 'tenant',
    build: () => ({ body: { address, contactPerson: person() } }),
    other: sessionTenantForClients,
  },
  'PATCH /client/api/v1/client/update/password': ownPasswordChange,
  'GET /client/api/v1/announcements': { kind: 'tenant', build: () => ({}), other: sessionTenantForClients },
  'GET /client/api/v1/announcements/:id': {
    kind: 'tenant',
    build: async () => ({ path: { id: await freshAnnouncement() } }),
    other: sessionTenantForClients,
  },
  'GET /client/api/v1/line-account/:lineAccountId/dashboard': {
    kind: 'tenant',
    build: (x) => ({ path: { lineAccountId: x.lineAccount.id }, query: { days: '90' } }),
  },

  // master area: MASTER reaches every tenant; nobody else passes the permission check
  'GET /master/api/v1/users': {
    kind: 'tenant',
    build: (x) => ({ query: { clientId: String(x.client.id) } }),
  },
  'GET /master/api/v1/account': { kind: 'tenant', build: () => ({}), other: 'ownData' },
  'PATCH /master/api/v1/account/email': ownEmailChange,
  'PATCH /master/api/v1/account/password': ownPasswordChange,
  'GET /master/api/v1/user/:id': { kind: 'tenant', build: (x) => ({ path: { id: x.clientOwner.id } }) },
  'POST /master/api/v1/user': {
    kind: 'tenant',
    build: (x) => ({
      body: {
        email: email(),
        role: 'CLIENT',
        position: 'STAFF',
        firstName: '三郎',
        lastName: '鈴木',
        clientId: x.client.id,
      },
    }),
  },
  'PATCH /master/api/v1/user/:id': {
    kind: 'tenant',
    build: async (x) => ({ path: { id: await freshClientUser(x) }, body: { position: 'MANAGER' } }),
  },
  'DELETE /master/api/v1/user/:id': {
    kind: 'tenant',
    build: async (x) => ({ path: { id: await freshAgencyUser(x) } }),
  },
  'PATCH /master/api/v1/user/:id/email': {
    kind: 'tenant',
    build: async (x) => ({ path: { id: await freshClientUser(x) }, body: { email: email() } }),
  },
  'POST /master/api/v1/agency': {
    kind: 'tenant',
    build: () => ({ body: { name: `代理店${unique()}`, ...address, marginRate: 12.5 } }),
  },
  'GET /master/api/v1/agencies': { kind: 'tenant', build: () => ({}) },
  'GET /master/api/v1/agency/:id': { kind: 'tenant', build: (x) => ({ path: { id: x.agency.id } }) },
  'PATCH /master/api/v1/agency/:id': {
    kind: 'tenant',
    build: (x) => ({ path: { id: x.agency.id }, body: { marginRate: 10 } }),
  },
  'GET /master/api/v1/agency/:id/commissions': {
    kind: 'tenant',
    build: (x) => ({ path: { id: x.agency.id } }),
  },
  'POST /master/api/v1/client': {
    kind: 'tenant',
    build: (x) => ({ body: { agencyId: x.agency.id, ...signupBody() } }),
  },
  'PATCH /master/api/v1/client/:id': {
    kind: 'tenant',
    build: (x) => ({ path: { id: x.client.id }, body: { monthlyFee: 10000 } }),
  },
  'PATCH /master/api/v1/client/:id/contract-status': {
    kind: 'tenant',
    build: async (x) => ({ path: { id: await freshClient(x) }, body: { contractStatus: 'SUSPENDED' } }),
  },
  'GET /master/api/v1/clients': {
    kind: 'tenant',
    build: (x) => ({ query: { agencyId: String(x.agency.id) } }),
  },
  'GET /master/api/v1/client/:id': { kind: 'tenant', build: (x) => ({ path: { id: x.client.id } }) },
  'POST /master/api/v1/client/:id/disable': {
    kind: 'tenant',
    build: async (x) => ({ path: { id: await freshClient(x) }, body: { contractStatus: 'DISABLED' } }),
  },
  'POST /master/api/v1/client/:id/cancel': {
    kind: 'tenant',
    build: async (x) => ({ path: { id: await freshClient(x) }, body: { contractStatus: 'CANCELLED' } }),
  },
  'GET /master/api/v1/announcements': { kind: 'tenant', build: () => ({}) },
  'GET /master/api/v1/announcements/:id': {
    kind: 'tenant',
    build: async () => ({ path: { id: await freshAnnouncement() } }),
  },
  'POST /master/api/v1/announcements': {
    kind: 'tenant',
    build: () => ({ body: { title: 'メンテナンス', content: '本文', type: 'MAINTENANCE' } }),
  },
  'PATCH /master/api/v1/announcements/:id': {
    kind: 'tenant',
    build: async () => ({ path: { id: await freshAnnouncement() }, body: { title: '更新' } }),
  },
  'DELETE /master/api/v1/announcements/:id': {
    kind: 'tenant',
    build: async () => ({ path: { id: await freshAnnouncement() } }),
  },
  'GET /master/api/v1/audit-logs': {
    kind: 'tenant',
    build: (x) => ({ query: { clientId: String(x.client.id) } }),
  },
  'GET /master/api/v1/dashboard': { kind: 'tenant', build: () => ({}) },
  'GET /search/api/v1/master/list/clients': {
    kind: 'tenant',
    build: (x) => ({ query: { search: x.client.companyName } }),
  },

  // agency area: the agency comes from the session; ids of another agency's rows answer 404
  'GET /agency/api/v1/agency': { kind: 'tenant', build: () => ({}), other: 'ownData' },
  'GET /agency/api/v1/clients': { kind: 'tenant', build: () => ({}), other: 'ownData' },
  'GET /agency/api/v1/client/:id': { kind: 'tenant', build: (x) => ({ path: { id: x.client.id } }) },
  'POST /agency/api/v1/client/signup': {
    kind: 'tenant',
    build: () => ({ body: signupBody() }),
    other: 'ownData',
  },
  'GET /agency/api/v1/signup-link': { kind: 'tenant', build: () => ({}), other: 'ownData' },
  'GET /agency/api/v1/commissions': { kind: 'tenant', build: () => ({}), other: 'ownData' },
  'GET /agency/api/v1/dashboard': { kind: 'tenant', build: () => ({}), other: 'ownData' },
  'GET /agency/api/v1/account': { kind: 'tenant', build: () => ({}), other: 'ownData' },
  'PATCH /agency/api/v1/account/email': ownEmailChange,
  'PATCH /agency/api/v1/account/password': ownPasswordChange,
  'GET /agency/api/v1/users': { kind: 'tenant', build: () => ({}), other: 'ownData' },
  'POST /agency/api/v1/user': {
    kind: 'tenant',
    build: () => ({ body: { email: email(), position: 'STAFF', firstName: '四郎', lastName: '高橋' } }),
    other: 'ownData',
  },
  'PATCH /agency/api/v1/user/:id': {
    kind: 'tenant',
    build: async (x) => ({ path: { id: await freshAgencyUser(x) }, body: { phoneNumber: '0900000000' } }),
  },
  'DELETE /agency/api/v1/user/:id': {
    kind: 'tenant',
    build: async (x) => ({ path: { id: await freshAgencyUser(x) } }),
  },

  // endpoints of other modules: access checks here, tenancy in their own tests (make them 'tenant' entries)
  ...Object.fromEntries(
    [
      // lineAccounts
      'GET /client/api/v1/line-account',
      'GET /client/api/v1/line-account/:lineAccountId',
      'GET /client/api/v1/line-account/:lineAccountId/line-basic-id',
      'POST /client/api/v1/line-account',
      'PUT /client/api/v1/line-account/:lineAccountId',
      'DELETE /client/api/v1/line-account/:lineAccountId',
      'GET /client/api/v1/webhook/:lineAccountId',
      'POST /client/api/v1/webhook/:lineAccountId',
      // masterLineAccounts
      'POST /master/api/v1/line',
      'GET /master/api/v1/lines/client/:clientId',
      'GET /master/api/v1/line/:lineAccountId/client/:clientId',
      'DELETE /master/api/v1/line/:lineAccountId/client/:clientId',
      'GET /master/api/v1/webhook/:lineAccountId/client/:clientId',
      'POST /master/api/v1/webhook/:lineAccountId/client/:clientId',
      'GET /search/api/v1/master/list/line-oa',
      // services
      'GET /client/api/v1/service',
      'GET /client/api/v1/service/:serviceCode',
      'POST /client/api/v1/line-account/:lineAccountId/lineAccountService',
      // friends
      'GET /client/api/v1/line-account/:lineAccountId/friends',
      'GET /client/api/v1/line-account/:lineAccountId/friends/:friendId',
      'POST /client/api/v1/line-account/:lineAccountId/friend-manager-note',
      'GET /client/api/v1/line-account/:lineAccountId/friends/:friendId/messages',
      'POST /client/api/v1/line-account/:lineAccountId/friends/:friendId/messages',
      'POST /search/api/v1/client/line-account/:lineAccountId/list/friends',
      // shift
      'GET /shift/api/v1/store/',
      'GET /shift/api/v1/store/:storeId',
      'GET /shift/api/v1/store/:storeId/settings',
      'PUT /shift/api/v1/store/:storeId/settings',
      'POST /shift/api/v1/store/:storeId/staff/helper',
      'GET /shift/api/v1/store/:storeId/staff',
      'POST /shift/api/v1/store/:storeId/staff/status',
      'PATCH /shift/api/v1/store/:storeId/staff/bulk-approve',
      'DELETE /shift/api/v1/store/:storeId/staff/bulk-delete',
      'GET /shift/api/v1/store/:storeId/staff/:staffId',
      'PATCH /shift/api/v1/store/:storeId/staff/:staffId',
      'POST /shift/api/v1/store/:storeId/staff/:staffId/remark',
      'GET /shift/api/v1/store/:storeId/staff/remarks/:date',
      'GET /shift/api/v1/store/:storeId/staff/:staffId/remark/:date',
      'POST /shift/api/v1/store/:storeId/staff/monthly-hours',
      'POST /shift/api/v1/store/:storeId/staff/daily-hours',
      'POST /shift/api/v1/store/:storeId/normal-rule',
      'GET /shift/api/v1/store/:storeId/normal-rule',
      'GET /shift/api/v1/store/:storeId/normal-rule/:id',
      'PUT /shift/api/v1/store/:storeId/normal-rule',
      'POST /shift/api/v1/store/:storeId/special-rule',
      'GET /shift/api/v1/store/:storeId/special-rule',
      'GET /shift/api/v1/store/:storeId/special-rule/:id',
      'PUT /shift/api/v1/store/:storeId/special-rule/:id',
      'DELETE /shift/api/v1/store/:storeId/special-rule/:id',
      'GET /shift/api/v1/store/:storeId/shift-closure',
      'PUT /shift/api/v1/store/:storeId/shift-closure',
      'GET /shift/api/v1/store/:storeId/shift-pattern',
      'POST /shift/api/v1/store/:storeId/shift-pattern',
      'GET /shift/api/v1/store/:storeId/shift-pattern/:id',
      'PUT /shift/api/v1/store/:storeId/shift-pattern/:id',
      'DELETE /shift/api/v1/store/:storeId/shift-pattern/:id',
      'GET /shift/api/v1/store/:storeId/staff-shift/monthly',
      'GET /shift/api/v1/store/:storeId/staff-shift/monthly/csv',
      'GET /shift/api/v1/store/:storeId/staff-shift/daily',
      'GET /shift/api/v1/store/:storeId/staff-shift',
      'PUT /shift/api/v1/store/:storeId/staff-shift/save-shift',
      'PUT /shift/api/v1/store/:storeId/staff-shift/approve-draft',
      'GET /shift/api/v1/store/:storeId/staff-shift/:id',
      'PUT /shift/api/v1/store/:storeId/staff-shift/:id',
      // shiftLiff
      'GET /shift/api/v1/liff/store/:storeId/me',
      'POST /shift/api/v1/liff/store/:storeId/staff',
      'GET /shift/api/v1/liff/store/:storeId/period',
      'GET /shift/api/v1/liff/store/:storeId/requests',
      'PUT /shift/api/v1/liff/store/:storeId/requests',
      'GET /shift/api/v1/liff/store/:storeId/shifts',
      'GET /shift/api/v1/liff/store/:storeId/approved-shifts',
      'GET /shift/api/v1/liff/store/:storeId/remarks',
    ].map((key) => [key, { kind: 'accessOnly', reason: 'tenancy covered by its module tests' } as const]),
  ),
};

const actors = new Map<RolePosition, Actor>();
let own: Tenant;
let other: Tenant;

// Built while the file is collected: the route list of the tests below comes from the app.
const t: TestApp = await createTestApp({ DEV_MAILBOX: 'true' });

beforeAll(async () => {
  own = await createTenant('A');
  other = await createTenant('B');
  for (const rp of rolePositions) {
    const [role, position] = rp.split('_') as [Role, Position];
    const user = await createUser(t.db, {
      role,
      position,
      clientId: role === 'CLIENT' ? own.client.id : null,
      agencyId: role === 'AGENCY' ? own.agency.id : null,
    });
    actors.set(rp, { rp, role, position, userId: user.id, cookie: await loginAs(t.app, user.email) });
  }
  // a published announcement so the client lists have something to show
  await freshAnnouncement();
}, 120_000);
afterAll(async () => {
  await t.close();
});

const allowed = (endpoint: ApiRoute, actor: Pick<Actor, 'role' | 'position'>) =>
  endpoint.access.kind !== 'permission' || can(actor.role, actor.position, endpoint.access.permission);
const dummyPath = (endpoint: ApiRoute) =>
  buildPath(
    endpoint.path,
    Object.fromEntries([...endpoint.path.matchAll(/:([A-Za-z0-9_]+)/g)].map((m) => [m[1]!, '1'])),
  );

async function send(endpoint: ApiRoute, request: Request, target: Tenant, cookie?: string) {
  return call(t.app, endpoint.method, buildPath(endpoint.path, request.path ?? {}), {
    cookie,
    headers: endpoint.clientScoped ? { 'x-client-id': String(request.clientId ?? target.client.id) } : {},
    ...(request.query ? { query: request.query } : {}),
    ...(request.body !== undefined ? { body: request.body } : {}),
  });
}

/** Strings that would betray the other tenant in an answer. */
const markersOf = (x: Tenant) => [
  x.client.companyName,
  x.agency.name,
  x.clientOwner.email,
  x.agencyOwner.email,
];

/** Non-master callers first, so the other tenant's rows can be checked untouched afterwards. */
const callerOrder = [...rolePositions].sort(
  (a, b) => Number(a.startsWith('MASTER')) - Number(b.startsWith('MASTER')),
);

/** The API routes the app serves, as declared with their access; health checks aside. */
const servedRoutes = (): ApiRoute[] => t.app.apiRoutes.filter((r) => !/^\/(healthz|readyz)$/.test(r.path));
/** Routes behind a session: a public one (LIFF, webhooks, login) authenticates its own way, tested by its module. */
const accessCheckedKeys = () =>
  servedRoutes()
    .filter((r) => r.access.kind !== 'public' && entries[endpointKey(r)]?.kind !== 'public')
    .map(endpointKey);

describe('tenant-isolation matrix', () => {
  it('checks every route the app serves, and every endpoint of the contracts is served', () => {
    const served = new Set(servedRoutes().map(endpointKey));
    expect(served.size).toBeGreaterThan(100);
    expect(allEndpoints.map(endpointKey).filter((key) => !served.has(key))).toEqual([]);
    const stale = Object.keys(entries).filter((key) => !served.has(key));
    expect(stale, 'entries for routes the app no longer serves').toEqual([]);
  });

  it('serves no API route that is missing from the contracts', async () => {
    const doc = (await call(t.app, 'GET', '/docs/json')).json<{ paths: Record<string, object> }>();
    const known = new Set(allEndpoints.map(endpointKey));
    const served = Object.entries(doc.paths).flatMap(([path, methods]) =>
      Object.keys(methods).map((m) => `${m.toUpperCase()} ${path.replace(/\{([^}]+)\}/g, ':$1')}`),
    );
    const stray = served.filter((key) => !known.has(key) && !/ \/(healthz|readyz)$/.test(key));
    expect(stray).toEqual([]);
  });

  it.each(accessCheckedKeys())(
    '%s: 401 without a session, 403 for each role-position the table leaves out',
    async (key) => {
      const endpoint = servedRoutes().find((r) => endpointKey(r) === key)!;
      await expectAccessChecks(endpoint);
    },
  );

  for (const endpoint of servedRoutes()) {
    const key = endpointKey(endpoint);
    const entry = entries[key];
    if (!entry || entry.kind !== 'tenant') continue;

    it(`${key}: own tenant versus another tenant, per role-position`, async () => {
      const before = await snapshot(other);
      let checked = false;
      for (const rp of callerOrder) {
        const actor = actors.get(rp)!;
        if (!allowed(endpoint, actor)) continue;
        if (actor.role === 'MASTER' && !checked) {
          expect(await snapshot(other), 'non-master calls changed the other tenant').toEqual(before);
          checked = true;
        }
        for (const target of [own, other]) {
          const response = await send(endpoint, await entry.build(target, actor), target, actor.cookie);
          const where = `${rp} on ${target.label}: ${response.statusCode} ${response.body.slice(0, 300)}`;
          const expected =
            actor.role === 'MASTER' || target === own
              ? 'ok'
              : typeof entry.other === 'function'
                ? entry.other(actor.role)
                : (entry.other ?? 'notFound');
          if (expected === 'notFound') {
            expect(response.statusCode, where).toBe(404);
          } else {
            expect(response.statusCode, where).toBeGreaterThanOrEqual(200);
            expect(response.statusCode, where).toBeLessThan(300);
          }
          if (expected !== 'ok') {
            for (const marker of markersOf(other)) expect(response.body, where).not.toContain(marker);
          }
        }
      }
    });
  }
});

/** 401 without a session and 403 for each role-position the permission table leaves out. */
async function expectAccessChecks(endpoint: ApiRoute) {
  const anonymous = await call(t.app, endpoint.method, dummyPath(endpoint), {
    headers: endpoint.clientScoped ? { 'x-client-id': '1' } : {},
  });
  expect(anonymous.statusCode).toBe(401);
  for (const rp of rolePositions) {
    const actor = actors.get(rp)!;
    if (allowed(endpoint, actor)) continue;
    const response = await call(t.app, endpoint.method, dummyPath(endpoint), {
      cookie: actor.cookie,
      headers: endpoint.clientScoped ? { 'x-client-id': String(own.client.id) } : {},
    });
    expect(response.statusCode, `${rp}: ${response.body}`).toBe(403);
  }
}

/** The other tenant's own rows, to prove non-master calls changed nothing there. */
async function snapshot(x: Tenant) {
  const [client] = await t.db.select().from(clients).where(eq(clients.id, x.client.id));
  const [contact] = await t.db.select().from(contactPersons).where(eq(contactPersons.clientId, x.client.id));
  const people = await t.db.select().from(users).where(eq(users.clientId, x.client.id));
  return { client, contact, people: people.filter((u) => u.id === x.clientOwner.id) };
}
