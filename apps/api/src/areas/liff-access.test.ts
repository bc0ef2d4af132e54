import { buildPath, liffMessages, type LiffApp } from '@app/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiRoute } from '../platform/access.ts';
import { createLineTestApp, startLineSim, type LineSim, type LineTestApp } from '../testing/line-sim.ts';

/**
 * The mini-app routes' matrix, as the tenant-isolation matrix is the sessions': every route the app serves
 * with `liffAccess(app)` is called without a token, with a forged one, with a follower's token on another
 * tenant's store, by a LINE user who does not follow, and on a store of the other service. Each answers the
 * one caller-check failure (platform/liff.ts), before any of the route's own work.
 */
// Built while the file is collected: the route list of the tests below comes from the app.
const sim: LineSim = await startLineSim();
const t: LineTestApp = await createLineTestApp(sim);
type Store = { storeId: number; channelId: string; liffId: string; name: string };
const stores: Record<'own' | 'other', Record<LiffApp, Store>> = {} as never;
const followerTokens: Partial<Record<LiffApp, string>> = {};
const strangerTokens: Partial<Record<LiffApp, string>> = {};

const serviceOf: Record<LiffApp, 'KS-001' | 'KS-002'> = { member: 'KS-001', shift: 'KS-002' };

beforeAll(async () => {
  for (const side of ['own', 'other'] as const) {
    const tenant = await t.clientWithUsers();
    stores[side] = {} as Record<LiffApp, Store>;
    for (const app of ['member', 'shift'] as const) {
      const name = `${side}-${app}-店`;
      const { channel, storeId, liffId } = await t.accountWithService(tenant, serviceOf[app], name);
      stores[side][app] = { storeId, channelId: channel.channelId, liffId, name };
    }
  }
  for (const app of ['member', 'shift'] as const) {
    const own = stores.own[app];
    followerTokens[app] = (await t.liffUser(`友だち ${app}`, own)).idToken;
    strangerTokens[app] = (await t.liffUser(`通りすがり ${app}`, { ...own, follow: false })).idToken;
  }
}, 120_000);
afterAll(async () => {
  await t.close();
  await sim.close();
});

const liffRoutes = (): (ApiRoute & { access: { kind: 'liff'; app: LiffApp } })[] =>
  t.app.apiRoutes.filter(
    (r): r is ApiRoute & { access: { kind: 'liff'; app: LiffApp } } => r.access.kind === 'liff',
  );

function pathOf(route: ApiRoute, storeId: number) {
  const params = Object.fromEntries(
    [...route.path.matchAll(/:([A-Za-z0-9_]+)/g)].map((m) => [m[1]!, m[1] === 'storeId' ? storeId : '1']),
  );
  return buildPath(route.path, params);
}

const send = (route: ApiRoute, storeId: number, token?: string) =>
  t.api(route.method, pathOf(route, storeId), {
    headers: token === undefined ? {} : { authorization: `Bearer ${token}` },
    ...(route.method === 'GET' ? {} : { body: {} }),
  });

describe('mini-app caller check matrix', () => {
  it('covers every mini-app route of both apps', () => {
    const routes = liffRoutes();
    expect(routes.filter((r) => r.access.app === 'member').length).toBeGreaterThanOrEqual(6);
    expect(routes.filter((r) => r.access.app === 'shift').length).toBeGreaterThanOrEqual(8);
    for (const route of routes) expect(route.path).toContain(':storeId');
  });

  it.each(liffRoutes().map((r) => [`${r.method} ${r.path}`, r] as const))(
    '%s: 401 without or with a forged token, 401 on another tenant, 422 for a non-follower, 404 on the other service',
    async (_key, route) => {
      const app = route.access.app;
      const own = stores.own[app];
      const other = stores.other[app];
      const otherApp = stores.own[app === 'member' ? 'shift' : 'member'];

      const missing = await send(route, own.storeId);
      expect(missing.statusCode).toBe(401);
      expect(missing.json().message).toBe(liffMessages.idTokenRequired);

      const forged = await send(route, own.storeId, 'eyJhbGciOiJIUzI1NiJ9.e30.forged');
      expect(forged.statusCode).toBe(401);
      expect(forged.json().message).toBe(liffMessages.idTokenInvalid);

      // A follower of the own store's account, on another tenant's store: the token is not for its channel.
      const crossTenant = await send(route, other.storeId, followerTokens[app]);
      expect(crossTenant.statusCode).toBe(401);
      expect(crossTenant.body).not.toContain(other.name);

      const stranger = await send(route, own.storeId, strangerTokens[app]);
      expect(stranger.statusCode).toBe(422);
      expect(stranger.json()).toMatchObject({
        success: false,
        code: 'UNPROCESSABLE',
        message: liffMessages.notFollowing,
        reason: 'NOT_FOLLOWING',
      });

      const wrongService = await send(route, otherApp.storeId, followerTokens[app]);
      expect(wrongService.statusCode).toBe(404);
      expect(wrongService.json().message).toBe(liffMessages.storeNotFound);

      // A store id that names no store (0, too long) is a missing store, not a server error.
      for (const storeId of [0, 1e16]) {
        const nowhere = await send(route, storeId, followerTokens[app]);
        expect(nowhere.statusCode).toBe(404);
      }

      // The follower on the own store gets past the check: whatever the route answers, it is its own.
      const passed = await send(route, own.storeId, followerTokens[app]);
      expect([401, 503]).not.toContain(passed.statusCode);
      expect(passed.body).not.toContain('NOT_FOLLOWING');
    },
  );
});
