// `npm run bench` (part): a message delivery to a segment of many friends, end to end in one process: the
// API (its job runner driven here), a LINE simulator on a real port (unlimited plan), the database.
// Prints the time from "send" to the last LINE call accepted, LINE calls a second against LINE's multicast
// limit (200/s), and the process memory before and after. Asserts nothing.
//
// BENCH_DATABASE_URL=postgres://... runs on a throw-away database of that server instead of PGlite;
// BENCH_DELIVERY_FRIENDS sets the segment's size (default 100,000 on PostgreSQL, 20,000 on PGlite).
import { randomBytes } from 'node:crypto';
import os from 'node:os';
import { eq } from 'drizzle-orm';
import { deliveryChunks, deliveryLinks, friends } from '../src/db/schema/index.ts';
import { startInProcessStack } from './support/in-process-stack.ts';
import { steadyRate, steadyText } from './support/load.ts';

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

await stack.close();
