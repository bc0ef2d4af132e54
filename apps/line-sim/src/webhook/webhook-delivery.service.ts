import type { webhook } from '@line/bot-sdk';
import type { ResolvedSimOptions } from '../config/sim-options.ts';
import { createSimId } from '../state/id.generator.ts';
import type {
  DeliveryAttempt,
  MessagingChannel,
  SimStateStore,
  WebhookDelivery,
} from '../state/sim-state.store.ts';
import { signWebhookBody } from './webhook-signature.ts';

type PostResult = { statusCode: number | null; error: string | null; reason: string; detail: string };

export type WebhookTestResult = {
  success: boolean;
  timestamp: string;
  statusCode: number;
  reason: string;
  detail: string;
};

const userAgent = 'LineBotWebhook/2.0';

/**
 * Sends signed webhook requests like the LINE platform: one POST per batch of events, 2xx is
 * success, anything else is redelivered on the configured schedule with isRedelivery true and the
 * same webhookEventIds (so receivers can de-duplicate).
 */
export class WebhookDeliveryService {
  private readonly timers = new Set<NodeJS.Timeout>();
  private closed = false;

  constructor(
    private readonly store: SimStateStore,
    private readonly options: ResolvedSimOptions,
  ) {}

  /** Resolves after the first attempt; redeliveries continue in the background. */
  async deliver(channel: MessagingChannel, events: webhook.Event[]): Promise<WebhookDelivery> {
    const { endpoint, active } = channel.webhook;
    const delivery: WebhookDelivery = {
      id: createSimId('dlv'),
      channelId: channel.channelId,
      endpoint,
      eventIds: events.map((event) => event.webhookEventId),
      eventTypes: events.map((event) => event.type),
      status: 'pending',
      reason: null,
      attempts: [],
      createdAt: new Date().toISOString(),
    };
    this.store.deliveries.push(delivery);
    if (!endpoint || !active) {
      delivery.status = 'skipped';
      delivery.reason = endpoint ? 'webhook is turned off' : 'no webhook endpoint is set';
      return delivery;
    }
    await this.attempt(channel, delivery, events, 0);
    return delivery;
  }

  /** POST /v2/bot/channel/webhook/test: LINE sends an empty event list to check the endpoint. */
  async test(channel: MessagingChannel, endpoint: string): Promise<WebhookTestResult> {
    const timestamp = new Date().toISOString();
    const result = await this.post(channel, endpoint, { destination: channel.botUserId, events: [] });
    return {
      success: result.statusCode !== null && result.statusCode >= 200 && result.statusCode < 300,
      timestamp,
      statusCode: result.statusCode ?? 0,
      reason: result.reason,
      detail: result.detail,
    };
  }

  /** Drops scheduled redeliveries (on reset); later deliveries work as usual. */
  cancelPending() {
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
  }

  close() {
    this.closed = true;
    this.cancelPending();
  }

  private async attempt(
    channel: MessagingChannel,
    delivery: WebhookDelivery,
    events: webhook.Event[],
    index: number,
  ): Promise<void> {
    const isRedelivery = index > 0;
    const payloadEvents = isRedelivery
      ? events.map((event) => ({ ...event, deliveryContext: { isRedelivery: true } }))
      : events;
    // The endpoint may have changed since the first try; LINE uses the current setting.
    const endpoint = channel.webhook.endpoint ?? delivery.endpoint ?? '';
    const started = Date.now();
    const result = await this.post(channel, endpoint, {
      destination: channel.botUserId,
      events: payloadEvents,
    });
    const attempt: DeliveryAttempt = {
      at: new Date(started).toISOString(),
      isRedelivery,
      statusCode: result.statusCode,
      error: result.error,
      durationMs: Date.now() - started,
    };
    delivery.attempts.push(attempt);
    if (result.statusCode !== null && result.statusCode >= 200 && result.statusCode < 300) {
      delivery.status = 'delivered';
      delivery.reason = null;
      return;
    }
    delivery.reason = result.error ?? `HTTP ${result.statusCode ?? 0}`;
    const delay = this.options.redeliveryDelaysMs[index];
    if (delay === undefined || this.closed) {
      delivery.status = 'failed';
      return;
    }
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      void this.attempt(channel, delivery, events, index + 1);
    }, delay);
    this.timers.add(timer);
  }

  private async post(
    channel: MessagingChannel,
    endpoint: string,
    payload: webhook.CallbackRequest,
  ): Promise<PostResult> {
    const rawBody = JSON.stringify(payload);
    try {
      const response = await fetch(endpoint, {
        method: 'POST',
        headers: {
          'content-type': 'application/json; charset=utf-8',
          'user-agent': userAgent,
          'x-line-signature': signWebhookBody(channel.channelSecret, rawBody),
        },
        body: rawBody,
        signal: AbortSignal.timeout(this.options.webhookTimeoutMs),
        redirect: 'manual',
      });
      await response.arrayBuffer().catch(() => undefined);
      const ok = response.status >= 200 && response.status < 300;
      return {
        statusCode: response.status,
        error: null,
        reason: ok ? 'OK' : 'ERROR_STATUS_CODE',
        detail: String(response.status),
      };
    } catch (error) {
      const timedOut = error instanceof Error && error.name === 'TimeoutError';
      const message =
        error instanceof Error
          ? ((error.cause as Error | undefined)?.message ?? error.message)
          : String(error);
      return {
        statusCode: null,
        error: timedOut ? 'request timed out' : message,
        reason: timedOut ? 'REQUEST_TIMEOUT' : 'COULD_NOT_CONNECT',
        detail: message,
      };
    }
  }
}
