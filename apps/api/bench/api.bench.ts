// `npm run bench` (part): the API's hot paths with the server in its own process, started as production
// starts it, and the load from this one. Every line runs twice and prints the better and the worse run
// with the machine's load average; lines with a target say "met" or "MISSED" (support/report.ts).
// Prints figures; asserts nothing (targets are read by people, not by the test suite).
//
// BENCH_DATABASE_URL=postgres://... runs on a throw-away database of that server instead of PGlite;
// BENCH_MILLION=true|false adds or skips the 1,000,000-friend account (default: on PostgreSQL only);
// BENCH_COLD_START=false skips the `npm start` lines; BENCH_KEEP_DATABASE=true keeps the PostgreSQL
// database for EXPLAIN; BENCH_ONLY=word,word runs only the lines whose title holds one of the words
// (support/report.ts), and writes the 100,000 and 1,000,000 friends only when one of their lines runs.
import { spawn } from 'node:child_process';
import { createHmac, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import { get as httpGet } from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { bundleServers } from '../../../scripts/bundle-servers.mjs';
import { loadConfig } from '../src/config/env.ts';
import { createDatabase, type Database } from '../src/db/client.ts';
import { DEMO_PASSWORD } from '../src/db/seed.ts';
import { secretBoxFor } from '../src/platform/secret-box.ts';
import { startLineStub } from './support/line-stub.ts';
import { oneAtATime, steadyRate, steadyText, throughput, type SteadyResult } from './support/load.ts';
import { derived, line, ms, note, summary, wanted, type Run } from './support/report.ts';
import { startApi, type ServerProcess } from './support/server-process.ts';
import { webhookTotals, writeWorld, type BenchWorld, type MemberStore } from './support/world.ts';

const serverUrl = process.env.BENCH_DATABASE_URL;
const onPostgres = !!serverUrl;
// The lines that read the 1,000,000 friends (their titles below).
const MILLION_LINES = [
  'GET friends, page 1 of 1,000,000',
  'GET friends, name search over 1,000,000',
  'POST friend search, 2 attribute conditions (AND) over 1,000,000',
  'POST friend search, 2 attribute conditions (OR) over 1,000,000',
];
const withMillion =
  (process.env.BENCH_MILLION ? process.env.BENCH_MILLION === 'true' : onPostgres) &&
  MILLION_LINES.some(wanted);
const FRESH_WEBHOOK = 'POST /line/webhook, the first 10 s of a fresh process (1,000 calls/s)';
// Lines that read the big account's 100,000 friends and members (or measure memory after them).
// (the friend search's lines by their titles too: BENCH_ONLY="2 attribute conditions" wrote 1,000 friends)
const withBig =
  ['100,000', 'member list', 'memory', 'inbox', 'report', 'redirect'].some(wanted) ||
  ['AND', 'OR'].some((c) => wanted(`POST friend search, 2 attribute conditions (${c}) over 100,000`)) ||
  ['GET friends, page 1 of 100,000 (one at a time)', 'GET friends, name search over 100,000'].some(wanted);
// The inbox's 1,000,000 messages (PostgreSQL only: written in SQL, measured at that scale).
const withInbox = onPostgres && wanted('inbox');
// Issue 32's route, click and tap reports and the click redirect (PostgreSQL only: written in SQL).
const REDIRECT_LINE = 'GET /r/<token> redirect, recording a click (500 requests/s, 1,000,000 click rows)';
const withReports = onPostgres && ['report', 'redirect'].some((w) => wanted(w) || wanted(REDIRECT_LINE));
const root = path.resolve(import.meta.dirname, '../../..');

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

async function admin(statement: string) {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  await client.query(statement);
  await client.end();
}

// ---- The world, written before the server starts -------------------------------------------------
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-api-'));
const benchDb = `bench_${randomBytes(4).toString('hex')}`;
let databaseUrl = '';
if (serverUrl) {
  await admin(`create database ${benchDb}`);
  const url = new URL(serverUrl);
  url.pathname = `/${benchDb}`;
  databaseUrl = url.toString();
}
const openDatabase = (): Promise<Database> =>
  onPostgres
    ? createDatabase({ kind: 'postgres', url: databaseUrl })
    : createDatabase({ kind: 'pglite', dataDir: `${dataDir}/pglite` });

const encryptionKey = randomBytes(32).toString('base64');
const sealing = loadConfig({ ENCRYPTION_KEY: encryptionKey, DATA_DIR: dataDir });
console.log(
  `API benchmarks (${onPostgres ? 'PostgreSQL' : 'PGlite'}; the server in its own process, the load from this one; ${os.cpus().length} cores; ${new Date().toISOString()})`,
);
const started = performance.now();
const database = await openDatabase();
await database.migrate();
const world: BenchWorld = await writeWorld(database.db, {
  sealSecret: (secret) => secretBoxFor(sealing).seal(secret),
  million: withMillion,
  friends: withBig ? 100_000 : 1_000,
  log: note,
  withInbox,
  withReports,
});
await database.close();
note(`world written in ${((performance.now() - started) / 1000).toFixed(1)} s`);

// ---- The server -----------------------------------------------------------------------------------
const lineStub = await startLineStub();
lineStub.liffUser.sub = world.big.firstStaffUserId;
lineStub.liffUser.aud = world.big.loginChannelId;
const port = await freePort();
const appUrl = `http://127.0.0.1:${port}`;
const serverEnv: Record<string, string> = {
  // The bundled server as production starts it; NODE_ENV=production itself would refuse the local LINE
  // stand-in (http) and PGlite (decision 0022), and changes nothing else at run time.
  NODE_ENV: 'development',
  PORT: String(port),
  APP_URL: appUrl,
  DATA_DIR: dataDir,
  ...(onPostgres ? { DATABASE_URL: databaseUrl } : {}),
  SEED_DEMO: 'false',
  // The API processes of a production deployment leave the jobs to worker processes (README, Deploying):
  // the lines measure the API alone, and the jobs the webhook load queues wait in the database.
  JOBS_IN_API: 'false',
  LOG_LEVEL: 'warn',
  ENCRYPTION_KEY: encryptionKey,
  LINE_API_BASE_URL: lineStub.url,
  LINE_DATA_API_BASE_URL: lineStub.url,
  RATE_LIMIT_LOGIN: '1000000',
  RATE_LIMIT_LOGIN_IP: '1000000',
  RATE_LIMIT_MAIL: '1000000',
  // the webhook's warm-up (decision 0063) follows the product's default unless the bench is told
  ...(process.env.WARM_UP ? { WARM_UP: process.env.WARM_UP } : {}),
};
let server: ServerProcess = await startApi(serverEnv);
note(
  `API process started in ${server.startSeconds.toFixed(2)} s (JOBS_IN_API=false, as the API processes of a deployment with workers)`,
);

// Webhook calls: signed, every tenth one LINE redelivering the previous event (same webhookEventId), which
// must be a no-op. Made before each run's clock starts.
const sentIds = new Set<string>();
function webhookCalls(count: number) {
  const calls: { body: string; headers: Record<string, string> }[] = [];
  let previous = '';
  for (let i = 1; i <= count; i++) {
    if (i % 10 !== 0 || !previous) {
      const webhookEventId = `01BENCH${randomBytes(10).toString('hex').toUpperCase()}`;
      sentIds.add(webhookEventId);
      previous = JSON.stringify({
        destination: world.webhookAccount.botId,
        events: [
          {
            type: 'message',
            mode: 'active',
            timestamp: Date.now(),
            webhookEventId,
            deliveryContext: { isRedelivery: false },
            source: { type: 'user', userId: `U${randomBytes(16).toString('hex')}` },
            replyToken: randomBytes(16).toString('hex'),
            message: { id: String(i), type: 'text', text: 'こんにちは' },
          },
        ],
      });
    }
    const signature = createHmac('sha256', world.webhookAccount.channelSecret)
      .update(previous)
      .digest('base64');
    calls.push({
      body: previous,
      headers: { 'content-type': 'application/json', 'x-line-signature': signature },
    });
  }
  return calls;
}
const webhookUrl = () => `${server.url}/line/webhook/${world.webhookAccount.id}`;
const webhookRun = async (): Promise<SteadyResult> => steadyRate(webhookUrl(), webhookCalls(10_000), 1000);
const webhookTarget = onPostgres
  ? { label: 'p99 <= 50 ms at a steady 1,000 calls/s', atMost: 50 }
  : { label: 'p99 <= 100 ms at a steady 1,000 calls/s (>= 1,000 calls/s)', atMost: 100 };
const asRun = (r: SteadyResult): Run => ({
  text: steadyText(r),
  value: r.failed ? Number.POSITIVE_INFINITY : r.p99,
});

// The first 10 s of a fresh process, before any warm-up: as LINE sees a deploy or a restart.
const freshRuns: SteadyResult[] = wanted(FRESH_WEBHOOK) ? [await webhookRun()] : [];

// ---- Warm-up: the same for every server before its first measured line -----------------------------
const origin = appUrl;
async function logIn(): Promise<string> {
  const response = await fetch(`${server.url}/auth/api/v1/session/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin },
    body: JSON.stringify({ email: 'owner@demo.example', password: DEMO_PASSWORD }),
  });
  if (!response.ok) throw new Error(`login answered ${response.status}: ${await response.text()}`);
  return (response.headers.get('set-cookie') ?? '').split(';')[0]!;
}
const cookie = await logIn();
async function warmUp() {
  for (const p of ['/healthz', '/auth/api/v1/session/me', '/client/api/v1/client'])
    await throughput({ url: `${server.url}${p}`, headers: { cookie }, seconds: 2 });
}
await warmUp();

// ---- Reads: throughput against /healthz ----------------------------------------------------------
console.log('');
// The server's own CPU time a request beside each rate: on a busy machine the rates fall with the load,
// the CPU a request much less, so the CPU share below tells a change from the neighbours' noise.
type CpuRun = Run & { cpu?: number };
const withCpu = (measure: () => ReturnType<typeof throughput>) => async (): Promise<CpuRun> => {
  const cpu0 = server.cpuMs();
  const run = await measure();
  const cpu = (server.cpuMs() - cpu0) / Math.max(1, run.result.requests.total);
  return { ...run, text: `${run.text}   ${(cpu * 1000).toFixed(0)} µs server CPU a request`, cpu };
};
const healthz: CpuRun = await line(
  'GET /healthz (req/s, 10 connections, 5 s)',
  withCpu(() => throughput({ url: `${server.url}/healthz` })),
);
const authenticated = (p: string) =>
  withCpu(() => throughput({ url: `${server.url}${p}`, headers: { cookie } }));
const me = await line(
  'GET /auth/api/v1/session/me (session lookup)',
  authenticated('/auth/api/v1/session/me'),
);
const tenant = await line(
  'GET /client/api/v1/client (tenant-scoped read)',
  authenticated('/client/api/v1/client'),
);
for (const [title, run] of [
  ['  /me as a share of /healthz', me],
  ['  tenant read as a share of /healthz', tenant],
] as const) {
  const share = (run.value / healthz.value) * 100;
  derived(title, share, `${share.toFixed(1)}%`, { label: '>= 80% of /healthz req/s', atLeast: 80 });
  const cpu = (run as CpuRun).cpu;
  if (healthz.cpu && cpu)
    note(
      `${title.trim()} by server CPU a request: ${((healthz.cpu / cpu) * 100).toFixed(1)}% (near the rate share when the server has a core to itself)`,
    );
}
await line('POST login (argon2id verify, 4 connections)', () =>
  throughput({
    url: `${server.url}/auth/api/v1/session/login`,
    method: 'POST',
    connections: 4,
    headers: { 'content-type': 'application/json', origin },
    body: JSON.stringify({ email: 'owner@demo.example', password: DEMO_PASSWORD }),
  }),
);

// ---- Webhook, warm ---------------------------------------------------------------------------------
await line(
  'POST /line/webhook, warm (a steady 1,000 calls/s for 10 s)',
  async () => asRun(await webhookRun()),
  webhookTarget,
);

// ---- Friends and members over 100,000 (and 1,000,000) ---------------------------------------------
const get = (url: string) => () => fetch(url, { headers: { cookie } });
const search = (accountId: number, body: unknown) => () =>
  fetch(`${server.url}/search/api/v1/client/line-account/${accountId}/list/friends`, {
    method: 'POST',
    headers: { cookie, origin, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
const twoConditions = (store: MemberStore, condition: 'AND' | 'OR') => ({
  page: 1,
  limit: 20,
  condition,
  memberAttributes: [
    { attributeId: store.genderAttr, choiceIds: [store.maleChoice] },
    { attributeId: store.visitsAttr, min: 10, max: 12 },
  ],
});
const friendsUrl = (accountId: number) => `${server.url}/client/api/v1/line-account/${accountId}/friends`;
const pgTarget = (label: string, atMost: number) => (onPostgres ? { label, atMost } : undefined);

console.log('');
await line('GET friends, page 1 of 100,000 (one at a time)', () =>
  oneAtATime(get(`${friendsUrl(world.big.accountId)}?page=1&limit=20`)),
);
await line('GET friends, name search over 100,000', () =>
  oneAtATime(
    get(`${friendsUrl(world.big.accountId)}?page=1&limit=20&search=${encodeURIComponent('友だち4242')}`),
  ),
);
const memberListUrl = `${server.url}/client/api/v1/member?lineAccountId=${world.big.accountId}`;
await line('GET member list, page 1 of 100,000', () => oneAtATime(get(memberListUrl)));
await line('GET member list, filtered by an attribute value', () =>
  oneAtATime(get(`${memberListUrl}&label=${encodeURIComponent('性別')}&value=${encodeURIComponent('男性')}`)),
);
for (const condition of ['AND', 'OR'] as const)
  await line(
    `POST friend search, 2 attribute conditions (${condition}) over 100,000`,
    () => oneAtATime(search(world.big.accountId, twoConditions(world.big, condition))),
    pgTarget('p95 <= 10 ms', 10),
  );

// ---- The チャット inbox: 100,000 conversations, 1,000,000 messages (PostgreSQL) ------------------------
if (withInbox) {
  console.log('');
  const inboxUrl = `${server.url}/client/api/v1/line-account/${world.big.accountId}/inbox`;
  await line(
    'GET inbox page 1 of 100,000 conversations (1,000,000 messages)',
    () => oneAtATime(get(`${inboxUrl}?limit=30`)),
    pgTarget('p95 <= 20 ms', 20),
  );
  await line(
    'GET inbox, 要対応 filter',
    () => oneAtATime(get(`${inboxUrl}?limit=30&filter=needsReply`)),
    pgTarget('p95 <= 20 ms', 20),
  );
  const firstPage = (await (await fetch(`${inboxUrl}?limit=30`, { headers: { cookie } })).json()) as {
    nextCursor: string;
  };
  await line(
    'GET inbox, the next page by cursor',
    () => oneAtATime(get(`${inboxUrl}?limit=30&cursor=${firstPage.nextCursor}`)),
    pgTarget('p95 <= 20 ms', 20),
  );
}

// ---- Issue 32: route, click and tap reports over 100,000 friends, the click redirect (PostgreSQL) ------
if (withReports && world.reports) {
  console.log('');
  const account = `${server.url}/client/api/v1/line-account/${world.big.accountId}`;
  const reportTarget = { label: 'p95 <= 50 ms', atMost: 50 };
  await line(
    'GET route report, 60 days (3 routes, 100,000 visits, 80,000 follows)',
    () => oneAtATime(get(`${account}/inflow-routes?days=60`)),
    reportTarget,
  );
  await line(
    'GET delivery click report (100,000 of 1,000,000 click rows)',
    () => oneAtATime(get(`${account}/deliveries/${world.reports!.deliveryId}`)),
    reportTarget,
  );
  await line(
    'GET rich menu tap report, 90 days (1,000,000 taps)',
    () => oneAtATime(get(`${account}/rich-menu/${world.reports!.richMenuId}/taps?days=90`)),
    reportTarget,
  );
  const redirects = Array.from({ length: 5_000 }, () => ({ body: '', headers: {} }));
  await line(
    REDIRECT_LINE,
    async () =>
      asRun(
        await steadyRate(`${server.url}/r/${world.reports!.linkToken}`, redirects, 500, {
          method: 'GET',
          okStatuses: (status) => status === 302,
        }),
      ),
    { label: 'p99 <= 20 ms at a steady 500 requests/s', atMost: 20 },
  );
}

// ---- The monthly shift table (50 staff x 30 days) --------------------------------------------------
console.log('');
const shiftTableUrl = `${server.url}/shift/api/v1/store/${world.big.shiftStoreId}/staff-shift/monthly?year=2026&month=11`;
const cpuPerRequest = async (headers: Record<string, string>): Promise<Run> => {
  const cpu0 = server.cpuMs();
  const run = await throughput({ url: shiftTableUrl, headers, connections: 4 });
  const perRequest = (server.cpuMs() - cpu0) / Math.max(1, run.result.requests.total);
  return { text: `${ms(perRequest)} CPU a request   ${run.text}`, value: perRequest };
};
await line(
  `GET monthly shift table (${world.shiftCount} shifts), CPU per request`,
  () => cpuPerRequest({ cookie }),
  { label: 'CPU <= 4 ms a request', atMost: 4 },
);
await line('GET monthly shift table, brotli (as a browser asks)', () =>
  cpuPerRequest({ cookie, 'accept-encoding': 'br' }),
);
// read with node:http: fetch would decode it
const sizeOf = (encoding: string) =>
  new Promise<number>((resolve, reject) => {
    httpGet(shiftTableUrl, { headers: { cookie, 'accept-encoding': encoding } }, (response) => {
      let bytes = 0;
      response.on('data', (chunk: Buffer) => (bytes += chunk.length));
      response.on('end', () => resolve(bytes / 1024));
    }).on('error', reject);
  });
const SHIFT_SIZE = '  shift table answer as JSON';
if (wanted(SHIFT_SIZE)) {
  const plainKiB = await sizeOf('identity');
  derived(
    SHIFT_SIZE,
    plainKiB,
    `${Math.round(plainKiB)} KiB (brotli ${Math.round(await sizeOf('br'))} KiB)`,
    {
      label: '<= 120 KiB',
      atMost: 120,
    },
  );
}
const month = `startAtMin=2026-11-01&startAtMax=2026-12-01`;
await line('GET own shifts in the staff mini-app (a month)', () =>
  throughput({
    url: `${server.url}/shift/api/v1/liff/store/${world.big.shiftStoreId}/shifts?${month}`,
    headers: { authorization: 'Bearer bench-id-token' },
  }),
);

// ---- Memory after the 100,000 runs ------------------------------------------------------------------
// The API's own process (not this one), read from /proc: resident now, at its peak, and the part that is
// WebAssembly memory (PGlite's postgres, which grows and never gives pages back), the rest being V8's heap,
// native allocations and code. Judged on the resident memory now, after the runs.
if (wanted('memory')) {
  const memory = server.memory();
  const split = `${memory.rssMiB.toFixed(0)} MiB resident (peak ${memory.peakMiB.toFixed(0)} MiB; WebAssembly ${memory.wasmMiB.toFixed(0)} MiB, the rest ${(memory.rssMiB - memory.wasmMiB).toFixed(0)} MiB)`;
  if (onPostgres) note(`API process memory after the runs: ${split}`);
  else
    derived('API process memory after the runs (PGlite)', memory.rssMiB, split, {
      label: '<= 600 MiB',
      atMost: 600,
    });
}

// ---- 1,000,000 friends in one account --------------------------------------------------------------
if (world.million) {
  console.log('');
  const million = world.million;
  const target = { label: 'p95 <= 50 ms', atMost: 50 };
  await line(
    MILLION_LINES[0]!,
    () => oneAtATime(get(`${friendsUrl(million.accountId)}?page=1&limit=20`)),
    target,
  );
  await line(
    MILLION_LINES[1]!,
    () =>
      oneAtATime(
        get(`${friendsUrl(million.accountId)}?page=1&limit=20&search=${encodeURIComponent('友だち424242')}`),
      ),
    target,
  );
  for (const condition of ['AND', 'OR'] as const)
    await line(
      `POST friend search, 2 attribute conditions (${condition}) over 1,000,000`,
      () => oneAtATime(search(million.accountId, twoConditions(million, condition))),
      target,
    );
}

// ---- A restart: the first 10 s of a fresh process again -------------------------------------------
if (wanted(FRESH_WEBHOOK)) {
  await server.stop();
  server = await startApi(serverEnv);
  note(`API process restarted in ${server.startSeconds.toFixed(2)} s`);
  freshRuns.push(await webhookRun());
  await line(FRESH_WEBHOOK, async () => asRun(freshRuns.shift()!), webhookTarget);
}
await server.stop();
await lineStub.close();

// ---- Nothing lost, nothing stored twice ---------------------------------------------------------------
const check = await openDatabase();
const totals = await webhookTotals(check.db, world.webhookAccount.id);
await check.close();
note(
  `webhook: ${sentIds.size} distinct events sent (every tenth call a redelivery); stored ${totals.stored}, queued ${totals.queued} jobs: ${
    totals.stored === sentIds.size && totals.queued === sentIds.size
      ? 'nothing lost, no repeat stored'
      : 'MISMATCH'
  }`,
);
if (onPostgres && process.env.BENCH_KEEP_DATABASE === 'true') note(`kept database ${benchDb}`);
else if (onPostgres) await admin(`drop database if exists ${benchDb} with (force)`);
fs.rmSync(dataDir, { recursive: true, force: true });

// ---- Cold start: `npm start` to its banner ------------------------------------------------------------
// On an empty DATA_DIR (PGlite, the demo written) and again on that DATA_DIR (a restart). The first
// `npm start` may build the web app or bundle a server: a start that does is not counted, and runs again.
async function npmStart(startDir: string): Promise<number> {
  const startPort = await freePort();
  for (;;) {
    const t0 = performance.now();
    const child = spawn('npm', ['start'], {
      cwd: root,
      detached: true,
      env: {
        ...process.env,
        PORT: String(startPort),
        DATA_DIR: startDir,
        DATABASE_URL: '',
        LOG_LEVEL: 'warn',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    const seconds = await new Promise<number | undefined>((resolve) => {
      const timer = setTimeout(() => resolve(undefined), 300_000);
      child.stdout.on('data', (chunk: Buffer) => {
        out += chunk.toString();
        if (out.includes('is running:')) {
          clearTimeout(timer);
          resolve((performance.now() - t0) / 1000);
        }
      });
      child.on('exit', () => resolve(undefined));
    });
    if (child.pid) process.kill(-child.pid, 'SIGTERM');
    await new Promise((resolve) => child.on('exit', resolve));
    if (seconds === undefined) throw new Error('no banner within 300 s');
    if (!out.includes('Building the web app')) return seconds;
    fs.rmSync(startDir, { recursive: true, force: true });
    fs.mkdirSync(startDir);
  }
}
if (process.env.BENCH_COLD_START !== 'false' && wanted('npm start')) {
  console.log('');
  await bundleServers(root);
  const dirs = [0, 1].map(() => fs.mkdtempSync(path.join(os.tmpdir(), 'bench-start-')));
  let first = 0;
  await line(
    'npm start, first start (empty DATA_DIR, demo written)',
    async () => {
      const s = await npmStart(dirs[first++]!);
      return { text: `${s.toFixed(2)} s to the banner`, value: s };
    },
    { label: '<= 5 s', atMost: 5 },
  );
  let again = 0;
  await line(
    'npm start, restart (existing DATA_DIR)',
    async () => {
      const s = await npmStart(dirs[again++]!);
      return { text: `${s.toFixed(2)} s to the banner`, value: s };
    },
    { label: '<= 2 s', atMost: 2 },
  );
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
}

summary();
