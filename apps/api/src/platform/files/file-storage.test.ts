import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPng } from '../../testing/images.ts';
import { startS3Server, type S3Server } from '../../testing/s3.ts';
import {
  FileTooLarge,
  LocalDiskStorage,
  S3Storage,
  fileStorageOf,
  type FileStorage,
} from './file-storage.ts';

/**
 * The two FileStorage adapters keep the same promises: the S3 one against a real S3-compatible server
 * in this process (s3rver, through the official SDK), the local one on a folder.
 */
let s3: S3Server;
let dir: string;
beforeAll(async () => {
  s3 = await startS3Server({ prefix: 'prod/' });
  dir = await mkdtemp(path.join(os.tmpdir(), 'file-storage-test-'));
});
afterAll(async () => {
  await s3?.close();
  await rm(dir, { recursive: true, force: true });
});

const adapters: [string, () => FileStorage][] = [
  ['S3 (s3rver)', () => new S3Storage(s3.settings)],
  ['local disk', () => new LocalDiskStorage(dir)],
];

describe.each(adapters)('%s storage', (name, make) => {
  const area = name.startsWith('S3') ? 's3' : 'disk';

  it('puts, gets, overwrites and deletes a file by key; a missing key reads as null', async () => {
    const storage = make();
    const key = `member-images/7/${area}-a1b2c3.png`;
    const png = createPng(12, 8);
    expect(await storage.get(key)).toBeNull();
    await storage.put(key, png, 'image/png');
    expect((await storage.get(key))!.equals(png)).toBe(true);
    const other = createPng(3, 3);
    await storage.put(key, other, 'image/png');
    expect((await storage.get(key))!.equals(other)).toBe(true);
    await storage.delete(key);
    expect(await storage.get(key)).toBeNull();
    // Deleting what is not there is not an error (a sweep may run twice).
    await storage.delete(key);
    await storage.delete(`member-images/7/${area}-never-written.png`);
  });

  it('puts a stream as it arrives (past one S3 part too), and keeps nothing of one past its limit', async () => {
    const storage = make();
    const collect = async (source: AsyncIterable<Buffer>) => {
      const all: Buffer[] = [];
      for await (const chunk of source) all.push(chunk);
      return all;
    };
    async function* chunks(total: number, size = 1024 * 1024) {
      for (let sent = 0; sent < total; sent += size)
        yield Buffer.alloc(Math.min(size, total - sent), sent % 251);
    }
    const small = `chat-media/7/${area}-small/content`;
    expect(await storage.putStream(small, chunks(3000, 1000), 'video/mp4', 10_000)).toBe(3000);
    expect((await storage.get(small))!.equals(Buffer.concat(await collect(chunks(3000, 1000))))).toBe(true);
    // 6 MiB + 1: two parts of a multipart upload on S3
    const large = `chat-media/7/${area}-large/content`;
    const total = 6 * 1024 * 1024 + 1;
    expect(await storage.putStream(large, chunks(total), 'video/mp4', 50 * 1024 * 1024)).toBe(total);
    const read = (await storage.get(large))!;
    expect(read.length).toBe(total);
    // and read back as a stream, as the content route sends it
    const streamed = await collect((await storage.getStream(large))!);
    expect(Buffer.concat(streamed).equals(read)).toBe(true);
    expect(await storage.getStream(`chat-media/7/${area}-none/content`)).toBeNull();
    expect(read.equals(Buffer.concat(await collect(chunks(total))))).toBe(true);

    const over = `chat-media/7/${area}-over/content`;
    await expect(storage.putStream(over, chunks(total), 'video/mp4', 5 * 1024 * 1024 + 10)).rejects.toThrow(
      FileTooLarge,
    );
    expect(await storage.get(over)).toBeNull();
    await storage.delete(small);
    await storage.delete(large);
  });

  it('refuses a key that could leave its area before touching the storage', async () => {
    const storage = make();
    for (const key of ['../etc/passwd', 'member-images/../../x', '/abs/path', 'Upper/x', 'a//b', 'a/b c'])
      await expect(storage.put(key, Buffer.from('x'), 'text/plain'), key).rejects.toThrow('Invalid file key');
    await expect(storage.get('member-images/./x')).rejects.toThrow('Invalid file key');
  });
});

describe('S3 storage against the bucket', () => {
  it('keeps the object under the prefix with its content type, as the bucket itself shows', async () => {
    const storage = new S3Storage(s3.settings);
    const webp = Buffer.from('RIFF....WEBPVP8 fake bytes');
    await storage.put('member-images/9/ffee.webp', webp, 'image/webp');
    await storage.put('member-images/9/aabb.jpeg', Buffer.from([0xff, 0xd8, 0xff, 0xe0]), 'image/jpeg');
    expect(await s3.keys()).toEqual(['prod/member-images/9/aabb.jpeg', 'prod/member-images/9/ffee.webp']);
    const object = await s3.object('prod/member-images/9/ffee.webp');
    expect(object?.contentType).toBe('image/webp');
    expect(object!.data.equals(webp)).toBe(true);
    expect((await s3.object('prod/member-images/9/aabb.jpeg'))?.contentType).toBe('image/jpeg');
    await storage.delete('member-images/9/ffee.webp');
    await storage.delete('member-images/9/aabb.jpeg');
    expect(await s3.keys()).toEqual([]);
  });

  it('signs with the configured credentials: an unknown access key is refused, not read as missing', async () => {
    // (s3rver checks the access key of a V4 signature, not the signature itself.)
    const storage = new S3Storage({
      ...s3.settings,
      credentials: { accessKeyId: 'AKIAUNKNOWN', secretAccessKey: 'S3RVER' },
    });
    await expect(storage.put('member-images/1/x.png', createPng(2, 2), 'image/png')).rejects.toThrow();
    await expect(storage.get('member-images/1/x.png')).rejects.toThrow();
    expect(await s3.keys()).toEqual([]);
  });

  it('an unreachable bucket fails the call instead of answering "no such file"', async () => {
    const storage = new S3Storage({ ...s3.settings, endpoint: 'http://127.0.0.1:9' });
    await expect(storage.get('member-images/1/x.png')).rejects.toThrow();
    await expect(storage.delete('member-images/1/x.png')).rejects.toThrow();
  });

  it('FILE_STORAGE=s3 makes the app use the bucket (one storage per configuration)', () => {
    const config = { fileStorage: s3.settings };
    expect(fileStorageOf(config)).toBeInstanceOf(S3Storage);
    expect(fileStorageOf(config)).toBe(fileStorageOf(config));
    expect(fileStorageOf({ fileStorage: { kind: 'local', dir } })).toBeInstanceOf(LocalDiskStorage);
  });
});
