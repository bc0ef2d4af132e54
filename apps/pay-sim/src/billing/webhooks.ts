import { createHmac } from 'node:crypto';
import type { Obj } from '../state/store.ts';

export type WebhookTarget = { url: string; secret: string; enabledEvents?: string[] };

export type Deliver = (
  url: string,
  headers: Record<string, string>,
  body: string,
) => Promise<{ statusCode: number }>;

export type DeliveryRecord = {
  eventId: string;
  type: string;
  url: string;
  attempts: { at: number; statusCode: number | null; error?: string }[];
  status: 'pending' | 'delivered' | 'failed';
};

/** Stripe-Signature: `t=<unix seconds>,v1=<HMAC-SHA256 of "t.payload" with the endpoint secret>`. */
export const signPayload = (payload: string, secret: string, timestamp: number) =>
  `t=${timestamp},v1=${createHmac('sha256', secret).update(`${timestamp}.${payload}`, 'utf8').digest('hex')}`;

const fetchDeliver: Deliver = async (url, headers, body) => {
  const response = await fetch(url, {
    method: 'POST',
    headers,
    body,
    signal: AbortSignal.timeout(10_000),
  });
  await response.arrayBuffer().catch(() => undefined);
  return { statusCode: response.status };
};

/**
 * Sends each event to every endpoint that wants it, signed as Stripe signs, retrying a failed delivery
 * after each of `retryDelaysMs`. Deliveries are asynchronous like Stripe's; `drain()` waits for them.
 */
export class WebhookSender {
  readonly deliveries: DeliveryRecord[] = [];
  private pending = new Set<Promise<void>>();
  private timers = new Set<NodeJS.Timeout>();
  private closed = false;

  constructor(
    private readonly targets: () => WebhookTarget[],
    private readonly retryDelaysMs: number[],
    private readonly deliver: Deliver = fetchDeliver,
  ) {}

  send(event: Obj) {
    for (const target of this.targets()) {
      const wanted = target.enabledEvents;
      if (wanted && !wanted.includes('*') && !wanted.includes(event.type as string)) continue;
      const record: DeliveryRecord = {
        eventId: event.id as string,
        type: event.type as string,
        url: target.url,
        attempts: [],
        status: 'pending',
      };
      this.deliveries.push(record);
      if (this.deliveries.length > 500) this.deliveries.shift();
      this.track(this.attempt(record, target, JSON.stringify(event, null, 2), 0));
    }
  }

  private track(promise: Promise<void>) {
    this.pending.add(promise);
    void promise.finally(() => this.pending.delete(promise));
  }

  private async attempt(record: DeliveryRecord, target: WebhookTarget, payload: string, retry: number) {
    const timestamp = Math.floor(Date.now() / 1000);
    const headers = {
      'content-type': 'application/json; charset=utf-8',
      'user-agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)',
      'stripe-signature': signPayload(payload, target.secret, timestamp),
    };
    try {
      const { statusCode } = await this.deliver(target.url, headers, payload);
      record.attempts.push({ at: Date.now(), statusCode });
      if (statusCode >= 200 && statusCode < 300) {
        record.status = 'delivered';
        return;
      }
    } catch (error) {
      record.attempts.push({ at: Date.now(), statusCode: null, error: (error as Error).message });
    }
    const delay = this.retryDelaysMs[retry];
    if (delay === undefined || this.closed) {
      record.status = 'failed';
      return;
    }
    await new Promise<void>((resolve) => {
      const timer = setTimeout(() => {
        this.timers.delete(timer);
        resolve();
      }, delay);
      timer.unref();
      this.timers.add(timer);
    });
    if (this.closed) {
      record.status = 'failed';
      return;
    }
    await this.attempt(record, target, payload, retry + 1);
  }

  /** Resolves when every delivery under way (and what it triggers) has finished. */
  async drain() {
    while (this.pending.size > 0) await Promise.allSettled([...this.pending]);
  }

  close() {
    this.closed = true;
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
  }
}
