import nodemailer from 'nodemailer';
import { and, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Config } from '../config/env.ts';
import { mails } from '../db/schema/index.ts';
import type { JobRunner } from './jobs.ts';
import { redactTokens } from './log-redaction.ts';
import { MAIL_MAX_ATTEMPTS, MAIL_QUEUE } from './mail.ts';

/** The logged text of a mail that will not be sent again: its links' tokens replaced. */
const redacted = (mail: { text: string; html: string | null }) => ({
  text: redactTokens(mail.text),
  html: mail.html === null ? null : redactTokens(mail.html),
});

/** 30 s, 1 min, 2 min ... capped at an hour. */
const mailBackoffMs = (attempts: number) => Math.min(3600_000, 30_000 * 2 ** Math.max(0, attempts - 1));

/**
 * Delivers one PENDING mail over SMTP, on the platform job runner: the claim (FOR UPDATE SKIP LOCKED
 * under a lease) keeps two processes from sending one mail at once, a SENT or FAILED mail is never sent
 * again, and a refused mail is retried with backoff until MAIL_MAX_ATTEMPTS, then marked FAILED.
 */
export function defineMailJobs(jobs: JobRunner, config: Pick<Config, 'smtpUrl' | 'mailFrom'>): void {
  if (!config.smtpUrl) return;
  const transport = nodemailer.createTransport(config.smtpUrl);
  jobs.define(MAIL_QUEUE, {
    payload: z.object({ mailId: z.number().int().positive() }),
    maxAttempts: MAIL_MAX_ATTEMPTS,
    backoffMs: mailBackoffMs,
    handler: async ({ mailId }, job) => {
      const [mail] = await job.db
        .update(mails)
        .set({ attempts: sql`${mails.attempts} + 1` })
        .where(and(eq(mails.id, mailId), eq(mails.status, 'PENDING')))
        .returning();
      if (!mail) return; // gone, or already SENT or FAILED: never a second send
      try {
        await transport.sendMail({
          from: config.mailFrom,
          to: mail.to,
          subject: mail.subject,
          text: mail.text,
          ...(mail.html ? { html: mail.html } : {}),
        });
      } catch (error) {
        const failed = job.attempt >= MAIL_MAX_ATTEMPTS;
        job.log.warn({ mailId, err: error }, 'mail delivery failed');
        await job.db
          .update(mails)
          .set({
            lastError: String(error).slice(0, 500),
            nextAttemptAt: new Date(job.clock.now().getTime() + mailBackoffMs(job.attempt)),
            ...(failed ? { status: 'FAILED' as const, ...redacted(mail) } : {}),
          })
          .where(eq(mails.id, mailId));
        if (failed) return;
        throw error;
      }
      await job.db
        .update(mails)
        .set({ status: 'SENT', sentAt: job.clock.now(), ...redacted(mail) })
        .where(eq(mails.id, mailId));
    },
  });
}
