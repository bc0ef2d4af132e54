import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing/test-app.ts';

const root = path.resolve(import.meta.dirname, '../../../..');
type Operation = {
  operationId?: string;
  security?: Record<string, string[]>[];
  responses: Record<string, { content?: Record<string, unknown> }>;
};
type Document = {
  servers?: { url: string }[];
  security?: Record<string, string[]>[];
  components?: {
    securitySchemes?: Record<string, { type: string; in?: string; name?: string; scheme?: string }>;
  };
  paths: Record<string, Record<string, Operation>>;
};

let t: TestApp;
let doc: Document;
let file: string;
beforeAll(async () => {
  t = await createTestApp();
  doc = t.app.swagger() as unknown as Document;
  file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'openapi-')), 'openapi.json');
  fs.writeFileSync(file, JSON.stringify(doc));
});
afterAll(async () => {
  await t.close();
  fs.rmSync(path.dirname(file), { recursive: true, force: true });
});

const operations = () =>
  Object.entries(doc.paths).flatMap(([p, methods]) =>
    Object.entries(methods).map(([method, operation]) => ({ path: p, method, operation })),
  );

describe('the OpenAPI document, as third-party tools read it', () => {
  it('lints clean under Redocly (recommended rules, redocly.yaml)', () => {
    const result = spawnSync(
      path.join(root, 'node_modules/.bin/redocly'),
      ['lint', file, '--config', path.join(root, 'redocly.yaml'), '--format', 'json'],
      { encoding: 'utf8', cwd: root },
    );
    const report = JSON.parse(result.stdout.slice(result.stdout.indexOf('{'))) as {
      totals: { errors: number; warnings: number };
      problems: { ruleId: string; message: string }[];
    };
    expect(report.problems.map((p) => `${p.ruleId}: ${p.message}`)).toEqual([]);
    expect(report.totals).toMatchObject({ errors: 0, warnings: 0 });
  });

  it('declares the session cookie, the mini-apps’ ID token and the server, and names every operation once', () => {
    expect(doc.components?.securitySchemes?.session).toMatchObject({
      type: 'apiKey',
      in: 'cookie',
      name: 'sid',
    });
    expect(doc.components?.securitySchemes?.liffIdToken).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(doc.security).toEqual([{ session: [] }]);
    expect(doc.servers).toEqual([{ url: t.config.appUrl }]);
    const ids = operations().map((o) => o.operation.operationId);
    expect(ids.every(Boolean)).toBe(true);
    expect(new Set(ids).size).toBe(ids.length);
    const login = doc.paths['/auth/api/v1/session/login']!.post!;
    expect(login.operationId).toBe('postAuthApiV1SessionLogin');
    expect(login.security).toEqual([]);
    expect(doc.paths['/member-liff/api/v1/store/{storeId}/members']!.get!.security).toEqual([
      { liffIdToken: [] },
    ]);
    expect(doc.paths['/master/api/v1/clients']!.get!.security).toBeUndefined();
  });

  it('answers 2XX, or 3XX for a redirect (the one rule redocly.yaml turns off for it)', () => {
    const success = (o: ReturnType<typeof operations>[number]) =>
      Object.keys(o.operation.responses).filter((status) => /^2/.test(status));
    const redirects = operations().filter((o) => success(o).length === 0);
    expect(redirects.map((o) => `${o.method} ${o.path}`).sort()).toEqual([
      'get /liff/api/v1/inflow-login/callback',
      'get /liff/api/v1/inflow/{slug}/login',
      'get /r/{token}',
    ]);
    for (const redirect of redirects) expect(Object.keys(redirect.operation.responses)).toContain('302');
  });

  it('describes files with their real media types', () => {
    const mediaOf = (p: string) => Object.keys(doc.paths[p]!.get!.responses['200']!.content ?? {});
    expect(mediaOf('/shift/api/v1/store/{storeId}/staff-shift/monthly/csv')).toEqual(['text/csv']);
    expect(mediaOf('/client/api/v1/line-account/{lineAccountId}/member-service/members.csv')).toEqual([
      'text/csv',
    ]);
    expect(mediaOf('/client/api/v1/line-account/{lineAccountId}/payment/invoice/{paymentId}/pdf')).toEqual([
      'application/pdf',
    ]);
    const richMenuImage = operations().find((o) => o.path.endsWith('/{richMenuId}/image'))!;
    expect(Object.keys(richMenuImage.operation.responses['200']!.content!)).toEqual([
      'image/png',
      'image/jpeg',
    ]);
  });
});
