import { allEndpoints, endpointKey, rolePositions } from '@app/contracts';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { clients, contactPersons, users } from '../db/schema/index.ts';
import { call } from '../testing/test-app.ts';
import {
  actors,
  allowed,
  other,
  own,
  send,
  servedRoutes,
  t,
  useTenantsAndCallers,
  type Tenant,
} from './tenant-isolation.test-setup.ts';
import { entries } from './tenant-isolation.entries.ts';

/**
 * The tenant-isolation matrix, generated from the contracts' endpoint table: every endpoint, called by
 * each of the nine role-positions, on its own tenant and on another tenant. Expected answers follow from
 * the permission table: 403 when the role-position may not call it; MASTER reaches every tenant; AGENCY
 * and CLIENT users reach their own tenant, and another tenant's rows answer 404 (or, where the tenant
 * comes from the session alone, the call acts on their own data and shows nothing of the other tenant).
 * The routes come from the app itself (app.apiRoutes), so a route added later is covered without an edit
 * here: with no entry (tenant-isolation.entries.ts) it gets the access checks (access-checks.test.ts: 401,
 * 403 per role-position); a 'tenant' entry adds the own-versus-other-tenant calls.
 */

await useTenantsAndCallers();

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

/** The other tenant's own rows, to prove non-master calls changed nothing there. */
async function snapshot(x: Tenant) {
  const [client] = await t.db.select().from(clients).where(eq(clients.id, x.client.id));
  const [contact] = await t.db.select().from(contactPersons).where(eq(contactPersons.clientId, x.client.id));
  const people = await t.db.select().from(users).where(eq(users.clientId, x.client.id));
  return { client, contact, people: people.filter((u) => u.id === x.clientOwner.id) };
}
