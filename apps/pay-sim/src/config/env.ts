import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { PaySimOptions } from '../app.ts';

export type PaySimEnv = { port: number; host: string; options: PaySimOptions };

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');

/**
 * The webhook secret the simulator signs with and the API verifies with when neither is configured:
 * a development value, never used with real Stripe (the API takes STRIPE_WEBHOOK_SECRET there).
 */
export const DEFAULT_SIM_WEBHOOK_SECRET = 'whsec_paysim_local_development_only';

/** The only reader of process.env; fails listing every bad variable at once. */
export const loadPaySimEnv = (env: NodeJS.ProcessEnv = process.env): PaySimEnv => {
  const problems: string[] = [];
  const apiPort = env.PORT ? Number(env.PORT) : 3000;
  // Beside the product: its PORT + 2 unless set (the LINE simulator takes PORT + 1), so PORT alone moves all.
  const port = Number(env.PAY_SIM_PORT ?? apiPort + 2);
  if (!Number.isInteger(port) || port < 0 || port > 65535) problems.push('PAY_SIM_PORT: a port number');
  const host = env.PAY_SIM_HOST ?? '127.0.0.1';
  const webhookUrl = env.PAY_SIM_WEBHOOK_URL ?? `http://127.0.0.1:${apiPort}/payment/webhook/stripe`;
  try {
    new URL(webhookUrl);
  } catch {
    problems.push('PAY_SIM_WEBHOOK_URL: a URL');
  }
  const options: PaySimOptions = {
    logger: env.PAY_SIM_LOG === '1',
    tick: true,
    webhooks:
      webhookUrl === 'none'
        ? []
        : [{ url: webhookUrl, secret: env.PAY_SIM_WEBHOOK_SECRET ?? DEFAULT_SIM_WEBHOOK_SECRET }],
  };
  const stateFile = env.PAY_SIM_STATE_FILE ?? path.join(env.DATA_DIR ?? '.data', 'pay-sim', 'state.json');
  if (stateFile !== 'none')
    options.stateFile = path.isAbsolute(stateFile) ? stateFile : path.join(repoRoot, stateFile);
  if (env.PAY_SIM_PUBLIC_URL) options.publicBaseUrl = env.PAY_SIM_PUBLIC_URL.replace(/\/+$/, '');
  if (problems.length) throw new Error(`Bad payments simulator configuration:\n- ${problems.join('\n- ')}`);
  return { port, host, options };
};
