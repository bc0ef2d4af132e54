import { authEndpoints, devEndpoints, fieldMessages } from '@app/contracts';
import { describe, expect, it } from 'vitest';
import { failure, mockFetch, sessionBody } from '../testing/mock-fetch.ts';
import { apiRequest, ApiError, clientErrorCodes } from './api-client.ts';

describe('apiRequest', () => {
  it('turns a failure body into an ApiError with status, code, message and field errors', async () => {
    mockFetch({
      'POST /auth/api/v1/session/login': {
        status: 400,
        body: failure(400, 'VALIDATION_ERROR', fieldMessages.passwordMin, [
          { path: 'password', message: fieldMessages.passwordMin },
        ]),
      },
    });
    const error = await apiRequest(authEndpoints.login, { body: { email: 'a@b.jp', password: 'x' } }).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(ApiError);
    const apiError = error as ApiError;
    expect(apiError.status).toBe(400);
    expect(apiError.code).toBe('VALIDATION_ERROR');
    expect(apiError.message).toBe(fieldMessages.passwordMin);
    expect(apiError.fieldErrors).toEqual([{ path: 'password', message: fieldMessages.passwordMin }]);
    expect(apiError.requestId).toBe('req-test');
  });

  it('keeps the status when the failure is not the standard body', async () => {
    mockFetch({ 'GET /auth/api/v1/session/me': { status: 502, body: { oops: true } } });
    const error = (await apiRequest(authEndpoints.me).catch((e: unknown) => e)) as ApiError;
    expect(error).toBeInstanceOf(ApiError);
    expect(error.status).toBe(502);
    expect(error.code).toBe(clientErrorCodes.http);
    expect(error.fieldErrors).toEqual([]);
  });

  it('reports a network failure as status 0', async () => {
    const { vi } = await import('vitest');
    vi.stubGlobal('fetch', () => Promise.reject(new TypeError('Failed to fetch')));
    const error = (await apiRequest(authEndpoints.me).catch((e: unknown) => e)) as ApiError;
    expect(error.status).toBe(0);
    expect(error.code).toBe(clientErrorCodes.network);
  });

  it('parses the success body with the endpoint schema and sends cookies, JSON and the query', async () => {
    const fetchMock = mockFetch({
      'POST /auth/api/v1/session/login': { body: sessionBody('CLIENT') },
      'GET /dev/api/v1/mails': { body: { data: [] } },
    });
    const session = await apiRequest(authEndpoints.login, {
      body: { email: 'a@b.jp', password: 'Secret1!' },
    });
    expect(session.role).toBe('CLIENT');
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/auth/api/v1/session/login');
    expect(init?.credentials).toBe('include');
    expect((init?.headers as Record<string, string>)['content-type']).toBe('application/json');

    await apiRequest(devEndpoints.listMails, { query: { to: 'a+b@example.com' } });
    expect(fetchMock.mock.calls[1]![0]).toBe('/dev/api/v1/mails?to=a%2Bb%40example.com');
  });

  it('sends no content type without a body (the API rejects an empty JSON body)', async () => {
    const fetchMock = mockFetch({ 'POST /auth/api/v1/session/logout': { body: { success: true } } });
    await apiRequest(authEndpoints.logout);
    expect((fetchMock.mock.calls[0]![1]?.headers as Record<string, string>)['content-type']).toBeUndefined();
  });

  it('rejects a success body that does not match the contract', async () => {
    mockFetch({ 'GET /auth/api/v1/session/me': { body: { role: 'NOBODY' } } });
    const error = (await apiRequest(authEndpoints.me).catch((e: unknown) => e)) as ApiError;
    expect(error.code).toBe(clientErrorCodes.invalidResponse);
  });
});
