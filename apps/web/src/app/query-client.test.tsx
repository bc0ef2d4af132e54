import { useQuery } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { beforeEach, describe, expect, it } from 'vitest';
import { QueryState } from '../components/query-state.tsx';
import { agencyQueryOptions } from '../features/agencies/api/agencies.api.ts';
import { useLogoutMutation } from '../features/auth/api/session.api.ts';
import { PasswordResetRequestForm } from '../features/auth/components/password-reset-request-form.tsx';
import { dismissToast } from '../lib/toast-store.ts';
import { failure, mockFetch } from '../testing/mock-fetch.ts';
import { renderableApp } from '../testing/test-providers.tsx';
import { RootLayout } from './root-layout.tsx';

const agencyUrl = 'GET /master/api/v1/agency/5';
const serverBroke = { status: 500, body: failure(500, 'INTERNAL_ERROR', 'Server broke') };

/** The app's own query client and toast outlet around one page at /master/page. */
function renderPage(page: ReactNode) {
  const app = renderableApp({
    routes: [
      {
        element: <RootLayout />,
        children: [
          { path: '/master/page', element: page },
          { path: '/login', element: <p>Login page</p> },
        ],
      },
    ],
    initialPath: '/master/page',
    withAppErrorHandlers: true,
  });
  render(app.ui);
  return app;
}

/** Let the mutation cache's deferred check and any toast render run. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 50));

function AgencyInPlace() {
  const agency = useQuery(agencyQueryOptions(5));
  return <QueryState query={agency}>{(a) => <p>{a.name}</p>}</QueryState>;
}

function AgencyNameOnly() {
  const agency = useQuery(agencyQueryOptions(5));
  return <p>{agency.data?.name ?? 'No name yet'}</p>;
}

function LogoutButton() {
  const logout = useLogoutMutation();
  return (
    <button type="button" onClick={() => logout.mutate()}>
      Log out
    </button>
  );
}

describe('one path for failures', () => {
  // The toast store lives outside React: start each page without the last test's toast.
  beforeEach(() => dismissToast());

  it('shows a query failure that QueryState renders in place there, and no toast', async () => {
    mockFetch({ [agencyUrl]: serverBroke });
    renderPage(<AgencyInPlace />);
    expect(await screen.findByText('Server broke')).toBeTruthy();
    await settle();
    expect(screen.getAllByText('Server broke')).toHaveLength(1);
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });

  it('shows a query failure nobody renders as one toast', async () => {
    mockFetch({ [agencyUrl]: serverBroke });
    renderPage(<AgencyNameOnly />);
    const toast = await screen.findByText('Server broke');
    expect(toast.closest('.MuiSnackbar-root')).not.toBeNull();
    await settle();
    expect(screen.getAllByText('Server broke')).toHaveLength(1);
    expect(screen.getByText('No name yet')).toBeTruthy();
  });

  it("puts a form mutation's field errors on its fields, not in a toast", async () => {
    mockFetch({
      'POST /auth/api/v1/session/password/reset': {
        status: 400,
        body: failure(400, 'VALIDATION_ERROR', 'This address is blocked', [
          { path: 'body/email', message: 'This address is blocked' },
        ]),
      },
    });
    renderPage(<PasswordResetRequestForm />);
    const email = screen.getByLabelText('E-mail address');
    fireEvent.change(email, { target: { value: 'taro@example.com' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send reset link' }));
    await waitFor(() => expect(email.getAttribute('aria-invalid')).toBe('true'));
    await settle();
    expect(screen.getAllByText('This address is blocked')).toHaveLength(1);
    expect(document.querySelector('.MuiSnackbar-root')).toBeNull();
  });

  it("shows a form's failure with no field in the form's alert, not in a toast", async () => {
    mockFetch({ 'POST /auth/api/v1/session/password/reset': serverBroke });
    renderPage(<PasswordResetRequestForm />);
    fireEvent.change(screen.getByLabelText('E-mail address'), { target: { value: 'taro@example.com' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect((await screen.findByRole('alert')).textContent).toContain('Server broke');
    await settle();
    expect(screen.getAllByText('Server broke')).toHaveLength(1);
    expect(document.querySelector('.MuiSnackbar-root')).toBeNull();
  });

  it('shows a mutation failure nothing on the page shows as one toast', async () => {
    mockFetch({ 'POST /auth/api/v1/session/logout': serverBroke });
    renderPage(<LogoutButton />);
    fireEvent.click(screen.getByRole('button', { name: 'Log out' }));
    const toast = await screen.findByText('Server broke');
    expect(toast.closest('.MuiSnackbar-root')).not.toBeNull();
    await settle();
    expect(screen.getAllByText('Server broke')).toHaveLength(1);
  });

  it('sends a 401 to the login page, coming back here after, with no toast', async () => {
    mockFetch({
      [agencyUrl]: { status: 401, body: failure(401, 'UNAUTHORIZED', 'Authentication required') },
    });
    const { router } = renderPage(<AgencyNameOnly />);
    expect(await screen.findByText('Login page')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/login');
    expect(router.state.location.search).toBe(`?next=${encodeURIComponent('/master/page')}`);
    await settle();
    expect(screen.queryByText('Authentication required')).toBeNull();
    expect(document.querySelector('.MuiSnackbar-root')).toBeNull();
  });
});
