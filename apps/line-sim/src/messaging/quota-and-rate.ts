import type { FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import { LineApiError } from '../http/line-errors.ts';
import type { SimContext } from '../state/sim-context.ts';
import type { MessagingChannel, SimStateStore } from '../state/sim-state.store.ts';

/**
 * LINE Official Account plans (Japan): the free コミュニケーションプラン sends 200 messages a month,
 * ライトプラン 5,000, スタンダードプラン 30,000. "unlimited" answers quota type "none" (no target set).
 */
export const quotaPlans = { communication: 200, light: 5_000, standard: 30_000, unlimited: null } as const;
export type QuotaPlan = keyof typeof quotaPlans;
export const defaultQuotaPlan: QuotaPlan = 'standard';

export const isQuotaPlan = (value: unknown): value is QuotaPlan =>
  typeof value === 'string' && Object.hasOwn(quotaPlans, value);

export const quotaLimitOf = (channel: MessagingChannel): number | null =>
  quotaPlans[channel.quotaPlan ?? defaultQuotaPlan];

const monthOf = (at: string | Date) => new Date(at).toISOString().slice(0, 7);

/**
 * Messages counted this month: push, multicast and broadcast (reply is free), one per recipient who
 * received it whatever the number of message objects, as LINE counts.
 */
export const monthlyConsumption = (store: SimStateStore, channelId: string, now = new Date()) => {
  const month = monthOf(now);
  let total = 0;
  for (const record of store.sent) {
    if (record.channelId === channelId && record.kind !== 'reply' && record.at.startsWith(month)) {
      total += record.deliveredTo.length;
    }
  }
  return total;
};

/** LINE refuses the whole request when it would go over the month's target. */
export const assertQuotaFor = (store: SimStateStore, channelId: string, recipients: number) => {
  const channel = store.channels.get(channelId);
  const limit = channel ? quotaLimitOf(channel) : null;
  if (limit === null || recipients === 0) return;
  if (monthlyConsumption(store, channelId) + recipients > limit) {
    throw new LineApiError(429, { message: 'You have reached your monthly limit.' });
  }
};

type RateClass = { name: string; limit: number; windowMs: number };

const hour = 60 * 60 * 1000;
const rateClasses = {
  multicast: { name: 'multicast', limit: 200, windowMs: 1000 },
  broadcast: { name: 'broadcast/narrowcast', limit: 60, windowMs: hour },
  other: { name: 'other', limit: 2_000, windowMs: 1000 },
} satisfies Record<string, RateClass>;

const rateClassOf = (request: FastifyRequest): RateClass => {
  const path = request.url.split('?')[0] ?? '';
  if (path === '/v2/bot/message/multicast') return rateClasses.multicast;
  if (path === '/v2/bot/message/broadcast' || path === '/v2/bot/message/narrowcast') {
    return rateClasses.broadcast;
  }
  return rateClasses.other;
};

/**
 * LINE's per-channel rate limits (multicast 200 requests a second, broadcast and narrowcast 60 an hour,
 * every other endpoint 2,000 a second), counted in fixed windows; over the limit answers LINE's 429.
 */
export const rateLimitHook =
  (ctx: SimContext): preHandlerAsyncHookHandler =>
  async (request) => {
    if (!request.simChannelId) return;
    const rate = rateClassOf(request);
    const key = `${request.simChannelId} ${rate.name}`;
    const now = Date.now();
    const windows = ctx.store.rateWindows;
    let window = windows.get(key);
    if (!window || window.startedAt + rate.windowMs <= now) {
      window = { startedAt: now, count: 0 };
      windows.set(key, window);
    }
    if (window.count >= rate.limit) {
      throw new LineApiError(429, { message: 'The API rate limit has been exceeded. Try again later.' });
    }
    window.count += 1;
  };
