import { eq } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mails } from '../db/schema/index.ts';
import { createTestApp, type TestApp } from '../testing/test-app.ts';
import { createMailer, startMailWorker } from './mail.ts';

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
beforeAll(async () => {
  t = await createTestApp();
  smtp = await startSmtp();
});
afterAll(async () => {
  await smtp.close();
  await t.close();
});

describe('mail over SMTP', () => {
  it('queues mail in the transaction and delivers it through the worker; a refused mail is retried later', async () => {
    const config = {
      smtpUrl: `smtp://127.0.0.1:${smtp.port}?ignoreTLS=true`,
      mailFrom: 'Platform <no-reply@test.example>',
    };
    const mailer = createMailer(config);
    expect(mailer.mode).toBe('smtp');
    await mailer.enqueue(t.db, { to: 'hana@test.example', subject: 'ようこそ', text: 'こんにちは' });
    const worker = startMailWorker({ db: t.db, config, log: t.app.log, intervalMs: 3_600_000 });
    try {
      expect(await worker.runOnce()).toBe(1);
      expect(smtp.received).toHaveLength(1);
      expect(smtp.received[0]!.to).toEqual(['hana@test.example']);
      const [sent] = await t.db.select().from(mails).where(eq(mails.to, 'hana@test.example'));
      expect(sent).toMatchObject({ status: 'SENT', attempts: 1 });

      smtp.refuse(true);
      await mailer.enqueue(t.db, { to: 'taro@test.example', subject: 'x', text: 'y' });
      expect(await worker.runOnce()).toBe(1);
      const [failed] = await t.db.select().from(mails).where(eq(mails.to, 'taro@test.example'));
      expect(failed).toMatchObject({ status: 'PENDING', attempts: 1 });
      expect(failed!.lastError).toContain('mailbox unavailable');
      expect(failed!.nextAttemptAt.getTime()).toBeGreaterThan(Date.now());
      expect(await worker.runOnce()).toBe(0); // not due yet

      smtp.refuse(false);
      await t.db
        .update(mails)
        .set({ nextAttemptAt: new Date(Date.now() - 1000) })
        .where(eq(mails.id, failed!.id));
      expect(await worker.runOnce()).toBe(1);
      const [retried] = await t.db.select().from(mails).where(eq(mails.id, failed!.id));
      expect(retried).toMatchObject({ status: 'SENT', attempts: 2 });
      expect(smtp.received).toHaveLength(2);
    } finally {
      await worker.stop();
    }
  });

  it('keeps mail in the database without SMTP', async () => {
    const mailer = createMailer({ smtpUrl: undefined });
    expect(mailer.mode).toBe('database');
    await mailer.enqueue(t.db, { to: 'kept@test.example', subject: 's', text: 't' });
    const [row] = await t.db.select().from(mails).where(eq(mails.to, 'kept@test.example'));
    expect(row!.status).toBe('STORED');
  });
});
