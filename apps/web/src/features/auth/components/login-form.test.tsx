import { errorMessages, fieldMessages } from '@app/contracts';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { failure, mockFetch, sessionBody } from '../../../testing/mock-fetch.ts';
import { renderableApp } from '../../../testing/test-providers.tsx';
import { LoginForm } from './login-form.tsx';

function renderLogin(language: 'en' | 'ja' = 'en') {
  const onSuccess = vi.fn();
  const { ui } = renderableApp({
    routes: [{ path: '/login', element: <LoginForm onSuccess={onSuccess} /> }],
    initialPath: '/login',
    language,
  });
  render(ui);
  return { onSuccess };
}

function fillIn(email: string, password: string, labels = { email: 'E-mail address', password: 'Password' }) {
  fireEvent.change(screen.getByLabelText(labels.email), { target: { value: email } });
  fireEvent.change(screen.getByLabelText(labels.password), { target: { value: password } });
  fireEvent.click(
    screen.getByRole('button', { name: labels.password === 'Password' ? 'Log in' : 'ログイン' }),
  );
}

describe('LoginForm', () => {
  it('checks the password with the contract rule before calling the server', async () => {
    const fetchMock = mockFetch({});
    renderLogin();
    fillIn('taro@example.com', 'short');
    expect(await screen.findByText(fieldMessages.passwordMin)).toBeTruthy();
    fillIn('taro@example.com', 'longenough');
    expect(await screen.findByText(fieldMessages.passwordComplexity)).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('shows the contract rule in Japanese when the UI is Japanese', async () => {
    mockFetch({});
    renderLogin('ja');
    fillIn('taro@example.com', 'short', { email: 'メールアドレス', password: 'パスワード' });
    expect(await screen.findByText('パスワードは8文字以上で入力してください')).toBeTruthy();
  });

  it('shows the message of a server refusal', async () => {
    mockFetch({
      'POST /auth/api/v1/session/login': {
        status: 401,
        body: failure(401, 'UNAUTHORIZED', errorMessages.invalidCredentials),
      },
    });
    const { onSuccess } = renderLogin();
    fillIn('taro@example.com', 'Secret12!');
    expect((await screen.findByRole('alert')).textContent).toContain(errorMessages.invalidCredentials);
    expect(onSuccess).not.toHaveBeenCalled();
  });

  it('puts the server field errors on their fields', async () => {
    mockFetch({
      'POST /auth/api/v1/session/login': {
        status: 400,
        body: failure(400, 'VALIDATION_ERROR', 'Email is not allowed here', [
          { path: 'email', message: 'Email is not allowed here' },
        ]),
      },
    });
    renderLogin();
    fillIn('taro@example.com', 'Secret12!');
    const input = screen.getByLabelText('E-mail address');
    await waitFor(() => expect(input.getAttribute('aria-invalid')).toBe('true'));
    expect(screen.getByText('Email is not allowed here')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('hands the session of /me to the page after login', async () => {
    mockFetch({
      'POST /auth/api/v1/session/login': { body: sessionBody('AGENCY') },
      'GET /auth/api/v1/session/me': { body: sessionBody('AGENCY', 'STAFF') },
    });
    const { onSuccess } = renderLogin();
    fillIn('Taro@Example.com', 'Secret12!');
    await waitFor(() => expect(onSuccess).toHaveBeenCalledTimes(1));
    expect(onSuccess.mock.calls[0]![0]).toMatchObject({ role: 'AGENCY', position: 'STAFF' });
  });
});
