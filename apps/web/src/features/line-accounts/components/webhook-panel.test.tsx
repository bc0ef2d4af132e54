import { lineAccountMessages, type WebhookSettings, type WebhookSetupResult } from '@app/contracts';
import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../lib/api-client.ts';
import { renderableApp } from '../../../testing/test-providers.tsx';
import { WebhookPanel } from './webhook-panel.tsx';

const settings = (overrides: Partial<WebhookSettings> = {}): WebhookSettings => ({
  lineAccountId: 7,
  webhookUrl: 'http://localhost:3000/line/webhook/7',
  endpoint: null,
  active: false,
  webhookStatus: false,
  ...overrides,
});

function renderPanel(onSetup: () => Promise<WebhookSetupResult>, data = settings(), canEdit = true) {
  const { ui } = renderableApp({
    routes: [
      {
        path: '/',
        element: (
          <WebhookPanel
            query={{
              isPending: false,
              isFetching: false,
              isError: false,
              error: null,
              data,
              refetch: () => undefined,
            }}
            canEdit={canEdit}
            isAccountActive
            onSetup={onSetup}
          />
        ),
      },
    ],
    initialPath: '/',
  });
  render(ui);
}

describe('WebhookPanel', { timeout: 20_000 }, () => {
  it('shows the URL to use and the result of the test LINE made', async () => {
    const onSetup = vi.fn(() =>
      Promise.resolve({
        ...settings({ endpoint: 'http://localhost:3000/line/webhook/7', active: true, webhookStatus: true }),
        test: {
          success: true,
          statusCode: 200,
          reason: 'OK',
          detail: '200',
          timestamp: '2026-04-01T00:00:00.000Z',
        },
      }),
    );
    renderPanel(onSetup);
    expect(screen.getByTestId('webhook-url')).toHaveProperty('value', 'http://localhost:3000/line/webhook/7');
    expect(screen.getAllByText('Webhook not set').length).toBeGreaterThan(0);
    fireEvent.click(screen.getByRole('button', { name: 'Set webhook' }));
    expect(await screen.findByText('The connection test succeeded')).toBeTruthy();
    expect(screen.getByText('Answer: 200 (OK)')).toBeTruthy();
    expect(onSetup).toHaveBeenCalledTimes(1);
  });

  it('shows a failed test with the reason LINE gave', async () => {
    renderPanel(() =>
      Promise.resolve({
        ...settings(),
        test: {
          success: false,
          statusCode: 500,
          reason: 'ERROR',
          detail: 'connection refused',
          timestamp: '2026-04-01T00:00:00.000Z',
        },
      }),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Test connection' }));
    expect(await screen.findByText('The connection test failed')).toBeTruthy();
    expect(screen.getByText('connection refused')).toBeTruthy();
  });

  it("shows the server's refusal", async () => {
    renderPanel(() =>
      Promise.reject(new ApiError(503, 'SERVICE_UNAVAILABLE', lineAccountMessages.lineUnavailable)),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Set webhook' }));
    expect((await screen.findByRole('alert')).textContent).toBe(lineAccountMessages.lineUnavailable);
  });

  it('warns when LINE has another URL, and hides the buttons from those who may not change it', () => {
    renderPanel(
      () => Promise.reject(new Error('no')),
      settings({ endpoint: 'https://old.example/hook', active: true }),
      false,
    );
    expect(screen.getByText(/LINE has another URL/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Set webhook' })).toBeNull();
  });
});
