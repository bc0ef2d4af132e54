// `npm run bench` (part): a message delivery to a segment of many friends, end to end in one process: the
// API (its job runner driven here), a LINE simulator on a real port (unlimited plan), the database.
// Prints the time from "send" to the last LINE call accepted, LINE calls a second against LINE's multicast
// limit (200/s), and the process memory before and after; then a second delivery sent by the API as its
// own process, killed with SIGKILL half-way and started again: no friend sent twice or skipped. Asserts nothing.
//
// BENCH_DATABASE_URL=postgres://... runs on a throw-away database of that server instead of PGlite;
// BENCH_DELIVERY_FRIENDS sets the segment's size (default 100,000 on PostgreSQL, 20,000 on PGlite).
import { randomBytes } from 'node:crypto';
import net from 'node:net';
import os from 'node:os';
import { eq } from 'drizzle-orm';
import { deliveryChunks, deliveryLinks, friends } from '../src/db/schema/index.ts';
import { startInProcessStack } from './support/in-process-stack.ts';
import { steadyRate, steadyText } from './support/load.ts';
import { startApi, type ServerProcess } from './support/server-process.ts';

const serverUrl = process.env.BENCH_DATABASE_URL;
const size = Number(process.env.BENCH_DELIVERY_FRIENDS ?? (serverUrl ? 100_000 : 20_000));
const appUrl = 'http://127.0.0.1:3999';
const mb = (n: number) => `${(n / 1024 / 1024).toFixed(0)} MB`;

const stack = await startInProcessStack({ name: 'deliveries', appUrl });
const { app, db, sim, api } = stack;
await app.ready();

const { clientId, cookie } = await stack.signInOwner();
const channel = (
  await sim.inject({
    method: 'POST',
    url: '/_sim/channels',
    payload: { displayName: 'ベンチ店', quotaPlan: 'unlimited' },
  })
).json<{
  channelId: string;
  channelSecret: string;
  loginChannel: { channelId: string; channelSecret: string };
}>();
const accountId = (
  await api(
    'POST',
    '/client/api/v1/line-account',
    {
      channelId: channel.channelId,
      channelSecret: channel.channelSecret,
      loginChannelId: channel.loginChannel.channelId,
      loginChannelSecret: channel.loginChannel.channelSecret,
    },
    cookie,
  )
).json<{ id: number }>().id;
const base = `/client/api/v1/line-account/${accountId}`;

for (let i = 0; i < size; i += 5000) {
  const n = Math.min(5000, size - i);
  await db.insert(friends).values(
    Array.from({ length: n }, (_, k) => ({
      clientId,
      lineAccountId: accountId,
      lineUserId: `U${randomBytes(16).toString('hex')}`,
      displayName: `お客 ${i + k}`,
    })),
  );
}
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

console.log(
  `Delivery bench (${serverUrl ? 'PostgreSQL' : 'PGlite'}; API, job runner and LINE simulator in one process; ${os.cpus().length} cores; ${new Date().toISOString()})`,
);
const before = process.memoryUsage();
const started = performance.now();
await api('POST', `${base}/deliveries/${deliveryId}/send`, {}, cookie);
const accepted = performance.now();
let peakRss = before.rss;
for (;;) {
  await app.jobs.runDue(5);
  peakRss = Math.max(peakRss, process.memoryUsage().rss);
  const delivery = (await api('GET', `${base}/deliveries/${deliveryId}`, undefined, cookie)).json<{
    status: string;
    sentCount: number;
    targetCount: number;
  }>();
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
const addressedCount = () => killSent().reduce((n, x) => n + x.to.length, 0);
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
const killStarted = performance.now();
await remote('POST', first, `${base}/deliveries/${killDeliveryId}/send`);
while (addressedCount() < size / 2 && first.alive()) await new Promise((r) => setTimeout(r, 2));
const atKill = addressedCount();
process.kill(first.pid, 'SIGKILL');
while (first.alive()) await new Promise((r) => setTimeout(r, 10));
const second = await startApi(processEnv);
let finished: { status: string; sentCount: number; targetCount: number };
for (;;) {
  finished = await remote('GET', second, `${base}/deliveries/${killDeliveryId}`);
  if (finished.status !== 'SENDING') break;
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
