import { and, eq, lt } from 'drizzle-orm';
import type { Config } from '../config/env.ts';
import type { Db } from '../db/client.ts';
import { mails } from '../db/schema/index.ts';
import { systemClock, type Clock } from './clock.ts';
import { enqueueJob } from './jobs.ts';

export type OutgoingMail = { to: string; subject: string; text: string; html?: string };

/** The language of the page a mail was asked from (the web app's Accept-Language); Japanese by default. */
export type MailLanguage = 'ja' | 'en';

/** A mail's subject: Japanese only, or English only when the page asking for it is in English. */
export const mailSubject = (language: MailLanguage, ja: string, en: string): string =>
  language === 'en' ? en : ja;

/** The mail language a request asks for: English when Accept-Language starts with en, else Japanese. */
export const mailLanguageOf = (acceptLanguage: string | undefined): MailLanguage =>
  /^\s*en\b/i.test(acceptLanguage ?? '') ? 'en' : 'ja';

export type Mailer = {
  /** Queue a mail in the caller's transaction: it is sent only if that transaction commits. */
  enqueue: (db: Db, mail: OutgoingMail) => Promise<void>;
  mode: 'smtp' | 'database';
};

/** The job queue that delivers PENDING mail over SMTP (platform/mail.jobs.ts). */
export const MAIL_QUEUE = 'mail.send';
export const MAIL_MAX_ATTEMPTS = 8;

/**
 * With SMTP, a mail row (PENDING) and its delivery job are written together in the caller's
 * transaction; without SMTP the row is STORED for the development mailbox and nothing is sent.
 */
export function createMailer(config: Pick<Config, 'smtpUrl'>, options: { clock?: Clock } = {}): Mailer {
  const mode = config.smtpUrl ? 'smtp' : 'database';
  const clock = options.clock ?? systemClock;
  return {
    mode,
    enqueue: async (db, mail) => {
      const [row] = await db
        .insert(mails)
        .values({
          to: mail.to,
          subject: mail.subject,
          text: mail.text,
          html: mail.html ?? null,
          status: mode === 'smtp' ? 'PENDING' : 'STORED',
          nextAttemptAt: clock.now(),
        })
        .returning({ id: mails.id });
      if (mode === 'database') return;
      await enqueueJob(db, {
        queue: MAIL_QUEUE,
        payload: { mailId: row!.id },
        runAt: clock.now(),
        dedupeKey: `${MAIL_QUEUE}:${row!.id}`,
        maxAttempts: MAIL_MAX_ATTEMPTS,
      });
    },
  };
}

/** Housekeeping: drop mail delivered before a time (kept mail of the development mailbox stays). */
export async function deleteDeliveredMail(db: Db, sentBefore: Date): Promise<number> {
  const rows = await db
    .delete(mails)
    .where(and(eq(mails.status, 'SENT'), lt(mails.sentAt, sentBefore)))
    .returning({ id: mails.id });
  return rows.length;
}
