import { createRequire } from 'node:module';
import sharp from 'sharp';
import { encode } from 'uqr';

/**
 * A route's QR code, drawn by our server: the modules of uqr's encoder (error correction M, the standard
 * four-module quiet zone) as a PNG (sharp, from raw grey pixels) and as a printable A4 PDF (pdfkit, Noto
 * Sans JP as the invoices use) with the account's and the route's names under it.
 */
const QUIET = 4;

const modulesOf = (url: string) => encode(url, { ecc: 'M', border: QUIET });

/** The QR code as a PNG: `scale` pixels per module. */
export async function qrPng(url: string, scale = 12): Promise<Buffer> {
  const { size, data } = modulesOf(url);
  const width = size * scale;
  const pixels = Buffer.alloc(width * width, 255);
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) {
      if (!data[y]![x]) continue;
      for (let dy = 0; dy < scale; dy++) {
        pixels.fill(0, (y * scale + dy) * width + x * scale, (y * scale + dy) * width + (x + 1) * scale);
      }
    }
  }
  return sharp(pixels, { raw: { width, height: width, channels: 1 } })
    .png()
    .toBuffer();
}

const require = createRequire(import.meta.url);
const FONT = require.resolve('@expo-google-fonts/noto-sans-jp/700Bold/NotoSansJP_700Bold.ttf');
const REGULAR = require.resolve('@expo-google-fonts/noto-sans-jp/400Regular/NotoSansJP_400Regular.ttf');

/** An A4 page to print: the account's name, the QR code (10 cm), the route's name and the URL. */
export async function qrPdf(input: { url: string; accountName: string; routeName: string }): Promise<Buffer> {
  const { size, data } = modulesOf(input.url);
  // pdfkit (with fontkit) is loaded on the first PDF, not at start-up (as the invoices do).
  const { default: PDFDocument } = await import('pdfkit');
  const doc = new PDFDocument({ size: 'A4', margin: 56, info: { Title: input.routeName } });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<void>((resolve) => doc.on('end', () => resolve()));
  const pageWidth = doc.page.width;
  doc
    .font(FONT)
    .fontSize(22)
    .text(input.accountName, 56, 90, { align: 'center', width: pageWidth - 112 });
  doc
    .font(REGULAR)
    .fontSize(13)
    .text('友だち追加はこちらから', 56, 130, { align: 'center', width: pageWidth - 112 });
  const side = 283; // 10 cm
  const cell = side / size;
  const left = (pageWidth - side) / 2;
  const top = 170;
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) {
      if (data[y]![x]) doc.rect(left + x * cell, top + y * cell, cell + 0.05, cell + 0.05);
    }
  }
  doc.fill('#000000');
  doc
    .font(FONT)
    .fontSize(16)
    .text(input.routeName, 56, top + side + 24, { align: 'center', width: pageWidth - 112 });
  doc
    .font(REGULAR)
    .fontSize(9)
    .fillColor('#444444')
    .text(input.url, 56, top + side + 52, { align: 'center', width: pageWidth - 112 });
  doc.end();
  await done;
  return Buffer.concat(chunks);
}
