// The worker thread the automatic draft runs in (draft-pool.ts starts it): the greedy and HiGHS are
// synchronous for up to the time budget, here instead of on the API's event loop (docs/decisions/0042).
// Per job it posts `started`, then each answer as it becomes the best so far (`best`), then `done`.
// From the production bundle it is its own file, dist/draft-worker.mjs (scripts/bundle-servers.mjs).
import { parentPort } from 'node:worker_threads';
import { draftShifts, loadHighs } from './solver-exact.ts';
import type { DraftJob, DraftReply } from './draft-pool.ts';
import type { SolverInput } from './solver-types.ts';

/**
 * The worker's first answer (the quick greedy) is cut at this share of its own budget (which ends 15%, at
 * most 150 ms, before the pool's): a safety net for a machine so loaded that the greedy would not be done
 * by the budget, not a step of the usual path. At 0.75, a bench run at load 20 cut the 50 x 31 peak
 * store's greedy to 43% of its places (decision 0026's addendum).
 */
const FIRST_ANSWER_SHARE = 1;

const port = parentPort;
if (!port) throw new Error('draft-worker.ts runs as a worker thread (draft-pool.ts)');
const post = (reply: DraftReply) => port.postMessage(reply);

// HiGHS (WebAssembly) loads while the first job's greedy runs
void loadHighs().catch(() => undefined);

port.on('message', (job: DraftJob) => {
  post({ id: job.id, kind: 'started' });
  draftShifts(JSON.parse(job.input) as SolverInput, {
    budgetMs: job.budgetMs,
    // the first answer by the worker's budget at the latest (cut short on a loaded machine): the pool's
    // margin after it is for making its report and posting it (draft-pool.ts)
    firstWithinMs: FIRST_ANSWER_SHARE * job.budgetMs,
    onBest: (result) => post({ id: job.id, kind: 'best', result: JSON.stringify(result) }),
  }).then(
    (result) => post({ id: job.id, kind: 'done', result: JSON.stringify(result) }),
    (error: unknown) => post({ id: job.id, kind: 'error', message: String(error) }),
  );
});
