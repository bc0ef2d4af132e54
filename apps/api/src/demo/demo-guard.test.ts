import { count, eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { agencies, clients, users } from '../db/schema/index.ts';
import { demoStateOf } from '../db/seed.ts';
import { createAgency, createClientWithUsers, createUser } from '../testing/factories.ts';
import { createTestApp, type TestApp } from '../testing/test-app.ts';
import { seedDemoWorld } from './demo-world.ts';

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

const counts = async (app: TestApp) => ({
  users: (await app.db.select({ n: count() }).from(users))[0]!.n,
  agencies: (await app.db.select({ n: count() }).from(agencies))[0]!.n,
  clients: (await app.db.select({ n: count() }).from(clients))[0]!.n,
});

describe('the demo is written only into an empty database', () => {
  it('finds an empty database empty', async () => {
    t = await createTestApp();
    expect(await demoStateOf(t.db)).toBe('empty');
  });

  for (const [what, make] of [
    ['a master user', (app: TestApp) => createUser(app.db, { role: 'MASTER', position: 'OWNER' })],
    ['an agency', (app: TestApp) => createAgency(app.db)],
    ['a client with its users', (app: TestApp) => createClientWithUsers(app.app, app.db)],
  ] as const) {
    it(`never touches a database holding ${what}`, async () => {
      t = await createTestApp();
      await make(t);
      const before = await counts(t);
      expect(await demoStateOf(t.db)).toBe('foreign');
      expect(await seedDemoWorld({ db: t.db, config: t.config, log: t.app.log })).toBeUndefined();
      expect(await counts(t)).toEqual(before);
      expect(await t.db.select().from(users).where(eq(users.email, 'master@demo.example'))).toHaveLength(0);
    });
  }
});
