// The API under bench runs as its own process, started the way production starts it (the bundled
// apps/api/dist/main.mjs under plain Node, jobs as configured), so the load generator
// (this process) and the server never share an event loop. Its CPU time and resident memory are read
// from /proc, which is what the CPU-per-request and memory lines report. The LINE simulator can run the
// same way (apps/line-sim/dist/main.mjs, as `npm start` runs it), standing for LINE outside the machine.
import { spawn, type ChildProcess } from 'node:child_process';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { bundleServer } from '../../../../scripts/bundle-servers.mjs';

const root = path.resolve(import.meta.dirname, '../../../..');
const ticksPerSecond = Number(execFileSync('getconf', ['CLK_TCK']).toString().trim()) || 100;

export type ServerProcess = {
  url: string;
  pid: number;
  /** Seconds from spawn to the "is running" banner. */
  startSeconds: number;
  /** User + system CPU time the process has used, in ms. */
  cpuMs: () => number;
  /** Resident memory, in MiB. */
  rssMiB: () => number;
  /**
   * Resident memory now and at its peak (VmHWM), and the part of it that is WebAssembly memory (PGlite's
   * postgres: shared buffers, work memory, caches), in MiB, read from /proc like the rest.
   */
  memory: () => { rssMiB: number; peakMiB: number; wasmMiB: number };
  alive: () => boolean;
  stop: () => Promise<void>;
};

/** A port free at the moment of asking (for a server process told its port). */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

/** Starts the bundled API with `env` (on top of PATH and HOME only) and waits for its banner. */
export async function startApi(env: Record<string, string>, timeoutMs = 120_000): Promise<ServerProcess> {
  return startBundled('api', env, 'is running:', `http://127.0.0.1:${env.PORT}`, timeoutMs);
}

/**
 * Starts the bundled LINE simulator on `port` (no saved state, no request log, no webhook redelivery
 * unless `env` says otherwise) and waits for its banner.
 */
export async function startLineSim(
  port: number,
  env: Record<string, string> = {},
  timeoutMs = 60_000,
): Promise<ServerProcess> {
  return startBundled(
    'line-sim',
    {
      LINE_SIM_PORT: String(port),
      LINE_SIM_STATE_FILE: 'none',
      LINE_SIM_LOG: '0',
      LINE_SIM_REDELIVERY_MS: '',
      ...env,
    },
    'LINE simulator listening on',
    `http://127.0.0.1:${port}`,
    timeoutMs,
  );
}

async function startBundled(
  app: 'api' | 'line-sim',
  env: Record<string, string>,
  banner: string,
  url: string,
  timeoutMs: number,
): Promise<ServerProcess> {
  const bundle = await bundleServer(root, app);
  const started = performance.now();
  // BENCH_CPU_PROF=dir writes the API's V8 CPU profile there when it stops (open it in Chrome's DevTools).
  const profile =
    app === 'api' && process.env.BENCH_CPU_PROF
      ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`]
      : [];
  // BENCH_API_NODE_ARGS="--flag --flag" adds Node options to the API's process (a diagnostic preload, say).
  const extra =
    app === 'api' && process.env.BENCH_API_NODE_ARGS ? process.env.BENCH_API_NODE_ARGS.split(/\s+/) : [];
  const child: ChildProcess = spawn(
    process.execPath,
    ['--enable-source-maps', ...profile, ...extra, bundle],
    {
      cwd: root,
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let output = '';
  const startSeconds = await new Promise<number>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`no banner within ${timeoutMs} ms:\n${output}`)),
      timeoutMs,
    );
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes(banner)) {
        clearTimeout(timer);
        resolve((performance.now() - started) / 1000);
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`${app} exited (${code}) before its banner:\n${output}`));
    });
  });
  // Keep reading its output (a full pipe would block the server); print what it says on stderr.
  child.stdout!.removeAllListeners('data');
  child.stdout!.resume();
  child.stderr!.on('data', (chunk: Buffer) => process.stderr.write(`  [${app}] ${chunk.toString()}`));
  const pid = child.pid!;
  const stat = () => fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  return {
    url,
    pid,
    startSeconds,
    cpuMs: () => {
      // fields after the command name (which may hold spaces): utime is the 14th field, stime the 15th
      const fields = stat()
        .slice(stat().lastIndexOf(')') + 2)
        .split(' ');
      return ((Number(fields[11]) + Number(fields[12])) / ticksPerSecond) * 1000;
    },
    rssMiB: () => {
      const match = /VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
      return match ? Number(match[1]) / 1024 : Number.NaN;
    },
    memory: () => {
      const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
      const kib = (field: string) => Number(new RegExp(`${field}:\\s+(\\d+) kB`).exec(status)?.[1] ?? NaN);
      return {
        rssMiB: kib('VmRSS') / 1024,
        peakMiB: kib('VmHWM') / 1024,
        wasmMiB: wasmResidentKiB(pid) / 1024,
      };
    },
    alive: () => child.exitCode === null && child.signalCode === null,
    stop: async () => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((resolve) => child.on('exit', resolve));
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 20_000);
      await exited;
      clearTimeout(timer);
    },
  };
}

/**
 * Resident KiB of the process's WebAssembly memories. V8 reserves each one with a guard region of several
 * GiB: an anonymous read-write mapping (the pages the module may use) directly followed by an inaccessible
 * one, which nothing else in a Node process looks like.
 */
function wasmResidentKiB(pid: number): number {
  const maps: { start: bigint; end: bigint; perm: string; rssKiB: number }[] = [];
  for (const text of fs.readFileSync(`/proc/${pid}/smaps`, 'utf8').split('\n')) {
    const mapping = /^([0-9a-f]+)-([0-9a-f]+) (\S+)/.exec(text);
    if (mapping)
      maps.push({
        start: BigInt(`0x${mapping[1]}`),
        end: BigInt(`0x${mapping[2]}`),
        perm: mapping[3]!,
        rssKiB: 0,
      });
    const rss = /^Rss:\s+(\d+) kB/.exec(text);
    if (rss && maps.length > 0) maps[maps.length - 1]!.rssKiB = Number(rss[1]);
  }
  const guard = 4n * 1024n ** 3n;
  let total = 0;
  for (let i = 0; i + 1 < maps.length; i++) {
    const [memory, next] = [maps[i]!, maps[i + 1]!];
    if (
      memory.perm.startsWith('rw') &&
      next.perm === '---p' &&
      memory.end === next.start &&
      next.end - next.start >= guard
    )
      total += memory.rssKiB;
  }
  return total;
}
