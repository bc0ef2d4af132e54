import { spawnSync } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { errorMessages, userMessages } from '@app/contracts';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from './app.ts';
import { loadConfig } from './config/env.ts';
import { createDatabase, type Database } from './db/client.ts';
import { call, createTestApp, sessionCookie, TEST_ORIGIN, type TestApp } from './testing/test-app.ts';

const cli = path.join(import.meta.dirname, 'create-master.ts');

/**
 * `npm run create-master` as an operator runs it, in its own process, on this file's database: the
 * throw-away PostgreSQL database (TEST_DATABASE_URL) or a PGlite data folder, opened by the app after.
 */
let dataDir: string;
let database: Database | undefined;
let testApp: TestApp | undefined;
let dbEnv: Record<string, string>;
const run = (...args: string[]) =>
  spawnSync(process.execPath, ['--import', 'tsx', cli, ...args], {
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', APP_URL: TEST_ORIGIN, ...dbEnv },
    encoding: 'utf8',
  });
let app: () => Promise<FastifyInstance>;

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'create-master-'));
  if (process.env.TEST_DATABASE_URL) {
    testApp = await createTestApp();
    dbEnv = { DATABASE_URL: testApp.databaseUrl!, DATA_DIR: dataDir };
    app = async () => testApp!.app;
  } else {
    dbEnv = { DATA_DIR: dataDir };
    let built: FastifyInstance | undefined;
    app = async () => {
      if (built) return built;
      const config = loadConfig({ ...dbEnv, NODE_ENV: 'test', SEED_DEMO: 'false' });
      database = await createDatabase({ kind: 'pglite', dataDir: path.join(dataDir, 'pglite') });
      built = await buildApp({ config, db: database.db, logger: false });
      return built;
    };
  }
});
afterAll(async () => {
  await (database ? app().then((a) => a.close()) : undefined);
  await database?.close();
  await testApp?.close();
  await rm(dataDir, { recursive: true, force: true });
});

describe('npm run create-master', () => {
  let link = '';

  it('refuses a bad address and says how to use it without an address', () => {
    const bad = run('--email', 'not-an-address');
    expect(bad.status).toBe(2);
    expect(bad.stderr).toMatch(/email/i);
    const none = run();
    expect(none.status).toBe(2);
    expect(none.stdout).toMatch(/^Usage: npm run create-master -- --email/);
  });

  it('makes the first MASTER user, without a known password, and prints a one-time set-password link', () => {
    const result = run('--email', 'First.Operator@Example.jp', '--last-name', '運営', '--first-name', '一郎');
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
    expect(result.stdout).toContain('MASTER user first.operator@example.jp created (運営 一郎).');
    link = /(\S+\/password\/reset\/confirm\?token=\S+)/.exec(result.stdout)![1]!;
    expect(link.startsWith(`${TEST_ORIGIN}/`)).toBe(true);
  });

  it('refuses a second run once a MASTER user exists', () => {
    const again = run('--email', 'second@example.jp');
    expect(again.status).toBe(1);
    expect(again.stderr).toContain(userMessages.masterExists);
  });

  it('the link sets the password once; the user then logs in as MASTER', async () => {
    const api = await app();
    const token = new URL(link).searchParams.get('token')!;
    const login = () =>
      call(api, 'POST', '/auth/api/v1/session/login', {
        body: { email: 'first.operator@example.jp', password: 'Operator-pass1' },
      });
    expect((await login()).statusCode).toBe(401);
    const set = await call(api, 'POST', '/auth/api/v1/session/password/confirm', {
      body: { token, password: 'Operator-pass1' },
    });
    expect(set.statusCode).toBe(200);
    const again = await call(api, 'POST', '/auth/api/v1/session/password/confirm', {
      body: { token, password: 'Operator-pass2' },
    });
    expect(again.statusCode).toBe(401);
    expect(again.json().message).toBe(errorMessages.invalidToken);
    const session = await login();
    expect(session.statusCode).toBe(200);
    const me = await call(api, 'GET', '/auth/api/v1/session/me', { cookie: sessionCookie(session) });
    expect(me.json()).toMatchObject({ role: 'MASTER', position: 'OWNER' });
  });
});
