import { vi } from 'vitest';

export type MockReply = { status?: number; body?: unknown };
type Handler = (request: { url: string; method: string; body: unknown }) => MockReply;

/** Stub global fetch: `'GET /auth/api/v1/session/me': () => ({ status: 401, body })`; unknown calls answer 404. */
export function mockFetch(routes: Record<string, Handler | MockReply>) {
  const fetchMock = vi.fn((input: RequestInfo | URL, init?: RequestInit) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const method = init?.method ?? 'GET';
    const path = url.split('?')[0] ?? url;
    const route = routes[`${method} ${path}`];
    const body: unknown = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
    const reply =
      typeof route === 'function'
        ? route({ url, method, body })
        : (route ?? { status: 404, body: failure(404, 'NOT_FOUND', 'Route not found') });
    return Promise.resolve(
      new Response(reply.body === undefined ? null : JSON.stringify(reply.body), {
        status: reply.status ?? 200,
        headers: { 'content-type': 'application/json' },
      }),
    );
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

export const failure = (
  _status: number,
  code: string,
  message: string,
  errors?: { path: string; message: string }[],
) => ({ success: false, message, code, ...(errors ? { errors } : {}), requestId: 'req-test' });

export const sessionBody = (
  role: 'MASTER' | 'AGENCY' | 'CLIENT',
  position: 'OWNER' | 'MANAGER' | 'STAFF' = 'OWNER',
) => ({
  role,
  position,
  user: {
    id: 1,
    email: 'taro@example.com',
    role,
    position,
    firstName: '太郎',
    lastName: '山田',
    firstNameKana: null,
    lastNameKana: null,
    phoneNumber: null,
    clientId: role === 'CLIENT' ? 10 : null,
    agencyId: role === 'AGENCY' ? 20 : null,
    masterId: role === 'MASTER' ? 1 : null,
    emailVerified: true,
    createdAt: '2026-01-01T00:00:00.000Z',
  },
  client: role === 'CLIENT' ? { id: 10, companyName: '株式会社みどり', contractStatus: 'ACTIVE' } : null,
  agency: role === 'AGENCY' ? { id: 20, name: 'さくら代理店' } : null,
});
