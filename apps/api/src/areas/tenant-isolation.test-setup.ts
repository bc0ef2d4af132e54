// What the tenant-isolation tests share (tenant-isolation.test.ts, access-checks.test.ts): the app, two
// tenants, a signed-in user of each of the nine role-positions on the first, and the calls to the routes.

import { buildPath, can, rolePositions, type Position, type Role, type RolePosition } from '@app/contracts';
import { afterAll, beforeAll } from 'vitest';
import { announcements, contactPersons, lineAccounts } from '../db/schema/index.ts';
import { createAgency, createClient, createUser, loginAs } from '../testing/factories.ts';
import type { ApiRoute } from '../platform/access.ts';
import { call, createTestApp, type TestApp } from '../testing/test-app.ts';

export type Tenant = Awaited<ReturnType<typeof createTenant>>;
export type Actor = { rp: RolePosition; role: Role; position: Position; userId: number; cookie: string };
export type Request = {
  path?: Record<string, string | number>;
  query?: Record<string, string>;
  body?: unknown;
  /** x-client-id for client-scoped endpoints (defaults to the target tenant's client). */
  clientId?: number;
};
/** What a non-master caller gets on another tenant: 404, or its own data (tenant from the session). */
export type Other = 'notFound' | 'ownData';
export type Entry =
  | { kind: 'public'; reason: string }
  /** 401 without a session and 403 per role-position only; tenancy is tested by the owning module. */
  | { kind: 'accessOnly'; reason: string }
  | {
      kind: 'tenant';
      build: (target: Tenant, actor: Actor) => Promise<Request> | Request;
      other?: Other | ((role: Role) => Other);
    };

let seq = 0;
export const unique = () => `${Date.now().toString(36)}${(seq++).toString(36)}`;
export const email = () => `m-${unique()}@test.example`;

export async function createTenant(label: string) {
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

export async function freshAnnouncement() {
  const [row] = await t.db
    .insert(announcements)
    .values({ title: 'お知らせ', content: '本文', type: 'ANNOUNCEMENT', publishAt: new Date('2026-01-01') })
    .returning();
  return row!.id;
}

export const actors = new Map<RolePosition, Actor>();
export let own: Tenant;
export let other: Tenant;

/**
 * The file's app, built while the file is collected (the route list of its tests comes from the app): a new
 * one for each file, since files share this module when they run in one worker (isolate: false).
 */
export let t: TestApp;

/**
 * Builds the file's app, then makes the two tenants and the callers before its tests and closes the app
 * after them. A test file awaits it at its top level.
 */
export async function useTenantsAndCallers() {
  t = await createTestApp({ DEV_MAILBOX: 'true' });
  actors.clear();
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
}

export const allowed = (endpoint: ApiRoute, actor: Pick<Actor, 'role' | 'position'>) =>
  endpoint.access.kind !== 'permission' || can(actor.role, actor.position, endpoint.access.permission);
export const dummyPath = (endpoint: ApiRoute) =>
  buildPath(
    endpoint.path,
    Object.fromEntries([...endpoint.path.matchAll(/:([A-Za-z0-9_]+)/g)].map((m) => [m[1]!, '1'])),
  );

export async function send(endpoint: ApiRoute, request: Request, target: Tenant, cookie?: string) {
  return call(t.app, endpoint.method, buildPath(endpoint.path, request.path ?? {}), {
    cookie,
    headers: endpoint.clientScoped ? { 'x-client-id': String(request.clientId ?? target.client.id) } : {},
    ...(request.query ? { query: request.query } : {}),
    ...(request.body !== undefined ? { body: request.body } : {}),
  });
}

/** The API routes the app serves, as declared with their access; health checks aside. */
export const servedRoutes = (): ApiRoute[] =>
  t.app.apiRoutes.filter((r) => !/^\/(healthz|readyz)$/.test(r.path));
