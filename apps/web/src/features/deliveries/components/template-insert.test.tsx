import type { DeliveryMessage, MessageTemplate } from '@app/contracts';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockFetch } from '../../../testing/mock-fetch.ts';
import { renderableApp } from '../../../testing/test-providers.tsx';
import { LineChatPreview } from './line-chat-preview.tsx';
import { MessageListEditor } from './message-list-editor.tsx';

const template = (id: number, name: string, folder: string | null, messages: DeliveryMessage[]) =>
  ({
    id,
    lineAccountId: 7,
    name,
    folder,
    messages,
    createdAt: '2026-11-01T00:00:00.000Z',
    updatedAt: '2026-11-01T00:00:00.000Z',
  }) satisfies MessageTemplate;

const templates = [
  template(1, '予約確認', 'ご案内', [{ type: 'text', text: '{name}様、ご予約ありがとうございます。' }]),
  template(2, 'スタンプだけ', null, [{ type: 'sticker', packageId: '446', stickerId: '1988' }]),
];

const seen: { latest: DeliveryMessage[] } = { latest: [] };

function Harness() {
  const [messages, setMessages] = useState<DeliveryMessage[]>([{ type: 'text', text: '' }]);
  const change = (next: DeliveryMessage[]) => {
    seen.latest = next;
    setMessages(next);
  };
  return (
    <>
      <MessageListEditor value={messages} onChange={change} lineAccountId={7} nameInsert />
      <LineChatPreview accountName="京都茶房" messages={messages} />
    </>
  );
}

afterEach(() => vi.unstubAllGlobals());

describe('templates in the composer', { timeout: 20_000 }, () => {
  it('inserts a template in place of the empty text; the preview shows a sample name for the placeholder', async () => {
    mockFetch({ 'GET /client/api/v1/line-account/7/message-templates': { body: { data: templates } } });
    const { ui } = renderableApp({ routes: [{ path: '/', element: <Harness /> }], initialPath: '/' });
    render(ui);
    fireEvent.click(screen.getByRole('button', { name: 'Insert a template' }));
    const dialog = await screen.findByRole('dialog');
    const item = await within(dialog).findByText('予約確認');
    expect(within(dialog).getByText('ご案内')).toBeTruthy();
    expect(within(dialog).getByText('No folder')).toBeTruthy();
    fireEvent.click(item);
    expect(seen.latest).toEqual([{ type: 'text', text: '{name}様、ご予約ありがとうございます。' }]);
    expect(screen.getByText('Hanako Yamada様、ご予約ありがとうございます。')).toBeTruthy();
  });

  it("inserts the friend's name placeholder at the caret", () => {
    const { ui } = renderableApp({ routes: [{ path: '/', element: <Harness /> }], initialPath: '/' });
    render(ui);
    const field = screen.getByTestId<HTMLTextAreaElement>('message-text-0');
    fireEvent.change(field, { target: { value: 'さん、こんにちは' } });
    field.setSelectionRange(0, 0);
    fireEvent.click(screen.getByRole('button', { name: "Insert the friend's name" }));
    expect(seen.latest).toEqual([{ type: 'text', text: '{name}さん、こんにちは' }]);
  });
});
