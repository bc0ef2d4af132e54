// The automatic draft off the event loop: a pool of one worker thread (draft-worker.ts) runs draftShifts,
// one job at a time, so the API keeps answering while a month of a large store solves. The time budget
// is the pool's to keep: at the budget it stops the worker (terminate, HiGHS included) and answers the best
// answer the worker posted so far (the greedy's at least), then starts a fresh worker for the next job
// (docs/decisions/0042). The worker posts the greedy without its spread pass first, cut short at the
// worker's own budget if not done by then (solve's deadline: what is placed so far, every rule kept), so
// that on a loaded machine the pool has an answer about the budget; only when the worker gets so little of
// a core that even the cut answer's report comes after the budget does the pool wait for it (no longer for
// the whole greedy), rather than make one again on the API's thread, which would hold every other request.
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

class DraftPool {
  private worker: Promise<Worker> | null = null;
  private current: Worker | null = null;
  private queue: Promise<unknown> = Promise.resolve();
  private nextId = 1;

  /** Drafts in the worker, after the jobs before it; the budget counts from the job's start there. */
  run(input: SolverInput, budgetMs: number): Promise<Drafted> {
    const job = this.queue.then(() => this.runNow(input, budgetMs));
    this.queue = job.catch(() => undefined);
    return job;
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

  private async runNow(input: SolverInput, budgetMs: number): Promise<Drafted> {
    const worker = await this.ready();
    const id = this.nextId++;
    return new Promise<Drafted>((resolve, reject) => {
      let best: string | null = null;
      let late = false;
      let timer: NodeJS.Timeout | undefined;
      const finish = (answer: string | Error) => {
        clearTimeout(timer);
        worker.off('message', onMessage);
        worker.off('error', onError);
        worker.off('exit', onExit);
        worker.unref();
        if (answer instanceof Error) reject(answer);
        else resolve(JSON.parse(answer) as Drafted);
      };
      /** At the budget: the worker stops where it is; the next job gets a fresh one. */
      const stop = (answer: string) => {
        if (this.current === worker) this.current = null;
        void worker.terminate();
        // the next job finds a fresh worker started (and HiGHS loaded) meanwhile
        this.worker = null;
        this.ready().catch(() => undefined);
        finish(answer);
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
          if (late) stop(best);
        } else if (reply.kind === 'done') finish(reply.result);
        else if (reply.kind === 'error') finish(new Error(reply.message));
      };
      const onError = (error: Error) => finish(error);
      const onExit = (code: number) => finish(new Error(`the draft worker stopped (exit code ${code})`));
      worker.on('message', onMessage);
      worker.on('error', onError);
      worker.on('exit', onExit);
      worker.ref();
      // the worker's own budget ends a little before the pool's, so that its last answer arrives in time
      const own = budgetMs - Math.min(150, Math.round(budgetMs * 0.15));
      worker.postMessage({ id, input: JSON.stringify(input), budgetMs: own } satisfies DraftJob);
    });
  }
}

const pool = new DraftPool();

/**
 * The draft the call answers, made in the worker thread within the time budget (default by the store's
 * size, defaultBudgetMs). Should the worker fail (it never should), the greedy answers, on this thread.
 */
export async function draftInWorker(input: SolverInput, opts: { budgetMs?: number } = {}): Promise<Drafted> {
  const budgetMs = opts.budgetMs ?? defaultBudgetMs(input.staff.length);
  try {
    return await pool.run(input, budgetMs);
  } catch {
    return { ...solve(input), method: 'GREEDY' };
  }
}
