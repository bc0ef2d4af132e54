// How the API bench prints: every line run at least twice, the better and the worse run side by side, the
// machine's load average beside them, and the line's target with "met" or "missed" (judged on the better
// run: the worse shows how much the machine's noise moves the figure). Nothing here asserts.
import os from 'node:os';

/**
 * One measured run of a line: its figures as text, and the number its target is judged on (and the better
 * of two runs chosen by: a rate is better higher, a latency or a cost lower).
 */
export type Run = { text: string; value: number; higherIsBetter?: boolean };

/** A target: `atMost` or `atLeast` a value of the run (in the line's unit). */
export type Target = { label: string; atMost?: number; atLeast?: number };

const verdicts: { line: string; target: string; best: string; met: boolean }[] = [];

const load = () => os.loadavg()[0]!.toFixed(2);

/**
 * `BENCH_ONLY=webhook,shift` runs only the lines whose title contains one of the words (case-insensitive);
 * unset, every line runs. Words are split at semicolons instead when the value holds one, so that a word
 * may hold a number's commas (`BENCH_ONLY="over 1,000,000;of 1,000,000"`). The bench's files and its costly
 * set-ups (a restart, the 1,000,000 friends) ask `wanted` too, so a filtered run spends its time on the
 * lines asked for.
 */
const onlyText = process.env.BENCH_ONLY ?? '';
const only = onlyText
  .split(onlyText.includes(';') ? ';' : ',')
  .map((w) => w.trim().toLowerCase())
  .filter(Boolean);
export const wanted = (title: string): boolean =>
  only.length === 0 || only.some((w) => title.toLowerCase().includes(w));
const skipped: Run = { text: 'skipped (BENCH_ONLY)', value: Number.NaN };

const meets = (target: Target, value: number) =>
  (target.atMost === undefined || value <= target.atMost) &&
  (target.atLeast === undefined || value >= target.atLeast);

/** Better of two runs: higher for an atLeast target or a rate, lower otherwise. */
const better = (target: Target | undefined, a: Run, b: Run) =>
  target?.atLeast !== undefined || (target === undefined && a.higherIsBetter)
    ? a.value >= b.value
      ? a
      : b
    : a.value <= b.value
      ? a
      : b;

/**
 * Runs `measure` `times` times (at least twice) and prints the line: the better run, the worse one, the
 * one-minute load average after each, and the target's verdict. Answers the better run.
 */
export async function line(
  title: string,
  measure: () => Promise<Run>,
  target?: Target,
  times = 2,
): Promise<Run> {
  if (!wanted(title)) return skipped;
  const runs: { run: Run; load: string }[] = [];
  for (let i = 0; i < Math.max(2, times); i++) {
    try {
      const run = await measure();
      runs.push({ run, load: load() });
    } catch (error) {
      runs.push({ run: { text: `failed: ${(error as Error).message}`, value: Number.NaN }, load: load() });
    }
  }
  const ok = runs.filter((r) => !Number.isNaN(r.run.value));
  const best = ok.reduce<(typeof runs)[number] | undefined>(
    (a, r) => (!a ? r : better(target, a.run, r.run) === a.run ? a : r),
    undefined,
  );
  const worst = runs.find((r) => r !== best) ?? runs[0]!;
  const verdict = target
    ? best && meets(target, best.run.value)
      ? `  [${target.label}: met]`
      : `  [${target.label}: MISSED]`
    : '';
  console.log(`${title}${verdict}`);
  console.log(`    better: ${best ? best.run.text : 'none'}   (load ${best?.load ?? '-'})`);
  console.log(`    worse:  ${worst.run.text}   (load ${worst.load})`);
  if (target) {
    verdicts.push({
      line: title,
      target: target.label,
      best: best ? best.run.text : 'failed',
      met: !!best && meets(target, best.run.value),
    });
  }
  return best?.run ?? { text: 'failed', value: Number.NaN };
}

/** A figure computed from other lines (a ratio), judged against its target once. */
export function derived(title: string, value: number, text: string, target: Target): void {
  if (Number.isNaN(value)) return; // one of its lines was not run (BENCH_ONLY)
  const met = meets(target, value);
  console.log(`${title}  ${text}  [${target.label}: ${met ? 'met' : 'MISSED'}]   (load ${load()})`);
  verdicts.push({ line: title, target: target.label, best: text, met });
}

/** A line printed once, with no target (a size, a count, a check). */
export function note(text: string): void {
  console.log(`  ${text}`);
}

/** The closing summary: every target, met or missed. */
export function summary(): void {
  const missed = verdicts.filter((v) => !v.met);
  console.log('');
  if (only.length)
    console.log(
      `(BENCH_ONLY=${only.join(onlyText.includes(';') ? ';' : ',')}: only the lines with these words ran)`,
    );
  console.log(`Targets: ${verdicts.length - missed.length} met, ${missed.length} missed`);
  for (const v of verdicts) console.log(`  ${v.met ? 'met    ' : 'MISSED '} ${v.line}: ${v.target}`);
}

const at = (sorted: number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;

/** p50 / p95 / p99 / max of a list of latencies in ms. */
export function percentilesOf(latencies: number[]) {
  const sorted = [...latencies].sort((x, y) => x - y);
  return {
    p50: at(sorted, 0.5),
    p95: at(sorted, 0.95),
    p99: at(sorted, 0.99),
    max: sorted[sorted.length - 1] ?? Number.NaN,
  };
}

export const ms = (x: number) => `${x.toFixed(1)} ms`;
