import { describe, expect, it } from 'vitest';
import { productionEnv } from '../testing/production-env.ts';
import { ConfigError, loadConfig, SIMULATOR_WEBHOOK_SECRET } from './env.ts';

const refusal = (env: Record<string, string | undefined>) => {
  try {
    loadConfig(env);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as Error).message;
  }
  throw new Error('the configuration was accepted');
};

describe('NODE_ENV=production', () => {
  it('starts with every production setting: PostgreSQL, real LINE, Stripe, SMTP, no demo', () => {
    const config = loadConfig(productionEnv());
    expect(config.env).toBe('production');
    expect(config.seedDemo).toBe(false);
    expect(config.devMailbox).toBe(false);
    expect(config.line.isSimulator).toBe(false);
    expect(config.line.simulatorPageUrl).toBeNull();
    expect(config.payments.isSimulator).toBe(false);
    expect(config.payments.webhookSecret).not.toBe(SIMULATOR_WEBHOOK_SECRET);
    expect(config.session.cookieSecure).toBe(true);
  });

  it('refuses to start with nothing set, naming every missing setting in one message', () => {
    const message = refusal({ NODE_ENV: 'production' });
    expect(message).toMatch(/^Refusing to start with NODE_ENV=production/);
    for (const name of [
      'DATABASE_URL',
      'APP_URL',
      'ENCRYPTION_KEY',
      'LINE_API_BASE_URL',
      'STRIPE_SECRET_KEY',
      'STRIPE_PUBLISHABLE_KEY',
      'STRIPE_WEBHOOK_SECRET',
      'SMTP_URL',
    ])
      expect(message).toContain(`  ${name}: required in production`);
  });

  it('refuses each unsafe or development-only value, by name', () => {
    const cases: [Record<string, string>, RegExp][] = [
      [{ DATABASE_URL: 'file:///srv/data' }, /DATABASE_URL: must be a postgres:\/\/ URL/],
      [{ APP_URL: 'http://admin.example.jp' }, /APP_URL: must be https:\/\//],
      [{ ENCRYPTION_KEY: 'c2hvcnQ=' }, /ENCRYPTION_KEY: must be 32 bytes/],
      [{ LINE_API_BASE_URL: 'http://127.0.0.1:3001' }, /LINE_API_BASE_URL: must be https:\/\//],
      [
        { STRIPE_WEBHOOK_SECRET: SIMULATOR_WEBHOOK_SECRET },
        /STRIPE_WEBHOOK_SECRET: is the payments simulator's/,
      ],
      [{ SEED_DEMO: 'true' }, /SEED_DEMO: the demo .* is never written in production/],
      [{ DEV_MAILBOX: 'true' }, /DEV_MAILBOX: the development mailbox cannot be served/],
      [{ PAY_SIM_WEBHOOK_SECRET: 'whsec_x' }, /PAY_SIM_WEBHOOK_SECRET: a simulator setting/],
      [{ LINE_SIM_PORT: '3001' }, /LINE_SIM_PORT: a simulator setting/],
    ];
    for (const [override, expected] of cases) {
      const message = refusal(productionEnv(override));
      expect(message).toMatch(expected);
      // only the bad setting is named
      expect(message.split('\n')).toHaveLength(2);
    }
  });

  it('keeps development as it was: the demo is seeded and the simulators are used', () => {
    const config = loadConfig({});
    expect(config.seedDemo).toBe(true);
    expect(config.line.isSimulator).toBe(true);
    expect(config.payments.isSimulator).toBe(true);
    expect(loadConfig({ SEED_DEMO: 'false' }).seedDemo).toBe(false);
  });
});
