import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/** A Stripe object as answered (JSON). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Obj = Record<string, any>;

export type IdempotentAnswer = { fingerprint: string; statusCode: number; body: unknown; createdAt: number };

/** What the simulator keeps of a subscription beyond Stripe's object: failed-payment retries. */
export type SubscriptionMeta = { retryAt: number | null; attempts: number; openInvoice: string | null };

const ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

export const newId = (prefix: string, length = 24) => {
  const bytes = randomBytes(length);
  let out = '';
  for (const b of bytes) out += ALPHABET[b % ALPHABET.length];
  return `${prefix}_${out}`;
};

/** Every object by id (the prefix tells the kind), in creation order, plus the simulator's own notes. */
export class PaySimStore {
  objects = new Map<string, Obj>();
  /** Idempotency keys per API key: `${apiKey}:${key}`. */
  idempotency = new Map<string, IdempotentAnswer>();
  /** Which test card a payment method is (the test number decides what a charge does). */
  cardOf = new Map<string, string>();
  subscriptionMeta = new Map<string, SubscriptionMeta>();
  /** The PaymentIntent of each invoice's last payment attempt (Stripe's invoice payments). */
  invoicePayments = new Map<string, string>();
  /** Send-invoice invoices whose due date has passed (invoice.overdue sent). */
  overdueInvoices = new Set<string>();
  /** Seconds added to the machine's clock by the tests' clock moves. */
  clockOffset = 0;

  clear() {
    this.objects.clear();
    this.idempotency.clear();
    this.cardOf.clear();
    this.subscriptionMeta.clear();
    this.invoicePayments.clear();
    this.overdueInvoices.clear();
    this.clockOffset = 0;
  }

  put<T extends Obj>(obj: T): T {
    this.objects.set(obj.id as string, obj);
    return obj;
  }

  get(id: string, object?: string): Obj | undefined {
    const found = this.objects.get(id);
    if (!found || (object && found.object !== object)) return undefined;
    return found;
  }

  all(object: string): Obj[] {
    return [...this.objects.values()].filter((o) => o.object === object);
  }

  snapshot() {
    return {
      version: 1,
      objects: [...this.objects.values()],
      idempotency: [...this.idempotency],
      cardOf: [...this.cardOf],
      subscriptionMeta: [...this.subscriptionMeta],
      invoicePayments: [...this.invoicePayments],
      overdueInvoices: [...this.overdueInvoices],
      clockOffset: this.clockOffset,
    };
  }

  restore(snapshot: ReturnType<PaySimStore['snapshot']>) {
    this.clear();
    for (const o of snapshot.objects) this.objects.set(o.id as string, o);
    this.idempotency = new Map(snapshot.idempotency);
    this.cardOf = new Map(snapshot.cardOf);
    this.subscriptionMeta = new Map(snapshot.subscriptionMeta);
    this.invoicePayments = new Map(snapshot.invoicePayments);
    this.overdueInvoices = new Set(snapshot.overdueInvoices);
    this.clockOffset = snapshot.clockOffset;
  }
}

export const readStateFile = (file: string) => {
  if (!fs.existsSync(file)) return undefined;
  try {
    const parsed = JSON.parse(fs.readFileSync(file, 'utf8')) as ReturnType<PaySimStore['snapshot']>;
    return parsed.version === 1 ? parsed : undefined;
  } catch {
    return undefined;
  }
};

export const writeStateFile = (file: string, store: PaySimStore) => {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const tmp = `${file}.tmp`;
  fs.writeFileSync(tmp, JSON.stringify(store.snapshot()));
  fs.renameSync(tmp, file);
};
