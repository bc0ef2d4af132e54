import { act, render, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { lineAccountBody } from '../testing/line-fixtures.ts';
import { failure, mockFetch, sessionBody } from '../testing/mock-fetch.ts';
import { renderableApp } from '../testing/test-providers.tsx';
import { appRoutes } from './routes.tsx';

const me = 'GET /auth/api/v1/session/me';

function renderAt(path: string) {
  const app = renderableApp({ routes: appRoutes, initialPath: path });
  render(app.ui);
  return app.router;
}

describe('area route guard', { timeout: 20_000 }, () => {
  it('sends a visitor who is not signed in to the login page, remembering where they were', async () => {
    mockFetch({ [me]: { status: 401, body: failure(401, 'UNAUTHORIZED', 'Authentication required') } });
    const router = renderAt('/master/clients?page=2');
    // The area's lazy chunk is loaded (and transformed, in tests) before the guard answers.
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'), { timeout: 10_000 });
    expect(new URLSearchParams(router.state.location.search).get('next')).toBe('/master/clients?page=2');
    expect(await screen.findByRole('heading', { name: 'Log in' }, { timeout: 10_000 })).toBeTruthy();
  });

  it("sends a signed-in user of another role to that role's own area", async () => {
    mockFetch({ [me]: { body: sessionBody('CLIENT') } });
    const router = renderAt('/master');
    await waitFor(() => expect(router.state.location.pathname).toBe('/client'), { timeout: 10_000 });
    expect(await screen.findByText('Hello, 山田 太郎', undefined, { timeout: 10_000 })).toBeTruthy();
    expect(screen.getAllByText('株式会社みどり').length).toBeGreaterThan(0);
  });

  it('hides what the permission table forbids and refuses it when opened directly', async () => {
    mockFetch({ [me]: { body: sessionBody('CLIENT', 'STAFF') } });
    renderAt('/client/users');
    expect(
      await screen.findByText('You do not have access to this screen', undefined, { timeout: 10_000 }),
    ).toBeTruthy();
    const nav = screen.getByRole('navigation', { name: 'Main menu' });
    expect(nav.textContent).toContain('Friends');
    expect(nav.textContent).not.toContain('Users');
  });

  it('shows an owner the notifications entry and its page (no LINE account yet: it says so)', async () => {
    mockFetch({
      [me]: { body: sessionBody('CLIENT', 'OWNER') },
      'GET /client/api/v1/line-account': { body: { data: [] } },
    });
    renderAt('/client/notifications');
    expect(
      await screen.findByText('No LINE official account connected', undefined, { timeout: 10_000 }),
    ).toBeTruthy();
    const nav = screen.getByRole('navigation', { name: 'Main menu' }).textContent;
    expect(nav).toContain('Users');
    expect(nav).toContain('Notification settings');
  });

  it('shows staff the notification groups to read, without the buttons that change them', async () => {
    mockFetch({
      [me]: { body: sessionBody('CLIENT', 'STAFF') },
      'GET /client/api/v1/line-account': { body: { data: [lineAccountBody()] } },
      'GET /client/api/v1/line-account/7/notification/line-message-templates': { body: { data: [] } },
      'GET /client/api/v1/line-account/7/notification/settings': {
        body: {
          data: [
            {
              lineMessageSettingId: 3,
              label: '店長への通知',
              friends: [
                {
                  friendId: 21,
                  displayName: '佐藤 店長',
                  pictureUrl: null,
                  recipientType: 'MANAGER',
                  isFriend: true,
                },
              ],
              topics: ['MEMBERSHIP_REGISTRATION'],
              createdAt: '2026-11-01T00:00:00.000Z',
              updatedAt: '2026-11-01T00:00:00.000Z',
            },
          ],
        },
      },
    });
    renderAt('/client/notifications');
    expect(await screen.findByText('店長への通知', undefined, { timeout: 10_000 })).toBeTruthy();
    expect(screen.getByRole('navigation', { name: 'Main menu' }).textContent).toContain(
      'Notification settings',
    );
    expect(screen.queryByRole('button', { name: 'Create a group' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Edit' })).toBeNull();
  });

  it('shows a client awaiting approval that it waits, its own setup only, and the rest as waiting', async () => {
    const pending = sessionBody('CLIENT', 'OWNER');
    pending.client = { ...pending.client!, contractStatus: 'PENDING_APPROVAL' };
    mockFetch({ [me]: { body: pending } });
    const router = renderAt('/client');
    expect(await screen.findByText('Awaiting approval', undefined, { timeout: 10_000 })).toBeTruthy();
    const nav = screen.getByRole('navigation', { name: 'Main menu' });
    const entries = within(nav)
      .getAllByRole('link')
      .map((link) => link.textContent);
    expect(entries).toEqual(['Dashboard', 'Users', 'Company settings', 'Account settings']);
    await act(() => router.navigate('/client/friends'));
    expect(await screen.findByTestId('approval-pending')).toBeTruthy();
    expect(screen.queryByText('Friends of', { exact: false })).toBeNull();
  });

  it('takes a signed-in user from the login page to their area, honouring next only inside it', async () => {
    mockFetch({ [me]: { body: sessionBody('AGENCY') } });
    const router = renderAt('/login?next=%2Fmaster%2Fclients');
    await waitFor(() => expect(router.state.location.pathname).toBe('/agency'), { timeout: 10_000 });
  });
});
