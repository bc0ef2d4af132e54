// The automatic draft off the event loop: a pool of one worker thread (draft-worker.ts) runs draftShifts,
// one job at a time, so the API keeps answering while a month of a large store solves. The time budget
// is the pool's to keep: at the budget it answers the best answer the worker posted so far (the greedy's at
// least) and lets the worker finish its job, warm for the next one; only a worker still busy past a grace
// is stopped (terminate, HiGHS included) and a fresh one started (docs/decisions/0042, 0026). The worker
// posts the greedy without its spread pass first, cut short at the worker's own budget if not done by then
// (solve's deadline: what is placed so far, every rule kept), so that on a loaded machine the pool has an
// answer about the budget; only when the worker gets so little of a core that even the cut answer's report
// comes after the budget does the pool wait for it (no longer for the whole greedy), rather than make one
// again on the API's thread, which would hold every other request.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { defaultBudgetMs, type Drafted } from './solver-exact.ts';
import type { SolverInput } from './solver-types.ts';
import { solve } from './solver.ts';

/**
 * What goes between the threads. Input and answers travel as JSON text: a string is copied in one piece,
 * where a structured clone of a month's answer walks thousands of objects on the API's thread; and an
 * answer the pool does not use (a `best` overtaken by a later one) is never parsed there.
 */
export type DraftJob = { id: number; input: string; budgetMs: number };
export type DraftReply =
  | { id: number; kind: 'started' }
  | { id: number; kind: 'best' | 'done'; result: string }
  | { id: number; kind: 'error'; message: string };

/**
 * Where the worker's code is. From the production bundle (scripts/bundle-servers.mjs), its own bundle
 * beside main.mjs: `import.meta.dirname` is the bundle's folder there (the bundle rewrites
 * `import.meta.url` only). From the sources (tsx, vitest), a worker thread on Node 20 does not get tsx's
 * loader, so draft-worker.ts is bundled the same way once (esbuild, a development dependency) into a cache
 * folder under apps/api/node_modules, named by its content, where its packages resolve as usual.
 */
let entry: Promise<string> | null = null;
async function workerEntry(): Promise<string> {
  const bundled = path.join(import.meta.dirname, 'draft-worker.mjs');
  if (fs.existsSync(bundled)) return bundled;
  const { build } = await import('esbuild');
  const output = await build({
    entryPoints: [path.join(import.meta.dirname, 'draft-worker.ts')],
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: `node${process.versions.node.split('.')[0]}`,
    sourcemap: 'inline',
    write: false,
    logLevel: 'warning',
    plugins: [
      {
        name: 'packages-outside',
        setup(b) {
          b.onResolve({ filter: /^[^./]/ }, (args) =>
            args.path.startsWith('@app/') ? undefined : { path: args.path, external: true },
          );
        },
      },
    ],
  });
  const code = output.outputFiles[0]!.contents;
  const dir = path.resolve(import.meta.dirname, '../../../../node_modules/.cache/draft-worker');
  const file = path.join(
    dir,
    `draft-worker-${createHash('sha256').update(code).digest('hex').slice(0, 16)}.mjs`,
  );
  if (!fs.existsSync(file)) {
    await fs.promises.mkdir(dir, { recursive: true });
    const partial = `${file}.${process.pid}.tmp`;
    await fs.promises.writeFile(partial, code);
    await fs.promises.rename(partial, file);
  }
  return file;
}

/** A job in the worker: its answer, and when the worker is free for the next one. */
type Running = { answer: Promise<Drafted>; free: Promise<void> };

class DraftPool {
  private worker: Promise<Worker> | null = null;
  private current: Worker | null = null;
  private queue: Promise<unknown> = Promise.resolve();
  private nextId = 1;
  /** Workers started so far (the tests' view of whether a budget stop kept the worker). */
  starts = 0;

  /**
   * Drafts in the worker, after the jobs before it (and after the worker has finished the last one, which
   * it may still be doing past its budget); the budget counts from the job's start there. `graceMs`: how
   * long after the budget the worker may go on finishing its job before it is stopped and replaced.
   */
  run(input: SolverInput, budgetMs: number, graceMs = defaultGraceMs(budgetMs)): Promise<Drafted> {
    const job = this.queue.then(() => this.start(input, budgetMs, graceMs));
    this.queue = job.then(
      (running) => running.free,
      () => undefined,
    );
    return job.then((running) => running.answer);
  }

  /** Resolves once the worker is free: every job queued so far answered and finished (or its worker replaced). */
  idle(): Promise<void> {
    return this.queue.then(() => undefined);
  }

  /** The worker, started when there is none (a failed start is tried again by the next job). */
  private ready(): Promise<Worker> {
    this.worker ??= this.spawn().catch((error: unknown) => {
      this.worker = null;
      throw error;
    });
    return this.worker;
  }

  private async spawn(): Promise<Worker> {
    const worker = new Worker(await (entry ??= workerEntry()));
    this.starts++;
    // an idle worker does not keep the process alive; a busy one does (ref() while a job runs)
    worker.unref();
    const forget = () => {
      if (this.current === worker) this.worker = this.current = null;
    };
    worker.on('error', forget);
    worker.on('exit', forget);
    this.current = worker;
    return worker;
  }

  private async start(input: SolverInput, budgetMs: number, graceMs: number): Promise<Running> {
    const worker = await this.ready();
    const id = this.nextId++;
    let free!: () => void;
    const freed = new Promise<void>((resolve) => (free = resolve));
    const answer = new Promise<Drafted>((resolve, reject) => {
      let best: string | null = null;
      let late = false;
      let answered = false;
      let ended = false;
      let timer: NodeJS.Timeout | undefined;
      let grace: NodeJS.Timeout | undefined;
      const answer = (result: string | Error) => {
        if (answered) return;
        answered = true;
        clearTimeout(timer);
        if (result instanceof Error) reject(result);
        else resolve(JSON.parse(result) as Drafted);
      };
      /** The job is over in the worker (done, failed, or the worker stopped): free for the next one. */
      const over = () => {
        ended = true;
        clearTimeout(timer);
        clearTimeout(grace);
        worker.off('message', onMessage);
        worker.off('error', onError);
        worker.off('exit', onExit);
        worker.unref();
        free();
      };
      /**
       * At the budget: the best answer so far is the call's. The worker goes on to the end of its job (its
       * own budget ends before the pool's, so little is left: a re-check), and stays, warm, for the next
       * job; only past the grace is it stopped (terminate, HiGHS included) and a fresh one started.
       */
      const stop = (result: string) => {
        answer(result);
        const replace = () => {
          if (this.current === worker) this.current = null;
          void worker.terminate();
          // the next job finds a fresh worker started (and HiGHS loaded) meanwhile
          this.worker = null;
          this.ready().catch(() => undefined);
          over();
        };
        // past the grace, after the messages already come in (the API's thread may have been busy when the
        // grace ended, with the worker's `done` waiting): only a worker still at work is replaced
        if (graceMs <= 0) replace();
        else grace = setTimeout(() => setImmediate(() => ended || replace()), graceMs);
      };
      const onMessage = (reply: DraftReply) => {
        if (reply.id !== id) return;
        if (reply.kind === 'started') {
          timer = setTimeout(() => {
            late = true;
            if (best) stop(best);
          }, budgetMs);
        } else if (reply.kind === 'best') {
          best = reply.result;
          if (late && !answered) stop(best);
        } else if (reply.kind === 'done') {
          answer(reply.result);
          over();
        } else if (reply.kind === 'error') {
          answer(new Error(reply.message));
          over();
        }
      };
      const onError = (error: Error) => {
        answer(error);
        over();
      };
      const onExit = (code: number) => {
        answer(new Error(`the draft worker stopped (exit code ${code})`));
        over();
      };
      worker.on('message', onMessage);
      worker.on('error', onError);
      worker.on('exit', onExit);
      worker.ref();
      // the worker's own budget ends a little before the pool's, so that its last answer arrives in time
      const own = budgetMs - Math.min(150, Math.round(budgetMs * 0.15));
      worker.postMessage({ id, input: JSON.stringify(input), budgetMs: own } satisfies DraftJob);
    });
    return { answer, free: freed };
  }
}

/**
 * How long a worker may go on past a budget stop before it is replaced: the budget again, at least 0.5 s.
 * What it has left then is at most a re-check (solve() on HiGHS's answer, about the quick greedy's time),
 * and a fresh worker would draft the next job cold (its code not yet compiled: 2-5x slower).
 */
export const defaultGraceMs = (budgetMs: number) => Math.max(500, budgetMs);

const pool = new DraftPool();

/** Draft workers started in this process so far (a budget stop keeps its worker unless past the grace). */
export const draftWorkerStarts = () => pool.starts;
/** Once every draft queued so far has finished in the worker (the tests wait for it before counting starts). */
export const draftPoolIdle = () => pool.idle();

/**
 * The draft the call answers, made in the worker thread within the time budget (default by the store's
 * size, defaultBudgetMs). Should the worker fail (it never should), the greedy answers, on this thread.
 */
export async function draftInWorker(
  input: SolverInput,
  opts: { budgetMs?: number; graceMs?: number } = {},
): Promise<Drafted> {
  const budgetMs = opts.budgetMs ?? defaultBudgetMs(input.staff.length);
  try {
    return await pool.run(input, budgetMs, opts.graceMs);
  } catch {
    return { ...solve(input), method: 'GREEDY' };
  }
}
