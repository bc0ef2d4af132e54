// `npm run bench` (part; BENCH_ONLY=scenario): step delivery at scale (issue 28), in one process: the API
// (its job runner driven here, as the one scheduler a minute runs), a LINE simulator on a real port
// (unlimited plan), the database. Many friends are enrolled in a scenario whose step falls due at the same
// minute; prints the time from that due time to the last step handed to LINE and accepted, the LINE calls
// (the busiest second against LINE's limits: multicast 200/s, push 2,000/s) and the memory. Two steps:
// one message for everyone (multicasts of 500) and one with a link (decision 0060: one push per friend,
// each link naming its friend). Target: within 60 s of the due time on PostgreSQL. Asserts nothing.
//
// BENCH_DATABASE_URL=postgres://... runs on a throw-away database of that server instead of PGlite;
// BENCH_SCENARIO_FRIENDS sets the number of friends (default 100,000 on PostgreSQL, 20,000 on PGlite).
import { createHash } from 'node:crypto';
import os from 'node:os';
import { and, eq, sql } from 'drizzle-orm';
import { scenarioEnrolments, scenarioSends } from '../src/db/schema/index.ts';
import { queueScenarioTick } from '../src/modules/automation/index.ts';
import { startInProcessStack } from './support/in-process-stack.ts';

const serverUrl = process.env.BENCH_DATABASE_URL;
const size = Number(process.env.BENCH_SCENARIO_FRIENDS ?? (serverUrl ? 100_000 : 20_000));
const appUrl = 'http://127.0.0.1:3997';
const TARGET_S = 60;
const mb = (n: number) => `${(n / 1024 / 1024).toFixed(0)} MB`;
const load = () =>
  os
    .loadavg()
    .map((n) => n.toFixed(1))
    .join(' ');
const phase = (text: string, since: number) =>
  console.log(`  ${text} (${((performance.now() - since) / 1000).toFixed(1)} s)`);

console.log(
  `Step delivery bench (${serverUrl ? 'PostgreSQL' : 'PGlite'}; API, job runner and LINE simulator in one process; ${os.cpus().length} cores; load ${load()}; ${new Date().toISOString()})`,
);
const booting = performance.now();
const stack = await startInProcessStack({ name: 'scenarios', appUrl });
const { app, db, sim, api } = stack;
await app.ready();
phase('database migrated, API and simulator ready', booting);
const { clientId, cookie } = await stack.signInOwner();
const { channel, accountId } = await stack.connectAccount(cookie);
const base = `/client/api/v1/line-account/${accountId}`;

// The friends, written by the database itself (generate_series, one statement a batch); the simulator
// knows each as a LINE user (a push names a user LINE knows), with the same id made the same way.
const seeding = performance.now();
const userIdOf = (g: number) => `U${createHash('md5').update(`${accountId}:${g}`).digest('hex')}`;
const batch = 20_000;
for (let from = 1; from <= size; from += batch) {
  const to = Math.min(size, from + batch - 1);
  await db.execute(sql`
    insert into friends (client_id, line_account_id, line_user_id, display_name, followed_at)
    select ${clientId}::int, ${accountId}::int, 'U' || md5(${accountId}::text || ':' || g::text), 'お客 ' || g::text, now()
    from generate_series(${from}::int, ${to}::int) g
  `);
  for (let g = from; g <= to; g += 1) {
    const userId = userIdOf(g);
    sim.lineSim.store.users.set(userId, {
      userId,
      displayName: `お客 ${g}`,
      pictureUrl: null,
      statusMessage: null,
      language: 'ja',
      createdAt: new Date().toISOString(),
    });
  }
}
await db.execute(sql`analyze friends`);
phase(`${size.toLocaleString()} friends written`, seeding);

// The scheduler's chain of minutes, as at start-up (src/jobs.ts): this minute's run, which queues the next.
await queueScenarioTick(db, new Date(), { now: true });
while ((await app.jobs.runDue(20)) > 0);

/**
 * One step for every friend: a scenario (MANUAL, its one step at once), every friend enrolled with the step
 * due at the next whole minute (a set-based insert), then the job runner driven until every enrolment has
 * had its step and no send is left pending.
 */
async function stepAtScale(title: string, text: string) {
  const scenario = (
    await api(
      'POST',
      `${base}/scenarios`,
      {
        name: title,
        enabled: true,
        trigger: 'MANUAL',
        steps: [{ delay: { amount: 0, unit: 'MINUTES' }, messages: [{ type: 'text', text }] }],
      },
      cookie,
    )
  ).json<{ id: number; steps: { id: number }[] }>();
  // the due time: the next whole minute at least 10 s away (the scheduler runs at each minute's start)
  const dueAt = new Date((Math.floor(Date.now() / 60_000) + 1) * 60_000);
  if (dueAt.getTime() - Date.now() < 10_000) dueAt.setTime(dueAt.getTime() + 60_000);
  await db.execute(sql`
    insert into scenario_enrolments
      (client_id, line_account_id, scenario_id, friend_id, line_user_id, enrolled_at, next_step_id, due_at)
    select client_id, line_account_id, ${scenario.id}::int, id, line_user_id, now(), ${scenario.steps[0]!.id}::int,
      ${dueAt.toISOString()}::timestamptz
    from friends where line_account_id = ${accountId}::int
  `);
  await db.execute(sql`analyze scenario_enrolments`);
  const sentBefore = sim.lineSim.store.sent.length;
  while (Date.now() < dueAt.getTime()) {
    await app.jobs.runDue(5);
    await new Promise((r) => setTimeout(r, 50));
  }
  const before = process.memoryUsage();
  let peakRss = before.rss;
  let shown = performance.now();
  const started = performance.now() - (Date.now() - dueAt.getTime());
  const left = async () => {
    const [due] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(scenarioEnrolments)
      .where(and(eq(scenarioEnrolments.scenarioId, scenario.id), eq(scenarioEnrolments.status, 'ACTIVE')));
    const [pending] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(scenarioSends)
      .where(and(eq(scenarioSends.scenarioId, scenario.id), eq(scenarioSends.status, 'PENDING')));
    return { due: due!.n, pending: pending!.n };
  };
  for (;;) {
    const ran = await app.jobs.runDue(5);
    peakRss = Math.max(peakRss, process.memoryUsage().rss);
    if (performance.now() - shown > 10_000) {
      shown = performance.now();
      const now = await left();
      phase(`${title}: ${now.due.toLocaleString()} enrolments due, ${now.pending} sends pending`, started);
    }
    if (ran > 0) continue;
    const now = await left();
    if (now.due === 0 && now.pending === 0) break;
    await new Promise((r) => setTimeout(r, 20));
  }
  const seconds = (performance.now() - started) / 1000;
  const after = process.memoryUsage();
  const calls = sim.lineSim.store.sent.slice(sentBefore).filter((s) => s.channelId === channel.channelId);
  const addressed = calls.flatMap((s) => s.to);
  const distinct = new Set(addressed).size;
  const perSecond = new Map<string, number>();
  for (const c of calls) perSecond.set(c.at.slice(0, 19), (perSecond.get(c.at.slice(0, 19)) ?? 0) + 1);
  const busiest = Math.max(0, ...perSecond.values());
  const kinds = [...new Set(calls.map((c) => c.kind))].join(', ');
  const limit = kinds === 'multicast' ? 200 : 2_000;
  const met = seconds <= TARGET_S && distinct === size && addressed.length === size && busiest <= limit;
  console.log(
    `  ${title}, ${size.toLocaleString()} friends due at ${dueAt.toISOString().slice(11, 19)}: every step handed to LINE ${seconds.toFixed(1)} s after the due time [${met ? 'met' : 'MISSED'}] (target ${TARGET_S} s; load ${load()})`,
  );
  console.log(
    `    ${calls.length.toLocaleString()} ${kinds} calls (${(calls.length / seconds).toFixed(0)}/s on average, busiest second ${busiest}; LINE allows ${limit.toLocaleString()}/s); ${distinct.toLocaleString()} distinct friends, ${(addressed.length - distinct).toLocaleString()} twice`,
  );
  console.log(
    `    memory: rss ${mb(before.rss)} -> ${mb(after.rss)} (peak ${mb(peakRss)}), heap ${mb(before.heapUsed)} -> ${mb(after.heapUsed)} (the simulator's record of every call is in the same heap)`,
  );
}

await stepAtScale('step without a link (one message for all)', 'ステップ配信ベンチ: 今月のお知らせ');
await stepAtScale(
  'step with a link (one push per friend)',
  'ステップ配信ベンチ: ご予約はこちら https://bench.example.jp/reserve',
);
await stack.close();
