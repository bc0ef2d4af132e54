import type { Config } from '../../config/env.ts';
import type { JobRunner } from '../../platform/jobs.ts';
import type { ScenarioStarter } from './actions.ts';
import {
  KEYWORD_REPLY_MAX_ATTEMPTS,
  KEYWORD_REPLY_QUEUE,
  answerPayloadSchema,
  sendAnswer,
} from './keyword-replies.sending.ts';

/** 応答メッセージ and rich menu postbacks: the answer's queue (the webhook module queues on it). */
export function defineKeywordReplyJobs(
  jobs: JobRunner,
  config: Config,
  scenarios: ScenarioStarter | null = null,
): void {
  jobs.define(KEYWORD_REPLY_QUEUE, {
    payload: answerPayloadSchema,
    maxAttempts: KEYWORD_REPLY_MAX_ATTEMPTS,
    // a retry waits little: the reply token lasts about a minute
    backoffMs: (attempts) => Math.min(2_000 * 2 ** (attempts - 1), 60_000),
    handler: async (input, job) => {
      await sendAnswer(input, job, config, scenarios);
    },
  });
}
