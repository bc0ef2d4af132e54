import { buildLineSimulator } from './app.ts';
import { loadSimEnv } from './config/sim-env.ts';
import { warmUpSchemas } from './spec/openapi-schema.validator.ts';

const env = loadSimEnv();
const app = buildLineSimulator(env.options);
warmUpSchemas();

const shutdown = (signal: string) => {
  app.log.info(`${signal}: closing the LINE simulator`);
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
const url = address.replace('[::1]', 'localhost');
console.log(`LINE simulator listening on ${url} (user page: ${url}/, console API: ${url}/_sim)`);
