import { randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { PaySimEngine, RequestInfo } from '../billing/engine.ts';
import { invalidRequest, resourceMissing, StripeApiError } from '../http/errors.ts';
import { type FormObject, parseStripeForm } from '../http/form.ts';
import { newId, type Obj } from '../state/store.ts';

type Ctx = { engine: PaySimEngine };

declare module 'fastify' {
  // Declaration merging with Fastify's own types needs an interface.
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions
  interface FastifyRequest {
    stripeKey: { key: string; kind: 'secret' | 'publishable' };
    stripeRequest: RequestInfo;
  }
}

/** Calls a publishable key (the browser's Stripe.js) may make: tokenizing a card, confirming an intent. */
const PUBLISHABLE_ALLOWED: [string, RegExp][] = [
  ['POST', /^\/v1\/payment_methods$/],
  ['POST', /^\/v1\/setup_intents\/[^/]+\/confirm$/],
  ['GET', /^\/v1\/setup_intents\/[^/]+$/],
  ['POST', /^\/v1\/payment_intents\/[^/]+\/confirm$/],
  ['GET', /^\/v1\/payment_intents\/[^/]+$/],
];

const keyOf = (request: FastifyRequest) => {
  const header = request.headers.authorization ?? '';
  const bearer = /^Bearer\s+(\S+)$/i.exec(header)?.[1];
  if (bearer) return bearer;
  const basic = /^Basic\s+(\S+)$/i.exec(header)?.[1];
  if (basic) return Buffer.from(basic, 'base64').toString('utf8').split(':')[0] ?? '';
  return (request.body as FormObject | undefined)?.key as string | undefined;
};

const authenticate = async (request: FastifyRequest) => {
  const key = keyOf(request);
  if (!key) {
    throw new StripeApiError(
      401,
      'invalid_request_error',
      "You did not provide an API key. You need to provide your API key in the Authorization header, using Bearer auth (e.g. 'Authorization: Bearer YOUR_SECRET_KEY').",
    );
  }
  if (/^(sk|rk)_live_|^pk_live_/.test(key)) {
    throw new StripeApiError(
      401,
      'invalid_request_error',
      'The payments simulator only takes test-mode keys.',
    );
  }
  const kind = /^(sk|rk)_test_/.test(key) ? 'secret' : /^pk_test_/.test(key) ? 'publishable' : null;
  if (!kind)
    throw new StripeApiError(401, 'invalid_request_error', `Invalid API Key provided: ${key.slice(0, 8)}***`);
  const path = request.url.split('?')[0] ?? '';
  if (
    kind === 'publishable' &&
    !PUBLISHABLE_ALLOWED.some(([m, re]) => m === request.method && re.test(path))
  ) {
    throw new StripeApiError(
      401,
      'invalid_request_error',
      'This API call cannot be made with a publishable API key. Please use a secret API key.',
    );
  }
  request.stripeKey = { key, kind };
  const idempotencyKey = request.headers['idempotency-key'];
  request.stripeRequest = {
    id: newId('req', 14),
    idempotencyKey: typeof idempotencyKey === 'string' ? idempotencyKey : null,
  };
};

/** Lists as Stripe pages them: newest first, `limit` (default 10, at most 100), `starting_after`. */
const listOf = (items: Obj[], q: FormObject, url: string) => {
  const limit = q.limit === undefined ? 10 : Number(q.limit);
  if (!Number.isInteger(limit) || limit < 1 || limit > 100) {
    throw invalidRequest('Invalid integer: limit must be between 1 and 100', 'limit');
  }
  let sorted = [...items].reverse();
  if (typeof q.starting_after === 'string') {
    const at = sorted.findIndex((o) => o.id === q.starting_after);
    sorted = at < 0 ? [] : sorted.slice(at + 1);
  }
  const data = sorted.slice(0, limit);
  return { object: 'list', data, has_more: sorted.length > limit, url };
};

const clientSecretParam = (q: FormObject) => (typeof q.client_secret === 'string' ? q.client_secret : null);

export const registerApiRoutes = (app: FastifyInstance, { engine }: Ctx) => {
  const store = engine.store;

  app.removeAllContentTypeParsers();
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_r, body, done) =>
    done(null, parseStripeForm(typeof body === 'string' ? body : body.toString('utf8'))),
  );
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_r, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    try {
      done(null, text.trim() ? JSON.parse(text) : {});
    } catch {
      done(invalidRequest('Invalid request body.'), undefined);
    }
  });
  app.addContentTypeParser('*', { parseAs: 'string' }, (_r, _body, done) => done(null, {}));

  // Browsers call the publishable-key endpoints cross-origin, as they call api.stripe.com.
  app.addHook('onRequest', async (request, reply) => {
    reply.header('access-control-allow-origin', '*');
    reply.header(
      'access-control-allow-headers',
      'authorization, content-type, idempotency-key, stripe-version',
    );
    reply.header('access-control-allow-methods', 'GET, POST, DELETE, OPTIONS');
    if (request.method === 'OPTIONS') return reply.code(204).send();
  });
  app.addHook('preHandler', async (request) => authenticate(request));

  // Idempotency: a repeated key answers the first result; a different request under the same key is refused.
  app.addHook('preHandler', async (request, reply) => {
    const key = request.stripeRequest.idempotencyKey;
    if (!key || request.method !== 'POST') return;
    const slot = `${request.stripeKey.key}:${key}`;
    const fingerprint = `${request.method} ${request.url} ${JSON.stringify(request.body ?? {})}`;
    const known = store.idempotency.get(slot);
    if (!known) return;
    if (known.fingerprint !== fingerprint) {
      throw new StripeApiError(
        400,
        'idempotency_error',
        `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${key}' if you meant to execute a different request.`,
      );
    }
    reply.header('idempotent-replayed', 'true');
    return reply.code(known.statusCode).send(known.body);
  });
  app.addHook('onSend', async (request, reply, payload) => {
    reply.header('request-id', request.stripeRequest?.id ?? newId('req', 14));
    const key = request.stripeRequest?.idempotencyKey;
    if (
      key &&
      request.method === 'POST' &&
      reply.statusCode < 500 &&
      !reply.getHeader('idempotent-replayed')
    ) {
      const slot = `${request.stripeKey.key}:${key}`;
      if (!store.idempotency.has(slot)) {
        store.idempotency.set(slot, {
          fingerprint: `${request.method} ${request.url} ${JSON.stringify(request.body ?? {})}`,
          statusCode: reply.statusCode,
          body: typeof payload === 'string' ? JSON.parse(payload) : payload,
          createdAt: Date.now(),
        });
        reply.header('idempotency-key', key);
      }
    }
    return payload;
  });

  app.setErrorHandler((error: Error & { statusCode?: number; validation?: unknown }, request, reply) => {
    if (error instanceof StripeApiError) {
      return reply.code(error.statusCode).send(error.body(request.stripeRequest?.id ?? ''));
    }
    const status = error.statusCode && error.statusCode < 500 ? error.statusCode : 500;
    if (status === 500) request.log.error(error);
    return reply.code(status).send({
      error: {
        type: status === 500 ? 'api_error' : 'invalid_request_error',
        message: status === 500 ? 'An unknown error occurred.' : error.message,
      },
    });
  });
  app.setNotFoundHandler((request, reply) =>
    reply.code(404).send({
      error: {
        type: 'invalid_request_error',
        message: `Unrecognized request URL (${request.method}: ${request.url.split('?')[0]}).`,
      },
    }),
  );

  /** Sends the answer with `expand[]` applied to a copy (ids replaced by their objects). */
  const answer = (reply: FastifyReply, request: FastifyRequest, value: Obj, status = 200) => {
    const params = { ...(request.query as FormObject), ...((request.body as FormObject) ?? {}) };
    const expand = Array.isArray(params.expand) ? (params.expand as string[]) : [];
    const copy = structuredClone(value);
    for (const path of expand) expandPath(copy, path.split('.'));
    return reply.code(status).send(copy);
  };
  const expandPath = (target: Obj, path: string[]) => {
    const [head, ...rest] = path;
    if (!head || target === null || typeof target !== 'object') return;
    if (Array.isArray(target)) {
      for (const t of target) expandPath(t as Obj, path);
      return;
    }
    let value = target[head];
    if (typeof value === 'string') {
      const found = store.get(value);
      if (found) value = target[head] = structuredClone(found);
    }
    if (rest.length && value && typeof value === 'object') expandPath(value as Obj, rest);
  };

  const body = (r: FastifyRequest) => (r.body as FormObject | undefined) ?? {};
  const query = (r: FastifyRequest) => (r.query ?? {}) as FormObject;
  const info = (r: FastifyRequest) => r.stripeRequest;
  type P = { Params: { id: string } };
  const get = (object: string, kind: string) => async (r: FastifyRequest<P>, reply: FastifyReply) =>
    answer(reply, r, engine.need(r.params.id, object, kind));

  // customers
  app.post('/v1/customers', async (r, reply) => answer(reply, r, engine.createCustomer(body(r), info(r))));
  app.get('/v1/customers', async (r, reply) => {
    const q = query(r);
    const items = store
      .all('customer')
      .filter((c) => !c.deleted && (q.email === undefined || c.email === q.email));
    return answer(reply, r, listOf(items, q, '/v1/customers'));
  });
  app.get<P>('/v1/customers/:id', async (r, reply) => {
    const found = store.get(r.params.id, 'customer');
    if (!found) throw resourceMissing('customer', r.params.id);
    if (found.deleted) return reply.send({ id: found.id, object: 'customer', deleted: true });
    return answer(reply, r, found);
  });
  app.post<P>('/v1/customers/:id', async (r, reply) =>
    answer(reply, r, engine.updateCustomer(r.params.id, body(r), info(r))),
  );
  app.delete<P>('/v1/customers/:id', async (r, reply) =>
    reply.send(engine.deleteCustomer(r.params.id, info(r))),
  );
  app.get<P>('/v1/customers/:id/payment_methods', async (r, reply) => {
    engine.need(r.params.id, 'customer', 'customer');
    const items = store.all('payment_method').filter((pm) => pm.customer === r.params.id);
    return answer(reply, r, listOf(items, query(r), `/v1/customers/${r.params.id}/payment_methods`));
  });

  // payment methods
  app.post('/v1/payment_methods', async (r, reply) =>
    answer(reply, r, engine.createCardPaymentMethod(body(r))),
  );
  app.get('/v1/payment_methods', async (r, reply) => {
    const q = query(r);
    if (typeof q.customer !== 'string') throw invalidRequest('Missing required param: customer.', 'customer');
    const items = store.all('payment_method').filter((pm) => pm.customer === q.customer);
    return answer(reply, r, listOf(items, q, '/v1/payment_methods'));
  });
  app.get<P>('/v1/payment_methods/:id', get('payment_method', 'PaymentMethod'));
  app.post<P>('/v1/payment_methods/:id', async (r, reply) => {
    const pm = engine.need(r.params.id, 'payment_method', 'PaymentMethod');
    const p = body(r);
    if (p.metadata !== undefined) pm.metadata = { ...pm.metadata, ...(p.metadata as Obj) };
    const billing = p.billing_details as Obj | undefined;
    if (billing?.name !== undefined) pm.billing_details.name = billing.name || null;
    engine.emit('payment_method.updated', pm, info(r));
    return answer(reply, r, pm);
  });
  app.post<P>('/v1/payment_methods/:id/attach', async (r, reply) =>
    answer(reply, r, engine.attachPaymentMethod(r.params.id, body(r), info(r))),
  );
  app.post<P>('/v1/payment_methods/:id/detach', async (r, reply) =>
    answer(reply, r, engine.detachPaymentMethod(r.params.id, info(r))),
  );

  // setup intents
  app.post('/v1/setup_intents', async (r, reply) =>
    answer(reply, r, engine.createSetupIntent(body(r), info(r))),
  );
  app.get('/v1/setup_intents', async (r, reply) => {
    const q = query(r);
    const items = store
      .all('setup_intent')
      .filter((s) => q.customer === undefined || s.customer === q.customer);
    return answer(reply, r, listOf(items, q, '/v1/setup_intents'));
  });
  app.get<P>('/v1/setup_intents/:id', async (r, reply) => {
    const si = engine.need(r.params.id, 'setup_intent', 'setup_intent', 'intent');
    if (r.stripeKey.kind === 'publishable' && clientSecretParam(query(r)) !== si.client_secret) {
      throw resourceMissing('setup_intent', r.params.id, 'intent');
    }
    return answer(reply, r, si);
  });
  app.post<P>('/v1/setup_intents/:id/confirm', async (r, reply) => {
    const p = body(r);
    const secret = r.stripeKey.kind === 'publishable' ? (clientSecretParam(p) ?? '') : null;
    return answer(reply, r, engine.confirmSetupIntent(r.params.id, p, info(r), secret));
  });
  app.post<P>('/v1/setup_intents/:id/cancel', async (r, reply) =>
    answer(reply, r, engine.cancelSetupIntent(r.params.id, info(r))),
  );

  // products and prices
  app.post('/v1/products', async (r, reply) => answer(reply, r, engine.createProduct(body(r), info(r))));
  app.get('/v1/products', async (r, reply) => {
    const q = query(r);
    const items = store.all('product').filter((p) => q.active === undefined || String(p.active) === q.active);
    return answer(reply, r, listOf(items, q, '/v1/products'));
  });
  app.get<P>('/v1/products/:id', get('product', 'product'));
  app.post<P>('/v1/products/:id', async (r, reply) =>
    answer(reply, r, engine.updateProduct(r.params.id, body(r), info(r))),
  );
  app.post('/v1/prices', async (r, reply) => answer(reply, r, engine.createPrice(body(r), info(r))));
  app.get('/v1/prices', async (r, reply) => {
    const q = query(r);
    const items = store
      .all('price')
      .filter(
        (p) =>
          (q.product === undefined || p.product === q.product) &&
          (q.active === undefined || String(p.active) === q.active),
      );
    return answer(reply, r, listOf(items, q, '/v1/prices'));
  });
  app.get<P>('/v1/prices/:id', get('price', 'price'));
  app.post<P>('/v1/prices/:id', async (r, reply) =>
    answer(reply, r, engine.updatePrice(r.params.id, body(r), info(r))),
  );

  // subscriptions
  app.post('/v1/subscriptions', async (r, reply) =>
    answer(reply, r, engine.createSubscription(body(r), info(r))),
  );
  app.get('/v1/subscriptions', async (r, reply) => {
    const q = query(r);
    const status = q.status ?? 'all_but_canceled';
    const items = store
      .all('subscription')
      .filter(
        (s) =>
          (q.customer === undefined || s.customer === q.customer) &&
          (q.price === undefined || s.items.data[0]?.price.id === q.price) &&
          (status === 'all' ||
            (status === 'all_but_canceled'
              ? !['canceled', 'incomplete_expired'].includes(s.status as string)
              : s.status === status)),
      );
    return answer(reply, r, listOf(items, q, '/v1/subscriptions'));
  });
  app.get<P>('/v1/subscriptions/:id', get('subscription', 'subscription'));
  app.post<P>('/v1/subscriptions/:id', async (r, reply) =>
    answer(reply, r, engine.updateSubscription(r.params.id, body(r), info(r))),
  );
  app.delete<P>('/v1/subscriptions/:id', async (r, reply) =>
    answer(reply, r, engine.cancelSubscription(r.params.id, info(r))),
  );

  // invoices
  app.get('/v1/invoices', async (r, reply) => {
    const q = query(r);
    const items = store
      .all('invoice')
      .filter(
        (i) =>
          (q.customer === undefined || i.customer === q.customer) &&
          (q.subscription === undefined || i.subscription === q.subscription) &&
          (q.status === undefined || i.status === q.status),
      );
    return answer(reply, r, listOf(items, q, '/v1/invoices'));
  });
  app.get<P>('/v1/invoices/:id', get('invoice', 'invoice'));
  app.get<P>('/v1/invoices/:id/lines', async (r, reply) => {
    const invoice = engine.need(r.params.id, 'invoice', 'invoice');
    return answer(
      reply,
      r,
      listOf([...(invoice.lines.data as Obj[])].reverse(), query(r), `/v1/invoices/${r.params.id}/lines`),
    );
  });
  app.post<P>('/v1/invoices/:id/pay', async (r, reply) =>
    answer(reply, r, engine.payInvoice(r.params.id, body(r), info(r))),
  );
  app.post<P>('/v1/invoices/:id/void', async (r, reply) =>
    answer(reply, r, engine.voidInvoice(r.params.id, info(r))),
  );

  // payment intents and charges
  app.post('/v1/payment_intents', async (r, reply) =>
    answer(reply, r, engine.createPaymentIntent(body(r), info(r))),
  );
  app.get('/v1/payment_intents', async (r, reply) => {
    const q = query(r);
    const items = store
      .all('payment_intent')
      .filter((p) => q.customer === undefined || p.customer === q.customer);
    return answer(reply, r, listOf(items, q, '/v1/payment_intents'));
  });
  app.get<P>('/v1/payment_intents/:id', async (r, reply) => {
    const pi = engine.need(r.params.id, 'payment_intent', 'payment_intent', 'intent');
    if (r.stripeKey.kind === 'publishable' && clientSecretParam(query(r)) !== pi.client_secret) {
      throw resourceMissing('payment_intent', r.params.id, 'intent');
    }
    return answer(reply, r, pi);
  });
  app.post<P>('/v1/payment_intents/:id/confirm', async (r, reply) => {
    const p = body(r);
    const secret = r.stripeKey.kind === 'publishable' ? (clientSecretParam(p) ?? '') : null;
    return answer(reply, r, engine.confirmPaymentIntent(r.params.id, p, info(r), secret));
  });
  app.post<P>('/v1/payment_intents/:id/cancel', async (r, reply) =>
    answer(reply, r, engine.cancelPaymentIntent(r.params.id, info(r))),
  );
  app.get('/v1/charges', async (r, reply) => {
    const q = query(r);
    const items = store
      .all('charge')
      .filter(
        (c) =>
          (q.customer === undefined || c.customer === q.customer) &&
          (q.payment_intent === undefined || c.payment_intent === q.payment_intent),
      );
    return answer(reply, r, listOf(items, q, '/v1/charges'));
  });
  app.get<P>('/v1/charges/:id', get('charge', 'charge'));

  // events and webhook endpoints
  app.get('/v1/events', async (r, reply) => {
    const q = query(r);
    const types = Array.isArray(q.types) ? (q.types as string[]) : undefined;
    const items = store
      .all('event')
      .filter(
        (e) => (q.type === undefined || e.type === q.type) && (!types || types.includes(e.type as string)),
      );
    return answer(reply, r, listOf(items, q, '/v1/events'));
  });
  app.get<P>('/v1/events/:id', get('event', 'event'));
  app.post('/v1/webhook_endpoints', async (r, reply) => {
    const p = body(r);
    if (typeof p.url !== 'string')
      throw invalidRequest('Missing required param: url.', 'url', 'parameter_missing');
    if (!Array.isArray(p.enabled_events)) {
      throw invalidRequest('Missing required param: enabled_events.', 'enabled_events', 'parameter_missing');
    }
    const endpoint = store.put({
      id: newId('we'),
      object: 'webhook_endpoint',
      api_version: p.api_version ?? null,
      application: null,
      created: engine.now(),
      description: p.description ?? null,
      enabled_events: p.enabled_events,
      livemode: false,
      metadata: p.metadata ?? {},
      secret: `whsec_${randomBytes(24).toString('base64url')}`,
      status: 'enabled',
      url: p.url,
    });
    return reply.send(endpoint);
  });
  const withoutSecret = (e: Obj) => {
    const { secret: _secret, ...rest } = e;
    return rest;
  };
  app.get('/v1/webhook_endpoints', async (r, reply) =>
    reply.send(
      listOf(
        store
          .all('webhook_endpoint')
          .filter((e) => !e.deleted)
          .map(withoutSecret),
        query(r),
        '/v1/webhook_endpoints',
      ),
    ),
  );
  app.delete<P>('/v1/webhook_endpoints/:id', async (r, reply) => {
    const endpoint = engine.need(r.params.id, 'webhook_endpoint', 'webhook_endpoint');
    endpoint.deleted = true;
    return reply.send({ id: endpoint.id, object: 'webhook_endpoint', deleted: true });
  });
};
