import type { DeliveryMessage } from '@app/contracts';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockFetch } from '../../../testing/mock-fetch.ts';
import { renderableApp } from '../../../testing/test-providers.tsx';
import { TemplateDialog } from './template-dialog.tsx';

const KEY = 'a'.repeat(32);

afterEach(() => vi.unstubAllGlobals());

describe('a template (定型文) with images', { timeout: 20_000 }, () => {
  it('offers image and rich messages, previews the image and saves it with the template', async () => {
    const saved: unknown[] = [];
    mockFetch({
      'PUT /client/api/v1/line-account/7/message-templates/5': ({ body }) => {
        saved.push(body);
        return {
          body: {
            id: 5,
            lineAccountId: 7,
            name: '冬',
            folder: null,
            messages: [],
            createdAt: '',
            updatedAt: '',
          },
        };
      },
    });
    const messages: DeliveryMessage[] = [
      { type: 'text', text: '冬のメニューです' },
      { type: 'image', imageKey: KEY },
    ];
    const { ui } = renderableApp({
      routes: [
        {
          path: '/',
          element: (
            <TemplateDialog
              lineAccountId={7}
              accountName="京都茶房"
              initial={{ id: 5, name: '冬', folder: null, messages }}
              editMessages
              onClose={() => {}}
            />
          ),
        },
      ],
      initialPath: '/',
    });
    render(ui);
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole('button', { name: 'Add image' })).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Add rich message' })).toBeTruthy();
    const preview = within(dialog).getByTestId('line-chat-preview');
    const image = within(preview).getByTestId('preview-image');
    expect(image.querySelector('img')?.getAttribute('src')).toContain(KEY);
    fireEvent.click(within(dialog).getByTestId('template-save'));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]).toMatchObject({ messages });
  });
});
