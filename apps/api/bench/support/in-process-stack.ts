// The stack of the delivery, keyword and step benches: a throw-away database (a PostgreSQL database of
// BENCH_DATABASE_URL's server, else PGlite in a temporary folder), migrated; a LINE simulator on a real
// port (unlimited plan, no redelivery), in this process (`sim`) or, with `lineSim: 'own-process'`, as its
// own process (`simProcess`: the bundled simulator as `npm start` runs it, LINE being outside the machine
// in production); the API built on both, not yet listening; `api` (a request through it, from its own
// origin; a failure throws), `simCall` (a call to the simulator's console API, wherever it runs) and
// `signInOwner` (a client and its signed-in owner, as the benches' caller). `close` ends all three and
// removes what they wrote (BENCH_KEEP_DATABASE=true keeps the PostgreSQL database, for EXPLAIN, and prints
// its name).
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { buildLineSimulator } from '@app/line-sim';
import pg from 'pg';
import { buildApp } from '../../src/app.ts';
import { loadConfig } from '../../src/config/env.ts';
import { createDatabase } from '../../src/db/client.ts';
import { clients, users } from '../../src/db/schema/index.ts';
import { hashPassword } from '../../src/platform/crypto.ts';
import { freePort, startLineSim, type ServerProcess } from './server-process.ts';

type LineSimMode = 'in-process' | 'own-process';

export async function startInProcessStack<Mode extends LineSimMode = 'in-process'>(input: {
  name: string;
  appUrl: string;
  lineSim?: Mode;
}) {
  const serverUrl = process.env.BENCH_DATABASE_URL;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `bench-${input.name}-`));
  const dbName = `bench_${input.name.replace(/\W/g, '_')}_${randomBytes(4).toString('hex')}`;
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    await client.query(statement);
    await client.end();
  };
  let url = '';
  if (serverUrl) {
    await admin(`create database ${dbName}`);
    const parsed = new URL(serverUrl);
    parsed.pathname = `/${dbName}`;
    url = parsed.toString();
  }
  const database = serverUrl
    ? await createDatabase({ kind: 'postgres', url })
    : await createDatabase({ kind: 'pglite', dataDir: `${dataDir}/pglite` });
  await database.migrate();

  let sim: ReturnType<typeof buildLineSimulator> | undefined;
  let simProcess: ServerProcess | undefined;
  let simUrl: string;
  if (input.lineSim === 'own-process') {
    simProcess = await startLineSim(await freePort());
    simUrl = simProcess.url;
  } else {
    sim = buildLineSimulator({ redeliveryDelaysMs: [] });
    await sim.listen({ port: 0, host: '127.0.0.1' });
    simUrl = `http://127.0.0.1:${(sim.server.address() as AddressInfo).port}`;
  }
  /** A call to the simulator's console API (/_sim/...); a failure throws. */
  const simCall = async <T>(method: 'GET' | 'POST', route: string, body?: unknown): Promise<T> => {
    const response = await fetch(`${simUrl}${route}`, {
      method,
      ...(body !== undefined
        ? { headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }
        : {}),
    });
    const text = await response.text();
    if (!response.ok) throw new Error(`${method} ${route} (LINE simulator): ${response.status} ${text}`);
    return JSON.parse(text) as T;
  };
  const env = {
    ENCRYPTION_KEY: randomBytes(32).toString('base64'),
    DATA_DIR: dataDir,
    APP_URL: input.appUrl,
    NODE_ENV: 'test',
    SEED_DEMO: 'false',
    LINE_API_BASE_URL: simUrl,
    LINE_DATA_API_BASE_URL: simUrl,
    ...(serverUrl ? { DATABASE_URL: url } : {}),
  };
  const config = loadConfig(env);
  const app = await buildApp({ config, db: database.db, logger: false });
  const api = async (
    method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
    route: string,
    body?: unknown,
    cookie?: string,
  ) => {
    const response = await app.inject({
      method,
      url: route,
      headers: { origin: input.appUrl, ...(cookie ? { cookie } : {}) },
      ...(body !== undefined ? { payload: body as Record<string, unknown> } : {}),
    });
    if (response.statusCode >= 300)
      throw new Error(`${method} ${route}: ${response.statusCode} ${response.body}`);
    return response;
  };
  /** An ACTIVE client and its owner, signed in: the client's id and the session cookie. */
  const signInOwner = async () => {
    const [client] = await database.db
      .insert(clients)
      .values({
        companyName: 'ベンチ株式会社',
        companyNameKana: 'ベンチ',
        contractStatus: 'ACTIVE',
        postalCode: '5300001',
        prefecture: '大阪府',
        city: '大阪市北区',
        addressOther: '1-1',
        monthlyFee: 10000,
      })
      .returning();
    await database.db.insert(users).values({
      email: 'bench-owner@test.example',
      passwordHash: await hashPassword('Bench-pass1'),
      role: 'CLIENT',
      position: 'OWNER',
      firstName: '太郎',
      lastName: 'ベンチ',
      clientId: client!.id,
      emailVerifiedAt: new Date('2026-01-01T00:00:00Z'),
    });
    const login = await api('POST', '/auth/api/v1/session/login', {
      email: 'bench-owner@test.example',
      password: 'Bench-pass1',
    });
    return { clientId: client!.id, cookie: `sid=${login.cookies.find((c) => c.name === 'sid')!.value}` };
  };
  /** A simulator channel (unlimited plan) connected as a LINE account of the signed-in owner's client. */
  const connectAccount = async (cookie: string) => {
    const channel = await simCall<{
      channelId: string;
      channelSecret: string;
      loginChannel: { channelId: string; channelSecret: string };
    }>('POST', '/_sim/channels', { displayName: 'ベンチ店', quotaPlan: 'unlimited' });
    const account = await api(
      'POST',
      '/client/api/v1/line-account',
      {
        channelId: channel.channelId,
        channelSecret: channel.channelSecret,
        loginChannelId: channel.loginChannel.channelId,
        loginChannelSecret: channel.loginChannel.channelSecret,
      },
      cookie,
    );
    return { channel, accountId: account.json<{ id: number }>().id };
  };
  let released = false;
  return {
    isPostgres: serverUrl !== undefined,
    db: database.db,
    /** The simulator in this process (lineSim 'in-process', the default). */
    sim: sim as Mode extends 'own-process' ? undefined : NonNullable<typeof sim>,
    /** The simulator's process (lineSim 'own-process'): its pid, memory, CPU time. */
    simProcess: simProcess as Mode extends 'own-process' ? ServerProcess : undefined,
    simUrl,
    simCall,
    config,
    app,
    api,
    signInOwner,
    connectAccount,
    /** What the API was configured with: a server process started on the same database and folder. */
    env,
    /** Close the API and the database (PGlite: one process at a time), keeping the folder and the simulator. */
    release: async () => {
      if (released) return;
      released = true;
      await app.close();
      await database.close();
    },
    close: async () => {
      if (!released) {
        await app.close();
        await database.close();
      }
      await sim?.close();
      await simProcess?.stop();
      if (serverUrl && process.env.BENCH_KEEP_DATABASE === 'true') console.log(`  kept database ${dbName}`);
      else if (serverUrl) await admin(`drop database ${dbName}`);
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
