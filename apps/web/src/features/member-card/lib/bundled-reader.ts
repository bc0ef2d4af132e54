// Each class from its own module: the package's index pulls in every format and the browser helpers
// (about 580 kB); the one-dimensional readers alone are much less.
import BarcodeFormat from '@zxing/library/esm/core/BarcodeFormat';
import BinaryBitmap from '@zxing/library/esm/core/BinaryBitmap';
import HybridBinarizer from '@zxing/library/esm/core/common/HybridBinarizer';
import DecodeHintType from '@zxing/library/esm/core/DecodeHintType';
import MultiFormatOneDReader from '@zxing/library/esm/core/oned/MultiFormatOneDReader';
import RGBLuminanceSource from '@zxing/library/esm/core/RGBLuminanceSource';
import jsQR from 'jsqr';

/**
 * The reader for browsers without a native BarcodeDetector (loaded lazily by code-reader.ts): jsQR
 * for the QR code, then @zxing/library's one-dimensional readers for a barcode.
 */
const hints = new Map<DecodeHintType, unknown>([
  [
    DecodeHintType.POSSIBLE_FORMATS,
    [
      BarcodeFormat.CODE_128,
      BarcodeFormat.EAN_13,
      BarcodeFormat.EAN_8,
      BarcodeFormat.CODE_39,
      BarcodeFormat.ITF,
      BarcodeFormat.CODABAR,
    ],
  ],
  [DecodeHintType.TRY_HARDER, true],
]);
const barcodes = new MultiFormatOneDReader(hints);

export function readFrame(frame: HTMLCanvasElement): string | null {
  const context = frame.getContext('2d', { willReadFrequently: true });
  if (!context || frame.width === 0 || frame.height === 0) return null;
  const image = context.getImageData(0, 0, frame.width, frame.height);
  const qr = jsQR(image.data, image.width, image.height)?.data.trim();
  if (qr) return qr;
  return readBarcode(image);
}

/** A one-dimensional barcode in the image (read along rows, upright or upside down), or null. */
export function readBarcode(image: Pick<ImageData, 'data' | 'width' | 'height'>): string | null {
  const { data, width, height } = image;
  const luminance = new Uint8ClampedArray(width * height);
  for (let i = 0, p = 0; i < luminance.length; i += 1, p += 4)
    luminance[i] = (data[p]! * 306 + data[p + 1]! * 601 + data[p + 2]! * 117) >> 10;
  try {
    const bitmap = new BinaryBitmap(new HybridBinarizer(new RGBLuminanceSource(luminance, width, height)));
    return barcodes.decode(bitmap, hints).getText().trim() || null;
  } catch {
    // NotFoundException and the like: no barcode in this frame
    return null;
  } finally {
    barcodes.reset();
  }
}
