import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyBaseLogger } from 'fastify';
import { pino } from 'pino';
import { loadConfig, ConfigError } from './config/env.ts';
import { createDatabase, databaseOptionsOf } from './db/client.ts';
import { defineAllJobs, queueRecurringJobs } from './jobs.ts';
import { systemClock } from './platform/clock.ts';
import { createJobRunner } from './platform/jobs.ts';

/**
 * A process that runs every queue and serves no route (`npm run worker -w @app/api`), for scaling the
 * jobs apart from the API. PostgreSQL only: PGlite's data folder belongs to one process.
 */
async function main(): Promise<void> {
  const envFile = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../.env');
  if (fs.existsSync(envFile)) process.loadEnvFile(envFile);
  const config = loadConfig();
  if (!config.databaseUrl) {
    throw new ConfigError(
      'The worker process needs DATABASE_URL (PGlite serves one process: npm start runs the jobs).',
    );
  }
  const log = pino({ level: config.logLevel }) as unknown as FastifyBaseLogger;
  const database = await createDatabase(databaseOptionsOf(config));
  await database.migrate();
  const jobs = createJobRunner({ db: database.db, log, clock: systemClock });
  defineAllJobs(jobs, { config });
  await queueRecurringJobs(database.db, systemClock);
  jobs.start();
  log.info('worker running');

  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info({ signal }, 'worker stopping');
    const force = setTimeout(() => process.exit(1), 15_000);
    force.unref();
    await jobs.stop(); // lets the running job finish; the others wait in the database
    await database.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) process.stderr.write(`${error.message}\n`);
  else
    process.stderr.write(
      `Worker start-up failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
    );
  process.exit(1);
});
