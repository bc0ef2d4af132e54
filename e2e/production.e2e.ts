// Production through the real start path: `node scripts/start.mjs` (what `npm start` runs) with
// NODE_ENV=production. A missing setting stops the start with its message; with every setting, on
// PostgreSQL, the product starts with no demo, no simulator and no mailbox, refuses the simulator's
// Stripe signature, and `npm run create-master` makes the first MASTER user (decision 0022).
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { createHmac, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '..');
const serverUrl = process.env.TEST_DATABASE_URL;
const appUrl = 'https://admin.example.test';

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

const isOpen = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });

/** `node scripts/start.mjs` with only `env` (and PATH, HOME): no .env of the developer's leaks in. */
function start(env: Record<string, string>): {
  child: ChildProcess;
  output: () => string;
  exited: Promise<number>;
} {
  const child = spawn(process.execPath, ['scripts/start.mjs'], {
    cwd: root,
    detached: true,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr.on('data', (d: Buffer) => (output += d.toString()));
  const exited = new Promise<number>((resolve) => child.on('exit', (code) => resolve(code ?? 1)));
  return { child, output: () => output, exited };
}

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'e2e-production-'));
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

describe('npm start with NODE_ENV=production', () => {
  it('refuses to start without its settings, naming each, and starts no simulator', async () => {
    const port = await freePort();
    const { output, exited } = start({
      NODE_ENV: 'production',
      PORT: String(port),
      DATA_DIR: dataDir,
      SEED_DEMO: 'true',
    });
    expect(await exited).not.toBe(0);
    const text = output();
    expect(text).toContain('Refusing to start with NODE_ENV=production');
    for (const name of [
      'DATABASE_URL',
      'APP_URL',
      'ENCRYPTION_KEY',
      'LINE_API_BASE_URL',
      'STRIPE_SECRET_KEY',
      'SMTP_URL',
    ])
      expect(text).toContain(`${name}: required in production`);
    expect(text).toContain('SEED_DEMO: the demo');
    expect(text).not.toContain('is running:');
    expect(text).not.toMatch(/simulator listening/i);
    expect(await isOpen(port + 1)).toBe(false);
    expect(await isOpen(port + 2)).toBe(false);
  });
});

// The rest needs a PostgreSQL server (production runs on one): CI sets TEST_DATABASE_URL.
if (!serverUrl) console.log('production.e2e: the PostgreSQL start is skipped (TEST_DATABASE_URL is not set)');
describe.skipIf(!serverUrl)('npm start with NODE_ENV=production on PostgreSQL', () => {
  const database = `e2e_production_${randomBytes(4).toString('hex')}`;
  let databaseUrl = '';
  let port = 0;
  let server: ReturnType<typeof start> | undefined;
  const webhookSecret = `whsec_${randomBytes(16).toString('hex')}`;
  const encryptionKey = randomBytes(32).toString('base64');
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    await client.query(statement);
    await client.end();
  };
  const env = () => ({
    NODE_ENV: 'production',
    PORT: String(port),
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl,
    APP_URL: appUrl,
    ENCRYPTION_KEY: encryptionKey,
    LINE_API_BASE_URL: 'https://api.line.me',
    STRIPE_SECRET_KEY: 'sk_test_e2e_production',
    STRIPE_PUBLISHABLE_KEY: 'pk_test_e2e_production',
    STRIPE_WEBHOOK_SECRET: webhookSecret,
    SMTP_URL: 'smtp://127.0.0.1:9',
    LOG_LEVEL: 'warn',
  });

  beforeAll(async () => {
    await admin(`create database ${database}`);
    const url = new URL(serverUrl!);
    url.pathname = `/${database}`;
    databaseUrl = url.toString();
    port = await freePort();
    server = start(env());
    const deadline = Date.now() + 90_000;
    while (!server.output().includes('is running:')) {
      if (Date.now() > deadline || server.child.exitCode !== null)
        throw new Error(`no banner:\n${server.output()}`);
      await new Promise((r) => setTimeout(r, 200));
    }
  });
  afterAll(async () => {
    if (server?.child.pid && server.child.exitCode === null) process.kill(-server.child.pid, 'SIGTERM');
    await server?.exited;
    await admin(`drop database if exists ${database} with (force)`);
  });

  const api = (method: string, url: string, body?: unknown, headers: Record<string, string> = {}) =>
    fetch(`http://127.0.0.1:${port}${url}`, {
      method,
      headers: { origin: appUrl, ...(body ? { 'content-type': 'application/json' } : {}), ...headers },
      ...(body ? { body: typeof body === 'string' ? body : JSON.stringify(body) } : {}),
    });

  it('starts with no demo, no simulator and no mailbox', async () => {
    const text = server!.output();
    expect(text).toContain(`is running: ${appUrl}`);
    expect(text).not.toContain('Demo logins');
    expect(text).not.toMatch(/simulator|Mailbox/i);
    expect(text).toMatch(/API documentation/);
    expect(await isOpen(port + 1)).toBe(false);
    expect(await isOpen(port + 2)).toBe(false);
    for (const email of ['master@demo.example', 'owner@demo.example']) {
      const login = await api('POST', '/auth/api/v1/session/login', { email, password: 'Demo-pass1' });
      expect(login.status).toBe(401);
    }
    expect((await api('GET', '/dev/api/v1/mails')).status).toBe(404);
  });

  it("refuses a Stripe webhook signed with the payments simulator's published secret", async () => {
    const payload = JSON.stringify({
      id: 'evt_forged',
      object: 'event',
      type: 'invoice.paid',
      data: { object: {} },
    });
    const sign = (secret: string) => {
      const t = Math.floor(Date.now() / 1000);
      return `t=${t},v1=${createHmac('sha256', secret).update(`${t}.${payload}`).digest('hex')}`;
    };
    const forged = await api('POST', '/payment/webhook/stripe', payload, {
      'stripe-signature': sign('whsec_paysim_local_development_only'),
    });
    expect(forged.status).toBe(400);
  });

  it('creates the first MASTER user with npm run create-master, which then logs in', async () => {
    const result = spawnSync('npm', ['run', 'create-master', '--', '--email', 'ops@example.test'], {
      cwd: root,
      env: { ...env(), PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '' },
      encoding: 'utf8',
    });
    expect(result.status).toBe(0);
    const link = /(https:\S+\/password\/reset\/confirm\?token=\S+)/.exec(result.stdout)?.[1];
    expect(link).toBeDefined();
    const token = new URL(link!).searchParams.get('token')!;
    const set = await api('POST', '/auth/api/v1/session/password/confirm', {
      token,
      password: 'Operator-pass1',
    });
    expect(set.status).toBe(200);
    const login = await api('POST', '/auth/api/v1/session/login', {
      email: 'ops@example.test',
      password: 'Operator-pass1',
    });
    expect(login.status).toBe(200);
    expect(await login.json()).toMatchObject({ role: 'MASTER' });
  });
});
