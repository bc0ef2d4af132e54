import { PassThrough } from 'node:stream';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { announcements } from '../db/schema/index.ts';
import {
  createAgency,
  createClient,
  createClientWithUsers,
  createUser,
  loginAs,
  TEST_PASSWORD,
} from '../testing/factories.ts';
import { connectBody, startLineSim, type LineSim } from '../testing/line-sim.ts';
import { startPaySim, type PaySim } from '../testing/pay-sim.ts';
import {
  isSharedFailureShape,
  operationsOf,
  requestArbitrary,
  type FuzzRequest,
  type Operation,
} from '../testing/openapi-fuzz.ts';
import { createFriend, createStaff } from '../testing/shift-factories.ts';
import { createTestApp, TEST_ORIGIN, type TestApp } from '../testing/test-app.ts';

/**
 * The fuzz test: every operation of the app's OpenAPI document, as every kind of caller, with requests built
 * from its schemas and then broken. No answer may be a 5xx, every 4xx is the shared failure body, and a
 * refused request changes nothing in the database. Fixed seed; FUZZ_CASES requests per operation and caller
 * (a small budget in the suite; `npm run fuzz` runs 64 and prints the figures).
 */

const SEED = 20_261_123;
const CASES = Number(process.env.FUZZ_CASES ?? 2);
const FULL = CASES >= 60;
/** Rows the callers stand on get ids far above the fuzzer's (1-12), so its deletes and disables miss them. */
const BASE_ID = 900_001;

type Caller = { name: string; email?: string; cookie?: string };
let t: TestApp;
let sim: LineSim;
let pay: PaySim;
const logLines: string[] = [];
const callers: Caller[] = [];
let ownClientId: number;
let otherClientId: number;
const secrets: string[] = [];

/** Rows of a raw query (PGlite and node-postgres both answer `{ rows }`). */
const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/** Every committed row change bumps one counter: the database's fingerprint, one cheap read. */
async function installChangeCounter() {
  await t.db.execute(sql`create table fuzz_changes (id int primary key, n bigint not null)`);
  await t.db.execute(sql`insert into fuzz_changes values (1, 0)`);
  await t.db.execute(
    sql.raw(`create function fuzz_bump() returns trigger language plpgsql as $$
      begin update fuzz_changes set n = n + 1 where id = 1; return null; end $$`),
  );
  const tables = rowsOf<{ tablename: string }>(
    await t.db.execute(
      sql`select tablename from pg_tables where schemaname = 'public' and tablename <> 'fuzz_changes'`,
    ),
  );
  for (const { tablename } of tables) {
    await t.db.execute(
      sql.raw(
        `create trigger fuzz_bump after insert or update or delete on "${tablename}" for each row execute function fuzz_bump()`,
      ),
    );
  }
}
const changeCount = async () =>
  Number(rowsOf<{ n: string }>(await t.db.execute(sql`select n from fuzz_changes where id = 1`))[0]!.n);

beforeAll(async () => {
  sim = await startLineSim();
  pay = await startPaySim();
  const stream = new PassThrough();
  stream.on('data', (chunk: Buffer) => logLines.push(...chunk.toString().split('\n').filter(Boolean)));
  const encryptionKey = Buffer.alloc(32, 9).toString('base64');
  secrets.push(encryptionKey, TEST_PASSWORD);
  t = await createTestApp(
    {
      DEV_MAILBOX: 'true',
      LINE_API_BASE_URL: sim.baseUrl,
      LINE_DATA_API_BASE_URL: sim.baseUrl,
      ENCRYPTION_KEY: encryptionKey,
      LOG_LEVEL: 'info',
      ...pay.env,
    },
    { logStream: stream },
  );
  pay.connect(t.app);

  // The callers' own tenant, out of the fuzzer's id range.
  const agency = await createAgency(t.db, { id: BASE_ID });
  const client = await createClient(t.db, { id: BASE_ID, agencyId: agency.id });
  ownClientId = client.id;
  const users = [
    ['MASTER', { role: 'MASTER', position: 'OWNER' }],
    ['AGENCY', { role: 'AGENCY', position: 'OWNER', agencyId: agency.id }],
    ['OWNER', { role: 'CLIENT', position: 'OWNER', clientId: client.id }],
    ['MANAGER', { role: 'CLIENT', position: 'MANAGER', clientId: client.id }],
    ['STAFF', { role: 'CLIENT', position: 'STAFF', clientId: client.id }],
  ] as const;
  callers.push({ name: 'anonymous' });
  for (const [i, [name, values]] of users.entries()) {
    const user = await createUser(t.db, { id: BASE_ID + i, ...values });
    callers.push({ name, email: user.email, cookie: await loginAs(t.app, user.email) });
  }
  const owner = callers.find((c) => c.name === 'OWNER')!;

  // Rows for the fuzzer's small ids to find: another tenant, announcements, a LINE account with the
  // shift service, friends and staff.
  const other = await createClientWithUsers(t.app, t.db);
  otherClientId = other.client.id;
  await createUser(t.db, { role: 'AGENCY', position: 'STAFF', agencyId: agency.id });
  await createAgency(t.db);
  await createClient(t.db, { agencyId: agency.id });
  await t.db.insert(announcements).values([
    { title: 'お知らせ', content: '本文', type: 'ANNOUNCEMENT', publishAt: new Date('2026-01-01') },
    { title: '下書き', content: '本文', type: 'UPDATE' },
  ]);
  const channel = await sim.createChannel({ displayName: 'ファズ店' });
  secrets.push(channel.channelSecret, channel.loginChannel.channelSecret);
  const headers = { origin: TEST_ORIGIN, cookie: owner.cookie!, 'content-type': 'application/json' };
  const connected = await t.app.inject({
    method: 'POST',
    url: '/client/api/v1/line-account',
    headers,
    payload: JSON.stringify(connectBody(channel)),
  });
  expect(connected.statusCode, connected.body).toBe(201);
  const account = connected.json<{ id: number }>();
  const linked = await t.app.inject({
    method: 'POST',
    url: `/client/api/v1/line-account/${account.id}/lineAccountService`,
    headers,
    payload: JSON.stringify({ serviceCode: 'KS-002', clientId: client.id }),
  });
  expect(linked.statusCode, linked.body).toBe(201);
  const [store] = rowsOf<{ id: number }>(
    await t.db.execute(sql`select id from stores where client_id = ${client.id}`),
  );
  const target = { id: store!.id, clientId: client.id, lineAccountId: account.id };
  const simUser = await sim.createUser('ファズ 太郎');
  await createFriend(t.db, target, { lineUserId: simUser.userId });
  await createStaff(t.db, target, { status: 'APPROVED' });
  await createStaff(t.db, target, { helperName: 'ヘルパー' });
  await createStaff(t.db, target, { status: 'PENDING' });

  await installChangeCounter();
}, 120_000);

afterAll(async () => {
  await t?.close();
  await sim?.close();
  await pay?.close();
});

function headersFor(caller: Caller, request: FuzzRequest): Record<string, string> {
  const headers: Record<string, string> = { origin: TEST_ORIGIN };
  if (caller.cookie) headers.cookie = caller.cookie;
  if (request.contentType) headers['content-type'] = request.contentType;
  if (request.bearer !== undefined) headers.authorization = `Bearer ${request.bearer}`;
  const clientHeader = {
    own: String(ownClientId),
    other: String(otherClientId),
    bad: '99999999999999999999',
    none: undefined,
  }[request.clientHeader];
  if (clientHeader) headers['x-client-id'] = clientHeader;
  return headers;
}

/** A caller whose session a fuzzed call ended (logout) logs in again, so later calls keep their role. */
async function keepSignedIn(caller: Caller) {
  if (!caller.cookie) return;
  const me = await t.app.inject({
    method: 'GET',
    url: '/auth/api/v1/session/me',
    headers: { cookie: caller.cookie },
  });
  if (me.statusCode === 401) caller.cookie = await loginAs(t.app, caller.email!);
}

type Finding = { op: string; caller: string; request: string; status: number; body: string; what: string };

describe('fuzzing every operation of the OpenAPI document', () => {
  it(
    'answers no 5xx, every 4xx in the shared failure body, and a refused request changes nothing',
    async () => {
      const operations: Operation[] = operationsOf(t.app);
      const findings: Finding[] = [];
      const statuses = new Map<number, number>();
      let requests = 0;
      const started = Date.now();
      for (const [opIndex, op] of operations.entries()) {
        const samples = fc.sample(requestArbitrary(op), {
          seed: SEED + opIndex,
          numRuns: CASES * callers.length,
        });
        for (const [i, request] of samples.entries()) {
          const caller = callers[i % callers.length]!;
          // Webhooks the payments simulator still sends for an earlier accepted request land first, so
          // they are not taken for a change made by the request under test.
          await pay.drain();
          const before = await changeCount();
          const response = await t.app.inject({
            method: request.method,
            url: request.url,
            headers: headersFor(caller, request),
            ...(request.payload !== undefined ? { payload: request.payload } : {}),
          });
          requests++;
          statuses.set(response.statusCode, (statuses.get(response.statusCode) ?? 0) + 1);
          const finding = (what: string) =>
            findings.push({
              op: `${op.method} ${op.path}`,
              caller: caller.name,
              request: `${request.method} ${request.url.slice(0, 200)} ${request.payload?.slice(0, 300) ?? ''}`,
              status: response.statusCode,
              body: response.body.slice(0, 300),
              what,
            });
          if (response.statusCode >= 500) finding('5xx');
          else if (response.statusCode >= 400) {
            if (!isSharedFailureShape(response)) finding('shape');
            await pay.drain();
            if ((await changeCount()) !== before) finding('changed on refusal');
          } else await keepSignedIn(caller);
        }
      }
      const count = (what: string) => findings.filter((f) => f.what === what).length;
      const figures = {
        seed: SEED,
        casesPerOperationAndCaller: CASES,
        operations: operations.length,
        roles: callers.length,
        requests,
        serverErrors: count('5xx'),
        shapeViolations: count('shape'),
        changedOnRefusal: count('changed on refusal'),
        statuses: Object.fromEntries([...statuses].sort(([a], [b]) => a - b)),
        seconds: Math.round((Date.now() - started) / 1000),
      };
      console.log(`fuzz figures: ${JSON.stringify(figures)}`);
      // the document lists every API route the app serves (health checks aside), so all of them are fuzzed
      const documented = new Set(
        operations.map((o) => `${o.method} ${o.path.replace(/\{([^}]+)\}/g, ':$1')}`),
      );
      const undocumented = t.app.apiRoutes
        .map((r) => `${r.method} ${r.path}`)
        .filter((key) => !documented.has(key) && !/ \/(healthz|readyz)$/.test(key));
      expect(undocumented).toEqual([]);
      expect(operations.length).toBeGreaterThan(100);
      expect(findings.slice(0, 20)).toEqual([]);
    },
    FULL ? 3_600_000 : 240_000,
  );

  it('left no hash, token, secret, password or cookie in the logs of those requests', () => {
    const log = logLines.join('\n');
    expect(logLines.length).toBeGreaterThan(100);
    expect(log).not.toMatch(/\$argon2id\$v=/);
    for (const caller of callers) if (caller.cookie) expect(log).not.toContain(caller.cookie.slice(4));
    for (const secret of secrets) expect(log).not.toContain(secret);
  });
});
