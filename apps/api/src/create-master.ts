import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { emailSchema, firstNameSchema, lastNameSchema } from '@app/contracts';
import type { FastifyBaseLogger } from 'fastify';
import { pino } from 'pino';
import { z } from 'zod';
import { ConfigError, loadConfig } from './config/env.ts';
import { createDatabase, databaseOptionsOf } from './db/client.ts';
import { createFirstMaster, FIRST_MASTER_LINK_HOURS } from './modules/users/index.ts';
import { systemClock } from './platform/clock.ts';
import { AppError } from './platform/errors.ts';
import { createMailer } from './platform/mail.ts';

const usage = `Usage: npm run create-master -- --email you@example.jp [--last-name 運営] [--first-name 管理者]

Creates the platform's first MASTER user on the configured database (DATABASE_URL, or PGlite in
DATA_DIR), migrating it first, and prints a single-use link that sets the password (valid
${FIRST_MASTER_LINK_HOURS} hours). Refused once a MASTER user exists: invite more from the master area.`;

const argsSchema = z.object({
  email: emailSchema,
  lastName: lastNameSchema,
  firstName: firstNameSchema,
});

/**
 * `npm run create-master -- --email ...`: the first MASTER of a production database without a known
 * password (decision 0022). The link goes to the operator's terminal only, never to a log or a mail.
 */
async function main(): Promise<number> {
  const { values } = parseArgs({
    options: {
      email: { type: 'string' },
      'last-name': { type: 'string', default: '運営' },
      'first-name': { type: 'string', default: '管理者' },
      help: { type: 'boolean', default: false },
    },
  });
  if (values.help || !values.email) {
    process.stdout.write(`${usage}\n`);
    return values.help ? 0 : 2;
  }
  const parsed = argsSchema.safeParse({
    email: values.email,
    lastName: values['last-name'],
    firstName: values['first-name'],
  });
  if (!parsed.success) {
    process.stderr.write(
      `${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('\n')}\n`,
    );
    return 2;
  }
  const envFile = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../.env');
  if (fs.existsSync(envFile)) process.loadEnvFile(envFile);
  const config = loadConfig();
  const database = await createDatabase(databaseOptionsOf(config));
  try {
    await database.migrate();
    const log = pino({ level: 'warn' }) as unknown as FastifyBaseLogger;
    const { user, link } = await createFirstMaster({
      ctx: {
        db: database.db,
        config,
        mailer: createMailer(config, { clock: systemClock }),
        clock: systemClock,
        log,
        requestId: `create-master-${randomUUID()}`,
        ip: '127.0.0.1',
        userAgent: 'npm run create-master',
        actor: null,
        clientId: null,
      },
      input: parsed.data,
    });
    process.stdout.write(
      [
        `MASTER user ${user.email} created (${user.lastName} ${user.firstName}).`,
        `Set its password within ${FIRST_MASTER_LINK_HOURS} hours, once, at:`,
        `  ${link}`,
        '',
      ].join('\n'),
    );
    return 0;
  } finally {
    await database.close();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    if (error instanceof ConfigError || error instanceof AppError) process.stderr.write(`${error.message}\n`);
    else
      process.stderr.write(
        `create-master failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
      );
    process.exit(1);
  },
);
