import { randomBytes } from 'node:crypto';
import {
  deliveryImageLimits as limits,
  deliveryImageMessages as texts,
  deliveryMediaUrl,
  type DeliveryImageKind,
  type DeliveryImageUpload,
  type DeliveryImagemap,
  type DeliveryMessage,
  type ImagemapArea,
} from '@app/contracts';
import type { messagingApi } from '@line/bot-sdk';
import { and, eq, inArray } from 'drizzle-orm';
import sharp, { type Metadata, type Sharp, type SharpOptions } from 'sharp';
import type { Db } from '../../db/client.ts';
import { deliveryImages, type DeliveryImageRow } from '../../db/schema/delivery-images.ts';
import { requireActor, requireClientId, type ServiceContext } from '../../platform/context.ts';
import { AppError, badRequest, notFound, validationError } from '../../platform/errors.ts';
import { fileStorageOf } from '../../platform/files/file-storage.ts';
import { createSemaphore } from '../../platform/semaphore.ts';
import { getLineAccountRowOrThrow } from '../line-accounts/index.ts';

/**
 * Images of image messages and rich messages (imagemap), decision 0039: uploaded as a data URL, checked by
 * their bytes, re-encoded by sharp (metadata dropped), the preview or the imagemap's widths made once at
 * upload, kept in the platform's FileStorage and served publicly at `/line-media/<key>/<variant>` (LINE
 * fetches them with no session; the key is 128 random bits).
 */

type Format = 'jpeg' | 'png';
const contentTypes = { jpeg: 'image/jpeg', png: 'image/png' } as const;
/** Decodes at once in this process (a 50-megapixel decode holds 200 MB). */
const decoding = createSemaphore(2);

/** JPEG or PNG by the bytes themselves (the data URL's label is never trusted). */
export function sniffJpegOrPng(data: Buffer): Format | null {
  if (data.length >= 3 && data[0] === 0xff && data[1] === 0xd8 && data[2] === 0xff) return 'jpeg';
  if (data.length >= 8 && data.subarray(0, 8).equals(Buffer.from('89504e470d0a1a0a', 'hex'))) return 'png';
  return null;
}

const DATA_URL = /^data:[^,;]*(;[^,;]*)*;base64,([A-Za-z0-9+/=\s]*)$/;

function bytesOf(dataUrl: string): { data: Buffer; format: Format } {
  const match = DATA_URL.exec(dataUrl);
  if (!match) throw badRequest(texts.imageType, [{ path: 'dataUrl', message: texts.imageType }]);
  const data = Buffer.from(match[2]!, 'base64');
  if (data.length > limits.maxBytes) {
    throw badRequest(texts.imageTooLarge, [{ path: 'dataUrl', message: texts.imageTooLarge }]);
  }
  const format = sniffJpegOrPng(data);
  if (!format) throw badRequest(texts.imageType, [{ path: 'dataUrl', message: texts.imageType }]);
  return { data, format };
}

const encode = (image: Sharp, format: Format) =>
  format === 'jpeg' ? image.jpeg({ quality: 85, mozjpeg: true }) : image.png({ compressionLevel: 9 });

type Variant = { name: string; data: Buffer };
type Made = { format: Format; width: number; height: number; variants: Variant[] };

/** An image message: the original (at most 2048 px a side) and a 240 px JPEG preview (LINE: at most 1 MB). */
async function makeImage(data: Buffer, format: Format, input: SharpOptions): Promise<Made> {
  const fit = { fit: 'inside', withoutEnlargement: true } as const;
  const original = await encode(
    sharp(data, input)
      .rotate()
      .resize({ width: limits.maxSide, height: limits.maxSide, ...fit }),
    format,
  ).toBuffer({ resolveWithObject: true });
  const previewAt = (quality: number) =>
    sharp(original.data)
      .resize({ width: limits.previewSide, height: limits.previewSide, ...fit })
      .flatten({ background: '#ffffff' })
      .jpeg({ quality })
      .toBuffer();
  let quality = 80;
  let preview = await previewAt(quality);
  while (preview.length > limits.previewMaxBytes && quality > 20) {
    quality -= 20;
    preview = await previewAt(quality);
  }
  return {
    format,
    width: original.info.width,
    height: original.info.height,
    variants: [
      { name: 'original', data: original.data },
      { name: 'preview', data: preview },
    ],
  };
}

/** A rich message: the image at 1040 px wide, then 700, 460, 300 and 240 (LINE asks for baseUrl/<width>). */
async function makeImagemap(data: Buffer, format: Format, input: SharpOptions): Promise<Made> {
  const upright = await sharp(data, input).rotate().toBuffer({ resolveWithObject: true });
  const { width, height } = upright.info;
  if (width < limits.imagemapMinWidth) throw badRequest(texts.imagemapTooNarrow);
  const baseHeight = Math.round((height * limits.imagemapWidth) / width);
  if (baseHeight > limits.imagemapMaxHeight) throw badRequest(texts.imagemapTooTall);
  const variants: Variant[] = [];
  for (const w of limits.imagemapWidths) {
    const h = Math.max(1, Math.round((baseHeight * w) / limits.imagemapWidth));
    const out = await encode(
      sharp(upright.data).resize({ width: w, height: h, fit: 'fill' }),
      format,
    ).toBuffer();
    if (out.length > limits.maxBytes) throw badRequest(texts.imageTooLarge);
    variants.push({ name: String(w), data: out });
  }
  return { format, width: limits.imagemapWidth, height: baseHeight, variants };
}

async function decodeAndMake(kind: DeliveryImageKind, data: Buffer, format: Format): Promise<Made> {
  const input = { failOn: 'error', limitInputPixels: limits.maxInputPixels } as const;
  let meta: Metadata;
  try {
    meta = await sharp(data, { failOn: 'error', limitInputPixels: false }).metadata();
  } catch {
    throw badRequest(texts.imageUnreadable, [{ path: 'dataUrl', message: texts.imageUnreadable }]);
  }
  if (meta.format !== format) throw badRequest(texts.imageUnreadable);
  if ((meta.width ?? 0) * (meta.height ?? 0) > limits.maxInputPixels) throw badRequest(texts.imageTooBig);
  try {
    return kind === 'image' ? await makeImage(data, format, input) : await makeImagemap(data, format, input);
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw badRequest(texts.imageUnreadable, [{ path: 'dataUrl', message: texts.imageUnreadable }]);
  }
}

const extOf = (contentType: string) => (contentType === 'image/png' ? 'png' : 'jpeg');
const fileKey = (row: Pick<DeliveryImageRow, 'clientId' | 'key'>, variant: string, ext: string) =>
  `delivery-images/${row.clientId}/${row.key}/${variant}.${ext}`;
/** The preview is always JPEG; every other variant has the upload's format. */
const variantExt = (row: Pick<DeliveryImageRow, 'contentType'>, variant: string) =>
  variant === 'preview' ? 'jpeg' : extOf(row.contentType);

/** What the composer shows of an upload: the preview of an image, the 1040-wide imagemap (same origin). */
const viewUrl = (row: Pick<DeliveryImageRow, 'kind' | 'key'>) =>
  deliveryMediaUrl('', row.key, row.kind === 'image' ? 'preview' : String(limits.imagemapWidth));

/** POST …/delivery-images: upload the image of an image message or a rich message. */
export async function uploadDeliveryImage({
  ctx,
  input,
}: {
  ctx: ServiceContext;
  input: { lineAccountId: number; kind: DeliveryImageKind; dataUrl: string };
}): Promise<DeliveryImageUpload> {
  const clientId = requireClientId(ctx);
  const account = await getLineAccountRowOrThrow(ctx, clientId, input.lineAccountId);
  const { data, format } = bytesOf(input.dataUrl);
  const made = await decoding.run(() => decodeAndMake(input.kind, data, format));
  const row = {
    key: randomBytes(16).toString('hex'),
    clientId,
    lineAccountId: account.id,
    kind: input.kind,
    contentType: contentTypes[made.format],
    width: made.width,
    height: made.height,
    byteSize: made.variants[0]!.data.length,
    createdBy: requireActor(ctx).userId,
    createdAt: ctx.clock.now(),
  };
  const storage = fileStorageOf(ctx.config);
  const written: string[] = [];
  try {
    for (const variant of made.variants) {
      const key = fileKey(row, variant.name, variantExt(row, variant.name));
      await storage.put(key, variant.data, variant.name === 'preview' ? 'image/jpeg' : row.contentType);
      written.push(key);
    }
    await ctx.db.insert(deliveryImages).values(row);
  } catch (error) {
    await Promise.all(written.map((key) => storage.delete(key).catch(() => undefined)));
    throw error;
  }
  return {
    key: row.key,
    kind: row.kind,
    contentType: row.contentType,
    width: row.width,
    height: row.height,
    byteSize: row.byteSize,
    url: viewUrl(row),
  };
}

const variantsOf = (kind: DeliveryImageKind): readonly string[] =>
  kind === 'image' ? ['original', 'preview'] : limits.imagemapWidths.map(String);

/** GET /line-media/<key>/<variant>: public (LINE fetches it); any other key or variant is 404. */
export async function getDeliveryMedia({
  ctx,
  input,
}: {
  ctx: ServiceContext;
  input: { key: string; variant: string };
}): Promise<{ contentType: string; data: Buffer }> {
  const [row] = await ctx.db.select().from(deliveryImages).where(eq(deliveryImages.key, input.key));
  if (!row || !variantsOf(row.kind).includes(input.variant)) throw notFound(texts.imageNotFound);
  const ext = variantExt(row, input.variant);
  const data = await fileStorageOf(ctx.config).get(fileKey(row, input.variant, ext));
  if (!data) throw notFound(texts.imageNotFound);
  return { contentType: `image/${ext}`, data };
}

/** Every file of an upload in the FileStorage (its variants). */
export const fileKeysOf = (
  row: Pick<DeliveryImageRow, 'clientId' | 'key' | 'kind' | 'contentType'>,
): string[] => variantsOf(row.kind).map((variant) => fileKey(row, variant, variantExt(row, variant)));

// ---- to LINE's objects ----

type ImageKinds = Extract<DeliveryMessage, { type: 'image' | 'imagemap' }>;

/**
 * The uploads the messages name, of this account and of the kind each message needs; a key that is not
 * one (another account's, made up, an imagemap used as an image) or an imagemap whose height is not its
 * upload's is refused with our words before LINE is asked. `share`: the rows read are locked FOR SHARE
 * until the caller's transaction ends (see checkMessageUploads).
 */
async function uploadsOf(
  db: Db,
  lineAccountId: number,
  messages: readonly DeliveryMessage[],
  path = 'body.messages',
  options: { share?: boolean } = {},
) {
  const named = messages.filter((m): m is ImageKinds => m.type === 'image' || m.type === 'imagemap');
  if (named.length === 0) return new Map<string, DeliveryImageRow>();
  const query = db
    .select()
    .from(deliveryImages)
    .where(
      and(
        eq(deliveryImages.lineAccountId, lineAccountId),
        inArray(
          deliveryImages.key,
          named.map((m) => m.imageKey),
        ),
      ),
    );
  const rows = options.share ? await query.for('share') : await query;
  const byKey = new Map(rows.map((r) => [r.key, r]));
  messages.forEach((m, index) => {
    if (m.type !== 'image' && m.type !== 'imagemap') return;
    const row = byKey.get(m.imageKey);
    if (!row || row.kind !== m.type) {
      throw validationError(texts.imageUnknown, [
        { path: `${path}.${index}.imageKey`, message: texts.imageUnknown },
      ]);
    }
    if (m.type === 'imagemap' && m.height !== row.height) {
      throw validationError(texts.imagemapHeight, [
        { path: `${path}.${index}.height`, message: texts.imagemapHeight },
      ]);
    }
  });
  return byKey;
}

/**
 * Messages kept to be sent later (a delivery, a template, the greeting, a scenario step, a chat image):
 * every image and rich message must name an upload of this account, checked when they are saved (a 400
 * in our words, nothing saved) rather than found wanting when a friend follows. `path`: where the list is
 * in the request body.
 *
 * Call it with the transaction that saves the messages: the uploads are locked FOR SHARE until it commits
 * (decision 0056), so the sweep of unused uploads, which locks FOR UPDATE SKIP LOCKED, passes them over,
 * and a save that meets the sweep's lock waits for it and then finds the upload gone (a 400, nothing
 * saved): a saved message never names a swept upload.
 */
export async function checkMessageUploads(
  db: Db,
  lineAccountId: number,
  messages: readonly DeliveryMessage[],
  path = 'body.messages',
): Promise<void> {
  await uploadsOf(db, lineAccountId, messages, path, { share: true });
}

const imagemapAction = (area: ImagemapArea): messagingApi.ImagemapAction => {
  const common = { area: area.bounds, ...(area.action.label ? { label: area.action.label } : {}) };
  return area.action.type === 'uri'
    ? { type: 'uri', linkUri: area.action.uri, ...common }
    : { type: 'message', text: area.action.text, ...common };
};

function imagemapToLine(message: DeliveryImagemap, baseUrl: string): messagingApi.ImagemapMessage {
  return {
    type: 'imagemap',
    baseUrl,
    altText: message.altText,
    baseSize: { width: limits.imagemapWidth, height: message.height },
    actions: message.areas.map(imagemapAction),
  };
}

/**
 * A converter for the image kinds of some messages (one read of their uploads): each image message as
 * LINE's image (original and preview at our public URL), each rich message as LINE's imagemap.
 */
export async function imageConverter(input: {
  db: Db;
  lineAccountId: number;
  messages: readonly DeliveryMessage[];
  appUrl?: string;
}): Promise<(message: ImageKinds) => messagingApi.ImageMessage | messagingApi.ImagemapMessage> {
  await uploadsOf(input.db, input.lineAccountId, input.messages);
  const appUrl = input.appUrl;
  return (message) => {
    if (appUrl === undefined) throw new Error('toLineMessages needs appUrl for image and rich messages');
    if (message.type === 'image') {
      return {
        type: 'image',
        originalContentUrl: deliveryMediaUrl(appUrl, message.imageKey, 'original'),
        previewImageUrl: deliveryMediaUrl(appUrl, message.imageKey, 'preview'),
      };
    }
    return imagemapToLine(message, `${appUrl}/line-media/${message.imageKey}`);
  };
}
