import type { FastifyInstance } from 'fastify';
import type { PaySimEngine } from '../billing/engine.ts';
import type { WebhookSender } from '../billing/webhooks.ts';
import type { Obj } from '../state/store.ts';
import { invoicePdf } from '../ui/invoice-pdf.ts';

const escapeHtml = (s: unknown) =>
  String(s ?? '').replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

const yen = (amount: number, currency: string) =>
  currency === 'jpy'
    ? `¥${amount.toLocaleString('ja-JP')}`
    : `${(amount / 100).toFixed(2)} ${currency.toUpperCase()}`;

const day = (seconds: number | null) => (seconds ? new Date(seconds * 1000).toISOString().slice(0, 10) : '-');

/**
 * The simulator's own doors: `/_sim` for tests and development (the clock, webhook deliveries, reset),
 * and the pages Stripe hosts for customers (invoice page, invoice PDF, receipt).
 */
export const registerConsoleRoutes = (
  app: FastifyInstance,
  ctx: { engine: PaySimEngine; webhooks: WebhookSender; reset: () => void },
) => {
  const { engine, webhooks } = ctx;
  // The console's own forms (a button on the invoice page) post url-encoded fields it does not read.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_r, _body, done) =>
    done(null, {}),
  );
  app.get('/_sim/health', async () => ({ ok: true }));
  app.get('/_sim/clock', async () => ({
    now: engine.now(),
    iso: new Date(engine.now() * 1000).toISOString(),
  }));
  app.post<{ Body: { advanceSeconds?: number; to?: number } }>('/_sim/clock', async (request, reply) => {
    const { advanceSeconds, to } = request.body ?? {};
    const target = typeof to === 'number' ? to : engine.now() + Number(advanceSeconds ?? 0);
    if (!Number.isFinite(target) || target < engine.now()) {
      return reply.code(400).send({
        error: { message: 'The clock only moves forward: give advanceSeconds >= 0 or a later `to`.' },
      });
    }
    engine.advanceClock(Math.floor(target));
    await webhooks.drain();
    return { now: engine.now(), iso: new Date(engine.now() * 1000).toISOString() };
  });
  app.post('/_sim/webhooks/drain', async () => {
    await webhooks.drain();
    return { deliveries: webhooks.deliveries.length };
  });
  app.get('/_sim/deliveries', async () => ({ deliveries: webhooks.deliveries }));
  app.post('/_sim/reset', async () => {
    ctx.reset();
    return { ok: true };
  });

  const invoiceOr404 = (id: string) => engine.store.get(id, 'invoice');
  /**
   * The operator saw the bank transfer arrive: the open invoice is marked paid out of band, as Stripe's
   * dashboard "Mark as paid" does (the same as POST /v1/invoices/:id/pay with paid_out_of_band=true), and
   * its events are sent. From the invoice page's button (back to the page) or a test (JSON).
   */
  app.post<{ Params: { id: string } }>('/_sim/invoices/:id/mark-paid', async (request, reply) => {
    const invoice = invoiceOr404(request.params.id);
    if (!invoice) return reply.code(404).send({ error: { message: 'No such invoice' } });
    if (invoice.status !== 'open') {
      return reply.code(400).send({
        error: { message: `Only an open invoice can be marked paid; this one is ${invoice.status}.` },
      });
    }
    engine.payInvoice(invoice.id as string, { paid_out_of_band: 'true' }, { id: null, idempotencyKey: null });
    await webhooks.drain();
    if ((request.headers['content-type'] ?? '').startsWith('application/x-www-form-urlencoded')) {
      return reply.redirect(`/invoices/${encodeURIComponent(invoice.id as string)}`, 303);
    }
    return { id: invoice.id, status: engine.store.get(invoice.id as string, 'invoice')!.status };
  });
  app.get<{ Params: { id: string } }>('/invoices/:id', async (request, reply) => {
    const invoice = invoiceOr404(request.params.id);
    if (!invoice) return reply.code(404).type('text/plain').send('Invoice not found');
    const { charge } = engine.paymentOfInvoice(invoice.id as string);
    const lines = (invoice.lines.data as Obj[])
      .map(
        (l) =>
          `<tr><td>${escapeHtml(l.description)}</td><td>${escapeHtml(yen(l.amount as number, l.currency as string))}</td></tr>`,
      )
      .join('');
    return reply.type('text/html; charset=utf-8')
      .send(`<!doctype html><html lang="ja"><head><meta charset="utf-8">
<title>Invoice ${escapeHtml(invoice.number)}</title></head><body style="font-family:sans-serif;max-width:640px;margin:2rem auto">
<h1>Invoice ${escapeHtml(invoice.number)}</h1>
<p>Status: <strong>${escapeHtml(invoice.status)}</strong> · Issued ${day(invoice.created as number)} · Due ${day(invoice.due_date as number | null)}</p>
<table border="1" cellpadding="6" style="border-collapse:collapse;width:100%">${lines}
<tr><th>Total</th><th>${escapeHtml(yen(invoice.total as number, invoice.currency as string))}</th></tr></table>
<p><a href="/invoices/${escapeHtml(invoice.id)}/pdf">Download invoice (PDF)</a>${charge?.receipt_url ? ` · <a href="${escapeHtml(charge.receipt_url)}">Receipt</a>` : ''}</p>
${
  invoice.status === 'open' && invoice.collection_method === 'send_invoice'
    ? `<form method="post" action="/_sim/invoices/${escapeHtml(invoice.id)}/mark-paid" style="margin:1rem 0;padding:1rem;border:1px dashed #999">
<p style="margin-top:0">Operator (simulator console): the bank transfer arrived? 振込を確認したら入金済みにします。</p>
<button type="submit">Mark as paid（入金済みにする）</button></form>`
    : ''
}
<p style="color:#888">Payments simulator (test mode)</p></body></html>`);
  });
  app.get<{ Params: { id: string } }>('/invoices/:id/pdf', async (request, reply) => {
    const invoice = invoiceOr404(request.params.id);
    if (!invoice) return reply.code(404).type('text/plain').send('Invoice not found');
    return reply
      .type('application/pdf')
      .header('content-disposition', `inline; filename="${String(invoice.number)}.pdf"`)
      .send(invoicePdf(invoice));
  });
  app.get<{ Params: { id: string } }>('/receipts/:id', async (request, reply) => {
    const charge = engine.store.get(request.params.id, 'charge');
    if (!charge || !charge.paid) return reply.code(404).type('text/plain').send('Receipt not found');
    const card = charge.payment_method_details.card as Obj;
    return reply.type('text/html; charset=utf-8')
      .send(`<!doctype html><html lang="ja"><head><meta charset="utf-8">
<title>Receipt</title></head><body style="font-family:sans-serif;max-width:640px;margin:2rem auto">
<h1>Receipt</h1><p>Amount paid: <strong>${escapeHtml(yen(charge.amount as number, charge.currency as string))}</strong></p>
<p>Date paid: ${day(charge.created as number)}</p><p>Payment method: ${escapeHtml(card.brand)} •••• ${escapeHtml(card.last4)}</p>
<p style="color:#888">Payments simulator (test mode)</p></body></html>`);
  });
};
