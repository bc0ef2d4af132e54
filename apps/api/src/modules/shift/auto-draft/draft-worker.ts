// The worker thread the automatic draft runs in (draft-pool.ts starts it): the greedy and HiGHS are
// synchronous for up to the time budget, here instead of on the API's event loop (docs/decisions/0042).
// Per job it posts `started`, then each answer as it becomes the best so far (`best`), then `done`.
// From the production bundle it is its own file, dist/draft-worker.mjs (scripts/bundle-servers.mjs).
import { parentPort } from 'node:worker_threads';
import { draftShifts, loadHighs } from './solver-exact.ts';
import type { DraftJob, DraftReply } from './draft-pool.ts';
import type { SolverInput } from './solver-types.ts';

/** The worker's first answer (the quick greedy) is cut at this share of its budget (measured: the note). */
const FIRST_ANSWER_SHARE = 0.75;

const port = parentPort;
if (!port) throw new Error('draft-worker.ts runs as a worker thread (draft-pool.ts)');
const post = (reply: DraftReply) => port.postMessage(reply);

// HiGHS (WebAssembly) loads while the first job's greedy runs
void loadHighs().catch(() => undefined);

port.on('message', (job: DraftJob) => {
  post({ id: job.id, kind: 'started' });
  draftShifts(JSON.parse(job.input) as SolverInput, {
    budgetMs: job.budgetMs,
    // the first answer by this share of the budget at the latest (cut short on a loaded machine): the rest
    // of the pool's budget is for making its report and posting it (draft-pool.ts)
    firstWithinMs: FIRST_ANSWER_SHARE * job.budgetMs,
    onBest: (result) => post({ id: job.id, kind: 'best', result: JSON.stringify(result) }),
  }).then(
    (result) => post({ id: job.id, kind: 'done', result: JSON.stringify(result) }),
    (error: unknown) => post({ id: job.id, kind: 'error', message: String(error) }),
  );
});
