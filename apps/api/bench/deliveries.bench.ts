// `npm run bench` (part): a message delivery to a segment of many friends, end to end in one process: the
// API (its job runner driven here), a LINE simulator on a real port (unlimited plan), the database.
// Prints the time from "send" to the last LINE call accepted, LINE calls a second against LINE's multicast
// limit (200/s), and the process memory before and after; then a second delivery sent by the API as its
// own process, killed with SIGKILL half-way and started again: no friend sent twice or skipped. Asserts nothing.
//
// BENCH_DATABASE_URL=postgres://... runs on a throw-away database of that server instead of PGlite;
// BENCH_DELIVERY_FRIENDS sets the segment's size (default 100,000 on PostgreSQL, 20,000 on PGlite).
import net from 'node:net';
import os from 'node:os';
import { eq, sql } from 'drizzle-orm';
import { deliveryChunks, deliveryLinks } from '../src/db/schema/index.ts';
import { startInProcessStack } from './support/in-process-stack.ts';
import { steadyRate, steadyText } from './support/load.ts';
import { startApi, type ServerProcess } from './support/server-process.ts';

const serverUrl = process.env.BENCH_DATABASE_URL;
const size = Number(process.env.BENCH_DELIVERY_FRIENDS ?? (serverUrl ? 100_000 : 20_000));
const appUrl = 'http://127.0.0.1:3999';
const mb = (n: number) => `${(n / 1024 / 1024).toFixed(0)} MB`;

/** A line of progress: what is done, and the seconds since `since`. */
const phase = (text: string, since: number) =>
  console.log(`  ${text} (${((performance.now() - since) / 1000).toFixed(1)} s)`);
console.log(
  `Delivery bench (${serverUrl ? 'PostgreSQL' : 'PGlite'}; API, job runner and LINE simulator in one process; ${os.cpus().length} cores; load ${os
    .loadavg()
    .map((n) => n.toFixed(1))
    .join(' ')}; ${new Date().toISOString()})`,
);
const booting = performance.now();
const stack = await startInProcessStack({ name: 'deliveries', appUrl });
const { app, db, sim, api } = stack;
await app.ready();
phase('database migrated, API and simulator ready', booting);

const { clientId, cookie } = await stack.signInOwner();
const { channel, accountId } = await stack.connectAccount(cookie);
const base = `/client/api/v1/line-account/${accountId}`;

// The friends, written by the database itself (generate_series, one statement a batch) rather than as
// client-built rows, with a line per batch.
const seeding = performance.now();
const batch = 20_000;
for (let from = 1; from <= size; from += batch) {
  const to = Math.min(size, from + batch - 1);
  await db.execute(sql`
    insert into friends (client_id, line_account_id, line_user_id, display_name, followed_at)
    select ${clientId}::int, ${accountId}::int, 'U' || md5(${accountId}::text || ':' || g::text), 'お客 ' || g::text, now()
    from generate_series(${from}::int, ${to}::int) g
  `);
  phase(`friends written: ${to.toLocaleString()} of ${size.toLocaleString()}`, seeding);
}
// the planner's statistics of the new rows now (autovacuum's analyze may come later)
await db.execute(sql`analyze friends`);
const preparing = performance.now();
const segmentId = (
  await api(
    'POST',
    `${base}/segments`,
    {
      name: '全員',
      conditions: { isMemberServiceUser: false, isShiftServiceUser: false, includeNonMembers: true },
    },
    cookie,
  )
).json<{ id: number }>().id;
const deliveryId = (
  await api(
    'POST',
    `${base}/deliveries`,
    {
      title: 'ベンチ',
      messages: [{ type: 'text', text: 'こんにちは https://bench.example.jp/sale' }],
      audience: { type: 'SEGMENT', segmentId },
    },
    cookie,
  )
).json<{ id: number }>().id;

phase('segment and delivery saved (the segment counted)', preparing);
const before = process.memoryUsage();
const started = performance.now();
await api('POST', `${base}/deliveries/${deliveryId}/send`, {}, cookie);
const accepted = performance.now();
let peakRss = before.rss;
let shown = started;
for (;;) {
  await app.jobs.runDue(5);
  peakRss = Math.max(peakRss, process.memoryUsage().rss);
  const delivery = (await api('GET', `${base}/deliveries/${deliveryId}`, undefined, cookie)).json<{
    status: string;
    sentCount: number;
    targetCount: number;
  }>();
  if (delivery.status === 'SENDING' && performance.now() - shown > 5000) {
    shown = performance.now();
    phase(
      `sending: ${delivery.sentCount.toLocaleString()} of ${delivery.targetCount.toLocaleString()}`,
      started,
    );
  }
  if (delivery.status !== 'SENDING') {
    const seconds = (performance.now() - started) / 1000;
    const chunks = await db.select().from(deliveryChunks).where(eq(deliveryChunks.deliveryId, deliveryId));
    const sent = sim.lineSim.store.sent.filter(
      (s) => s.channelId === channel.channelId && JSON.stringify(s.messages).includes('こんにちは'),
    );
    const addressed = new Set(sent.flatMap((s) => s.to));
    const after = process.memoryUsage();
    console.log(
      `  delivery to ${size.toLocaleString()} friends: ${delivery.status}, sent ${delivery.sentCount.toLocaleString()} / ${delivery.targetCount.toLocaleString()}`,
    );
    console.log(
      `  send answered in ${(accepted - started).toFixed(0)} ms (count + quota); last LINE call accepted after ${seconds.toFixed(2)} s (target 10 s)`,
    );
    console.log(
      `  ${sent.length} multicasts, ${(sent.length / seconds).toFixed(0)} calls/s (LINE allows 200/s); ${addressed.size.toLocaleString()} distinct friends addressed, ${chunks.length} chunks`,
    );
    console.log(
      `  memory: rss ${mb(before.rss)} -> ${mb(after.rss)} (peak ${mb(peakRss)}), heap ${mb(before.heapUsed)} -> ${mb(after.heapUsed)} (the simulator's record of every send is in the same heap)`,
    );
    break;
  }
}

// The tracked redirect of the delivery's link (GET /r/<token>: a lookup, a click written, a 302), at a
// steady 500 taps a second for 10 s over HTTP; the load comes from this same process.
const [link] = await db.select().from(deliveryLinks).where(eq(deliveryLinks.deliveryId, deliveryId));
const address = await app.listen({ port: 0, host: '127.0.0.1' });
const taps = await steadyRate(
  `${address}/r/${link!.token}`,
  Array.from({ length: 5000 }, () => ({ body: '', headers: {} })),
  500,
  { method: 'GET', okStatuses: (status) => status === 302 },
);
const counted = (await api('GET', `${base}/deliveries/${deliveryId}`, undefined, cookie)).json<{
  clicks: { total: number };
}>().clicks.total;
console.log(`  GET /r/<token> (tracked link) at a steady 500 taps/s for 10 s: ${steadyText(taps)}`);
console.log(
  `    p99 ${taps.p99.toFixed(1)} ms (target 50 ms); ${counted.toLocaleString()} taps counted of ${taps.sent.toLocaleString()}`,
);

// ---- A re-run after kill -9 half-way ---------------------------------------------------------------
// A second delivery to the same segment, sent by the API as its own process (the bundled server, jobs in
// it, on the same database and folder): killed with SIGKILL once the simulator has received about half
// of the friends, started again, left to finish. The simulator stands in for LINE (a repeated
// X-Line-Retry-Key is refused as LINE does), so what it received is what the friends would have.
const killText = 'キル試験のお知らせ';
const killDeliveryId = (
  await api(
    'POST',
    `${base}/deliveries`,
    {
      title: 'kill -9',
      messages: [{ type: 'text', text: killText }],
      audience: { type: 'SEGMENT', segmentId },
    },
    cookie,
  )
).json<{ id: number }>().id;
await stack.release();
const killPort = await new Promise<number>((resolve) => {
  const probe = net.createServer();
  probe.listen(0, '127.0.0.1', () => {
    const { port } = probe.address() as net.AddressInfo;
    probe.close(() => resolve(port));
  });
});
const processEnv = {
  ...stack.env,
  NODE_ENV: 'development',
  PORT: String(killPort),
  APP_URL: `http://127.0.0.1:${killPort}`,
  LOG_LEVEL: 'warn',
};
const killSent = () =>
  sim.lineSim.store.sent.filter(
    (x) => x.channelId === channel.channelId && JSON.stringify(x.messages).includes(killText),
  );
// read as it grows (polled every 2 ms while the API sends: one pass over the new records, not all)
let scanned = 0;
let killAddressed = 0;
const addressedCount = () => {
  const all = sim.lineSim.store.sent;
  for (; scanned < all.length; scanned += 1) {
    const x = all[scanned]!;
    if (x.channelId === channel.channelId && JSON.stringify(x.messages).includes(killText))
      killAddressed += x.to.length;
  }
  return killAddressed;
};
const remote = async (method: 'GET' | 'POST', server: ServerProcess, route: string) => {
  const response = await fetch(`${server.url}${route}`, {
    method,
    headers: {
      cookie,
      origin: server.url,
      ...(method === 'POST' ? { 'content-type': 'application/json' } : {}),
    },
    ...(method === 'POST' ? { body: '{}' } : {}),
  });
  if (response.status >= 300)
    throw new Error(`${method} ${route}: ${response.status} ${await response.text()}`);
  return response.json() as Promise<{ status: string; sentCount: number; targetCount: number }>;
};
const first = await startApi(processEnv);
console.log(`  kill -9 run: the API started as its own process (${first.startSeconds.toFixed(1)} s)`);
const killStarted = performance.now();
await remote('POST', first, `${base}/deliveries/${killDeliveryId}/send`);
while (addressedCount() < size / 2 && first.alive()) await new Promise((r) => setTimeout(r, 2));
const atKill = addressedCount();
process.kill(first.pid, 'SIGKILL');
while (first.alive()) await new Promise((r) => setTimeout(r, 10));
phase(`kill -9 run: killed at ${atKill.toLocaleString()} received`, killStarted);
const second = await startApi(processEnv);
phase('kill -9 run: the API started again', killStarted);
let finished: { status: string; sentCount: number; targetCount: number };
let killShown = performance.now();
for (;;) {
  finished = await remote('GET', second, `${base}/deliveries/${killDeliveryId}`);
  if (finished.status !== 'SENDING') break;
  if (performance.now() - killShown > 10_000) {
    killShown = performance.now();
    phase(`kill -9 run: ${addressedCount().toLocaleString()} received`, killStarted);
  }
  await new Promise((r) => setTimeout(r, 100));
}
const killSeconds = (performance.now() - killStarted) / 1000;
await second.stop();
const received = killSent().flatMap((x) => x.to);
const distinct = new Set(received);
const duplicates = received.length - distinct.size;
const skipped = finished.targetCount - distinct.size;
const killMet = duplicates === 0 && skipped === 0 && finished.status === 'SENT';
console.log(
  `  kill -9 half-way (API with its jobs as its own process, killed at ${atKill.toLocaleString()} of ${size.toLocaleString()} received, started again): ${finished.status}, sent total ${received.length.toLocaleString()}, duplicates (a friend received twice) ${duplicates}, skipped ${skipped}, ${killSeconds.toFixed(1)} s from send to the end (the killed run's job lease runs out first) [${killMet ? 'met' : 'MISSED'}] (target: 0 duplicates, 0 skipped)`,
);

await stack.close();
