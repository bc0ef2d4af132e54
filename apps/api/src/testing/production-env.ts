import { randomBytes } from 'node:crypto';

/**
 * A complete NODE_ENV=production environment for configuration tests (no server is reached at load):
 * every setting production requires, with a key made for the test run.
 */
export function productionEnv(
  overrides: Record<string, string | undefined> = {},
): Record<string, string | undefined> {
  return {
    NODE_ENV: 'production',
    DATABASE_URL: 'postgres://app@127.0.0.1:5432/line_oa',
    APP_URL: 'https://admin.example.jp',
    ENCRYPTION_KEY: randomBytes(32).toString('base64'),
    LINE_API_BASE_URL: 'https://api.line.me',
    STRIPE_SECRET_KEY: 'sk_test_config',
    STRIPE_PUBLISHABLE_KEY: 'pk_test_config',
    STRIPE_WEBHOOK_SECRET: 'whsec_config',
    SMTP_URL: 'smtp://127.0.0.1:2525',
    ...overrides,
  };
}
