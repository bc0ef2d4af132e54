import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { GetObjectCommand, HeadObjectCommand, ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import S3rver from 's3rver';

/** s3rver's fixed credentials: it checks every request's signature against them. */
const credentials = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };

export type S3Server = Awaited<ReturnType<typeof startS3Server>>;

/**
 * A real S3-compatible server in this process (s3rver, files in a temporary folder), on a free port,
 * with one bucket; `env` configures the app's FILE_STORAGE=s3 on it, `bucket` reads it back directly.
 */
export async function startS3Server(options: { bucket?: string; prefix?: string } = {}) {
  const bucket = options.bucket ?? 'member-files';
  const directory = await mkdtemp(path.join(os.tmpdir(), 'api-test-s3-'));
  let server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket, configs: [] }],
  });
  const { port } = await server.run();
  let running = true;
  const endpoint = `http://127.0.0.1:${port}`;
  const sdk = new S3Client({ region: 'us-east-1', endpoint, forcePathStyle: true, credentials });
  return {
    endpoint,
    bucket,
    env: {
      FILE_STORAGE: 's3',
      S3_BUCKET: bucket,
      S3_REGION: 'us-east-1',
      S3_ENDPOINT: endpoint,
      S3_ACCESS_KEY_ID: credentials.accessKeyId,
      S3_SECRET_ACCESS_KEY: credentials.secretAccessKey,
      S3_FORCE_PATH_STYLE: 'true',
      S3_PREFIX: options.prefix ?? '',
    },
    settings: {
      kind: 's3' as const,
      bucket,
      region: 'us-east-1',
      endpoint,
      credentials,
      forcePathStyle: true,
      prefix: options.prefix ?? '',
    },
    /** Every object key in the bucket, sorted. */
    keys: async () => {
      const answer = await sdk.send(new ListObjectsV2Command({ Bucket: bucket }));
      return (answer.Contents ?? []).map((o) => o.Key!).sort();
    },
    /** One object's bytes and content type as the bucket keeps them, or null. */
    object: async (key: string) => {
      try {
        const head = await sdk.send(new HeadObjectCommand({ Bucket: bucket, Key: key }));
        const body = await sdk.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
        return {
          contentType: head.ContentType,
          data: Buffer.from(await body.Body!.transformToByteArray()),
        };
      } catch (error) {
        if (['NotFound', 'NoSuchKey'].includes((error as { name?: string }).name ?? '')) return null;
        throw error;
      }
    },
    /** Stop answering (the port closes; the files stay) until `restart`. */
    stop: async () => {
      running = false;
      await server.close();
    },
    /** Answer again on the same port, with the same files. */
    restart: async () => {
      server = new S3rver({ address: '127.0.0.1', port, silent: true, directory });
      await server.run();
      running = true;
    },
    close: async () => {
      sdk.destroy();
      if (running) await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}
