import { createHmac, randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config/env.ts';
import { connectionsOf, type Db } from '../../db/client.ts';
import { channelsOf, warmLineAccountsForReceiving, type LineAccountRow } from '../line-accounts/index.ts';
import { insertWebhookEventsWithJobs } from './line-webhook.repository.ts';
import { WEBHOOK_EVENT_QUEUE } from './line-webhook.service.ts';

/** The accounts a start puts in the receiving memory (one read; the memory keeps 10,000). */
const ACCOUNTS_TO_WARM = 1_000;
/** Rounds of LINE's verify call through the app (V8 compiles the path; well under a ms each when warm)… */
const VERIFY_ROUNDS = 30;
/** …within this much wall time, so a busy machine's start is not held up by them (issue 31: < 300 ms). */
const VERIFY_BUDGET_MS = 100;

class WarmUpRollback extends Error {}

export type WebhookWarmUp = { accounts: number; connections: number; verifyCalls: number };

/**
 * The webhook's warm-up, before the process says it is ready (issue 31: LINE's 1,000 calls/s from the first
 * second after a deploy, a 50 ms p99): what the first calls would otherwise pay is paid here.
 * - the active accounts go into the receiving memory (one read);
 * - every pooled connection is opened, and on each the receipt's two statements (the account's read and
 *   the events-with-jobs insert of one throw-away event) run in a transaction that is rolled back, so
 *   nothing is stored (a sequence number or two is used) and each connection's server process has the
 *   tables' catalog and the plans at hand;
 * - LINE's own verify call (a signed body without events, which stores nothing) goes through the real
 *   route a few dozen times, so V8 has compiled the route, the signature check, the parse and the answer.
 * Nothing is sent outside the process and nothing is written. With no active account only the
 * connections are opened.
 */
export async function warmWebhookReceipt({
  app,
  db,
  config,
}: {
  app: FastifyInstance;
  db: Db;
  config: Config;
}): Promise<WebhookWarmUp> {
  const accounts = await warmLineAccountsForReceiving({ db }, ACCOUNTS_TO_WARM);
  const account = accounts[0];
  const connections = connectionsOf(db);
  await Promise.all(Array.from({ length: connections }, () => rolledBackReceipt(db, account)));
  let verifyCalls = 0;
  if (account) {
    const body = JSON.stringify({ destination: account.botId ?? '', events: [] });
    const signature = createHmac('sha256', channelsOf({ config }, account).messaging.channelSecret)
      .update(body)
      .digest('base64');
    // the warm-up's own calls are no requests to log (the app's logger stays at its level for the rest)
    const level = app.log.level;
    app.log.level = 'warn';
    try {
      const until = performance.now() + VERIFY_BUDGET_MS;
      for (; verifyCalls < VERIFY_ROUNDS && (verifyCalls === 0 || performance.now() < until); verifyCalls++) {
        const answer = await app.inject({
          method: 'POST',
          url: `/line/webhook/${account.id}`,
          headers: { 'content-type': 'application/json; charset=utf-8', 'x-line-signature': signature },
          payload: body,
        });
        if (answer.statusCode !== 200) throw new Error(`the webhook's warm-up answered ${answer.statusCode}`);
      }
    } finally {
      app.log.level = level;
    }
  }
  return { accounts: accounts.length, connections, verifyCalls };
}

/** One connection: the receipt's statements in a transaction that is always rolled back. */
async function rolledBackReceipt(db: Db, account: LineAccountRow | undefined): Promise<void> {
  try {
    await db.transaction(async (tx) => {
      await warmLineAccountsForReceiving({ db: tx }, 1);
      if (account) {
        const event = { type: 'message', webhookEventId: `warm-up-${randomUUID()}`, timestamp: Date.now() };
        await insertWebhookEventsWithJobs(
          tx,
          account.id,
          [{ webhookEventId: event.webhookEventId, type: event.type, payload: event }],
          { queue: WEBHOOK_EVENT_QUEUE, receivedAt: new Date() },
        );
      }
      throw new WarmUpRollback();
    });
  } catch (error) {
    if (!(error instanceof WarmUpRollback)) throw error;
  }
}
