import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { inject } from 'vitest';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { buildApp } from '../app.ts';
import { loadConfig, type Config } from '../config/env.ts';
import { createDatabase, type Database, type Db } from '../db/client.ts';
import { fixedClock } from '../platform/clock.ts';

export const TEST_ORIGIN = 'http://localhost:3000';

/**
 * A fresh database per test file: in-memory PGlite by default, or a throw-away database on the
 * PostgreSQL server of TEST_DATABASE_URL. Migrations applied, no seed.
 */
async function createTestDatabase(): Promise<Database & { drop: () => Promise<void>; url?: string }> {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) {
    const templateFile = inject('pgliteTemplate');
    const template = templateFile ? new Blob([fs.readFileSync(templateFile)]) : undefined;
    const database = await createDatabase({ kind: 'pglite', ...(template ? { template } : {}) });
    await database.migrate();
    return { ...database, drop: async () => {} };
  }
  const name = `t_${Date.now()}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const testUrl = new URL(url);
  testUrl.pathname = `/${name}`;
  const database = await createDatabase({ kind: 'postgres', url: testUrl.toString(), poolSize: 4 });
  await database.migrate();
  return {
    ...database,
    url: testUrl.toString(),
    drop: async () => {
      const c = new pg.Client({ connectionString: url });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

export type TestApp = {
  app: FastifyInstance;
  db: Db;
  config: Config;
  clock: ReturnType<typeof fixedClock>;
  /** The throw-away PostgreSQL database of this file (TEST_DATABASE_URL), for a second process on it. */
  databaseUrl: string | undefined;
  close: () => Promise<void>;
};

export type TestAppOptions = {
  /** Capture the app's JSON log lines (pino at LOG_LEVEL, default info) instead of logging nothing. */
  logStream?: NodeJS.WritableStream;
  /** Register extra routes before the app is ready (tests of the error paths). */
  extraRoutes?: (app: FastifyInstance) => void;
};

export async function createTestApp(
  env: Record<string, string> = {},
  options: TestAppOptions = {},
): Promise<TestApp> {
  const database = await createTestDatabase();
  // Uploaded files go to a folder of this app's own, removed on close.
  const dataDir = env.DATA_DIR ? null : await mkdtemp(path.join(os.tmpdir(), 'api-test-data-'));
  const config = loadConfig({
    ...(dataDir ? { DATA_DIR: dataDir } : {}),
    NODE_ENV: 'test',
    APP_URL: TEST_ORIGIN,
    SEED_DEMO: 'false',
    // Tests log in often from one address; the rate-limit test sets the real limits.
    RATE_LIMIT_LOGIN: '10000',
    RATE_LIMIT_LOGIN_IP: '10000',
    RATE_LIMIT_MAIL: '10000',
    // The inbox's live stream ends soon, so the matrix and the fuzz test get whole answers.
    INBOX_STREAM_MS: '50',
    // A fixed key: channel secrets are sealed without writing secret.key into the data folder.
    ENCRYPTION_KEY: Buffer.alloc(32, 7).toString('base64'),
    ...env,
  });
  const clock = fixedClock(new Date('2026-11-21T09:00:00Z'));
  const app = await buildApp({
    config,
    db: database.db,
    ping: database.ping,
    clock,
    ...(options.logStream ? { logStream: options.logStream } : { logger: false }),
  });
  options.extraRoutes?.(app);
  await app.ready();
  return {
    app,
    db: database.db,
    config,
    clock,
    databaseUrl: database.url,
    close: async () => {
      await app.close();
      await database.close();
      await database.drop();
      if (dataDir) await rm(dataDir, { recursive: true, force: true });
    },
  };
}

type RequestOptions = {
  cookie?: string | undefined;
  headers?: Record<string, string>;
  body?: unknown;
  query?: Record<string, string>;
  /** Leave the Origin header out (browsers always send it on writes; attackers' forms may not). */
  noOrigin?: boolean;
};

/** An HTTP call as the web app makes it: same-origin, JSON, with the session cookie. */
export function call(
  app: FastifyInstance,
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  url: string,
  options: RequestOptions = {},
): Promise<LightMyRequestResponse> {
  const headers: Record<string, string> = {
    ...(options.noOrigin ? {} : { origin: TEST_ORIGIN }),
    ...options.headers,
  };
  if (options.cookie) headers.cookie = options.cookie;
  return app.inject({
    method,
    url,
    headers,
    ...(options.query ? { query: options.query } : {}),
    ...(options.body !== undefined ? { payload: options.body as Record<string, unknown> } : {}),
  });
}

/** The `sid=...` pair a response set, for the next request's Cookie header. */
export function sessionCookie(response: LightMyRequestResponse): string {
  const cookie = response.cookies.find((c) => c.name === 'sid');
  if (!cookie) throw new Error(`no session cookie in response ${response.statusCode}: ${response.body}`);
  return `sid=${cookie.value}`;
}
