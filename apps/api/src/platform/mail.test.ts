import { eq } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobs, mails } from '../db/schema/index.ts';
import { createTestApp, type TestApp } from '../testing/test-app.ts';
import { createJobRunner } from './jobs.ts';
import { defineMailJobs } from './mail.jobs.ts';
import { redactTokens } from './log-redaction.ts';
import { createMailer, MAIL_QUEUE } from './mail.ts';

type Received = { to: string[]; raw: string };

/** A real SMTP server on loopback that can be told to refuse mail. */
function startSmtp(): Promise<{
  port: number;
  received: Received[];
  refuse: (on: boolean) => void;
  close: () => Promise<void>;
}> {
  const received: Received[] = [];
  let refusing = false;
  const server = new SMTPServer({
    authOptional: true,
    closeTimeout: 100,
    disabledCommands: ['STARTTLS'],
    onRcptTo: (_address, _session, callback) =>
      refusing
        ? callback(Object.assign(new Error('mailbox unavailable'), { responseCode: 450 }))
        : callback(),
    onData: (stream, session, callback) => {
      let raw = '';
      stream.on('data', (chunk: Buffer) => (raw += chunk.toString()));
      stream.on('end', () => {
        received.push({ to: session.envelope.rcptTo.map((r) => r.address), raw });
        callback();
      });
    },
  });
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const address = server.server.address();
      resolve({
        port: typeof address === 'object' && address ? address.port : 0,
        received,
        refuse: (on) => void (refusing = on),
        close: () => new Promise((r) => server.close(() => r())),
      });
    });
  });
}

let t: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtp>>;
let config: { smtpUrl: string; mailFrom: string };
beforeAll(async () => {
  smtp = await startSmtp();
  config = {
    smtpUrl: `smtp://127.0.0.1:${smtp.port}?ignoreTLS=true`,
    mailFrom: 'Platform <no-reply@test.example>',
  };
  // The app's own runner delivers mail: SMTP_URL defines the mail queue on it.
  t = await createTestApp({ SMTP_URL: config.smtpUrl, MAIL_FROM: config.mailFrom });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

describe('mail over SMTP', () => {
  it('queues mail in the transaction and delivers it through the job runner; a refused mail is retried later', async () => {
    const mailer = createMailer(config, { clock: t.clock });
    expect(mailer.mode).toBe('smtp');
    await mailer.enqueue(t.db, { to: 'hana@test.example', subject: 'ようこそ', text: 'こんにちは' });
    expect(await t.app.jobs.runDue()).toBe(1);
    expect(smtp.received).toHaveLength(1);
    expect(smtp.received[0]!.to).toEqual(['hana@test.example']);
    const [sent] = await t.db.select().from(mails).where(eq(mails.to, 'hana@test.example'));
    expect(sent).toMatchObject({ status: 'SENT', attempts: 1 });
    expect(sent!.sentAt).toEqual(t.clock.now());

    smtp.refuse(true);
    await mailer.enqueue(t.db, { to: 'taro@test.example', subject: 'x', text: 'y' });
    expect(await t.app.jobs.runDue()).toBe(1);
    const [failed] = await t.db.select().from(mails).where(eq(mails.to, 'taro@test.example'));
    expect(failed).toMatchObject({ status: 'PENDING', attempts: 1 });
    expect(failed!.lastError).toContain('mailbox unavailable');
    expect(failed!.nextAttemptAt.getTime()).toBeGreaterThan(t.clock.now().getTime());
    expect(await t.app.jobs.runDue()).toBe(0); // not due yet

    smtp.refuse(false);
    t.clock.set(failed!.nextAttemptAt);
    expect(await t.app.jobs.runDue()).toBe(1);
    const [retried] = await t.db.select().from(mails).where(eq(mails.id, failed!.id));
    expect(retried).toMatchObject({ status: 'SENT', attempts: 2 });
    expect(smtp.received).toHaveLength(2);
  });

  it('sends a mail once: two runners racing for it, and a second job for a SENT mail', async () => {
    const mailer = createMailer(config, { clock: t.clock });
    await mailer.enqueue(t.db, { to: 'once@test.example', subject: 's', text: 't' });
    const other = createJobRunner({ db: t.db, log: t.app.log, clock: t.clock });
    defineMailJobs(other, config);
    const ran = await Promise.all([t.app.jobs.runDue(), other.runDue()]);
    expect(ran[0] + ran[1]).toBe(1);
    const to = (address: string) => smtp.received.filter((r) => r.to.includes(address));
    expect(to('once@test.example')).toHaveLength(1);

    const [row] = await t.db.select().from(mails).where(eq(mails.to, 'once@test.example'));
    await t.db.insert(jobs).values({ queue: MAIL_QUEUE, payload: { mailId: row!.id }, runAt: t.clock.now() });
    expect(await other.runDue()).toBe(1);
    expect(to('once@test.example')).toHaveLength(1);
    const [after] = await t.db.select().from(mails).where(eq(mails.id, row!.id));
    expect(after).toMatchObject({ status: 'SENT', attempts: 1 });
  });

  it('logs a sent mail without a usable link: the token went to the recipient only', async () => {
    const mailer = createMailer(config, { clock: t.clock });
    const link = 'https://admin.example.jp/password/reset/confirm?token=Tk_live-123abc';
    await mailer.enqueue(t.db, {
      to: 'reset@test.example',
      subject: 'パスワード再設定',
      text: `こちらから: ${link}\n`,
      html: `<a href="${link}">再設定</a>`,
    });
    await t.app.jobs.runDue();
    expect(smtp.received.at(-1)!.raw).toContain('Tk_live-123abc');
    const [logged] = await t.db.select().from(mails).where(eq(mails.to, 'reset@test.example'));
    expect(logged!.status).toBe('SENT');
    for (const body of [logged!.text, logged!.html!]) {
      expect(body).not.toContain('Tk_live-123abc');
      expect(body).toContain('/password/reset/confirm?token=[redacted]');
    }
    expect(redactTokens('https://a.example/verify-email?token=x1&next=/&code=9')).toBe(
      'https://a.example/verify-email?token=[redacted]&next=/&code=[redacted]',
    );
  });

  it('keeps mail in the database without SMTP, and queues no delivery', async () => {
    const mailer = createMailer({ smtpUrl: undefined });
    expect(mailer.mode).toBe('database');
    await mailer.enqueue(t.db, { to: 'kept@test.example', subject: 's', text: 't' });
    const [row] = await t.db.select().from(mails).where(eq(mails.to, 'kept@test.example'));
    expect(row!.status).toBe('STORED');
    expect(await t.app.jobs.runDue()).toBe(0);
  });
});
