// `npm run bench`: runs the benchmarks under tsx and prints their figures.
// BENCH_ONLY=word,word (case-insensitive) runs only what those words name: the auto-draft bench for
// "draft", the delivery bench for "deliver", the keyword reply bench for "keyword", the rich menu per tag bench for
// "menurule", the step delivery bench for "scenario", and the API bench's lines whose titles hold a word (see its
// header and the README's "Reading the bench"); unset, everything runs.
import { spawnSync } from 'node:child_process';

// (words split at semicolons instead when the value holds one: a word may then hold a number's commas)
const onlyText = process.env.BENCH_ONLY ?? '';
const only = onlyText
  .split(onlyText.includes(';') ? ';' : ',')
  .map((w) => w.trim().toLowerCase())
  .filter(Boolean);
const benches = [
  { file: 'apps/api/bench/auto-draft.bench.ts', words: ['draft'] },
  { file: 'apps/api/bench/api.bench.ts', words: undefined },
  { file: 'apps/api/bench/deliveries.bench.ts', words: ['deliver'] },
  { file: 'apps/api/bench/keyword-replies.bench.ts', words: ['keyword'] },
  { file: 'apps/api/bench/rich-menus.bench.ts', words: ['menurule'] },
  { file: 'apps/api/bench/scenarios.bench.ts', words: ['scenario'] },
];
const named = (words) => only.some((w) => words.some((x) => w.includes(x)));
const own = benches.flatMap((b) => b.words ?? []);
for (const { file, words } of benches) {
  // the API bench takes every word the other two do not claim
  const runs =
    only.length === 0 || (words ? named(words) : only.some((w) => !own.some((x) => w.includes(x))));
  if (!runs) continue;
  const result = spawnSync(process.execPath, ['--import', 'tsx', file], { stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
