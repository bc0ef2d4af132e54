import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockFetch, sessionBody } from '../../../testing/mock-fetch.ts';
import { renderableApp } from '../../../testing/test-providers.tsx';
import { BackOfficeAccountPage } from './own-account-panel.tsx';

const account = (area: 'MASTER' | 'AGENCY', pendingEmail: string | null) => ({
  ...sessionBody(area).user,
  pendingEmail,
});

function renderPage(area: 'master' | 'agency') {
  const { ui } = renderableApp({
    routes: [{ path: '/', element: <BackOfficeAccountPage area={area} /> }],
    initialPath: '/',
    language: 'en',
  });
  render(ui);
}

// MUI's first render is slow when the whole suite runs in parallel.
describe('BackOfficeAccountPage', { timeout: 20_000 }, () => {
  it("shows the master's profile and the address already waiting for its link", async () => {
    mockFetch({ 'GET /master/api/v1/account': { body: account('MASTER', 'next@example.com') } });
    renderPage('master');
    expect(await screen.findByText('山田 太郎')).toBeTruthy();
    expect(screen.getByText('taro@example.com')).toBeTruthy();
    expect(screen.getByText(/The change to next@example.com is waiting for confirmation/)).toBeTruthy();
  });

  it("sends the agency user's new address to the agency call and shows it as sent", async () => {
    const fetchMock = mockFetch({
      'GET /agency/api/v1/account': { body: account('AGENCY', null) },
      'PATCH /agency/api/v1/account/email': ({ body }) => ({
        body: account('AGENCY', (body as { email: string }).email),
      }),
    });
    renderPage('agency');
    expect(await screen.findByText('山田 太郎')).toBeTruthy();
    expect(screen.queryByText(/waiting for confirmation/)).toBeNull();
    fireEvent.change(screen.getByLabelText(/^New e-mail address/), {
      target: { value: 'moved@example.com' },
    });
    // the current password is asked for too: without it nothing is sent
    fireEvent.click(screen.getByRole('button', { name: 'Send confirmation mail' }));
    expect(await screen.findByText('Password is required')).toBeTruthy();
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'PATCH')).toBe(false);
    fireEvent.change(screen.getAllByLabelText(/^Current password/)[0]!, {
      target: { value: 'Secret-pass1' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Send confirmation mail' }));
    expect((await screen.findByRole('status')).textContent).toContain('moved@example.com');
    const patch = fetchMock.mock.calls.find(([, init]) => init?.method === 'PATCH')!;
    expect(JSON.parse(patch[1]!.body as string)).toEqual({
      email: 'moved@example.com',
      password: 'Secret-pass1',
    });
  });
});
