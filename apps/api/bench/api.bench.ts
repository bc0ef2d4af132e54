// `npm run bench`: throughput and latency of the API's hot paths on the embedded database, and memory.
// Prints figures; asserts nothing (targets are read by people, not by the test suite).
import { spawn } from 'node:child_process';
import { createHmac, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import { createServer, get as httpGet } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { and, count, eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config/env.ts';
import { createDatabase } from '../src/db/client.ts';
import {
  friends,
  jobs,
  lineAccounts,
  lineAccountServices,
  memberAttributeChoices,
  memberAttributes,
  shiftStaff,
  staffShifts,
  stores,
  users,
  webhookEvents,
} from '../src/db/schema/index.ts';
import { DEMO_PASSWORD, seedDemoData } from '../src/db/seed.ts';
import { secretBoxFor } from '../src/platform/secret-box.ts';

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
  ENCRYPTION_KEY: randomBytes(32).toString('base64'),
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
  // autocannon's histogram has no p95: p97.5 is printed beside p99 (a p95 target holds if p97.5 meets it).
  console.log(
    `${title.padEnd(48)} ${String(Math.round(rate)).padStart(6)} req/s   p50 ${result.latency.p50} ms   p97.5 ${result.latency.p97_5} ms   p99 ${result.latency.p99} ms   non-2xx ${result.non2xx}   ${ratio}`,
  );
  return result;
}

/**
 * A user's latency and the server's throughput for one request: `total` requests one at a time (p50,
 * p95, p99: what a p95 target applies to), then `total` more, `concurrency` at a time (req/s).
 */
async function percentiles(title: string, request: () => Promise<Response>, total = 300, concurrency = 10) {
  let failed = 0;
  const send = async () => {
    const response = await request();
    await response.arrayBuffer();
    if (!response.ok) failed++;
  };
  for (let i = 0; i < 10; i++) await send(); // warm-up (plans, pools), not counted
  const times: number[] = [];
  for (let i = 0; i < total; i++) {
    const t0 = performance.now();
    await send();
    times.push(performance.now() - t0);
  }
  times.sort((x, y) => x - y);
  const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))]!.toFixed(1);
  let next = 0;
  const t0 = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next++ < total) await send();
    }),
  );
  const rate = total / ((performance.now() - t0) / 1000);
  console.log(
    `${title.padEnd(48)} p50 ${at(0.5)} ms   p95 ${at(0.95)} ms   p99 ${at(0.99)} ms   (${total} one at a time)   ${Math.round(rate)} req/s at ${concurrency} at a time   non-2xx ${failed}`,
  );
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

const db = database.db;
const [owner] = await db.select().from(users).where(eq(users.email, 'owner@demo.example'));
const clientId = owner!.clientId!;

// Webhook receive: signed, de-duplicated and queued, at a fixed 1,000 events/s for 10 s; every tenth
// call is LINE redelivering the previous event (same webhookEventId), which must be a no-op.
const channelSecret = randomBytes(16).toString('hex');
const [account] = await db
  .insert(lineAccounts)
  .values({
    clientId,
    channelId: `bench-${randomBytes(4).toString('hex')}`,
    channelSecretEncrypted: secretBoxFor(config).seal(channelSecret),
    loginChannelId: `bench-login-${randomBytes(4).toString('hex')}`,
    displayName: 'ベンチ店',
    botId: 'Ubench',
  })
  .returning();
const sentIds = new Set<string>();
let calls = 0;
let previous = '';
const webhookBody = () => {
  calls += 1;
  if (calls % 10 === 0 && previous) return previous;
  const webhookEventId = `01BENCH${randomBytes(10).toString('hex').toUpperCase()}`;
  sentIds.add(webhookEventId);
  previous = JSON.stringify({
    destination: 'Ubench',
    events: [
      {
        type: 'message',
        mode: 'active',
        timestamp: Date.now(),
        webhookEventId,
        deliveryContext: { isRedelivery: false },
        source: { type: 'user', userId: `U${randomBytes(16).toString('hex')}` },
        replyToken: randomBytes(16).toString('hex'),
        message: { id: String(calls), type: 'text', text: 'こんにちは' },
      },
    ],
  });
  return previous;
};
const webhook = await run('POST /line/webhook (1,000 events/s, 10 s)', {
  url: `${address}/line/webhook/${account!.id}`,
  connections: 20,
  overallRate: 1000,
  amount: 10_000,
  duration: 10,
  requests: [
    {
      method: 'POST',
      setupRequest: (request) => {
        const body = webhookBody();
        const signature = createHmac('sha256', channelSecret).update(body).digest('base64');
        return {
          ...request,
          body,
          headers: { 'content-type': 'application/json', 'x-line-signature': signature },
        };
      },
    },
  ],
});
const [stored] = await db
  .select({ n: count() })
  .from(webhookEvents)
  .where(eq(webhookEvents.lineAccountId, account!.id));
const [queued] = await db.select({ n: count() }).from(jobs).where(eq(jobs.queue, 'line.webhook-event'));
console.log(
  `  webhook: ${webhook.requests.total} calls, ${sentIds.size} distinct events; stored ${stored!.n}, queued ${queued!.n} jobs; ${
    stored!.n === sentIds.size && queued!.n === sentIds.size ? 'nothing lost, no repeat stored' : 'MISMATCH'
  }`,
);

// Friends list and search over 100,000 friends of one LINE account (seeded with one multi-row insert).
let started = performance.now();
await db.execute(sql`
  insert into friends (client_id, line_account_id, line_user_id, display_name, followed_at, created_at)
  select ${clientId}, ${account!.id}, 'U' || md5(i::text), '友だち' || i,
         now() - i * interval '1 minute', now() - i * interval '1 minute'
  from generate_series(1, 100000) as i`);
// What autovacuum does in production after a bulk load: statistics and the visibility map (index-only scans).
await db.execute(sql`vacuum analyze friends`);
const [friendCount] = await db
  .select({ n: count() })
  .from(friends)
  .where(and(eq(friends.lineAccountId, account!.id)));
console.log(`  seeded ${friendCount!.n} friends in ${((performance.now() - started) / 1000).toFixed(1)} s`);
const friendsPath = `${address}/client/api/v1/line-account/${account!.id}/friends`;
await percentiles('GET friends, page 1 of 100,000', () =>
  fetch(`${friendsPath}?page=1&limit=20`, { headers: { cookie } }),
);
await percentiles('GET friends, search over 100,000', () =>
  fetch(`${friendsPath}?page=1&limit=20&search=${encodeURIComponent('友だち4242')}`, { headers: { cookie } }),
);

// The monthly shift table of a store with 50 staff, each working most days of the month.
const [link] = await db
  .insert(lineAccountServices)
  .values({ clientId, lineAccountId: account!.id, serviceCode: 'KS-002', liffId: 'bench-liff' })
  .returning();
const [store] = await db
  .insert(stores)
  .values({
    clientId,
    lineAccountId: account!.id,
    lineAccountServiceId: link!.id,
    serviceCode: 'KS-002',
    name: 'ベンチ店',
  })
  .returning();
const staffFriends = await db
  .insert(friends)
  .values(
    Array.from({ length: 50 }, (_, i) => ({
      clientId,
      lineAccountId: account!.id,
      lineUserId: `Ustaff${i}${randomBytes(8).toString('hex')}`,
      displayName: `スタッフ${i + 1}`,
    })),
  )
  .returning({ id: friends.id });
const staff = await db
  .insert(shiftStaff)
  .values(
    staffFriends.map((f) => ({ clientId, storeId: store!.id, friendId: f.id, status: 'APPROVED' as const })),
  )
  .returning({ id: shiftStaff.id });
const shiftRows = staff.flatMap((member, i) =>
  Array.from({ length: 30 }, (_, d) => d)
    .filter((d) => (d + i) % 7 !== 0)
    .map((d) => {
      const startAt = new Date(Date.UTC(2026, 10, d + 1, 0 + (i % 4), 0));
      const endAt = new Date(startAt.getTime() + 8 * 3600_000);
      return {
        clientId,
        storeId: store!.id,
        staffId: member.id,
        status: 'APPROVED' as const,
        startAt,
        endAt,
        duration: 480,
      };
    }),
);
for (let i = 0; i < shiftRows.length; i += 500)
  await db.insert(staffShifts).values(shiftRows.slice(i, i + 500));
const shiftTableUrl = `${address}/shift/api/v1/store/${store!.id}/staff-shift/monthly?year=2026&month=11`;
await run(`GET monthly shift table (50 staff, ${shiftRows.length} shifts)`, {
  url: shiftTableUrl,
  headers: { cookie },
});
// The same as a browser asks for it (brotli on the fly, decision 0021): the answer's size both ways.
// (read with node:http: fetch would decode it)
const sizeOf = (encoding: string) =>
  new Promise<string>((resolve, reject) => {
    httpGet(shiftTableUrl, { headers: { cookie, 'accept-encoding': encoding } }, (response) => {
      let bytes = 0;
      response.on('data', (chunk: Buffer) => (bytes += chunk.length));
      response.on('end', () =>
        resolve(`${Math.round(bytes / 1024)} KiB ${response.headers['content-encoding'] ?? 'as JSON'}`),
      );
    }).on('error', reject);
  });
await run('GET monthly shift table, brotli', {
  url: shiftTableUrl,
  headers: { cookie, 'accept-encoding': 'br' },
});
console.log(`  shift table answer: ${await sizeOf('identity')}, ${await sizeOf('br')}`);
// The staff mini-app's own shifts of the month (/liff/shift), as the first staff member. LINE's ID token
// check is answered by a local stand-in for LINE's verify endpoint (one HTTP round trip, as with LINE).
const [firstStaff] = await db
  .select({ lineUserId: friends.lineUserId })
  .from(friends)
  .where(eq(friends.id, staffFriends[0]!.id));
const lineVerify = createServer((request, response) => {
  request.resume();
  request.on('end', () => {
    response.setHeader('content-type', 'application/json');
    response.end(
      JSON.stringify({ sub: firstStaff!.lineUserId, aud: account!.loginChannelId, exp: 4102444800 }),
    );
  });
});
await new Promise<void>((resolve) => lineVerify.listen(0, '127.0.0.1', resolve));
const lineApi = config.line.apiBaseUrl;
config.line.apiBaseUrl = `http://127.0.0.1:${(lineVerify.address() as { port: number }).port}`;
const month = `startAtMin=2026-11-01&startAtMax=2026-12-01`;
await run('GET own shifts in the staff mini-app (a month)', {
  url: `${address}/shift/api/v1/liff/store/${store!.id}/shifts?${month}`,
  headers: { authorization: 'Bearer bench-id-token' },
});
config.line.apiBaseUrl = lineApi;
lineVerify.close();

// The member service over the same 100,000 friends: every one a member with three values (text, number,
// one choice); the member list, and the friend search with two attribute conditions.
started = performance.now();
const [memberLink] = await db
  .insert(lineAccountServices)
  .values({ clientId, lineAccountId: account!.id, serviceCode: 'KS-001', liffId: 'bench-member-liff' })
  .returning();
const [memberStore] = await db
  .insert(stores)
  .values({
    clientId,
    lineAccountId: account!.id,
    lineAccountServiceId: memberLink!.id,
    serviceCode: 'KS-001',
    name: 'ベンチ店',
  })
  .returning();
const [nameAttr, visitsAttr, genderAttr] = await db
  .insert(memberAttributes)
  .values([
    { clientId, storeId: memberStore!.id, label: 'お名前', type: 'STRING' as const, displayOrder: 0 },
    { clientId, storeId: memberStore!.id, label: '来店回数', type: 'NUMBER' as const, displayOrder: 1 },
    { clientId, storeId: memberStore!.id, label: '性別', type: 'RADIO' as const, displayOrder: 2 },
  ])
  .returning();
const genderChoices = await db
  .insert(memberAttributeChoices)
  .values(
    ['女性', '男性', '回答しない'].map((value, i) => ({
      clientId,
      attributeId: genderAttr!.id,
      value,
      displayOrder: i,
    })),
  )
  .returning();
await db.execute(sql`
  insert into members (client_id, store_id, friend_id, status, member_code, created_at, updated_at)
  select client_id, ${memberStore!.id}, id, 'ACTIVE', lpad((row_number() over (order by id))::text, 10, '0'),
         created_at, created_at
  from friends where line_account_id = ${account!.id} and display_name like '友だち%'`);
await db.execute(sql`
  insert into member_values (client_id, member_id, friend_id, attribute_id, value)
  select client_id, id, friend_id, ${nameAttr!.id}, '会員' || id from members where store_id = ${memberStore!.id}`);
await db.execute(sql`
  insert into member_values (client_id, member_id, friend_id, attribute_id, number_value)
  select client_id, id, friend_id, ${visitsAttr!.id}, id % 30 from members where store_id = ${memberStore!.id}`);
await db.execute(sql`
  insert into member_values (client_id, member_id, friend_id, attribute_id)
  select client_id, id, friend_id, ${genderAttr!.id} from members where store_id = ${memberStore!.id}`);
await db.execute(sql`
  insert into member_value_choices (member_value_id, choice_id, client_id, friend_id)
  select v.id, (array[${genderChoices[0]!.id}, ${genderChoices[1]!.id}, ${genderChoices[2]!.id}]::int[])[v.member_id % 3 + 1],
         v.client_id, v.friend_id
  from member_values v where v.attribute_id = ${genderAttr!.id}`);
for (const table of ['members', 'member_values', 'member_value_choices'])
  await db.execute(sql.raw(`vacuum analyze ${table}`));
console.log(
  `  seeded 100,000 members with 3 values each in ${((performance.now() - started) / 1000).toFixed(1)} s`,
);
const memberListUrl = `${address}/client/api/v1/member?lineAccountId=${account!.id}`;
await percentiles('GET member list, page 1 of 100,000', () => fetch(memberListUrl, { headers: { cookie } }));
await percentiles('GET member list, filtered by an attribute value', () =>
  fetch(`${memberListUrl}&label=${encodeURIComponent('性別')}&value=${encodeURIComponent('男性')}`, {
    headers: { cookie },
  }),
);
const searchUrl = `${address}/search/api/v1/client/line-account/${account!.id}/list/friends`;
const searchBody = (condition: 'AND' | 'OR') =>
  JSON.stringify({
    page: 1,
    limit: 20,
    condition,
    memberAttributes: [
      { attributeId: genderAttr!.id, choiceIds: [genderChoices[1]!.id] },
      { attributeId: visitsAttr!.id, min: 10, max: 12 },
    ],
  });
for (const condition of ['AND', 'OR'] as const)
  await percentiles(`POST friend search, 2 attribute conditions (${condition})`, () =>
    fetch(searchUrl, {
      method: 'POST',
      headers: { cookie, origin, 'content-type': 'application/json' },
      body: searchBody(condition),
    }),
  );

const rss = process.memoryUsage().rss / 1024 / 1024;
const heap = process.memoryUsage().heapUsed / 1024 / 1024;
console.log(`memory: rss ${rss.toFixed(0)} MiB, heap used ${heap.toFixed(0)} MiB after the runs`);
console.log(
  `ratio session read / login: ${(me.requests.average / Math.max(1, loginRun.requests.average)).toFixed(1)}x`,
);
await app.close();
await database.close();
// BENCH_KEEP_DATABASE=true leaves the PostgreSQL database with its 100,000 friends and members for EXPLAIN.
if (serverUrl && process.env.BENCH_KEEP_DATABASE === 'true') console.log(`kept database ${benchDb}`);
else if (serverUrl) await admin(`drop database if exists ${benchDb} with (force)`);

// Cold start: `npm start` (PGlite, the web app built) to its banner, on a fresh DATA_DIR (the demo is
// written) and again on that DATA_DIR (what a restart costs). BENCH_COLD_START=false skips it.
if (process.env.BENCH_COLD_START !== 'false') {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-start-'));
  const port = 20_000 + Math.floor(Math.random() * 20_000);
  for (const label of ['first start (empty DATA_DIR, demo written)', 'cold start (existing DATA_DIR)']) {
    started = performance.now();
    const child = spawn('npm', ['start'], {
      detached: true,
      env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, DATABASE_URL: '', LOG_LEVEL: 'warn' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const seconds = await new Promise<number | undefined>((resolve) => {
      let out = '';
      const timer = setTimeout(() => resolve(undefined), 120_000);
      child.stdout.on('data', (chunk: Buffer) => {
        out += chunk.toString();
        if (out.includes('is running:')) {
          clearTimeout(timer);
          resolve((performance.now() - started) / 1000);
        }
      });
      child.on('exit', () => resolve(undefined));
    });
    if (child.pid) process.kill(-child.pid, 'SIGTERM');
    await new Promise((resolve) => child.on('exit', resolve));
    console.log(
      `${label.padEnd(48)} ${seconds === undefined ? 'no banner within 120 s' : `${seconds.toFixed(2)} s`}`,
    );
  }
  fs.rmSync(dataDir, { recursive: true, force: true });
}
