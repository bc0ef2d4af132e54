import { render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { lineAccountBody } from '../../../testing/line-fixtures.ts';
import { mockFetch } from '../../../testing/mock-fetch.ts';
import { renderableApp } from '../../../testing/test-providers.tsx';
import { LineAccountGate, useLineAccountSelection } from './line-account-gate.tsx';

function Page({ onlyWithMembers = false }: { onlyWithMembers?: boolean }) {
  const selection = useLineAccountSelection(
    onlyWithMembers ? (a) => a.services.some((s) => s.serviceCode === 'KS-001') : undefined,
  );
  return (
    <LineAccountGate selection={selection} header={<div>{selection.picker}</div>}>
      {(account) => <p>page of {account.displayName}</p>}
    </LineAccountGate>
  );
}

const renderPage = (
  accounts: ReturnType<typeof lineAccountBody>[],
  initialPath: string,
  onlyWithMembers = false,
) => {
  mockFetch({ 'GET /client/api/v1/line-account': { body: { data: accounts } } });
  const { ui, router } = renderableApp({
    routes: [{ path: '/page', element: <Page onlyWithMembers={onlyWithMembers} /> }],
    initialPath,
  });
  render(ui);
  return router;
};

const umeda = lineAccountBody({ id: 7, displayName: '梅田店', status: 'INACTIVE' });
const namba = lineAccountBody({
  id: 8,
  displayName: '難波店',
  services: [
    {
      id: 1,
      lineAccountId: 8,
      serviceCode: 'KS-001',
      name: '会員サービス',
      liffId: null,
      status: 'ACTIVE',
      storeId: 3,
    },
  ],
});

describe('LineAccountGate', { timeout: 20_000 }, () => {
  afterEach(() => vi.unstubAllGlobals());

  it('opens the first active account when none is named, keeping the rest of the address', async () => {
    const router = renderPage([umeda, namba], '/page?tab=attributes');
    expect(await screen.findByText('page of 難波店')).toBeTruthy();
    const search = new URLSearchParams(router.state.location.search);
    expect(search.get('lineAccountId')).toBe('8');
    expect(search.get('tab')).toBe('attributes');
    expect(screen.getByLabelText('LINE official account')).toBeTruthy();
  });

  it('shows the account the address names, with no picker when there is only one to choose', async () => {
    renderPage([umeda, namba], '/page?lineAccountId=8', true);
    expect(await screen.findByText('page of 難波店')).toBeTruthy();
    expect(screen.queryByLabelText('LINE official account')).toBeNull();
  });

  it('sends the user to connect an account when there is none', async () => {
    renderPage([], '/page');
    expect(await screen.findByText('No LINE official account connected')).toBeTruthy();
    await waitFor(() =>
      expect(screen.getByRole('link', { name: 'LINE official accounts' }).getAttribute('href')).toBe(
        '/client/line-accounts',
      ),
    );
  });
});
