import type { Obj } from '../state/store.ts';

/** A one-page PDF (Helvetica, ASCII text) of an invoice, written by hand: Stripe's invoice_pdf stand-in. */
export const invoicePdf = (invoice: Obj): Buffer => {
  const amount = (n: number) =>
    invoice.currency === 'jpy'
      ? `JPY ${n.toLocaleString('en-US')}`
      : `${(n / 100).toFixed(2)} ${String(invoice.currency).toUpperCase()}`;
  const date = (s: number | null) => (s ? new Date(s * 1000).toISOString().slice(0, 10) : '-');
  const ascii = (s: unknown) =>
    String(s ?? '')
      .replace(/[^\x20-\x7e]/g, '?')
      .replace(/[\\()]/g, (c) => `\\${c}`);
  const lines = [
    `Invoice ${ascii(invoice.number)}`,
    `Status: ${ascii(invoice.status)}`,
    `Issued: ${date(invoice.created as number)}   Due: ${date(invoice.due_date as number | null)}`,
    `Period: ${date(invoice.period_start as number)} - ${date(invoice.period_end as number)}`,
    ...(invoice.lines.data as Obj[]).map((l) => `${ascii(l.description)}   ${amount(l.amount as number)}`),
    `Total: ${amount(invoice.total as number)}`,
    `Amount paid: ${amount(invoice.amount_paid as number)}`,
  ];
  const text = lines
    .map((l, i) => `BT /F1 ${i === 0 ? 18 : 11} Tf 56 ${780 - i * 22} Td (${l}) Tj ET`)
    .join('\n');
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${Buffer.byteLength(text)} >>\nstream\n${text}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let out = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((o, i) => {
    offsets.push(Buffer.byteLength(out));
    out += `${i + 1} 0 obj\n${o}\nendobj\n`;
  });
  const xref = Buffer.byteLength(out);
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, 'latin1');
};
