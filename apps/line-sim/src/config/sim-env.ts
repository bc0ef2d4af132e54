import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { LineSimulatorOptions, SimSeed } from './sim-options.ts';

export type SimEnv = { port: number; host: string; options: LineSimulatorOptions };

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');

const parseDelays = (value: string) =>
  value
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean)
    .map(Number);

/** The only reader of process.env; fails listing every bad variable at once. */
export const loadSimEnv = (env: NodeJS.ProcessEnv = process.env): SimEnv => {
  const problems: string[] = [];
  // Beside the product: its PORT + 1 unless set, so PORT alone moves both (the API derives the same).
  const port = Number(env.LINE_SIM_PORT ?? (env.PORT ? Number(env.PORT) + 1 : 3001));
  if (!Number.isInteger(port) || port < 0 || port > 65535) problems.push('LINE_SIM_PORT: a port number');
  const host = env.LINE_SIM_HOST ?? '127.0.0.1';
  const options: LineSimulatorOptions = { logger: env.LINE_SIM_LOG !== '0' };
  // The state lives beside the product's database (DATA_DIR, as the API resolves it) unless told otherwise.
  const stateFile = env.LINE_SIM_STATE_FILE ?? path.join(env.DATA_DIR ?? '.data', 'line-sim', 'state.json');
  if (stateFile !== 'none') {
    options.stateFile = path.isAbsolute(stateFile) ? stateFile : path.join(repoRoot, stateFile);
  }
  if (env.LINE_SIM_PUBLIC_URL) options.publicBaseUrl = env.LINE_SIM_PUBLIC_URL;
  if (env.LINE_SIM_REDELIVERY_MS !== undefined) {
    const delays = parseDelays(env.LINE_SIM_REDELIVERY_MS);
    if (delays.some((d) => !Number.isFinite(d) || d < 0)) {
      problems.push('LINE_SIM_REDELIVERY_MS: comma-separated milliseconds, e.g. 1000,5000');
    } else options.redeliveryDelaysMs = delays;
  }
  if (env.LINE_SIM_REPLY_TOKEN_TTL_MS !== undefined) {
    const ttl = Number(env.LINE_SIM_REPLY_TOKEN_TTL_MS);
    if (!Number.isFinite(ttl) || ttl <= 0) problems.push('LINE_SIM_REPLY_TOKEN_TTL_MS: milliseconds');
    else options.replyTokenTtlMs = ttl;
  }
  if (env.LINE_SIM_SEED_FILE) {
    try {
      options.seed = JSON.parse(readFileSync(env.LINE_SIM_SEED_FILE, 'utf8')) as SimSeed;
    } catch (error) {
      problems.push(`LINE_SIM_SEED_FILE: ${(error as Error).message}`);
    }
  }
  if (problems.length) throw new Error(`Bad LINE simulator configuration:\n- ${problems.join('\n- ')}`);
  return { port, host, options };
};
