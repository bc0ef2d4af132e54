import { lineAccountMessages } from '@app/contracts';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { failure, mockFetch } from '../../../testing/mock-fetch.ts';
import { renderableApp } from '../../../testing/test-providers.tsx';
import { apiRequest } from '../../../lib/api-client.ts';
import { lineAccountEndpoints } from '@app/contracts';
import { LineAccountConnectForm } from './line-account-connect-form.tsx';

function renderForm(language: 'en' | 'ja' = 'en') {
  const { ui } = renderableApp({
    routes: [
      {
        path: '/',
        element: (
          <LineAccountConnectForm
            onCancel={() => undefined}
            onSubmit={(body) => apiRequest(lineAccountEndpoints.create, { body })}
          />
        ),
      },
    ],
    initialPath: '/',
    language,
  });
  render(ui);
}

const startsWith = (label: string) => new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`);

function fill(labels: Record<string, string>) {
  for (const [label, value] of Object.entries(labels)) {
    fireEvent.change(screen.getByLabelText(startsWith(label)), { target: { value } });
  }
}

const valid = {
  'Channel ID': '1650000001',
  'Channel secret': 'wrong-secret',
  'LINE Login channel ID': '1650000002',
  'LINE Login channel secret': 'login-secret',
};

describe('LineAccountConnectForm', { timeout: 20_000 }, () => {
  it('checks the channel ids with the contract rules before calling the server', async () => {
    const fetchMock = mockFetch({});
    renderForm();
    fill({ ...valid, 'Channel ID': 'abc' });
    fireEvent.click(screen.getByRole('button', { name: 'Connect' }));
    expect(await screen.findByText(lineAccountMessages.channelId)).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("shows the server's 400 for a wrong secret on the secret field", async () => {
    const fetchMock = mockFetch({
      'POST /client/api/v1/line-account': {
        status: 400,
        body: failure(400, 'BAD_REQUEST', lineAccountMessages.invalidChannel),
      },
    });
    renderForm();
    fill(valid);
    fireEvent.click(screen.getByRole('button', { name: 'Connect' }));
    expect(await screen.findByText(lineAccountMessages.invalidChannel)).toBeTruthy();
    const secret = screen.getByLabelText(startsWith('Channel secret'));
    await waitFor(() => expect(secret.getAttribute('aria-invalid')).toBe('true'));
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [, init] = fetchMock.mock.calls[0]!;
    expect(JSON.parse(init?.body as string)).toMatchObject({
      channelId: '1650000001',
      operationScope: 'BACK_OFFICE',
    });
  });

  it('shows it in Japanese when the UI is Japanese', async () => {
    mockFetch({
      'POST /client/api/v1/line-account': {
        status: 400,
        body: failure(400, 'BAD_REQUEST', lineAccountMessages.invalidLoginChannel),
      },
    });
    renderForm('ja');
    fill({
      チャネルID: '1650000001',
      チャネルシークレット: 'secret',
      LINEログインチャネルのチャネルID: '1650000002',
      LINEログインチャネルのチャネルシークレット: 'secret2',
    });
    fireEvent.click(screen.getByRole('button', { name: '連携する' }));
    expect(
      await screen.findByText('LINEログインチャネルのチャネルIDまたはチャネルシークレットが正しくありません'),
    ).toBeTruthy();
  });

  it('shows other refusals above the form', async () => {
    mockFetch({
      'POST /client/api/v1/line-account': {
        status: 503,
        body: failure(503, 'SERVICE_UNAVAILABLE', lineAccountMessages.lineUnavailable),
      },
    });
    renderForm();
    fill(valid);
    fireEvent.click(screen.getByRole('button', { name: 'Connect' }));
    expect((await screen.findByRole('alert')).textContent).toContain(lineAccountMessages.lineUnavailable);
  });
});
