/**
 * Reads the member card's code from a camera frame: the QR code or the barcode (Code 128, which the
 * mini-app's card draws; the common shop barcodes too, for cards printed elsewhere).
 *
 * Where the browser has the native BarcodeDetector with QR and Code 128 (Android Chrome, Safari 17+),
 * it is used. Elsewhere the reader is loaded only when the camera is opened (a separate chunk, so the
 * 読み取り page stays light on a phone): jsQR for the QR code and @zxing/library's one-dimensional
 * readers for the barcode, both plain JavaScript bundled by us, so nothing is fetched from elsewhere
 * and the page's security policy (no WebAssembly) does not change.
 */
export type CodeReader = (frame: HTMLCanvasElement) => Promise<string | null>;

/** The formats the counter reads, as the native BarcodeDetector names them. */
export const nativeFormats = ['qr_code', 'code_128', 'ean_13', 'ean_8', 'code_39', 'itf', 'codabar'];

type NativeDetector = { detect(source: CanvasImageSource): Promise<{ rawValue: string }[]> };
type NativeDetectorClass = {
  new (options: { formats: string[] }): NativeDetector;
  getSupportedFormats(): Promise<string[]>;
};

async function nativeReader(): Promise<CodeReader | null> {
  const Detector = (globalThis as { BarcodeDetector?: NativeDetectorClass }).BarcodeDetector;
  if (!Detector) return null;
  try {
    const supported = await Detector.getSupportedFormats();
    if (!supported.includes('qr_code') || !supported.includes('code_128')) return null;
    const detector = new Detector({ formats: nativeFormats.filter((f) => supported.includes(f)) });
    return async (frame) => {
      const found = await detector.detect(frame);
      return found.map((code) => code.rawValue.trim()).find(Boolean) ?? null;
    };
  } catch {
    return null;
  }
}

/** The native detector where the browser has one, else the bundled reader (loaded on first use). */
export async function loadCodeReader(): Promise<CodeReader> {
  const native = await nativeReader();
  if (native) return native;
  const { readFrame } = await import('./bundled-reader.ts');
  return (frame) => Promise.resolve(readFrame(frame));
}
