import type { FastifyRequest } from 'fastify';
import type { ResolvedSimOptions } from '../config/sim-options.ts';
import type { WebhookDeliveryService } from '../webhook/webhook-delivery.service.ts';
import type { SimStateStore } from './sim-state.store.ts';

/** What every route and service of one simulator instance shares; tests build one per app. */
export type SimContext = {
  store: SimStateStore;
  options: ResolvedSimOptions;
  webhooks: WebhookDeliveryService;
  /** Absolute base URL for links the simulator hands out. */
  baseUrlFor: (request: FastifyRequest) => string;
  /** Re-applies the start-up seed, used at start and by /_sim/reset. */
  applySeed: () => void;
};

export const avatarUrl = (baseUrl: string, id: string) => `${baseUrl}/_sim/avatars/${id}.png`;
