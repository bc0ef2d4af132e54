// `npm start`: build the web app and bundle the servers when their sources changed, then run the API
// (which migrates, seeds the demo data once and serves the web app) on one port, with the LINE and
// payments simulators beside it unless real LINE and Stripe are configured.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { bundleServer } from './bundle-servers.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const builtIndex = path.join(root, 'apps/web/dist/index.html');

function newestMtime(p) {
  if (!fs.existsSync(p)) return 0;
  const stat = fs.statSync(p);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of fs.readdirSync(p)) newest = Math.max(newest, newestMtime(path.join(p, entry)));
  return newest;
}

const sources = [
  'apps/web/src',
  'apps/web/public',
  'apps/web/index.html',
  'apps/web/vite.config.ts',
  'packages/contracts/src',
];
const builtAt = fs.existsSync(builtIndex) ? fs.statSync(builtIndex).mtimeMs : 0;
if (sources.some((s) => newestMtime(path.join(root, s)) > builtAt)) {
  console.log('Building the web app...');
  const build = spawnSync('npm', ['run', 'build', '-w', '@app/web'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

// The .env main.ts reads, loaded here first so the demo default below respects it.
const envFile = path.join(root, '.env');
if (fs.existsSync(envFile)) process.loadEnvFile(envFile);
// The local demo keeps its mail on the development mailbox (MASTER login only): enabled explicitly here,
// never in production; DEV_MAILBOX=false turns it off.
if (process.env.DEV_MAILBOX === undefined && process.env.NODE_ENV !== 'production') {
  process.env.DEV_MAILBOX = 'true';
}

const children = [];
async function run(name, app) {
  const bundle = await bundleServer(root, app);
  const child = spawn(process.execPath, ['--enable-source-maps', bundle], {
    cwd: root,
    stdio: 'inherit',
    env: process.env,
  });
  child.on('exit', (code, signal) => {
    if (!stopping) {
      console.error(`${name} stopped (${signal ?? code}); stopping everything.`);
      stop(code ?? 1);
    }
  });
  children.push(child);
  return child;
}

let stopping = false;
function stop(code = 0) {
  if (stopping) return;
  stopping = true;
  for (const child of children) child.kill('SIGTERM');
  setTimeout(() => process.exit(code), 200).unref();
  Promise.all(
    children.map((c) => new Promise((resolve) => (c.exitCode !== null ? resolve() : c.on('exit', resolve)))),
  ).then(() => process.exit(code));
}
process.on('SIGINT', () => stop(0));
process.on('SIGTERM', () => stop(0));

// Production never starts a simulator (the API refuses to start there without real LINE and Stripe).
const production = process.env.NODE_ENV === 'production';
// Without LINE configuration the product talks to the local LINE simulator, started here beside it (its
// request log, one JSON line per call, would bury the banner: LINE_SIM_LOG=1 turns it on).
if (
  !production &&
  !process.env.LINE_API_BASE_URL &&
  fs.existsSync(path.join(root, 'apps/line-sim/src/main.ts'))
) {
  process.env.LINE_SIM_LOG ??= '0';
  await run('line-sim', 'line-sim');
}
// Without Stripe keys the product talks to the local payments simulator (apps/pay-sim) on PORT + 2.
if (
  !production &&
  !process.env.STRIPE_SECRET_KEY &&
  fs.existsSync(path.join(root, 'apps/pay-sim/src/main.ts'))
) {
  await run('pay-sim', 'pay-sim');
}
await run('api', 'api');
