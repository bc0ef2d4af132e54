import { fieldMessages, userMessages } from '@app/contracts';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { failure, mockFetch } from '../../../testing/mock-fetch.ts';
import { renderableApp } from '../../../testing/test-providers.tsx';
import { useUpdatePasswordMutation } from '../api/client-account.api.ts';
import { PasswordChangeForm } from './password-change-form.tsx';

function Connected() {
  const update = useUpdatePasswordMutation('client');
  return <PasswordChangeForm onSubmit={(body) => update.mutateAsync(body)} />;
}

function renderForm(language: 'en' | 'ja' = 'en') {
  const { ui } = renderableApp({
    routes: [{ path: '/', element: <Connected /> }],
    initialPath: '/',
    language,
  });
  render(ui);
}

function fill(oldPassword: string, newPassword: string, again = newPassword) {
  fireEvent.change(screen.getByLabelText(/^Current password/), { target: { value: oldPassword } });
  fireEvent.change(screen.getByLabelText(/^New password \*/), { target: { value: newPassword } });
  fireEvent.change(screen.getByLabelText(/^New password \(again\)/), { target: { value: again } });
  fireEvent.click(screen.getByRole('button', { name: 'Change password' }));
}

// MUI's first render is slow when the whole suite runs in parallel.
describe('PasswordChangeForm', { timeout: 20_000 }, () => {
  it('checks the new password with the shared password rule and the repeat', async () => {
    const fetchMock = mockFetch({});
    renderForm();
    fill('Old-pass1', 'short');
    expect(await screen.findByText(fieldMessages.passwordMin)).toBeTruthy();
    fill('Old-pass1', 'New-pass1', 'New-pass2');
    expect(await screen.findByText('Passwords do not match')).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('puts the server field error on its field', async () => {
    mockFetch({
      'PATCH /client/api/v1/client/update/password': {
        status: 400,
        body: failure(400, 'VALIDATION_ERROR', userMessages.wrongPassword, [
          { path: 'oldPassword', message: userMessages.wrongPassword },
        ]),
      },
    });
    renderForm();
    fill('Wrong-pass1', 'New-pass1');
    const field = screen.getByLabelText(/^Current password/);
    await waitFor(() => expect(field.getAttribute('aria-invalid')).toBe('true'));
    expect(screen.getByText(userMessages.wrongPassword)).toBeTruthy();
  });

  it('says so when the password changed', async () => {
    const fetchMock = mockFetch({
      'PATCH /client/api/v1/client/update/password': { body: { success: true } },
    });
    renderForm();
    fill('Old-pass1', 'New-pass1');
    expect((await screen.findByRole('status')).textContent).toContain('Password changed');
    expect(JSON.parse(fetchMock.mock.calls[0]![1]!.body as string)).toEqual({
      oldPassword: 'Old-pass1',
      newPassword: 'New-pass1',
    });
  });
});
