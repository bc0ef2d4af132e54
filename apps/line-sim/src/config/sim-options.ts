import type { liff } from '@line/bot-sdk';

export type SeedLiffApp = {
  liffId: string;
  view: liff.LiffView;
  description?: string;
  scope?: liff.LiffScope[];
  botPrompt?: liff.LiffBotPrompt;
};

/** A demo account with fixed ids and secrets, so the product's demo data survives a restart. */
export type SeedChannel = {
  channelId: string;
  channelSecret: string;
  displayName: string;
  botUserId?: string;
  basicId?: string;
  pictureUrl?: string;
  /** A fixed long-lived channel access token, for products that configure a token instead of id+secret. */
  channelAccessToken?: string;
  webhookEndpoint?: string;
  webhookActive?: boolean;
  login?: { channelId: string; channelSecret: string; name?: string };
  liffApps?: SeedLiffApp[];
  /** The monthly message plan: communication (200), light (5,000), standard (30,000, default), unlimited. */
  quotaPlan?: 'communication' | 'light' | 'standard' | 'unlimited';
};

export type SeedUser = {
  userId: string;
  displayName: string;
  pictureUrl?: string;
  statusMessage?: string;
  language?: string;
  /** Channel ids this user is already a friend of (set silently, no webhook). */
  friendOf?: string[];
  /** Channel ids this user added and then blocked (set silently, no webhook). */
  blockedOf?: string[];
};

export type SimSeed = { channels?: SeedChannel[]; users?: SeedUser[] };

export type LineSimulatorOptions = {
  seed?: SimSeed;
  /** Waits before each webhook redelivery after a failed attempt; [] turns redelivery off. */
  redeliveryDelaysMs?: number[];
  webhookTimeoutMs?: number;
  replyTokenTtlMs?: number;
  /** Base for URLs the simulator hands out (avatars, rich menu images); default: the request's host. */
  publicBaseUrl?: string;
  logger?: boolean;
  /** A JSON file the state is kept in: restored at start, written shortly after each change and on close. */
  stateFile?: string;
};

export type ResolvedSimOptions = Required<
  Omit<LineSimulatorOptions, 'publicBaseUrl' | 'seed' | 'stateFile'>
> & {
  publicBaseUrl: string | null;
  seed: SimSeed;
  stateFile: string | null;
};

export const resolveSimOptions = (options: LineSimulatorOptions = {}): ResolvedSimOptions => ({
  seed: options.seed ?? {},
  redeliveryDelaysMs: options.redeliveryDelaysMs ?? [1_000, 5_000, 30_000],
  webhookTimeoutMs: options.webhookTimeoutMs ?? 10_000,
  replyTokenTtlMs: options.replyTokenTtlMs ?? 60_000,
  publicBaseUrl: options.publicBaseUrl?.replace(/\/+$/, '') ?? null,
  logger: options.logger ?? false,
  stateFile: options.stateFile ?? null,
});
