// `npm run bench`: runs the benchmarks under tsx and prints their figures.
import { spawnSync } from 'node:child_process';

for (const file of [
  'apps/api/bench/auto-draft.bench.ts',
  'apps/api/bench/api.bench.ts',
  'apps/api/bench/deliveries.bench.ts',
]) {
  const result = spawnSync(process.execPath, ['--import', 'tsx', file], { stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
