// `npm run bench` (part; BENCH_ONLY=scenario): step delivery at scale (issue 28), each side in its own
// process as in production (issue 31): the LINE simulator (unlimited plan) as its own process, standing for
// LINE outside the machine; on PostgreSQL the API too (the bundled dist/main.mjs, JOBS_IN_API=true: its job
// runner and the scheduler's chain of minutes, as production runs them); this process only seeds (SQL, and
// the simulator's users in bulk through its console API) and measures (the database, the simulator's
// summary of its calls, the processes' memory from /proc). On PGlite (one process at a time) the API and
// its job runner stay in this process, driven here, and the header says so.
//
// Many friends are enrolled in a scenario whose step falls due at the same minute; prints the time from
// that due time to the last step handed to LINE and accepted (the simulator's time of its last call), the
// LINE calls (the busiest second per kind against LINE's limits: multicast 200/s, push 2,000/s; every
// friend addressed once), the API's CPU time and the memory of the API and of the simulator, separately.
// Two steps: one message for everyone (multicasts of 500) and one with a link (decision 0060: one push per
// friend, each link naming its friend). Each is run twice and printed as the better and the worse run with
// the load average (support/report.ts). Target: within 60 s of the due time on PostgreSQL. Asserts nothing.
//
// BENCH_DATABASE_URL=postgres://... runs on a throw-away database of that server instead of PGlite;
// BENCH_SCENARIO_FRIENDS sets the number of friends (default 100,000 on PostgreSQL, 20,000 on PGlite);
// BENCH_CPU_PROF=dir writes the API process's CPU profile there when it stops.
import { createHash } from 'node:crypto';
import os from 'node:os';
import { and, eq, sql } from 'drizzle-orm';
import { scenarioEnrolments, scenarioSends } from '../src/db/schema/index.ts';
import { queueScenarioTick } from '../src/modules/automation/index.ts';
import { startInProcessStack } from './support/in-process-stack.ts';
import { line, note, summary, type Run } from './support/report.ts';
import { freePort, startApi, type ServerProcess } from './support/server-process.ts';

const serverUrl = process.env.BENCH_DATABASE_URL;
const size = Number(process.env.BENCH_SCENARIO_FRIENDS ?? (serverUrl ? 100_000 : 20_000));
const appUrl = 'http://127.0.0.1:3997';
const TARGET_S = 60;
// On PostgreSQL the API runs as its own process; PGlite's database opens in one process at a time.
const apiInOwnProcess = serverUrl !== undefined;
const MiB = 1024 * 1024;
const load = () =>
  os
    .loadavg()
    .map((n) => n.toFixed(1))
    .join(' ');
const phase = (text: string, since: number) =>
  note(`${text} (${((performance.now() - since) / 1000).toFixed(1)} s)`);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

console.log(
  `Step delivery bench (${serverUrl ? 'PostgreSQL' : 'PGlite'}; LINE simulator in its own process; ${apiInOwnProcess ? 'API and its job runner in their own process (JOBS_IN_API=true)' : 'API and its job runner in this process, driven here (PGlite: one process at a time)'}; this process seeds and measures; ${os.cpus().length} cores; load ${load()}; ${new Date().toISOString()})`,
);
const booting = performance.now();
const stack = await startInProcessStack({ name: 'scenarios', appUrl, lineSim: 'own-process' });
const { app, db, api, simProcess, simCall } = stack;
await app.ready();
phase('database migrated, simulator process ready', booting);
const { clientId, cookie } = await stack.signInOwner();
const { channel, accountId } = await stack.connectAccount(cookie);
const base = `/client/api/v1/line-account/${accountId}`;

// The friends, written by the database itself (generate_series, one statement a batch); the simulator
// knows each as a LINE user (a push names a user LINE knows), with the same id made the same way, made in
// bulk through its console API.
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
  const users = [];
  for (let g = from; g <= to; g += 1) users.push({ userId: userIdOf(g), displayName: `お客 ${g}` });
  await simCall('POST', '/_sim/users/bulk', { users });
}
await db.execute(sql`analyze friends`);
phase(`${size.toLocaleString()} friends written`, seeding);

let server: ServerProcess | undefined;
if (apiInOwnProcess) {
  // The production start path: it migrates (nothing left to do), queues the recurring jobs (the
  // scheduler's chain of minutes among them) and runs the job runner.
  server = await startApi({
    ...stack.env,
    NODE_ENV: 'development',
    PORT: String(await freePort()),
    JOBS_IN_API: 'true',
    LOG_LEVEL: 'warn',
  });
  note(`API process started in ${server.startSeconds.toFixed(2)} s (JOBS_IN_API=true)`);
} else {
  // The scheduler's chain of minutes, as at start-up (src/jobs.ts): this minute's run, which queues the next.
  await queueScenarioTick(db, new Date(), { now: true });
  while ((await app.jobs.runDue(20)) > 0);
}

/** Resident memory of the API (its process, or this one), in MiB. */
const apiRss = () => (server ? server.rssMiB() : process.memoryUsage().rss / MiB);
const apiCpuMs = () => {
  if (server) return server.cpuMs();
  const usage = process.cpuUsage();
  return (usage.user + usage.system) / 1000;
};
const mib = (n: number) => `${n.toFixed(0)} MiB`;

type SentSummary = {
  calls: number;
  recipients: number;
  distinctRecipients: number;
  lastAt: string | null;
  kinds: Record<string, { calls: number; busiestSecond: number }>;
};
const limits: Record<string, number> = { multicast: 200, push: 2_000 };

/**
 * One step for every friend: a scenario (MANUAL, its one step at once), every friend enrolled with the step
 * due at the next whole minute (a set-based insert), then waited on (or, API in this process, its job runner
 * driven) until every enrolment has had its step and no send is left pending; the scenario is deleted
 * afterwards so that each run starts from the same tables.
 */
async function stepAtScale(title: string, text: string): Promise<Run> {
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
  const since = new Date().toISOString();
  while (Date.now() < dueAt.getTime()) {
    if (!server) await app.jobs.runDue(5);
    await sleep(50);
  }
  const rssBefore = { api: apiRss(), sim: simProcess.rssMiB() };
  const peak = { ...rssBefore };
  const cpuBefore = { api: apiCpuMs(), sim: simProcess.cpuMs() };
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
    // the API in this process: its job runner driven here; in its own: the database looked at each second
    const ran = server ? 0 : await app.jobs.runDue(5);
    peak.api = Math.max(peak.api, apiRss());
    peak.sim = Math.max(peak.sim, simProcess.rssMiB());
    if (performance.now() - shown > 10_000) {
      shown = performance.now();
      const now = await left();
      phase(`${title}: ${now.due.toLocaleString()} enrolments due, ${now.pending} sends pending`, started);
    }
    if (ran > 0) continue;
    const now = await left();
    if (now.due === 0 && now.pending === 0) break;
    await sleep(server ? 1000 : 20);
  }
  const rssAfter = { api: apiRss(), sim: simProcess.rssMiB() };
  const cpu = { api: apiCpuMs() - cpuBefore.api, sim: simProcess.cpuMs() - cpuBefore.sim };
  const sent = await simCall<SentSummary>(
    'GET',
    `/_sim/channels/${channel.channelId}/sent/summary?since=${encodeURIComponent(since)}`,
  );
  const seconds = sent.lastAt ? (Date.parse(sent.lastAt) - dueAt.getTime()) / 1000 : Number.NaN;
  const kinds = Object.entries(sent.kinds);
  const withinLimits = kinds.every(([kind, k]) => k.busiestSecond <= (limits[kind] ?? 0));
  const twice = sent.recipients - sent.distinctRecipients;
  const whole = sent.distinctRecipients === size && twice === 0 && withinLimits;
  const callsText = kinds
    .map(
      ([kind, k]) =>
        `${k.calls.toLocaleString()} ${kind} (${(k.calls / seconds).toFixed(0)}/s on average, busiest second ${k.busiestSecond.toLocaleString()}; LINE allows ${(limits[kind] ?? 0).toLocaleString()}/s)`,
    )
    .join(', ');
  await db.execute(sql`delete from scenarios where id = ${scenario.id}::int`);
  return {
    text: [
      `${seconds.toFixed(1)} s after the due time ${dueAt.toISOString().slice(11, 19)}${whole ? '' : ' [checks FAILED]'}`,
      `      ${callsText}; ${sent.distinctRecipients.toLocaleString()} friends addressed, ${twice.toLocaleString()} twice`,
      `      API ${server ? 'process' : '(this process)'}: CPU ${(cpu.api / 1000).toFixed(1)} s, rss ${mib(rssBefore.api)} -> ${mib(rssAfter.api)} (peak ${mib(peak.api)}); simulator process: CPU ${(cpu.sim / 1000).toFixed(1)} s, rss ${mib(rssBefore.sim)} -> ${mib(rssAfter.sim)} (peak ${mib(peak.sim)}, its record of every call)`,
    ].join('\n'),
    value: whole ? seconds : Number.POSITIVE_INFINITY,
  };
}

const target = {
  label: `every friend's step handed to LINE within ${TARGET_S} s of the due time, within LINE's limits, none twice`,
  atMost: TARGET_S,
};
await line(
  `Scenario step without a link (one message for all), ${size.toLocaleString()} friends`,
  () => stepAtScale('step without a link', 'ステップ配信ベンチ: 今月のお知らせ'),
  target,
);
await line(
  `Scenario step with a link (one push per friend), ${size.toLocaleString()} friends`,
  () =>
    stepAtScale('step with a link', 'ステップ配信ベンチ: ご予約はこちら https://bench.example.jp/reserve'),
  target,
);
summary();
await server?.stop();
await stack.close();
