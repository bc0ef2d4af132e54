// The load the bench sends, from its own process: throughput (autocannon, a closed loop of connections),
// latency one request at a time, and a steady open-loop rate whose latencies count from each request's
// scheduled send time (so a late sender or a queue in front of the server counts against the server, as a
// LINE user would see it, instead of being hidden by the loop waiting for answers).
import { Agent, request as httpRequest } from 'node:http';
import autocannon from 'autocannon';
import { ms, percentilesOf, type Run } from './report.ts';

/** req/s of `options` for `seconds` at `connections` at a time (autocannon). */
export async function throughput(
  options: autocannon.Options & { seconds?: number },
): Promise<Run & { result: autocannon.Result }> {
  const result = await autocannon({ connections: 10, duration: options.seconds ?? 5, ...options });
  const rate = result.requests.average;
  return {
    text: `${Math.round(rate)} req/s   p50 ${result.latency.p50} ms   p99 ${result.latency.p99} ms   non-2xx ${result.non2xx}   errors ${result.errors}`,
    value: rate,
    higherIsBetter: true,
    result,
  };
}

/**
 * `total` requests one at a time (p50 / p95 / p99: what a p95 target applies to), after ten not counted;
 * then `total` more, `concurrency` at a time, for req/s. The run's value is its p95.
 */
export async function oneAtATime(
  request: () => Promise<Response>,
  total = 300,
  concurrency = 10,
): Promise<Run & { p99: number }> {
  let failed = 0;
  const send = async () => {
    const response = await request();
    await response.arrayBuffer();
    if (!response.ok) failed++;
  };
  for (let i = 0; i < 10; i++) await send();
  const times: number[] = [];
  for (let i = 0; i < total; i++) {
    const t0 = performance.now();
    await send();
    times.push(performance.now() - t0);
  }
  const { p50, p95, p99 } = percentilesOf(times);
  let next = 0;
  const t0 = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next++ < total) await send();
    }),
  );
  const rate = total / ((performance.now() - t0) / 1000);
  return {
    text: `p50 ${ms(p50)}   p95 ${ms(p95)}   p99 ${ms(p99)}   ${Math.round(rate)} req/s at ${concurrency} at a time   non-2xx ${failed}`,
    value: p95,
    p99,
  };
}

export type SteadyResult = {
  sent: number;
  ok: number;
  failed: number;
  /** Calls answered per second over the whole run (sending and the last answer). */
  callsPerSecond: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
  /** How late, at worst, the sender fired a request after its scheduled time (the sender's own noise). */
  senderLagMs: number;
};

/**
 * Sends (POST, or `options.method`) `requests` at a steady `perSecond` (request i is due at start + i / perSecond, fired by a 1 ms
 * scheduler that sends every request already due), over keep-alive connections; each latency runs from
 * the request's scheduled time to the end of its answer. Bodies and headers are made before the clock
 * starts, so the sender does no work but sending.
 */
export async function steadyRate(
  url: string,
  requests: { body: string; headers: Record<string, string> }[],
  perSecond: number,
  options: { method?: 'GET' | 'POST'; okStatuses?: (status: number) => boolean } = {},
): Promise<SteadyResult> {
  const method = options.method ?? 'POST';
  const isOk = options.okStatuses ?? ((status: number) => status >= 200 && status < 300);
  const target = new URL(url);
  const agent = new Agent({ keepAlive: true, maxSockets: 256 });
  const latencies: number[] = [];
  let ok = 0;
  let failed = 0;
  let senderLagMs = 0;
  const interval = 1000 / perSecond;
  const answers: Promise<void>[] = [];
  const send = (i: number, due: number) =>
    new Promise<void>((resolve) => {
      const { body, headers } = requests[i]!;
      const req = httpRequest(
        {
          agent,
          host: target.hostname,
          port: target.port,
          path: target.pathname + target.search,
          method,
          headers: { ...headers, 'content-length': Buffer.byteLength(body) },
        },
        (res) => {
          res.resume();
          res.on('end', () => {
            latencies.push(performance.now() - due);
            if (isOk(res.statusCode!)) ok++;
            else failed++;
            resolve();
          });
        },
      );
      req.on('error', () => {
        latencies.push(performance.now() - due);
        failed++;
        resolve();
      });
      req.end(body);
    });
  const start = performance.now() + 5;
  let next = 0;
  await new Promise<void>((done) => {
    const tick = () => {
      const now = performance.now();
      while (next < requests.length && start + next * interval <= now) {
        const due = start + next * interval;
        senderLagMs = Math.max(senderLagMs, now - due);
        answers.push(send(next, due));
        next++;
      }
      if (next < requests.length) setTimeout(tick, 1);
      else done();
    };
    setTimeout(tick, 1);
  });
  await Promise.all(answers);
  const seconds = (performance.now() - start) / 1000;
  agent.destroy();
  return {
    sent: requests.length,
    ok,
    failed,
    callsPerSecond: requests.length / seconds,
    ...percentilesOf(latencies),
    senderLagMs,
  };
}

export const steadyText = (r: SteadyResult) =>
  `${Math.round(r.callsPerSecond)} calls/s   p50 ${ms(r.p50)}   p95 ${ms(r.p95)}   p99 ${ms(r.p99)}   max ${ms(r.max)}   ${r.ok} ok, ${r.failed} failed   (sender at most ${ms(r.senderLagMs)} late)`;
