// `npm run bench`: throughput and latency of the API's hot paths on the embedded database, and memory.
// Prints figures; asserts nothing (targets are read by people, not by the test suite).
import { randomBytes } from 'node:crypto';
import autocannon from 'autocannon';
import pg from 'pg';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config/env.ts';
import { createDatabase } from '../src/db/client.ts';
import { DEMO_PASSWORD, seedDemoData } from '../src/db/seed.ts';

// BENCH_DATABASE_URL=postgres://... runs on a throw-away database of that server instead of PGlite.
const serverUrl = process.env.BENCH_DATABASE_URL;
const benchDb = `bench_${randomBytes(4).toString('hex')}`;
async function admin(sql: string) {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  await client.query(sql);
  await client.end();
}
let database;
if (serverUrl) {
  await admin(`create database ${benchDb}`);
  const url = new URL(serverUrl);
  url.pathname = `/${benchDb}`;
  database = await createDatabase({ kind: 'postgres', url: url.toString() });
} else {
  database = await createDatabase({ kind: 'pglite' });
}
await database.migrate();
await seedDemoData(database.db);
const config = loadConfig({
  NODE_ENV: 'production',
  APP_URL: 'http://127.0.0.1',
  RATE_LIMIT_LOGIN: '1000000',
  RATE_LIMIT_MAIL: '1000000',
  LOG_LEVEL: 'silent',
});
const app = await buildApp({ config, db: database.db, logger: false });
const address = await app.listen({ host: '127.0.0.1', port: 0 });
const origin = 'http://127.0.0.1';

const login = await fetch(`${address}/auth/api/v1/session/login`, {
  method: 'POST',
  headers: { 'content-type': 'application/json', origin },
  body: JSON.stringify({ email: 'owner@demo.example', password: DEMO_PASSWORD }),
});
const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0]!;

let healthz = 0;
/** One autocannon run, printed with its latency and its throughput as a share of /healthz's. */
async function run(title: string, options: autocannon.Options) {
  const result = await autocannon({ connections: 10, duration: 5, ...options });
  const rate = result.requests.average;
  const ratio = healthz ? `${((rate / healthz) * 100).toFixed(1).padStart(5)}% of /healthz` : '';
  console.log(
    `${title.padEnd(48)} ${String(Math.round(rate)).padStart(6)} req/s   p50 ${result.latency.p50} ms   p99 ${result.latency.p99} ms   non-2xx ${result.non2xx}   ${ratio}`,
  );
  return result;
}

console.log(
  `API benchmarks (${serverUrl ? 'PostgreSQL' : 'PGlite in memory'}, one process, ${new Date().toISOString()})`,
);
// Warm-up (JIT, connection pools), not printed.
for (const path of ['/healthz', '/auth/api/v1/session/me', '/client/api/v1/client'])
  await autocannon({ url: `${address}${path}`, headers: { cookie }, connections: 10, duration: 1 });
healthz = (await run('GET /healthz', { url: `${address}/healthz` })).requests.average;
await run('GET /healthz with a session cookie', { url: `${address}/healthz`, headers: { cookie } });
const me = await run('GET /auth/api/v1/session/me (session lookup)', {
  url: `${address}/auth/api/v1/session/me`,
  headers: { cookie },
});
await run('GET /client/api/v1/client (tenant-scoped read)', {
  url: `${address}/client/api/v1/client`,
  headers: { cookie },
});
const loginRun = await run('POST login (argon2id verify)', {
  url: `${address}/auth/api/v1/session/login`,
  method: 'POST',
  connections: 4,
  headers: { 'content-type': 'application/json', origin },
  body: JSON.stringify({ email: 'owner@demo.example', password: DEMO_PASSWORD }),
});
const rss = process.memoryUsage().rss / 1024 / 1024;
console.log(`memory: rss ${rss.toFixed(0)} MiB after the runs`);
console.log(
  `ratio session read / login: ${(me.requests.average / Math.max(1, loginRun.requests.average)).toFixed(1)}x`,
);
await app.close();
await database.close();
if (serverUrl) await admin(`drop database if exists ${benchDb} with (force)`);
