import type { MessageTemplate } from '@app/contracts';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  TemplateInsertButton,
  templateReplyText,
} from '../../features/deliveries/components/template-insert-button.tsx';
import { StickerSendButton } from '../../features/deliveries/components/sticker-send-button.tsx';
import { MessageComposer } from '../../features/friends/components/message-composer.tsx';
import { mockFetch } from '../../testing/mock-fetch.ts';
import { renderableApp } from '../../testing/test-providers.tsx';

const template = (id: number, name: string, messages: MessageTemplate['messages']): MessageTemplate => ({
  id,
  lineAccountId: 7,
  name,
  folder: null,
  messages,
  createdAt: '2026-11-01T00:00:00.000Z',
  updatedAt: '2026-11-01T00:00:00.000Z',
});
const templates = [
  template(1, '予約確認', [{ type: 'text', text: '{name}様、ご予約ありがとうございます。' }]),
  template(2, 'スタンプだけ', [{ type: 'sticker', packageId: '446', stickerId: '1988' }]),
];

afterEach(() => vi.unstubAllGlobals());

/** The inbox page's reply box as it composes it: the chat's composer with テンプレートから挿入. */
describe('the chat reply box with templates', { timeout: 20_000 }, () => {
  it("the chat's reply box takes a template's text with this friend's name, and lists only text templates", async () => {
    mockFetch({ 'GET /client/api/v1/line-account/7/message-templates': { body: { data: templates } } });
    const { ui } = renderableApp({
      routes: [
        {
          path: '/',
          element: (
            <MessageComposer
              onSend={() => Promise.resolve()}
              insertButton={(insert) => (
                <TemplateInsertButton
                  lineAccountId={7}
                  textOnly
                  onPick={(picked) => insert(templateReplyText(picked, '佐藤 一郎'))}
                />
              )}
            />
          ),
        },
      ],
      initialPath: '/',
    });
    render(ui);
    fireEvent.click(screen.getByRole('button', { name: 'Insert a template' }));
    const dialog = await screen.findByRole('dialog');
    await within(dialog).findByText('予約確認');
    expect(within(dialog).queryByText('スタンプだけ')).toBeNull();
    fireEvent.click(within(dialog).getByText('予約確認'));
    await waitFor(() =>
      expect(screen.getByRole<HTMLTextAreaElement>('textbox').value).toBe(
        '佐藤 一郎様、ご予約ありがとうございます。',
      ),
    );
  });

  it('sends a sticker from the reply box: the deliveries picker in a dialog, closed once sent', async () => {
    const onSend = vi.fn(() => Promise.resolve());
    const onSendText = vi.fn(() => Promise.resolve());
    const { ui } = renderableApp({
      routes: [
        {
          path: '/',
          element: (
            <MessageComposer onSend={onSendText} stickerButton={<StickerSendButton onSend={onSend} />} />
          ),
        },
      ],
      initialPath: '/',
    });
    render(ui);
    fireEvent.click(screen.getByRole('button', { name: 'Sticker' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: /1990/ }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send sticker' }));
    await waitFor(() => expect(onSend).toHaveBeenCalledWith({ packageId: '446', stickerId: '1990' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(onSendText).not.toHaveBeenCalled();
  });
});
