import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { friends } from '../db/schema/index.ts';
import { createClientWithUsers, createLineAccountRow, TEST_PASSWORD } from '../testing/factories.ts';
import { call, createTestApp, type TestApp } from '../testing/test-app.ts';

/**
 * What goes over the wire: the built web app's files as the build compressed them (brotli or gzip, as
 * the browser accepts), hashed assets cached for good, and API answers over 1 KB compressed on the fly.
 * Clients that accept no encoding get the same bytes as before.
 */
let t: TestApp;
let webDir: string;
const script = `export const rows = [${Array.from({ length: 800 }, (_, i) => `{id:${i},name:"row ${i}"}`).join(',')}];\n`;
const asset = '/assets/app-4f3a9c1d.js';

beforeAll(async () => {
  // A built web app as vite writes it: pages, and hashed assets with their .br and .gz
  webDir = await mkdtemp(path.join(os.tmpdir(), 'web-dist-'));
  await mkdir(path.join(webDir, 'assets'));
  await writeFile(
    path.join(webDir, 'index.html'),
    '<!doctype html><title>管理画面</title><div id="root"></div>',
  );
  await writeFile(path.join(webDir, 'liff.html'), '<!doctype html><title>LIFF</title><div id="root"></div>');
  await writeFile(path.join(webDir, asset), script);
  await writeFile(path.join(webDir, `${asset}.br`), brotliCompressSync(script));
  await writeFile(path.join(webDir, `${asset}.gz`), gzipSync(script));
  t = await createTestApp({ WEB_DIST_DIR: webDir });
});
afterAll(async () => {
  await t?.close();
  await rm(webDir, { recursive: true, force: true });
});

const get = (url: string, acceptEncoding?: string, cookie?: string) =>
  call(t.app, 'GET', url, {
    ...(cookie ? { cookie } : {}),
    headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {},
  });

describe('compression', () => {
  it('sends a built asset as the build compressed it, brotli first, cached for good', async () => {
    const br = await get(asset, 'gzip, deflate, br, zstd');
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(br.rawPayload.length).toBeLessThan(script.length / 3);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(script);

    const gz = await get(asset, 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(script);

    const plain = await get(asset);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(script);
    expect(plain.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('serves the pages fresh on every visit (they name the current assets)', async () => {
    for (const [url, title] of [
      ['/client/members', '管理画面'],
      ['/liff/member', 'LIFF'],
    ] as const) {
      const page = await get(url, 'gzip, br');
      expect(page.statusCode, url).toBe(200);
      expect(page.headers['cache-control']).toBe('no-cache');
      expect(page.body).toContain(`<title>${title}</title>`);
    }
  });

  it('compresses API answers over 1 KB for clients that accept it, and leaves small ones', async () => {
    const owner = await createClientWithUsers(t.app, t.db);
    const account = await createLineAccountRow(t.db, owner.client.id);
    await t.db.insert(friends).values(
      Array.from({ length: 30 }, (_, i) => ({
        clientId: owner.client.id,
        lineAccountId: account.id,
        lineUserId: `Uzip${i}`,
        displayName: `友だち${i + 1}`,
      })),
    );
    const url = `/client/api/v1/line-account/${account.id}/friends?limit=30`;
    const plain = await get(url, undefined, owner.owner.cookie);
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.json().data).toHaveLength(30);

    const br = await get(url, 'gzip, deflate, br', owner.owner.cookie);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString())).toEqual(plain.json());

    const gz = await get(url, 'gzip', owner.owner.cookie);
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gz.rawPayload).toString())).toEqual(plain.json());

    // under 1 KB: as it is
    const health = await get('/healthz', 'gzip, br');
    expect(health.statusCode).toBe(200);
    expect(health.headers['content-encoding']).toBeUndefined();
  });

  it('reads a request body as sent: a gzip-encoded login is not inflated (and so not accepted)', async () => {
    const owner = await createClientWithUsers(t.app, t.db);
    const body = JSON.stringify({ email: owner.owner.user.email, password: TEST_PASSWORD });
    const login = (payload: Buffer | string, encoding?: string) =>
      t.app.inject({
        method: 'POST',
        url: '/auth/api/v1/session/login',
        headers: {
          origin: t.config.appUrl,
          'content-type': 'application/json',
          ...(encoding ? { 'content-encoding': encoding } : {}),
        },
        payload,
      });
    const zipped = await login(gzipSync(body), 'gzip');
    expect(zipped.statusCode).toBe(400);
    expect(zipped.json().success).toBe(false);
    expect(zipped.headers['set-cookie']).toBeUndefined();
    // the same credentials as plain JSON log in
    expect((await login(body)).statusCode).toBe(200);
  });
});
