import { richMenuLimits, richMenuMessages, type RichMenuSize } from '@app/contracts';
import { badRequest } from '../../platform/errors.ts';

export type RichMenuImage = { contentType: 'image/png' | 'image/jpeg'; data: Buffer };

const pngSignature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** Width and height from a PNG's IHDR or a JPEG's SOFn segment; null when the bytes are neither. */
export function readImageSize(
  data: Buffer,
): { format: 'png' | 'jpeg'; width: number; height: number } | null {
  if (data.length >= 24 && data.subarray(0, 8).equals(pngSignature)) {
    return { format: 'png', width: data.readUInt32BE(16), height: data.readUInt32BE(20) };
  }
  if (data.length < 4 || data[0] !== 0xff || data[1] !== 0xd8) return null;
  let offset = 2;
  while (offset + 9 < data.length) {
    if (data[offset] !== 0xff) return null;
    const marker = data[offset + 1] ?? 0;
    if (marker === 0xff) {
      offset += 1;
      continue;
    }
    // SOF0..SOF15 carry the frame size; C4 (DHT), C8 (JPG) and CC (DAC) are not frames.
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
      return { format: 'jpeg', height: data.readUInt16BE(offset + 5), width: data.readUInt16BE(offset + 7) };
    }
    offset += 2 + data.readUInt16BE(offset + 2);
  }
  return null;
}

/**
 * The uploaded image (a data URL) as LINE takes it, checked against LINE's rules before LINE is called:
 * JPEG or PNG (by its bytes, not its label), at most 1 MB, exactly the menu's size (which the menu
 * schema already holds to 800-2500 x >= 250, ratio >= 1.45).
 */
export function decodeRichMenuImage(dataUrl: string, size: RichMenuSize): RichMenuImage {
  const match = /^data:(image\/(?:png|jpeg));base64,([A-Za-z0-9+/=\s]+)$/.exec(dataUrl);
  if (!match) throw badRequest(richMenuMessages.imageType);
  const data = Buffer.from(match[2]!, 'base64');
  if (data.length > richMenuLimits.maxImageBytes) throw badRequest(richMenuMessages.imageBytes);
  return checkRichMenuImage({ contentType: match[1] as RichMenuImage['contentType'], data }, size);
}

/** A kept or rendered image against the menu's size. */
export function checkRichMenuImage(image: RichMenuImage, size: RichMenuSize): RichMenuImage {
  const info = readImageSize(image.data);
  if (!info || `image/${info.format}` !== image.contentType) throw badRequest(richMenuMessages.imageType);
  if (image.data.length > richMenuLimits.maxImageBytes) throw badRequest(richMenuMessages.imageBytes);
  if (info.width !== size.width || info.height !== size.height) throw badRequest(richMenuMessages.imageSize);
  return image;
}
