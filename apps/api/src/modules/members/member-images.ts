import { randomBytes } from 'node:crypto';
import { memberImageLimits, memberMessages, type MemberImage } from '@app/contracts';
import sharp from 'sharp';
import { z } from 'zod';
import type { Config } from '../../config/env.ts';
import { inTransaction, type Db } from '../../db/client.ts';
import type { ServiceContext } from '../../platform/context.ts';
import { AppError, badRequest, notFound } from '../../platform/errors.ts';
import { fileStorageOf } from '../../platform/files/file-storage.ts';
import { enqueueJob, queueHourly } from '../../platform/jobs.ts';
import { createSemaphore } from '../../platform/semaphore.ts';
import { identifyFriend, type LiffInput } from './member-app.service.ts';
import { deleteUnattachedImages } from './member-images.repository.ts';
import { loadMemberStore, scopeOf, type MemberScope } from './member-store.ts';
import {
  countImageUploads,
  findImagesOfFriend,
  findMember,
  insertImage,
  type ImageRow,
} from './members.repository.ts';

type Ctx = { ctx: ServiceContext };

/**
 * Images decoded at once in this process: a decode holds its pixels (up to 200 MB for 50 megapixels), so a
 * burst of uploads waits its turn instead of taking the memory (issue 24). sharp's operation cache is
 * off: every upload is a new image, and the cache only held the last ones' buffers.
 */
export const imageDecoding = createSemaphore(2);
sharp.cache(false);
type Format = 'jpeg' | 'png' | 'webp';
const contentTypes = { jpeg: 'image/jpeg', png: 'image/png', webp: 'image/webp' } as const;

/** The format the bytes themselves announce (their label is never trusted). */
export function sniffImageFormat(data: Buffer): Format | null {
  if (data.length >= 3 && data[0] === 0xff && data[1] === 0xd8 && data[2] === 0xff) return 'jpeg';
  if (data.length >= 8 && data.subarray(0, 8).equals(Buffer.from('89504e470d0a1a0a', 'hex'))) return 'png';
  if (
    data.length >= 12 &&
    data.subarray(0, 4).toString('latin1') === 'RIFF' &&
    data.subarray(8, 12).toString('latin1') === 'WEBP'
  )
    return 'webp';
  return null;
}

/**
 * A data URL's image, checked and re-encoded: JPEG, PNG or WebP by its bytes, at most 5 MB, decodable
 * as that format; then decoded and encoded again in the same format (EXIF orientation applied, every
 * metadata block dropped, at most 2048 px a side), so what we keep and serve is an image we made.
 */
export async function reencodeImage(dataUrl: string) {
  const match = /^data:[^,;]*(;[^,;]*)*;base64,([A-Za-z0-9+/=\s]*)$/.exec(dataUrl);
  if (!match) throw badRequest(memberMessages.imageType);
  const data = Buffer.from(match[2]!, 'base64');
  if (data.length > memberImageLimits.maxBytes) throw badRequest(memberMessages.imageTooLarge);
  const format = sniffImageFormat(data);
  if (!format) throw badRequest(memberMessages.imageType);
  return imageDecoding.run(() => decodeAndEncode(data, format));
}

async function decodeAndEncode(data: Buffer, format: Format) {
  try {
    const options = { failOn: 'error', limitInputPixels: memberImageLimits.maxInputPixels } as const;
    const meta = await sharp(data, options).metadata();
    if (meta.format !== format) throw new Error(`bytes say ${format}, decoder ${meta.format}`);
    let image = sharp(data, options).rotate().resize({
      width: memberImageLimits.maxSide,
      height: memberImageLimits.maxSide,
      fit: 'inside',
      withoutEnlargement: true,
    });
    image =
      format === 'jpeg'
        ? image.jpeg({ quality: 85 })
        : format === 'png'
          ? image.png({ compressionLevel: 9 })
          : image.webp({ quality: 85 });
    const { data: out, info } = await image.toBuffer({ resolveWithObject: true });
    return { data: out, format, contentType: contentTypes[format], width: info.width, height: info.height };
  } catch {
    throw badRequest(memberMessages.imageUnreadable);
  }
}

const storageKey = (row: Pick<ImageRow, 'clientId' | 'key' | 'contentType'>) =>
  `member-images/${row.clientId}/${row.key}.${row.contentType.slice('image/'.length)}`;

const toImageView = (row: ImageRow): MemberImage => ({
  key: row.key,
  contentType: row.contentType as MemberImage['contentType'],
  width: row.width,
  height: row.height,
  byteSize: row.byteSize,
});

export type ImageFile = { contentType: string; data: Buffer };

async function readImage(ctx: ServiceContext, scope: MemberScope, friendId: number, key: string) {
  const [row] = await findImagesOfFriend(ctx.db, scope, friendId, [key]);
  const data = row ? await fileStorageOf(ctx.config).get(storageKey(row)) : null;
  if (!row || !data) throw notFound(memberMessages.imageNotFound);
  return { contentType: row.contentType, data };
}

/** POST /store/{storeId}/images: the caller (a friend of the account) uploads an image for the form. */
export async function uploadOwnImage({
  ctx,
  input,
}: Ctx & { input: LiffInput & { dataUrl: string } }): Promise<MemberImage> {
  const { store, friend } = identifyFriend(ctx);
  await assertUploadAllowed(ctx, scopeOf(store), friend.id);
  const image = await reencodeImage(input.dataUrl);
  const row = {
    key: randomBytes(16).toString('hex'),
    clientId: store.clientId,
    storeId: store.id,
    friendId: friend.id,
    contentType: image.contentType,
    byteSize: image.data.length,
    width: image.width,
    height: image.height,
    createdAt: ctx.clock.now(),
  };
  const storage = fileStorageOf(ctx.config);
  await storage.put(storageKey(row), image.data, image.contentType);
  try {
    return toImageView(await insertImage(ctx.db, row));
  } catch (error) {
    await storage.delete(storageKey(row)).catch(() => undefined);
    throw error;
  }
}

/**
 * Upload limits per friend and per store (issue 24): an hour's uploads of the friend and of the whole
 * store, and the images the friend keeps (unattached ones are swept after a day); 429 in words.
 */
async function assertUploadAllowed(ctx: ServiceContext, scope: MemberScope, friendId: number) {
  const counts = await countImageUploads(
    ctx.db,
    scope,
    friendId,
    new Date(ctx.clock.now().getTime() - 3600_000),
  );
  if (counts.friendHeld >= memberImageLimits.perFriendHeld) {
    throw new AppError('RATE_LIMITED', memberMessages.imageQuotaFull);
  }
  if (
    counts.friendRecent >= memberImageLimits.perFriendPerHour ||
    counts.storeRecent >= memberImageLimits.perStorePerHour
  ) {
    throw new AppError('RATE_LIMITED', memberMessages.imageRateLimited);
  }
}

/** GET /store/{storeId}/images/{key}: one of the caller's own images; anyone else's answers 404. */
export async function getOwnImage({
  ctx,
  input,
}: Ctx & { input: LiffInput & { imageKey: string } }): Promise<ImageFile> {
  const { store, friend } = identifyFriend(ctx);
  return readImage(ctx, scopeOf(store), friend.id, input.imageKey);
}

/** Client area: an image the member uploaded (the member of this account of the request's client). */
export async function getMemberImage({
  ctx,
  input,
}: Ctx & { input: { lineAccountId: number; memberId: number; imageKey: string } }): Promise<ImageFile> {
  const scope = scopeOf(await loadMemberStore(ctx, input.lineAccountId));
  const member = await findMember(ctx.db, scope, input.memberId);
  if (!member) throw notFound(memberMessages.memberNotFound);
  return readImage(ctx, scope, member.friendId, input.imageKey);
}

// ---- housekeeping: uploads never attached to a registration ----

/** The mini-app uploads before it registers; an upload no value names after this long is dropped. */
export const UNATTACHED_IMAGE_KEPT_MS = 24 * 3600_000;
export const SWEEP_IMAGES_QUEUE = 'members.sweep-images';
export const DELETE_IMAGE_FILE_QUEUE = 'members.delete-image-file';
export const deleteImageFilePayloadSchema = z.object({
  storageKey: z.string().regex(/^member-images\/\d+\/[a-f0-9]{32}\.(jpeg|png|webp)$/),
});
const SWEEP_BATCH = 200;

/**
 * Drop the images uploaded more than 24 hours before `now` that no member value names (never attached,
 * or replaced since): each batch of rows is deleted in the transaction that queues one file-deletion job
 * per file, so a file whose deletion fails stays known as a retried (at last DEAD, kept) job, never lost.
 * Safe to run again or in two processes at once (locked rows are skipped, jobs deduplicated by key).
 */
export async function sweepUnattachedImages(db: Db, now: Date): Promise<number> {
  const before = new Date(now.getTime() - UNATTACHED_IMAGE_KEPT_MS);
  let removed = 0;
  for (;;) {
    const batch = await inTransaction(db, async (tx) => {
      const rows = await deleteUnattachedImages(tx, before, SWEEP_BATCH);
      for (const row of rows)
        await enqueueJob(tx, {
          queue: DELETE_IMAGE_FILE_QUEUE,
          payload: { storageKey: storageKey(row) },
          runAt: now,
          dedupeKey: `${DELETE_IMAGE_FILE_QUEUE}:${row.key}`,
          maxAttempts: 20,
        });
      return rows.length;
    });
    removed += batch;
    if (batch < SWEEP_BATCH) return removed;
  }
}

/** A swept image's file; deleting a file already gone is not an error, so a retry is harmless. */
export async function deleteImageFile(config: Config, storageKeyOfFile: string): Promise<void> {
  await fileStorageOf(config).delete(storageKeyOfFile);
}

/** Queue the sweep of the hour after `at` (or of this hour with `now: true`): one per hour. */
export const queueImageSweep = (db: Db, at: Date, options: { now?: boolean } = {}): Promise<void> =>
  queueHourly(db, SWEEP_IMAGES_QUEUE, at, options);
