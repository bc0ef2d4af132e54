import { createRequire } from 'node:module';

/**
 * The qualified invoice (適格請求書) of one payment as a PDF, drawn by our server with pdfkit in Noto
 * Sans JP (a TrueType font of @expo-google-fonts/noto-sans-jp; pdfkit embeds only the glyphs used).
 * It carries what the invoice system asks: the issuer's name and registration number, the date, the
 * buyer's name, the items, the amount per tax rate with the rate, and the tax per rate.
 */
export type InvoiceDocument = {
  /** Registration number null: a plain 請求書 (the issuer is not a qualified invoice issuer). */
  issuer: {
    name: string;
    address: string | null;
    registrationNumber: string | null;
    bankAccount: string | null;
  };
  buyerName: string;
  lineAccountName: string;
  invoiceNumber: string;
  issuedAt: Date;
  dueDate: Date | null;
  paidAt: Date | null;
  paymentType: 'CREDIT' | 'INVOICE';
  status: 'COMPLETED' | 'PENDING' | 'FAILED';
  items: { description: string; amount: number }[];
  /** Tax-inclusive total, the rate (%) and the tax it includes. */
  total: number;
  taxRate: number;
  taxAmount: number;
};

const require = createRequire(import.meta.url);
const fontPath = (file: string) => require.resolve(`@expo-google-fonts/noto-sans-jp/${file}`);
const REGULAR = fontPath('400Regular/NotoSansJP_400Regular.ttf');
const BOLD = fontPath('700Bold/NotoSansJP_700Bold.ttf');

const yen = (n: number) => `¥${n.toLocaleString('ja-JP')}`;
/** Dates as the client reads them: Japan's calendar day. */
const day = (d: Date) =>
  new Intl.DateTimeFormat('ja-JP', {
    timeZone: 'Asia/Tokyo',
    year: 'numeric',
    month: 'long',
    day: 'numeric',
  }).format(d);

export async function renderInvoicePdf(invoice: InvoiceDocument): Promise<Buffer> {
  const qualified = invoice.issuer.registrationNumber !== null;
  const title = qualified ? '適格請求書' : '請求書';
  // pdfkit (with fontkit) is loaded on the first invoice, not at start-up.
  const { default: PDFDocument } = await import('pdfkit');
  const doc = new PDFDocument({
    size: 'A4',
    margin: 50,
    info: {
      Title: `${title} ${invoice.invoiceNumber}`,
      Author: invoice.issuer.name,
      Creator: invoice.issuer.name,
    },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  doc.registerFont('jp', REGULAR);
  doc.registerFont('jp-bold', BOLD);
  const left = 50;
  const right = doc.page.width - 50;
  const width = right - left;

  doc.font('jp-bold').fontSize(22).text(title, left, 50, { width, align: 'center' });
  doc.moveDown(0.2);
  doc
    .font('jp')
    .fontSize(9)
    .fillColor('#555')
    .text(`請求書番号 ${invoice.invoiceNumber}`, { width, align: 'right' })
    .text(`発行日 ${day(invoice.issuedAt)}`, { width, align: 'right' });
  doc.fillColor('#000');

  // buyer (left) and issuer (right)
  const top = 130;
  doc
    .font('jp-bold')
    .fontSize(14)
    .text(`${invoice.buyerName} 御中`, left, top, { width: width * 0.55 });
  doc
    .font('jp')
    .fontSize(9)
    .text(`対象LINE公式アカウント: ${invoice.lineAccountName}`, { width: width * 0.55 });
  const issuerX = left + width * 0.58;
  doc
    .font('jp-bold')
    .fontSize(11)
    .text(invoice.issuer.name, issuerX, top, { width: width * 0.42 });
  doc.font('jp').fontSize(9);
  if (invoice.issuer.address) doc.text(invoice.issuer.address, { width: width * 0.42 });
  if (invoice.issuer.registrationNumber) {
    doc.text(`登録番号 ${invoice.issuer.registrationNumber}`, { width: width * 0.42 });
  }

  // the total
  let y = 215;
  doc.rect(left, y, width, 34).fill('#f1f5f9').fillColor('#000');
  doc
    .font('jp')
    .fontSize(11)
    .text('ご請求金額（税込）', left + 12, y + 10);
  doc
    .font('jp-bold')
    .fontSize(16)
    .text(yen(invoice.total), left, y + 7, { width: width - 12, align: 'right' });
  y += 44;
  const payment =
    invoice.paymentType === 'INVOICE'
      ? `お支払方法: 銀行振込${invoice.dueDate ? `（お支払期限 ${day(invoice.dueDate)}）` : ''}`
      : 'お支払方法: クレジットカード';
  const state =
    invoice.status === 'COMPLETED'
      ? `${invoice.paymentType === 'INVOICE' ? '入金済' : 'お支払い済み'}${invoice.paidAt ? `（${day(invoice.paidAt)}）` : ''}`
      : invoice.status === 'FAILED'
        ? '決済失敗（未払い）'
        : invoice.paymentType === 'INVOICE'
          ? '未入金'
          : '未払い';
  doc.font('jp').fontSize(9).text(`${payment}\u3000状態: ${state}`, left, y, { width });
  y += 24;

  // items
  const cols = { date: left, item: left + 90, rate: right - 150, amount: right - 100 };
  const header = (yy: number) => {
    doc.rect(left, yy, width, 20).fill('#334155').fillColor('#fff');
    doc.font('jp-bold').fontSize(9);
    doc.text('取引日', cols.date + 6, yy + 5);
    doc.text('品目', cols.item, yy + 5);
    doc.text('税率', cols.rate, yy + 5, { width: 40, align: 'center' });
    doc.text('金額（税込）', cols.amount, yy + 5, { width: 94, align: 'right' });
    doc.fillColor('#000');
  };
  header(y);
  y += 20;
  doc.font('jp').fontSize(9);
  for (const item of invoice.items) {
    doc.text(day(invoice.issuedAt), cols.date + 6, y + 6, { width: 84 });
    doc.text(item.description, cols.item, y + 6, { width: cols.rate - cols.item - 8 });
    doc.text(`${invoice.taxRate}%`, cols.rate, y + 6, { width: 40, align: 'center' });
    doc.text(yen(item.amount), cols.amount, y + 6, { width: 94, align: 'right' });
    y += 24;
    doc.moveTo(left, y).lineTo(right, y).strokeColor('#cbd5e1').lineWidth(0.5).stroke();
  }

  // totals per rate
  y += 10;
  const row = (label: string, value: string, bold = false) => {
    doc.font(bold ? 'jp-bold' : 'jp').fontSize(bold ? 11 : 9);
    doc.text(label, right - 260, y, { width: 160 });
    doc.text(value, right - 100, y, { width: 94, align: 'right' });
    y += bold ? 20 : 16;
  };
  const base = invoice.total - invoice.taxAmount;
  row(`${invoice.taxRate}%対象（税込）`, yen(invoice.total));
  row(`\u3000うち消費税（${invoice.taxRate}%）`, yen(invoice.taxAmount));
  row(`\u3000税抜金額`, yen(base));
  doc
    .moveTo(right - 260, y)
    .lineTo(right, y)
    .strokeColor('#334155')
    .lineWidth(1)
    .stroke();
  y += 6;
  row('合計（税込）', yen(invoice.total), true);

  y += 16;
  doc.font('jp').fontSize(8).fillColor('#555');
  if (invoice.paymentType === 'INVOICE' && invoice.status !== 'COMPLETED' && invoice.issuer.bankAccount) {
    doc.fillColor('#000').fontSize(9).text(`お振込先: ${invoice.issuer.bankAccount}`, left, y, { width });
    doc.fillColor('#555').fontSize(8).text('振込手数料はお客様のご負担にてお願いいたします。', { width });
    y = doc.y + 8;
  }
  doc.text(
    `金額はすべて消費税込みです。消費税額は本請求書の税率ごとの合計から一度だけ計算し、1円未満を切り捨てています（${invoice.taxRate}%対象のみ）。`,
    left,
    y,
    { width },
  );
  doc.end();
  return done;
}
