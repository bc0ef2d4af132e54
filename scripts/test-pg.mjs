// Runs the API test suite again on PostgreSQL when TEST_DATABASE_URL is set (CI sets it).
import { spawnSync } from 'node:child_process';

if (!process.env.TEST_DATABASE_URL) {
  console.log('test:pg skipped: TEST_DATABASE_URL is not set (the API suite ran on PGlite).');
  process.exit(0);
}
const url = new URL(process.env.TEST_DATABASE_URL);
console.log(`test:pg: API suite on PostgreSQL at ${url.host}${url.pathname}`);
const result = spawnSync('npx', ['vitest', 'run', '--project', 'api'], {
  stdio: 'inherit',
  env: process.env,
});
process.exit(result.status ?? 1);
