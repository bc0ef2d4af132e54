import { buildPaySimulator } from './app.ts';
import { loadPaySimEnv } from './config/env.ts';

const env = loadPaySimEnv();
const app = buildPaySimulator(env.options);

const shutdown = (signal: string) => {
  app.log.info(`${signal}: closing the payments simulator`);
  app.close().then(
    () => process.exit(0),
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
};
process.once('SIGINT', () => shutdown('SIGINT'));
process.once('SIGTERM', () => shutdown('SIGTERM'));

const address = await app.listen({ port: env.port, host: env.host });
console.log(
  `Payments simulator listening on ${address} (Stripe API: ${address}/v1, console: ${address}/_sim)`,
);
