import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { isRegistrationNumber, productName } from '@app/contracts';
import { z } from 'zod';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');

const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

/** Every environment variable the API reads. This file is the only reader of process.env. */
const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().default('127.0.0.1'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  /** Public URL of the app, used in mail links and the CSRF origin check. */
  APP_URL: z.url().optional(),
  /** Embedded data folder (PGlite). Relative paths are resolved from the repository root. */
  DATA_DIR: z.string().default('.data'),
  /** postgres://... switches from the embedded PGlite to a PostgreSQL server. */
  DATABASE_URL: z.string().optional(),
  DATABASE_POOL_SIZE: z.coerce.number().int().positive().default(10),
  /** Run the job workers inside the API process; false when worker processes (worker.ts) run them. */
  JOBS_IN_API: bool.default(true),
  /**
   * Warm the webhook's receipt before saying ready (main.ts); false starts cold (the bench's A/B). Unset:
   * on with a PostgreSQL server (a deployment LINE calls), off on the embedded PGlite (`npm start`, whose
   * restart the warm-up would lengthen by a second for calls no real LINE sends there).
   */
  WARM_UP: bool.optional(),
  /** SMTP server for outgoing mail; without it mail is kept in the database (development mailbox). */
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default(`${productName.en} <no-reply@localhost>`),
  SESSION_IDLE_MINUTES: z.coerce.number().int().positive().default(480),
  SESSION_ABSOLUTE_HOURS: z.coerce.number().int().positive().default(168),
  /** Secure cookies; defaults to true when APP_URL is https. */
  COOKIE_SECURE: bool.optional(),
  TRUST_PROXY: bool.default(false),
  /** Shared store for rate limits when several API processes run; memory otherwise. */
  REDIS_URL: z.string().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /**
   * Seed the demo data at start-up, once, into an empty database only. Default: on outside production;
   * refused with NODE_ENV=production (the demo logins' password is public).
   */
  SEED_DEMO: bool.optional(),
  /**
   * Serve the development mailbox (page and API, MASTER users only). Off unless set; refused in production:
   * it shows password-reset links, so an open one is an account takeover.
   */
  DEV_MAILBOX: bool.default(false),
  WEB_DIST_DIR: z.string().default('apps/web/dist'),
  /**
   * LINE platform base URLs. Unset: the local simulator (apps/line-sim) on LINE_SIM_PORT (default PORT + 1),
   * which `npm start` runs beside the API. Real LINE: https://api.line.me and https://api-data.line.me.
   */
  LINE_API_BASE_URL: z.url().optional(),
  LINE_DATA_API_BASE_URL: z.url().optional(),
  LINE_SIM_PORT: z.coerce.number().int().min(1).max(65535).optional(),
  /**
   * LINE Login's web authorize screen, where a route's visitor without a LIFF logs in (decision 0038
   * addendum). Unset: https://access.line.me with real LINE, the simulator's page with the simulator.
   */
  LINE_LOGIN_BASE_URL: z.url().optional(),
  /**
   * Stripe. Unset: the local payments simulator (apps/pay-sim) on PAY_SIM_PORT (default PORT + 2), which
   * `npm start` runs beside the API, with test keys and a development webhook secret. All three set:
   * Stripe itself (test or live keys), with no other change.
   */
  STRIPE_SECRET_KEY: z.string().optional(),
  STRIPE_PUBLISHABLE_KEY: z.string().optional(),
  STRIPE_WEBHOOK_SECRET: z.string().optional(),
  PAY_SIM_PORT: z.coerce.number().int().min(1).max(65535).optional(),
  PAY_SIM_WEBHOOK_SECRET: z.string().optional(),
  /** The payments simulator's address as the browser reaches it (default http://127.0.0.1:PAY_SIM_PORT). */
  PAY_SIM_PUBLIC_URL: z.url().optional(),
  /**
   * The operator as the issuer of the clients' invoices (適格請求書): its name, address and
   * 適格請求書発行事業者の登録番号 (T + 13 digits, check digit verified). Outside production, unset ones
   * take a demo issuer; in production with live Stripe keys the name and number are required.
   */
  INVOICE_ISSUER_NAME: z.string().trim().min(1).max(100).optional(),
  INVOICE_ISSUER_ADDRESS: z.string().trim().min(1).max(200).optional(),
  INVOICE_REGISTRATION_NUMBER: z
    .string()
    .trim()
    .refine(
      isRegistrationNumber,
      'must be T followed by 13 digits with a valid check digit (e.g. T7000012050002)',
    )
    .optional(),
  /** 振込先 printed on bank-transfer invoices, e.g. "○○銀行 本店営業部 普通 1234567 カ）ウンエイ". */
  INVOICE_BANK_ACCOUNT: z.string().trim().min(1).max(200).optional(),
  /** 32 bytes, base64: encrypts LINE channel secrets at rest. Unset: a key kept in DATA_DIR (development). */
  ENCRYPTION_KEY: z.string().optional(),
  /**
   * Where uploaded files (member images) are kept. Unset or `local`: DATA_DIR/files. `s3`: an S3-compatible
   * bucket (AWS S3, Cloudflare R2, MinIO, ...) with the S3_* variables below; credentials may also come from
   * the SDK's usual sources (instance role, AWS_* variables) when the two keys are unset.
   */
  FILE_STORAGE: z.enum(['local', 's3']).default('local'),
  S3_BUCKET: z.string().optional(),
  S3_REGION: z.string().default('us-east-1'),
  /** Endpoint of an S3-compatible service other than AWS (https://<account>.r2.cloudflarestorage.com, ...). */
  S3_ENDPOINT: z.url().optional(),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  /** Path-style addresses (bucket in the path), which MinIO and some others need. */
  S3_FORCE_PATH_STYLE: bool.default(false),
  /** Prefix of every object key in the bucket. */
  S3_PREFIX: z.string().default(''),
  /** Attempts per 15 minutes per address and IP. */
  RATE_LIMIT_LOGIN: z.coerce.number().int().positive().default(10),
  /** Failed logins per 15 minutes from one IP, whatever the addresses (password spraying). */
  RATE_LIMIT_LOGIN_IP: z.coerce.number().int().positive().default(50),
  RATE_LIMIT_MAIL: z.coerce.number().int().positive().default(5),
  /** How long one チャット live stream stays open before the browser reconnects (decision 0043). */
  INBOX_STREAM_MS: z.coerce
    .number()
    .int()
    .positive()
    .default(5 * 60 * 1000),
  /**
   * Friend lists and searches of a LINE account with more friends than this send an estimated total
   * (`totalIsEstimate`) instead of counting every match (decision 0019, issue 31).
   */
  FRIEND_TOTAL_EXACT_UP_TO: z.coerce.number().int().nonnegative().default(50_000),
});

export type Env = z.input<typeof envSchema>;

export type Config = {
  env: 'development' | 'production' | 'test';
  host: string;
  port: number;
  appUrl: string;
  dataDir: string;
  databaseUrl: string | undefined;
  databasePoolSize: number;
  jobsInApi: boolean;
  warmUp: boolean;
  smtpUrl: string | undefined;
  mailFrom: string;
  session: { idleMinutes: number; absoluteHours: number; cookieSecure: boolean; cookieName: string };
  trustProxy: boolean;
  redisUrl: string | undefined;
  logLevel: string;
  seedDemo: boolean;
  devMailbox: boolean;
  webDistDir: string;
  rateLimits: { login: number; loginPerIp: number; passwordReset: number; windowMs: number };
  /** The チャット inbox's live stream: how long one stays open (the browser then reconnects). */
  inboxStreamMs: number;
  /** A friends list's total is exact up to this many friends in the account, estimated above. */
  friendTotalExactUpTo: number;
  line: {
    apiBaseUrl: string;
    dataApiBaseUrl: string;
    isSimulator: boolean;
    simulatorPort: number;
    /** The simulator's own page, shown to signed-in users in simulator mode; null with real LINE or in production. */
    simulatorPageUrl: string | null;
    /** Where the browser goes for LINE Login's authorize screen (https://access.line.me or the simulator). */
    loginBaseUrl: string;
  };
  encryptionKey: string | undefined;
  fileStorage:
    | { kind: 'local'; dir: string }
    | {
        kind: 's3';
        bucket: string;
        region: string;
        endpoint: string | undefined;
        credentials: { accessKeyId: string; secretAccessKey: string } | undefined;
        forcePathStyle: boolean;
        prefix: string;
      };
  payments: {
    isSimulator: boolean;
    secretKey: string;
    publishableKey: string;
    webhookSecret: string;
    /** Simulator only: where the API reaches it, and where the browser does. */
    simulatorUrl: string | null;
    simulatorPublicUrl: string | null;
    livemode: boolean;
  };
  /** The issuer printed on invoices; registrationNumber null: a plain 請求書, not a qualified one. */
  invoice: {
    issuerName: string;
    issuerAddress: string | null;
    registrationNumber: string | null;
    bankAccount: string | null;
  };
};

export class ConfigError extends Error {}

/** The payments simulator's published webhook secret (apps/pay-sim): anyone can sign with it. */
export const SIMULATOR_WEBHOOK_SECRET = 'whsec_paysim_local_development_only';

const isHttps = (url: string | undefined) => !!url && url.startsWith('https://');

/**
 * What NODE_ENV=production refuses to start without, or with: every missing or unsafe setting, one line
 * each (decision 0022). Production runs on PostgreSQL, real LINE, Stripe and SMTP, with its own encryption
 * key, and never with a simulator, the development mailbox or the demo.
 */
export function productionProblems(e: z.output<typeof envSchema>): string[] {
  if (e.NODE_ENV !== 'production') return [];
  const problems: string[] = [];
  const missing = (name: string, why: string) => problems.push(`  ${name}: required in production (${why})`);
  if (!e.DATABASE_URL)
    missing('DATABASE_URL', 'postgres://...; PGlite serves one process and is for development');
  else if (!/^postgres(ql)?:\/\//.test(e.DATABASE_URL))
    problems.push('  DATABASE_URL: must be a postgres:// URL in production');
  if (!e.APP_URL)
    missing('APP_URL', 'the https:// address users open, used in mail links and the CSRF check');
  else if (!isHttps(e.APP_URL))
    problems.push('  APP_URL: must be https:// in production (session cookies are Secure)');
  if (!e.ENCRYPTION_KEY) missing('ENCRYPTION_KEY', '32 random bytes, base64: `openssl rand -base64 32`');
  else if (Buffer.from(e.ENCRYPTION_KEY, 'base64').length !== 32)
    problems.push('  ENCRYPTION_KEY: must be 32 bytes, base64-encoded');
  if (!e.LINE_API_BASE_URL)
    missing('LINE_API_BASE_URL', "LINE's API, https://api.line.me; unset means the simulator");
  else if (!isHttps(e.LINE_API_BASE_URL))
    problems.push('  LINE_API_BASE_URL: must be https:// in production (LINE itself, not a simulator)');
  if (e.LINE_DATA_API_BASE_URL && !isHttps(e.LINE_DATA_API_BASE_URL))
    problems.push('  LINE_DATA_API_BASE_URL: must be https:// in production');
  for (const name of ['STRIPE_SECRET_KEY', 'STRIPE_PUBLISHABLE_KEY', 'STRIPE_WEBHOOK_SECRET'] as const)
    if (!e[name]) missing(name, "Stripe's keys; unset means the payments simulator");
  if (
    /^(sk|rk)_live_/.test(e.STRIPE_SECRET_KEY ?? '') &&
    (!e.INVOICE_ISSUER_NAME || !e.INVOICE_REGISTRATION_NUMBER)
  )
    problems.push(
      "  INVOICE_ISSUER_NAME and INVOICE_REGISTRATION_NUMBER: required with live Stripe keys (they are printed on the clients' invoices)",
    );
  if (e.STRIPE_WEBHOOK_SECRET === SIMULATOR_WEBHOOK_SECRET)
    problems.push("  STRIPE_WEBHOOK_SECRET: is the payments simulator's published secret");
  if (!e.SMTP_URL) missing('SMTP_URL', 'mail is only kept in the database without it');
  if (e.SEED_DEMO) problems.push('  SEED_DEMO: the demo (a public password) is never written in production');
  if (e.DEV_MAILBOX)
    problems.push('  DEV_MAILBOX: the development mailbox cannot be served with NODE_ENV=production');
  for (const name of [
    'PAY_SIM_WEBHOOK_SECRET',
    'PAY_SIM_PORT',
    'PAY_SIM_PUBLIC_URL',
    'LINE_SIM_PORT',
  ] as const)
    if (e[name] !== undefined) problems.push(`  ${name}: a simulator setting, not for production`);
  return problems;
}

/** Parse the environment once; fail listing every bad variable. */
export function loadConfig(source: Record<string, string | undefined> = process.env): Config {
  const parsed = envSchema.safeParse(source);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid environment:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const problems = productionProblems(e);
  if (problems.length) {
    throw new ConfigError(
      `Refusing to start with NODE_ENV=production (see README, Deploying):\n${problems.join('\n')}`,
    );
  }
  const appUrl = (e.APP_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, '');
  const simPort = e.LINE_SIM_PORT ?? e.PORT + 1;
  const paySimPort = e.PAY_SIM_PORT ?? e.PORT + 2;
  const stripeKeys = [e.STRIPE_SECRET_KEY, e.STRIPE_PUBLISHABLE_KEY, e.STRIPE_WEBHOOK_SECRET].filter(Boolean);
  if (stripeKeys.length !== 0 && stripeKeys.length !== 3) {
    throw new ConfigError(
      'Invalid environment:\n  STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY and STRIPE_WEBHOOK_SECRET: set all three (or none, for the payments simulator)',
    );
  }
  const useStripe = stripeKeys.length === 3;
  if (e.FILE_STORAGE === 's3' && !e.S3_BUCKET) {
    throw new ConfigError('Invalid environment:\n  S3_BUCKET: required with FILE_STORAGE=s3');
  }
  if (!e.S3_ACCESS_KEY_ID !== !e.S3_SECRET_ACCESS_KEY) {
    throw new ConfigError(
      "Invalid environment:\n  S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY: set both (or neither, for the SDK's own sources)",
    );
  }
  const demoIssuer = e.NODE_ENV !== 'production';
  const resolve = (p: string) => (path.isAbsolute(p) ? p : path.join(repoRoot, p));
  return {
    env: e.NODE_ENV,
    host: e.HOST,
    port: e.PORT,
    appUrl,
    dataDir: resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL || undefined,
    databasePoolSize: e.DATABASE_POOL_SIZE,
    jobsInApi: e.JOBS_IN_API,
    warmUp: e.WARM_UP ?? Boolean(e.DATABASE_URL),
    smtpUrl: e.SMTP_URL || undefined,
    mailFrom: e.MAIL_FROM,
    session: {
      idleMinutes: e.SESSION_IDLE_MINUTES,
      absoluteHours: e.SESSION_ABSOLUTE_HOURS,
      cookieSecure: e.COOKIE_SECURE ?? appUrl.startsWith('https://'),
      cookieName: 'sid',
    },
    trustProxy: e.TRUST_PROXY,
    redisUrl: e.REDIS_URL || undefined,
    logLevel: e.LOG_LEVEL,
    seedDemo: e.SEED_DEMO ?? e.NODE_ENV !== 'production',
    devMailbox: e.DEV_MAILBOX,
    webDistDir: resolve(e.WEB_DIST_DIR),
    line: {
      apiBaseUrl: (e.LINE_API_BASE_URL ?? `http://127.0.0.1:${simPort}`).replace(/\/$/, ''),
      dataApiBaseUrl: (
        e.LINE_DATA_API_BASE_URL ??
        e.LINE_API_BASE_URL ??
        `http://127.0.0.1:${simPort}`
      ).replace(/\/$/, ''),
      isSimulator: !e.LINE_API_BASE_URL,
      simulatorPort: simPort,
      simulatorPageUrl:
        !e.LINE_API_BASE_URL && e.NODE_ENV !== 'production' ? `http://127.0.0.1:${simPort}/` : null,
      loginBaseUrl: (
        e.LINE_LOGIN_BASE_URL ??
        (e.LINE_API_BASE_URL ? 'https://access.line.me' : `http://127.0.0.1:${simPort}`)
      ).replace(/\/$/, ''),
    },
    encryptionKey: e.ENCRYPTION_KEY || undefined,
    fileStorage:
      e.FILE_STORAGE === 's3'
        ? {
            kind: 's3',
            bucket: e.S3_BUCKET!,
            region: e.S3_REGION,
            endpoint: e.S3_ENDPOINT,
            credentials:
              e.S3_ACCESS_KEY_ID && e.S3_SECRET_ACCESS_KEY
                ? { accessKeyId: e.S3_ACCESS_KEY_ID, secretAccessKey: e.S3_SECRET_ACCESS_KEY }
                : undefined,
            forcePathStyle: e.S3_FORCE_PATH_STYLE,
            prefix: e.S3_PREFIX,
          }
        : { kind: 'local', dir: path.join(resolve(e.DATA_DIR), 'files') },
    payments: useStripe
      ? {
          isSimulator: false,
          secretKey: e.STRIPE_SECRET_KEY!,
          publishableKey: e.STRIPE_PUBLISHABLE_KEY!,
          webhookSecret: e.STRIPE_WEBHOOK_SECRET!,
          simulatorUrl: null,
          simulatorPublicUrl: null,
          livemode:
            e.STRIPE_SECRET_KEY!.startsWith('sk_live_') || e.STRIPE_SECRET_KEY!.startsWith('rk_live_'),
        }
      : {
          isSimulator: true,
          secretKey: 'sk_test_paysim_local',
          publishableKey: 'pk_test_paysim_local',
          // The simulator's default (apps/pay-sim/src/config/env.ts): development only, never real Stripe.
          webhookSecret: e.PAY_SIM_WEBHOOK_SECRET ?? SIMULATOR_WEBHOOK_SECRET,
          simulatorUrl: `http://127.0.0.1:${paySimPort}`,
          simulatorPublicUrl: (e.PAY_SIM_PUBLIC_URL ?? `http://127.0.0.1:${paySimPort}`).replace(/\/$/, ''),
          livemode: false,
        },
    invoice: {
      issuerName: e.INVOICE_ISSUER_NAME ?? (demoIssuer ? 'デモ運営株式会社' : productName.ja),
      issuerAddress: e.INVOICE_ISSUER_ADDRESS ?? (demoIssuer ? '東京都千代田区丸の内一丁目1番1号' : null),
      registrationNumber: e.INVOICE_REGISTRATION_NUMBER ?? (demoIssuer ? 'T7123456789012' : null),
      bankAccount:
        e.INVOICE_BANK_ACCOUNT ??
        (demoIssuer ? 'デモ銀行 本店営業部 普通預金 1234567 デモウンエイ（カ）' : null),
    },
    inboxStreamMs: e.INBOX_STREAM_MS,
    friendTotalExactUpTo: e.FRIEND_TOTAL_EXACT_UP_TO,
    rateLimits: {
      login: e.RATE_LIMIT_LOGIN,
      loginPerIp: e.RATE_LIMIT_LOGIN_IP,
      passwordReset: e.RATE_LIMIT_MAIL,
      windowMs: 15 * 60 * 1000,
    },
  };
}
