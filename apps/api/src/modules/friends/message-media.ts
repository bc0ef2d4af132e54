import {
  friendEndpoints,
  friendMessages,
  lineAccountMessages,
  type MessageMediaView,
  type messageContentParamsSchema,
} from '@app/contracts';
import type { Readable } from 'node:stream';
import { z } from 'zod';
import type { Config } from '../../config/env.ts';
import type { MessageMedia } from '../../db/schema/friends.ts';
import type { Db } from '../../db/client.ts';
import { requireClientId, type ServiceContext } from '../../platform/context.ts';
import { notFound } from '../../platform/errors.ts';
import { FileTooLarge, fileStorageOf } from '../../platform/files/file-storage.ts';
import { enqueueJob, type JobContext } from '../../platform/jobs.ts';
import { LineError, lineGatewayFor } from '../../platform/line/line-gateway.ts';
import { channelsOf, findLineAccountOfClient, getLineAccountRowOrThrow } from '../line-accounts/index.ts';
import { findMessageForDelivery, updateMessageMediaIf, type MessageRow } from './friends.repository.ts';

/**
 * Incoming images, videos, audio and files (decision 0055-chat-media): LINE keeps what a user sent for a
 * while and hands it out only at its content endpoint, so a durable job fetches it once into the file
 * storage and the chat shows it through an authenticated, tenant-checked route. A sender's own URLs
 * (contentProvider external) are shown as they are.
 */
export const FETCH_CONTENT_QUEUE = 'friends.fetch-content';
/** 5s, 10s, 20s, 40s, 80s: LINE down for a few minutes is borne; after that the message says 保存できませんでした. */
export const FETCH_CONTENT_MAX_ATTEMPTS = 6;
/** Past this, the content is not kept (LINE's own limits: 200 MB videos, files); the chat says so. */
export const MAX_CONTENT_BYTES = 50 * 1024 * 1024;

export const fetchContentPayloadSchema = z.object({ messageId: z.number().int().positive() });

const MEDIA_KINDS = ['image', 'video', 'audio', 'file'] as const;
type MediaKind = (typeof MEDIA_KINDS)[number];
const isMediaKind = (type: string): type is MediaKind => (MEDIA_KINDS as readonly string[]).includes(type);

type IncomingMessage = { type: string } & Record<string, unknown>;

/** What a webhook message of a media kind starts as: the sender's URLs, or waiting for the fetch job. */
export function initialMediaOf(message: IncomingMessage): MessageMedia | null {
  if (!isMediaKind(message.type)) return null;
  const provider = message.contentProvider as
    { type?: unknown; originalContentUrl?: unknown; previewImageUrl?: unknown } | undefined;
  if (provider?.type === 'external' && typeof provider.originalContentUrl === 'string') {
    return {
      status: 'EXTERNAL',
      originalUrl: provider.originalContentUrl,
      previewUrl: typeof provider.previewImageUrl === 'string' ? provider.previewImageUrl : null,
    };
  }
  return { status: 'PENDING' };
}

/** Queue the fetch of a stored message's content (in the transaction that stored it); once per message. */
export async function queueContentFetch(tx: Db, messageId: number, now: Date): Promise<void> {
  await enqueueJob(tx, {
    queue: FETCH_CONTENT_QUEUE,
    payload: { messageId },
    runAt: now,
    dedupeKey: `${FETCH_CONTENT_QUEUE}:${messageId}`,
  });
}

const contentPath = (row: MessageRow, variant: 'content' | 'preview') =>
  friendEndpoints.messageContent.path
    .replace(':lineAccountId', String(row.lineAccountId))
    .replace(':friendId', String(row.friendId))
    .replace(':messageId', String(row.id))
    .replace(':variant', variant);

/** The chat's view of a media message's content (null for other kinds, and for one taken back). */
export function mediaViewOf(row: MessageRow): MessageMediaView | null {
  const media = row.media;
  if (!media || row.unsentAt) return null;
  const kind: MediaKind = isMediaKind(row.type) ? row.type : 'image';
  const contents = (row.contents ?? {}) as { fileName?: unknown; fileSize?: unknown; duration?: unknown };
  const base = {
    kind,
    fileName: typeof contents.fileName === 'string' ? contents.fileName : null,
    size: typeof contents.fileSize === 'number' ? Math.round(contents.fileSize) : null,
    durationMs: typeof contents.duration === 'number' ? Math.round(contents.duration) : null,
    url: null,
    previewUrl: null,
  };
  switch (media.status) {
    case 'STORED':
      return {
        ...base,
        status: 'STORED',
        size: media.size,
        url: contentPath(row, 'content'),
        previewUrl: media.previewKey ? contentPath(row, 'preview') : null,
      };
    case 'EXTERNAL':
      return { ...base, status: 'EXTERNAL', url: media.originalUrl, previewUrl: media.previewUrl };
    case 'UPLOAD':
      return {
        ...base,
        status: 'STORED',
        url: `/line-media/${media.imageKey}/original`,
        previewUrl: `/line-media/${media.imageKey}/preview`,
      };
    default:
      return { ...base, status: media.status };
  }
}

/** LINE is still preparing the video or audio: the job fails this attempt on purpose, to ask again. */
class StillPreparing extends Error {
  constructor() {
    super('LINE is still preparing the content');
    this.name = 'StillPreparing';
  }
}

const storageKey = (row: MessageRow, variant: 'content' | 'preview') =>
  `chat-media/${row.clientId}/${row.id}/${variant}`;

type FetchContext = Pick<JobContext, 'db' | 'log' | 'clock' | 'attempt'> & { config: Config };

/**
 * The fetch job: LINE's content (and preview, for images and videos) into the file storage, then the
 * message says STORED. At-least-once and idempotent: a message no longer PENDING is left alone, the files'
 * keys are the message's own (a retry after a crash overwrites the same files), and the last write
 * happens only while the message is still PENDING. LINE's 404/410 is EXPIRED at once; LINE down or
 * unreachable is retried, and FAILED with LINE's reason on the last try.
 */
export async function fetchMessageContent({
  ctx,
  input,
}: {
  ctx: FetchContext;
  input: z.output<typeof fetchContentPayloadSchema>;
}): Promise<void> {
  const row = await findMessageForDelivery(ctx.db, input.messageId);
  const status = row?.media?.status;
  if (!row || (status !== 'PENDING' && status !== 'PREPARING') || !row.lineMessageId) return;
  const scope = { clientId: row.clientId, lineAccountId: row.lineAccountId };
  const settle = (media: MessageMedia) => updateMessageMediaIf(ctx.db, scope, row.id, status, media);
  if (row.unsentAt) return settle({ status: 'EXPIRED' });

  const account = await findLineAccountOfClient(ctx, row.clientId, row.lineAccountId);
  if (!account || account.status !== 'ACTIVE') {
    return settle({ status: 'FAILED', error: lineAccountMessages.inactive });
  }
  const channel = channelsOf(ctx, account).messaging;
  const gateway = lineGatewayFor(ctx.config);
  try {
    if (row.type === 'video' || row.type === 'audio') {
      // LINE prepares (transcodes) a video or audio before it can be got: 準備中 until it says succeeded
      const prepared = await gateway.getMessageContentTranscoding(channel, row.lineMessageId);
      if (prepared === null) return settle({ status: 'EXPIRED' });
      if (prepared === 'failed')
        return settle({ status: 'FAILED', error: 'LINE could not prepare the content' });
      if (prepared === 'processing') {
        if (ctx.attempt >= FETCH_CONTENT_MAX_ATTEMPTS) {
          return settle({ status: 'FAILED', error: 'LINE did not finish preparing the content' });
        }
        if (status === 'PENDING') await settle({ status: 'PREPARING' });
        throw new StillPreparing(); // asked again after the job's backoff
      }
    }
    const content = await gateway.getMessageContent(channel, row.lineMessageId, 'content');
    if (!content) return settle({ status: 'EXPIRED' });
    // streamed into the storage as LINE sends it: no file is held whole in memory
    const storage = fileStorageOf(ctx.config);
    const fileKey = storageKey(row, 'content');
    const size = await storage.putStream(fileKey, content.body, content.contentType, MAX_CONTENT_BYTES);
    const preview =
      row.type === 'image' || row.type === 'video'
        ? await gateway.getMessageContent(channel, row.lineMessageId, 'preview')
        : null;
    const previewKey = preview ? storageKey(row, 'preview') : null;
    if (preview && previewKey) {
      await storage.putStream(previewKey, preview.body, preview.contentType, MAX_CONTENT_BYTES);
    }
    await settle({
      status: 'STORED',
      fileKey,
      previewKey,
      previewContentType: preview?.contentType ?? null,
      contentType: content.contentType,
      size,
    });
  } catch (error) {
    if (error instanceof FileTooLarge) return settle({ status: 'FAILED', error: error.message });
    if (!(error instanceof LineError)) throw error;
    if (!error.isRetryable || ctx.attempt >= FETCH_CONTENT_MAX_ATTEMPTS) {
      return settle({ status: 'FAILED', error: error.reason.slice(0, 500) });
    }
    throw error;
  }
}

/**
 * Media types served as themselves (the browser draws or plays them); anything else a user sent (HTML,
 * SVG, scripts...) is served as a download of bytes, never rendered on our origin.
 */
const INLINE_TYPES = new Set([
  'image/jpeg',
  'image/png',
  'image/gif',
  'image/webp',
  'video/mp4',
  'video/quicktime',
  'video/webm',
  'audio/mp4',
  'audio/m4a',
  'audio/x-m4a',
  'audio/aac',
  'audio/mpeg',
  'audio/ogg',
  'audio/wav',
]);

export type ContentFile = {
  /** streamed from the storage, never read whole */
  data: Readable;
  contentType: string;
  /** attachment: a file (download under its name), or a type not served inline */
  disposition: string;
};

type ContentInput = z.output<typeof messageContentParamsSchema>;

/** The stored content of a friend's message, for a user of the account's client (else 404). */
export async function getMessageContent({
  ctx,
  input,
}: {
  ctx: ServiceContext;
  input: ContentInput;
}): Promise<ContentFile> {
  const clientId = requireClientId(ctx);
  const account = await getLineAccountRowOrThrow(ctx, clientId, input.lineAccountId);
  const row = await findMessageForDelivery(ctx.db, input.messageId);
  if (
    !row ||
    row.clientId !== clientId ||
    row.lineAccountId !== account.id ||
    row.friendId !== input.friendId ||
    row.unsentAt ||
    row.media?.status !== 'STORED'
  ) {
    throw notFound(friendMessages.contentNotFound);
  }
  const key = input.variant === 'preview' ? row.media.previewKey : row.media.fileKey;
  const data = key ? await fileStorageOf(ctx.config).getStream(key) : null;
  if (!data) throw notFound(friendMessages.contentNotFound);
  const type =
    input.variant === 'preview' ? (row.media.previewContentType ?? 'image/jpeg') : row.media.contentType;
  const inline = row.type !== 'file' && INLINE_TYPES.has(type);
  const name = (row.contents as { fileName?: unknown }).fileName;
  const fileName = typeof name === 'string' && name ? name : `${row.type}-${row.id}`;
  return {
    data,
    contentType: inline ? type : 'application/octet-stream',
    disposition: inline ? 'inline' : `attachment; filename*=UTF-8''${encodeURIComponent(fileName)}`,
  };
}
