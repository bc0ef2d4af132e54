import { authEndpoints, clientAreaEndpoints } from '@app/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, type TestApp } from './testing/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('the app', () => {
  it('answers /healthz and /readyz', async () => {
    expect((await call(t.app, 'GET', '/healthz')).json()).toEqual({ status: 'ok' });
    expect((await call(t.app, 'GET', '/readyz')).json()).toEqual({ status: 'ready' });
  });

  it('answers an unknown API route with the failure body and a request id', async () => {
    const response = await call(t.app, 'GET', '/client/api/v1/nothing-here');
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ success: false, code: 'NOT_FOUND' });
    expect(response.json().requestId).toBe(response.headers['x-request-id']);
  });

  it('keeps a request id the caller sends', async () => {
    const response = await call(t.app, 'GET', '/healthz', { headers: { 'x-request-id': 'trace-123' } });
    expect(response.headers['x-request-id']).toBe('trace-123');
  });

  it('sends security headers and no-store on API answers', async () => {
    const response = await call(t.app, 'GET', '/auth/api/v1/session/me');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(response.headers['content-security-policy']).toContain("default-src 'self'");
    expect(response.headers['cache-control']).toBe('no-store');
  });

  it('serves an OpenAPI document generated from the contracts at /docs', async () => {
    const response = await call(t.app, 'GET', '/docs/json');
    expect(response.statusCode).toBe(200);
    const doc = response.json<{ paths: Record<string, Record<string, unknown>> }>();
    for (const endpoint of [...Object.values(authEndpoints), ...Object.values(clientAreaEndpoints)]) {
      const openApiPath = endpoint.path.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
      expect(doc.paths[openApiPath]?.[endpoint.method.toLowerCase()], endpoint.path).toBeDefined();
    }
  });

  it('refuses to start with a route that declares no access (deny by default)', async () => {
    const { buildApp } = await import('./app.ts');
    const app = await buildApp({ config: t.config, db: t.db, logger: false });
    await expect(
      app.register(async (scope) => {
        const { requireAccessDeclarations } = await import('./platform/access.ts');
        requireAccessDeclarations(scope);
        scope.get('/client/api/v1/unguarded', async () => ({ leaked: true }));
      }),
    ).rejects.toThrow(/declares no access/);
    await app.close().catch(() => {});
  });
});
