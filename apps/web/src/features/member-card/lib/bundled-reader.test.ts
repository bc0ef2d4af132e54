import { describe, expect, it } from 'vitest';
import { code128Widths } from '../../../components/liff-shell/code128.ts';
import { readBarcode } from './bundled-reader.ts';

/** The mini-app card's barcode (the same Code 128 widths) drawn as RGBA pixels, `scale` px per module. */
function barcodeImage(text: string, scale: number, width = 640, height = 120) {
  const data = new Uint8ClampedArray(width * height * 4).fill(255);
  const bars = code128Widths(text);
  let x = Math.floor((width - bars.reduce((a, b) => a + b, 0) * scale) / 2);
  bars.forEach((w, i) => {
    if (i % 2 === 0)
      for (let y = 20; y < height - 20; y += 1)
        for (let dx = 0; dx < w * scale; dx += 1) {
          const p = (y * width + x + dx) * 4;
          data[p] = data[p + 1] = data[p + 2] = 0;
        }
    x += w * scale;
  });
  return { data, width, height };
}

describe('the counter reads the member card barcode without a native BarcodeDetector', () => {
  it('reads the 10-digit member code the mini-app draws as Code 128', () => {
    expect(readBarcode(barcodeImage('0123456789', 3))).toBe('0123456789');
    expect(readBarcode(barcodeImage('9876543210', 2))).toBe('9876543210');
  });

  it('finds nothing in a blank frame', () => {
    const blank = { data: new Uint8ClampedArray(320 * 80 * 4).fill(255), width: 320, height: 80 };
    expect(readBarcode(blank)).toBeNull();
  });
});
