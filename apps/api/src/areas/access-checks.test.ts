import { endpointKey, rolePositions } from '@app/contracts';
import { describe, expect, it } from 'vitest';
import type { ApiRoute } from '../platform/access.ts';
import { call } from '../testing/test-app.ts';
import {
  actors,
  allowed,
  dummyPath,
  own,
  servedRoutes,
  t,
  useTenantsAndCallers,
} from './tenant-isolation.test-setup.ts';
import { entries } from './tenant-isolation.entries.ts';

/**
 * The access checks of the tenant-isolation matrix (tenant-isolation.test.ts): every route the app serves
 * behind a session answers 401 without one, and 403 to each role-position the permission table leaves out.
 */

await useTenantsAndCallers();

/** Routes behind a session: a public one (LIFF, webhooks, login) authenticates its own way, tested by its module. */
const accessCheckedKeys = () =>
  servedRoutes()
    .filter((r) => r.access.kind !== 'public' && entries[endpointKey(r)]?.kind !== 'public')
    .map(endpointKey);

describe('tenant-isolation matrix', () => {
  it.each(accessCheckedKeys())(
    '%s: 401 without a session, 403 for each role-position the table leaves out',
    async (key) => {
      const endpoint = servedRoutes().find((r) => endpointKey(r) === key)!;
      await expectAccessChecks(endpoint);
    },
  );
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
