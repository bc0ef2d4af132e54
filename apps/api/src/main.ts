import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { productName } from '@app/contracts';
import { buildApp } from './app.ts';
import { loadConfig, ConfigError } from './config/env.ts';
import { createDatabase, databaseOptionsOf } from './db/client.ts';
import { startTemplateFolder, templateForNewDataDir } from './db/template.ts';
import { seedDemoLogins, writeDemoWorld } from './demo/demo-world.ts';
import { queueRecurringJobs } from './jobs.ts';
import { warmWebhookReceipt } from './modules/line-webhook/line-webhook.warm.ts';
import { systemClock } from './platform/clock.ts';

/**
 * loadConfig -> createDatabase -> migrate -> buildApp -> the demo world (skipped when its marker says it is
 * complete) -> jobs -> listen (the banner); closes gracefully.
 */
async function main(): Promise<void> {
  // A .env file at the repository root, if any, fills variables the environment does not set.
  const envFile = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../.env');
  if (fs.existsSync(envFile)) process.loadEnvFile(envFile);
  const config = loadConfig();
  const options = databaseOptionsOf(config);
  // PGlite on an empty DATA_DIR: from the migrated template the bundling wrote, when there is one
  const template =
    options.kind === 'pglite' && options.dataDir
      ? templateForNewDataDir(options.dataDir, startTemplateFolder)
      : undefined;
  const database = await createDatabase(
    options.kind === 'pglite' && template ? { ...options, template } : options,
  );
  await database.migrate();
  const app = await buildApp({ config, db: database.db, ping: database.ping });
  const demo = { db: database.db, config, log: app.log };
  const seeded = config.seedDemo ? await seedDemoLogins(demo) : undefined;
  // The demo world before the banner: the login it prints opens pages that show data at once. A restart
  // finds the world's marker and skips it; a start stopped part-way left none, and this one finishes it.
  if (seeded) await writeDemoWorld(demo);
  await queueRecurringJobs(database.db, systemClock);
  if (config.jobsInApi) app.jobs.start();
  // Ready only when warm: LINE's webhook calls pour in from the first second after a deploy (issue 31).
  if (config.warmUp) {
    const warmStarted = performance.now();
    const cpuBefore = process.cpuUsage();
    try {
      const warmed = await warmWebhookReceipt({ app, db: database.db, config });
      const cpu = process.cpuUsage(cpuBefore);
      app.log.info(
        {
          ...warmed,
          ms: Math.round(performance.now() - warmStarted),
          cpuMs: Math.round((cpu.user + cpu.system) / 1000),
        },
        'webhook warm-up done',
      );
    } catch (error) {
      app.log.warn({ err: error }, 'webhook warm-up failed; starting cold');
    }
  }

  let shuttingDown = false;
  const shutdown = async (signal: string) => {
    if (shuttingDown) return;
    shuttingDown = true;
    app.log.info({ signal }, 'shutting down');
    const force = setTimeout(() => process.exit(1), 15_000);
    force.unref();
    await app.close(); // stops accepting, finishes in-flight requests
    await app.jobs.stop(); // lets the running job finish; the others wait in the database
    await database.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ host: config.host, port: config.port });
  printWelcome(config.appUrl, database.kind, config.devMailbox, seeded);
  if (seeded && config.line.isSimulator) {
    process.stdout.write(`  LINE simulator (the demo friends' side): ${config.line.apiBaseUrl}/\n\n`);
  }
  if (config.payments.isSimulator) {
    process.stdout.write(
      `  Payments simulator (Stripe's stand-in, test card 4242 4242 4242 4242): ${config.payments.simulatorPublicUrl}/_sim/clock\n\n`,
    );
  }
}

function printWelcome(
  url: string,
  kind: string,
  devMailbox: boolean,
  seeded: Awaited<ReturnType<typeof seedDemoLogins>> | undefined,
): void {
  const lines = [
    '',
    `  ${productName.en} (${productName.ja}) is running: ${url}`,
    `  Log in at ${url}/login   (database: ${kind})`,
  ];
  if (seeded) {
    lines.push('', `  Demo logins (password for all: ${seeded.password})`);
    for (const user of seeded.users) lines.push(`    ${user.label.padEnd(16)} ${user.email}`);
  }
  if (devMailbox) lines.push('', `  Mailbox (mail is kept in the database): ${url}/dev/mailbox`);
  lines.push(`  API documentation: ${url}/docs`, '');
  process.stdout.write(lines.join('\n') + '\n');
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) process.stderr.write(`${error.message}\n`);
  else
    process.stderr.write(
      `Start-up failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
    );
  process.exit(1);
});
