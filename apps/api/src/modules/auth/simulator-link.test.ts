import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config/env.ts';
import { productionEnv } from '../../testing/production-env.ts';
import { createUser, loginAs } from '../../testing/factories.ts';
import { call, createTestApp, type TestApp } from '../../testing/test-app.ts';

const apps: TestApp[] = [];
afterAll(async () => {
  for (const t of apps) await t.close();
});

async function sessionOf(env: Record<string, string>) {
  const t = await createTestApp(env);
  apps.push(t);
  const user = await createUser(t.db, { role: 'MASTER', position: 'STAFF' });
  const cookie = await loginAs(t.app, user.email);
  return (await call(t.app, 'GET', '/auth/api/v1/session/me', { cookie })).json<Record<string, unknown>>();
}

describe('the LINE simulator link in the session', () => {
  it('is the simulator page on its port while the product talks to the simulator', async () => {
    const session = await sessionOf({ LINE_SIM_PORT: '4711' });
    expect(session.lineSimulatorUrl).toBe('http://127.0.0.1:4711/');
  });

  it('is absent with real LINE', async () => {
    const session = await sessionOf({ LINE_API_BASE_URL: 'https://api.line.me' });
    expect(session).not.toHaveProperty('lineSimulatorUrl');
    expect(session).toHaveProperty('role', 'MASTER');
  });

  it('is never set in production, where LINE itself is required', () => {
    const config = loadConfig(productionEnv());
    expect(config.line.isSimulator).toBe(false);
    expect(config.line.simulatorPageUrl).toBeNull();
    expect(() => loadConfig(productionEnv({ LINE_API_BASE_URL: undefined }))).toThrow(
      /LINE_API_BASE_URL: required in production/,
    );
    expect(loadConfig({ NODE_ENV: 'development' }).line.simulatorPageUrl).toMatch(
      /^http:\/\/127\.0\.0\.1:\d+\/$/,
    );
  });
});
