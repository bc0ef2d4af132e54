import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ListParams } from '../../../lib/use-list-params.ts';
import { failure } from '../../../testing/mock-fetch.ts';
import { renderableApp } from '../../../testing/test-providers.tsx';
import { MemberTable } from './member-table.tsx';

const params = (values: Record<string, string>): ListParams => ({
  page: 1,
  limit: 50,
  get: (name) => values[name] ?? '',
  setPage: () => undefined,
  setLimit: () => undefined,
  setFilters: () => undefined,
});

/** fetch: the member list answers an empty page, the CSV answers `csv` (or its failure). */
function stubFetch(csv: { status: number; body: string }) {
  const fetchMock = vi.fn((input: string, _init?: RequestInit) => {
    const url = input;
    if (url.includes('/members.csv'))
      return Promise.resolve(
        new Response(csv.body, {
          status: csv.status,
          headers: {
            'content-type': csv.status === 200 ? 'text/csv' : 'application/json',
            'content-disposition': 'attachment; filename="members-3.csv"',
          },
        }),
      );
    return Promise.resolve(
      Response.json({ data: [], page: 1, limit: 50, totalPages: 0, totalItems: 0 }, { status: 200 }),
    );
  });
  vi.stubGlobal('fetch', fetchMock);
  // jsdom has no object URLs: the download's blob gets a stand-in address.
  URL.createObjectURL = () => 'blob:csv';
  URL.revokeObjectURL = () => undefined;
  return fetchMock;
}

const renderTable = (clientId?: number) => {
  const { ui } = renderableApp({
    routes: [
      {
        path: '/',
        element: (
          <MemberTable
            lineAccountId={3}
            attributes={[]}
            params={params({ label: '性別', value: '女性', search: '七海' })}
            canExport
            clientId={clientId}
            onOpen={() => undefined}
          />
        ),
      },
    ],
    initialPath: '/',
  });
  render(ui);
};

const csvCall = (fetchMock: ReturnType<typeof stubFetch>) =>
  fetchMock.mock.calls.find(([input]) => input.includes('/members.csv'));

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('MemberTable CSV download', { timeout: 20_000 }, () => {
  it('downloads with the list filters under the server name; a master acting for a client sends x-client-id', async () => {
    for (const clientId of [undefined, 42]) {
      const fetchMock = stubFetch({ status: 200, body: '\uFEFF会員番号\r\n' });
      const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
      renderTable(clientId);
      fireEvent.click(await screen.findByRole('button', { name: 'Download CSV' }));
      await waitFor(() => expect(click).toHaveBeenCalled());
      const [url, init = {}] = csvCall(fetchMock)!;
      const query = new URL(url, 'http://x').searchParams;
      expect(url.split('?')[0]).toBe('/client/api/v1/line-account/3/member-service/members.csv');
      expect(Object.fromEntries(query)).toMatchObject({ label: '性別', value: '女性', search: '七海' });
      expect(init.headers).toEqual(clientId ? { 'x-client-id': '42' } : {});
      expect(init.credentials).toBe('include');
      expect((click.mock.contexts[0] as HTMLAnchorElement).download).toBe('members-3.csv');
      click.mockRestore();
      document.body.innerHTML = '';
    }
  });

  it('shows the server text when the download is refused, instead of leaving the page', async () => {
    stubFetch({ status: 404, body: JSON.stringify(failure(404, 'NOT_FOUND', 'Client not found')) });
    renderTable(99);
    fireEvent.click(await screen.findByRole('button', { name: 'Download CSV' }));
    expect((await screen.findByRole('alert')).textContent).toMatch(/client/i);
    expect(screen.getByRole('button', { name: 'Download CSV' })).toBeTruthy();
  });
});
