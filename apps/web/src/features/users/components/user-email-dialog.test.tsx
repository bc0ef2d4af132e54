import type { BackOfficeUser } from '@app/contracts';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../lib/api-client.ts';
import { renderableApp } from '../../../testing/test-providers.tsx';
import { UserEmailDialog } from './user-email-dialog.tsx';

const user: BackOfficeUser = {
  id: 7,
  email: 'hana@example.com',
  pendingEmail: null,
  emailVerified: true,
  role: 'CLIENT',
  position: 'STAFF',
  clientId: 3,
  agencyId: null,
  masterId: null,
  lastName: '山田',
  firstName: '花子',
  lastNameKana: null,
  firstNameKana: null,
  phoneNumber: null,
  createdAt: '2026-01-01T00:00:00.000Z',
};

function renderDialog(onSubmit: Parameters<typeof UserEmailDialog>[0]['onSubmit']) {
  const onClose = vi.fn();
  const { ui } = renderableApp({
    routes: [{ path: '/', element: <UserEmailDialog user={user} onClose={onClose} onSubmit={onSubmit} /> }],
    initialPath: '/',
  });
  render(ui);
  return { onClose };
}

const submitEmail = (email: string) => {
  fireEvent.change(screen.getByLabelText(/New e-mail address/), { target: { value: email } });
  fireEvent.click(screen.getByRole('button', { name: 'Send confirmation mail' }));
};

// MUI's first render is slow when the whole suite runs in parallel.
describe('UserEmailDialog', { timeout: 20_000 }, () => {
  it("shows the server's field error on the e-mail field", async () => {
    const onSubmit = vi.fn(() =>
      Promise.reject(
        new ApiError(409, 'CONFLICT', 'Validation failed', [
          { path: 'email', message: 'This email address is already in use' },
        ]),
      ),
    );
    const { onClose } = renderDialog(onSubmit);
    submitEmail('taken@example.com');
    expect(await screen.findByText('This email address is already in use')).toBeTruthy();
    expect(onSubmit).toHaveBeenCalledWith({ email: 'taken@example.com' });
    expect(screen.getByLabelText(/New e-mail address/).getAttribute('aria-invalid')).toBe('true');
    expect(screen.queryByRole('status')).toBeNull();
    expect(onClose).not.toHaveBeenCalled();
  });

  it('says a confirmation mail went to the new address, which switches once confirmed', async () => {
    const onSubmit = vi.fn(() => Promise.resolve({ pendingEmail: 'new@example.com' }));
    renderDialog(onSubmit);
    submitEmail('  New@Example.com ');
    const status = await screen.findByRole('status');
    expect(status.textContent).toContain('A confirmation mail was sent to new@example.com');
    expect(status.textContent).toContain('switches once it is confirmed');
    await waitFor(() => expect(onSubmit).toHaveBeenCalledWith({ email: 'new@example.com' }));
    expect(screen.getByRole('button', { name: 'Close' })).toBeTruthy();
  });
});
