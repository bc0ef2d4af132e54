// `npm run bench`: runs the benchmarks under tsx and prints their figures.
import { spawnSync } from 'node:child_process';

const result = spawnSync(process.execPath, ['--import', 'tsx', 'apps/api/bench/api.bench.ts'], {
  stdio: 'inherit',
});
process.exit(result.status ?? 1);
