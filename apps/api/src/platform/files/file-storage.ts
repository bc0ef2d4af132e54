import { mkdir, open, readFile, rename, rm, writeFile } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import type * as S3 from '@aws-sdk/client-s3';
import type { Config } from '../../config/env.ts';

/**
 * Where uploaded files are kept, by key (`<area>/<client>/<random>.<ext>`, made by the caller). The
 * database keeps who may read a file; the storage only keeps bytes. Local disk by default, an
 * S3-compatible bucket in production (FILE_STORAGE=s3): configuration only, no code change.
 */
export type FileStorage = {
  put(key: string, data: Buffer, contentType: string): Promise<void>;
  /**
   * Bytes as they arrive (a download from LINE), never held whole in memory: the size written; past
   * `maxBytes` nothing is kept under the key and FileTooLarge is thrown.
   */
  putStream(
    key: string,
    source: AsyncIterable<Uint8Array>,
    contentType: string,
    maxBytes: number,
  ): Promise<number>;
  /** The bytes, or null when there is no such file. */
  get(key: string): Promise<Buffer | null>;
  /** The bytes as a stream to send on (a large file is never read whole), or null when there is none. */
  getStream(key: string): Promise<Readable | null>;
  delete(key: string): Promise<void>;
};

/** A stream put past its size limit: nothing was kept. */
export class FileTooLarge extends Error {
  constructor(readonly maxBytes: number) {
    super(`The content is larger than ${maxBytes} bytes`);
    this.name = 'FileTooLarge';
  }
}

/** S3's smallest part of a multipart upload but the last (5 MiB). */
const S3_PART_BYTES = 5 * 1024 * 1024;

const safeKey = (key: string) => {
  if (!/^[a-z0-9-]+(\/[A-Za-z0-9._-]+)*$/.test(key) || key.split('/').some((p) => p === '..' || p === '.'))
    throw new Error(`Invalid file key: ${key}`);
  return key;
};

/** Files under one folder (DATA_DIR/files); a write goes to a temporary name first, then is renamed. */
export class LocalDiskStorage implements FileStorage {
  constructor(private readonly dir: string) {}

  private file(key: string) {
    return path.join(this.dir, ...safeKey(key).split('/'));
  }

  async put(key: string, data: Buffer): Promise<void> {
    const file = this.file(key);
    await mkdir(path.dirname(file), { recursive: true });
    const temporary = `${file}.${randomBytes(6).toString('hex')}.tmp`;
    await writeFile(temporary, data, { mode: 0o600 });
    await rename(temporary, file);
  }

  async putStream(
    key: string,
    source: AsyncIterable<Uint8Array>,
    _contentType: string,
    maxBytes: number,
  ): Promise<number> {
    const file = this.file(key);
    await mkdir(path.dirname(file), { recursive: true });
    const temporary = `${file}.${randomBytes(6).toString('hex')}.tmp`;
    const handle = await open(temporary, 'w', 0o600);
    let size = 0;
    try {
      for await (const chunk of source) {
        size += chunk.byteLength;
        if (size > maxBytes) throw new FileTooLarge(maxBytes);
        await handle.write(chunk);
      }
      await handle.close();
    } catch (error) {
      await handle.close().catch(() => undefined);
      await rm(temporary, { force: true });
      throw error;
    }
    await rename(temporary, file);
    return size;
  }

  async get(key: string): Promise<Buffer | null> {
    try {
      return await readFile(this.file(key));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw error;
    }
  }

  async getStream(key: string): Promise<Readable | null> {
    try {
      // opened now, so a missing file is null here rather than an error on the way out
      const handle = await open(this.file(key), 'r');
      return handle.createReadStream(); // closes the file when read or destroyed
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    await rm(this.file(key), { force: true });
  }
}

type S3Settings = Extract<Config['fileStorage'], { kind: 's3' }>;

/** An S3-compatible bucket through the official SDK (loaded only when configured). */
export class S3Storage implements FileStorage {
  private client: Promise<typeof S3 & { s3: S3.S3Client }>;

  constructor(private readonly settings: S3Settings) {
    this.client = import('@aws-sdk/client-s3').then((sdk) => ({
      ...sdk,
      s3: new sdk.S3Client({
        region: settings.region,
        ...(settings.endpoint ? { endpoint: settings.endpoint } : {}),
        ...(settings.credentials ? { credentials: settings.credentials } : {}),
        forcePathStyle: settings.forcePathStyle,
      }),
    }));
  }

  private key(key: string) {
    return `${this.settings.prefix}${safeKey(key)}`;
  }

  async put(key: string, data: Buffer, contentType: string): Promise<void> {
    const { s3, PutObjectCommand } = await this.client;
    await s3.send(
      new PutObjectCommand({
        Bucket: this.settings.bucket,
        Key: this.key(key),
        Body: data,
        ContentType: contentType,
      }),
    );
  }

  /**
   * In parts of 5 MiB (S3's multipart upload), so at most one part is in memory; a file smaller than one
   * part is one PutObject. Past `maxBytes`, or on any failure, the upload is aborted: nothing is kept.
   */
  async putStream(
    key: string,
    source: AsyncIterable<Uint8Array>,
    contentType: string,
    maxBytes: number,
  ): Promise<number> {
    const sdk = await this.client;
    const Bucket = this.settings.bucket;
    const Key = this.key(key);
    let pending: Uint8Array[] = [];
    let pendingBytes = 0;
    let size = 0;
    let uploadId: string | undefined;
    const parts: { ETag: string; PartNumber: number }[] = [];
    const take = () => {
      const body = Buffer.concat(pending);
      pending = [];
      pendingBytes = 0;
      return body;
    };
    const uploadPart = async (body: Buffer) => {
      uploadId ??= (
        await sdk.s3.send(new sdk.CreateMultipartUploadCommand({ Bucket, Key, ContentType: contentType }))
      ).UploadId;
      const PartNumber = parts.length + 1;
      const answer = await sdk.s3.send(
        new sdk.UploadPartCommand({ Bucket, Key, UploadId: uploadId, PartNumber, Body: body }),
      );
      parts.push({ ETag: answer.ETag ?? '', PartNumber });
    };
    try {
      for await (const chunk of source) {
        size += chunk.byteLength;
        if (size > maxBytes) throw new FileTooLarge(maxBytes);
        pending.push(chunk);
        pendingBytes += chunk.byteLength;
        if (pendingBytes >= S3_PART_BYTES) await uploadPart(take());
      }
      if (!uploadId) {
        await sdk.s3.send(new sdk.PutObjectCommand({ Bucket, Key, Body: take(), ContentType: contentType }));
        return size;
      }
      if (pendingBytes > 0) await uploadPart(take());
      await sdk.s3.send(
        new sdk.CompleteMultipartUploadCommand({
          Bucket,
          Key,
          UploadId: uploadId,
          MultipartUpload: { Parts: parts },
        }),
      );
      return size;
    } catch (error) {
      if (uploadId) {
        await sdk.s3
          .send(new sdk.AbortMultipartUploadCommand({ Bucket, Key, UploadId: uploadId }))
          .catch(() => undefined);
      }
      throw error;
    }
  }

  async get(key: string): Promise<Buffer | null> {
    const { s3, GetObjectCommand, NoSuchKey } = await this.client;
    try {
      const answer = await s3.send(
        new GetObjectCommand({ Bucket: this.settings.bucket, Key: this.key(key) }),
      );
      if (!answer.Body) return null;
      return Buffer.from(await answer.Body.transformToByteArray());
    } catch (error) {
      if (error instanceof NoSuchKey) return null;
      throw error;
    }
  }

  async getStream(key: string): Promise<Readable | null> {
    const { s3, GetObjectCommand, NoSuchKey } = await this.client;
    try {
      const answer = await s3.send(
        new GetObjectCommand({ Bucket: this.settings.bucket, Key: this.key(key) }),
      );
      return (answer.Body as Readable | undefined) ?? null;
    } catch (error) {
      if (error instanceof NoSuchKey) return null;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    const { s3, DeleteObjectCommand } = await this.client;
    await s3.send(new DeleteObjectCommand({ Bucket: this.settings.bucket, Key: this.key(key) }));
  }
}

const storages = new WeakMap<Config['fileStorage'], FileStorage>();

/** The storage of a configuration (one per configuration object). */
export function fileStorageOf(config: Pick<Config, 'fileStorage'>): FileStorage {
  let storage = storages.get(config.fileStorage);
  if (!storage) {
    storage =
      config.fileStorage.kind === 's3'
        ? new S3Storage(config.fileStorage)
        : new LocalDiskStorage(config.fileStorage.dir);
    storages.set(config.fileStorage, storage);
  }
  return storage;
}
