import { createHash } from 'node:crypto';
import { deflateSync } from 'node:zlib';

/*
 * Generated portrait avatars as PNG files: a person's bust (hair, face, shoulders) in colours picked
 * from the user id, drawn here pixel by pixel and encoded without any library or network, so every
 * simulated LINE user has a picture that looks like one in the product's lists.
 */

type Rgb = readonly [number, number, number];

const SIZE = 128;
const SAMPLES = 3; // per axis: 9 samples a pixel smooth the edges

const backgrounds: Rgb[] = [
  [198, 232, 208],
  [205, 222, 245],
  [250, 222, 200],
  [232, 214, 242],
  [246, 208, 216],
  [206, 236, 232],
  [240, 232, 196],
  [222, 226, 232],
];
const skins: Rgb[] = [
  [252, 224, 200],
  [241, 200, 168],
  [222, 176, 140],
];
const hairs: Rgb[] = [
  [38, 32, 30],
  [70, 48, 36],
  [112, 74, 48],
  [150, 96, 58],
  [60, 60, 66],
];
const shirts: Rgb[] = [
  [6, 199, 85],
  [74, 144, 217],
  [224, 128, 58],
  [155, 89, 182],
  [214, 69, 97],
  [42, 157, 143],
  [250, 250, 250],
  [52, 58, 74],
];
const dark: Rgb = [44, 36, 34];
const mouthColor: Rgb = [196, 92, 92];

const inEllipse = (x: number, y: number, cx: number, cy: number, rx: number, ry: number) =>
  ((x - cx) / rx) ** 2 + ((y - cy) / ry) ** 2 <= 1;

/** The colour at one point of the picture, painted back to front. */
function painter(hash: Buffer) {
  const pick = <T>(list: readonly T[], byte: number) => list[(hash[byte] ?? 0) % list.length]!;
  const background = pick(backgrounds, 0);
  const skin = pick(skins, 1);
  const hair = pick(hairs, 2);
  const shirt = pick(shirts, 3);
  const isLongHair = (hash[4] ?? 0) % 2 === 0;
  const hasGlasses = (hash[5] ?? 0) % 5 === 0;
  const parting = ((hash[6] ?? 0) % 3) - 1; // fringe leaning left, centre or right
  return (x: number, y: number): Rgb => {
    let color: Rgb = background;
    if (isLongHair && inEllipse(x, y, 64, 66, 31, 36) && y < 96) color = hair;
    if (inEllipse(x, y, 64, 140, 50, 44)) color = shirt;
    if (x >= 56 && x <= 72 && y >= 76 && y <= 100 && inEllipse(x, y, 64, 100, 14, 26)) {
      color = [skin[0] - 18, skin[1] - 22, skin[2] - 22];
    }
    if (inEllipse(x, y, 64, 60, 24, 28)) color = skin;
    if (inEllipse(x, y, 40.5, 62, 4, 6) || inEllipse(x, y, 87.5, 62, 4, 6)) color = skin; // ears
    // Hair: the top of a larger ellipse, with a fringe that leans to one side.
    const fringe = 46 + parting * ((x - 64) / 24) * 5;
    if (inEllipse(x, y, 64, 52, 28, 27) && (y < fringe || (y < 62 && Math.abs(x - 64) > 21))) color = hair;
    // Eyes, glasses, mouth.
    if (inEllipse(x, y, 55, 62, 2.6, 3.2) || inEllipse(x, y, 73, 62, 2.6, 3.2)) color = dark;
    if (hasGlasses) {
      for (const cx of [55, 73]) {
        const d = Math.hypot(x - cx, y - 62);
        if (d >= 6.2 && d <= 7.6) color = dark;
      }
      if (x > 61.5 && x < 66.5 && Math.abs(y - 61) < 0.8) color = dark;
    }
    const m = Math.hypot(x - 64, y - 68);
    if (m >= 6.5 && m <= 8.2 && y > 71) color = mouthColor;
    return color;
  };
}

const crcTable = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(bytes: Buffer): number {
  let c = 0xffffffff;
  for (const b of bytes) c = crcTable[(c ^ b) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A PNG of 8-bit RGB pixels (rows of `width * 3` bytes). */
export function encodePng(width: number, height: number, rgb: Buffer): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // colour type: RGB
  const raw = Buffer.alloc((width * 3 + 1) * height);
  for (let y = 0; y < height; y++) {
    raw[y * (width * 3 + 1)] = 0; // filter: none
    rgb.copy(raw, y * (width * 3 + 1) + 1, y * width * 3, (y + 1) * width * 3);
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const cache = new Map<string, Buffer>();
const CACHE_LIMIT = 500;

/** The avatar of a user or bot id: the same id always gives the same picture. */
export function renderAvatarPng(seed: string): Buffer {
  const cached = cache.get(seed);
  if (cached) return cached;
  const paint = painter(createHash('sha256').update(seed).digest());
  const rgb = Buffer.alloc(SIZE * SIZE * 3);
  for (let py = 0; py < SIZE; py++) {
    for (let px = 0; px < SIZE; px++) {
      let r = 0;
      let g = 0;
      let b = 0;
      for (let sy = 0; sy < SAMPLES; sy++) {
        for (let sx = 0; sx < SAMPLES; sx++) {
          const [cr, cg, cb] = paint(px + (sx + 0.5) / SAMPLES, py + (sy + 0.5) / SAMPLES);
          r += cr;
          g += cg;
          b += cb;
        }
      }
      const n = SAMPLES * SAMPLES;
      const at = (py * SIZE + px) * 3;
      rgb[at] = Math.round(r / n);
      rgb[at + 1] = Math.round(g / n);
      rgb[at + 2] = Math.round(b / n);
    }
  }
  const png = encodePng(SIZE, SIZE, rgb);
  if (cache.size >= CACHE_LIMIT) cache.delete(cache.keys().next().value!);
  cache.set(seed, png);
  return png;
}
