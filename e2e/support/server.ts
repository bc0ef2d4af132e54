import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '../..');

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

export type RunningServer = {
  url: string;
  /** The LINE simulator beside it (user page at /, console API at /_sim). */
  lineSimUrl: string;
  /** The payments simulator beside it (Stripe's API at /v1, console API at /_sim). */
  paySimUrl: string;
  output: () => string;
  stop: () => Promise<void>;
};

/** One of the servers, from the bundle `npm start` runs (made by the global set-up). */
function spawnServer(
  app: 'api' | 'line-sim' | 'pay-sim',
  env: Record<string, string>,
  onOutput: (text: string) => void,
): ChildProcess {
  const bundle = path.join(root, 'apps', app, 'dist', 'main.mjs');
  const child = spawn(process.execPath, ['--enable-source-maps', bundle], {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (d: Buffer) => onOutput(d.toString()));
  child.stderr?.on('data', (d: Buffer) => onOutput(d.toString()));
  return child;
}

async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  child.kill('SIGTERM');
  await new Promise((r) => child.once('exit', r));
}

/**
 * Starts the API exactly as `npm start` does (main.ts: migrate, seed, serve the built web app), on a free port
 * with a fresh embedded database in a temporary folder.
 */
export async function startServer(env: Record<string, string> = {}): Promise<RunningServer> {
  const port = await freePort();
  const simPort = await freePort();
  const payPort = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'e2e-data-'));
  let output = '';
  const collect = (text: string) => void (output += text);
  // As `npm start` does: the LINE simulator beside the API, which talks to it on LINE_SIM_PORT.
  const sim = spawnServer(
    'line-sim',
    { LINE_SIM_PORT: String(simPort), LINE_SIM_LOG: '0', DATA_DIR: dataDir },
    collect,
  );
  // As `npm start` does without Stripe keys: the payments simulator, its webhooks to the API.
  const pay = spawnServer(
    'pay-sim',
    {
      PAY_SIM_PORT: String(payPort),
      PAY_SIM_WEBHOOK_URL: `http://127.0.0.1:${port}/payment/webhook/stripe`,
      DATA_DIR: dataDir,
    },
    collect,
  );
  const api = spawnServer(
    'api',
    {
      NODE_ENV: 'development',
      PORT: String(port),
      LINE_SIM_PORT: String(simPort),
      PAY_SIM_PORT: String(payPort),
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      // As scripts/start.mjs does for the local demo: the mailbox on, for MASTER users only.
      DEV_MAILBOX: 'true',
      ...env,
    },
    collect,
  );
  const url = `http://localhost:${port}`;
  const stop = async () => {
    await Promise.all([stopChild(api), stopChild(sim), stopChild(pay)]);
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  // E2E_START_TIMEOUT_MS: more time on a machine shared by several engineers (the demo seed is slow there)
  const deadline = Date.now() + (Number(process.env.E2E_START_TIMEOUT_MS) || 60_000);
  while (
    !output.includes('is running') ||
    !output.includes('LINE simulator listening') ||
    !output.includes('Payments simulator listening')
  ) {
    const exited = [sim, pay, api].find((child) => child.exitCode !== null);
    const failure = exited
      ? `a server exited ${exited.exitCode}`
      : Date.now() > deadline
        ? 'servers did not start'
        : null;
    if (failure) {
      // the others stop too: a start that fails leaves no server behind
      await stop();
      throw new Error(`${failure}:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    url,
    lineSimUrl: `http://127.0.0.1:${simPort}`,
    paySimUrl: `http://127.0.0.1:${payPort}`,
    output: () => output,
    stop,
  };
}
