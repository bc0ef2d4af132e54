import nodemailer from 'nodemailer';
import { and, eq, inArray, lte, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config/env.ts';
import { inTransaction, type Db } from '../db/client.ts';
import { mails } from '../db/schema/index.ts';

export type OutgoingMail = { to: string; subject: string; text: string; html?: string };

export type Mailer = {
  /** Queue a mail in the caller's transaction: it is sent only if that transaction commits. */
  enqueue: (db: Db, mail: OutgoingMail) => Promise<void>;
  mode: 'smtp' | 'database';
};

export function createMailer(config: Pick<Config, 'smtpUrl'>): Mailer {
  const mode = config.smtpUrl ? 'smtp' : 'database';
  return {
    mode,
    enqueue: async (db, mail) => {
      await db.insert(mails).values({
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        html: mail.html ?? null,
        status: mode === 'smtp' ? 'PENDING' : 'STORED',
      });
    },
  };
}

const MAX_ATTEMPTS = 8;
const BATCH = 10;

/**
 * Delivers PENDING mail over SMTP. Claiming pushes next_attempt_at forward inside the claiming
 * statement (FOR UPDATE SKIP LOCKED), so several API processes never send one mail at once,
 * and a crash mid-send only delays it to the next attempt.
 */
export function startMailWorker(options: {
  db: Db;
  config: Pick<Config, 'smtpUrl' | 'mailFrom'>;
  log: FastifyBaseLogger;
  intervalMs?: number;
}): { stop: () => Promise<void>; runOnce: () => Promise<number> } {
  const { db, config, log } = options;
  if (!config.smtpUrl) return { stop: async () => {}, runOnce: async () => 0 };
  const transport = nodemailer.createTransport(config.smtpUrl);

  const runOnce = async (): Promise<number> => {
    const ids = await inTransaction(db, async (tx) => {
      const due = await tx
        .select({ id: mails.id })
        .from(mails)
        .where(and(eq(mails.status, 'PENDING'), lte(mails.nextAttemptAt, new Date())))
        .orderBy(mails.id)
        .limit(BATCH)
        .for('update', { skipLocked: true });
      if (due.length === 0) return [];
      const dueIds = due.map((d) => d.id);
      await tx
        .update(mails)
        .set({
          attempts: sql`${mails.attempts} + 1`,
          nextAttemptAt: sql`now() + interval '30 seconds' * power(2, ${mails.attempts})`,
        })
        .where(inArray(mails.id, dueIds));
      return dueIds;
    });
    if (ids.length === 0) return 0;
    const rows = await db.select().from(mails).where(inArray(mails.id, ids));
    for (const m of rows) {
      try {
        await transport.sendMail({
          from: config.mailFrom,
          to: m.to,
          subject: m.subject,
          text: m.text,
          ...(m.html ? { html: m.html } : {}),
        });
        await db.update(mails).set({ status: 'SENT', sentAt: new Date() }).where(eq(mails.id, m.id));
      } catch (error) {
        const failed = m.attempts >= MAX_ATTEMPTS;
        log.warn({ mailId: m.id, err: error }, 'mail delivery failed');
        await db
          .update(mails)
          .set({ lastError: String(error).slice(0, 500), ...(failed ? { status: 'FAILED' } : {}) })
          .where(and(eq(mails.id, m.id), lte(mails.attempts, MAX_ATTEMPTS + 1)));
      }
    }
    return rows.length;
  };

  let stopped = false;
  let running: Promise<unknown> = Promise.resolve();
  const timer = setInterval(() => {
    if (stopped) return;
    running = runOnce().catch((error: unknown) => log.error({ err: error }, 'mail worker failed'));
  }, options.intervalMs ?? 2000);
  return {
    runOnce,
    stop: async () => {
      stopped = true;
      clearInterval(timer);
      await running;
      transport.close();
    },
  };
}
