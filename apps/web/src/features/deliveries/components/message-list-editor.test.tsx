import { deliveryMessageSchema, type DeliveryMessage } from '@app/contracts';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { renderableApp } from '../../../testing/test-providers.tsx';
import { LineChatPreview } from './line-chat-preview.tsx';
import { MessageListEditor } from './message-list-editor.tsx';

/** What the editor last gave its onChange (the composer's state). */
const seen: { latest: DeliveryMessage[] } = { latest: [] };

/** The editor as the composer uses it (value / onChange), with the preview beside it. */
function Harness() {
  const [messages, setMessages] = useState<DeliveryMessage[]>([{ type: 'text', text: 'こんにちは' }]);
  const change = (next: DeliveryMessage[]) => {
    seen.latest = next;
    setMessages(next);
  };
  return (
    <>
      <MessageListEditor value={messages} onChange={change} />
      <LineChatPreview accountName="京都茶房" messages={messages} />
    </>
  );
}

const type = (testId: string, value: string) =>
  fireEvent.change(screen.getByTestId(testId), { target: { value } });

// MUI's first render is slow when the whole suite runs in parallel.
describe('MessageListEditor: the card-type form', { timeout: 20_000 }, () => {
  it('builds a carousel of cards from the form, previews it, and gives what the contract takes', () => {
    const { ui } = renderableApp({ routes: [{ path: '/', element: <Harness /> }], initialPath: '/' });
    render(ui);
    fireEvent.click(screen.getByRole('button', { name: 'Add card-type message' }));
    type('message-1-alt-text', '季節のおすすめ');
    type('card-0-image', 'https://example.com/parfait.jpg');
    type('card-0-title', '抹茶パフェ');
    type('card-0-text', '季節限定');
    type('card-0-price', '1200');
    type('card-0-action-0-label', '予約する');
    type('card-0-action-0-uri', 'https://example.com/reserve');
    fireEvent.click(screen.getByRole('button', { name: 'Add button' }));
    type('card-0-action-1-label', '詳しく');
    type('card-0-action-1-text', '抹茶パフェについて');
    fireEvent.click(screen.getByRole('button', { name: 'Add card' }));
    type('card-1-title', 'ほうじ茶ラテ');

    expect(seen.latest[1]).toEqual({
      type: 'cards',
      altText: '季節のおすすめ',
      cards: [
        {
          imageUrl: 'https://example.com/parfait.jpg',
          title: '抹茶パフェ',
          text: '季節限定',
          price: 1200,
          actions: [
            { type: 'uri', label: '予約する', uri: 'https://example.com/reserve' },
            { type: 'message', label: '詳しく', text: '抹茶パフェについて' },
          ],
        },
        { imageUrl: null, title: 'ほうじ茶ラテ', text: '', price: null, actions: [] },
      ],
    });
    expect(deliveryMessageSchema.safeParse(seen.latest[1]).success).toBe(true);

    const preview = screen.getByRole('group', { name: 'Card-type message: 季節のおすすめ' });
    expect(within(preview).getByText('抹茶パフェ')).toBeTruthy();
    expect(within(preview).getByText('¥1,200')).toBeTruthy();
    expect(within(preview).getByText('予約する')).toBeTruthy();
    expect(within(preview).getByText('ほうじ茶ラテ')).toBeTruthy();

    // At most 3 buttons a card, and a card can be removed while another remains.
    fireEvent.click(screen.getAllByRole('button', { name: 'Add button' })[0]!);
    expect((screen.getAllByRole('button', { name: 'Add button' })[0] as HTMLButtonElement).disabled).toBe(
      true,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Remove card 2' }));
    expect(seen.latest[1]!.type === 'cards' && seen.latest[1]!.cards).toHaveLength(1);
    expect(screen.queryByRole('button', { name: 'Remove card 1' })).toBeNull();
  });

  it('counts characters against LINE limits and marks a label that is too long', () => {
    const { ui } = renderableApp({ routes: [{ path: '/', element: <Harness /> }], initialPath: '/' });
    render(ui);
    fireEvent.click(screen.getByRole('button', { name: 'Add card-type message' }));
    type('card-0-action-0-label', 'あ'.repeat(21));
    expect(screen.getByText('21 / 20')).toBeTruthy();
    expect(screen.getByTestId('card-0-action-0-label').getAttribute('aria-invalid')).toBe('true');
  });

  it('picks a sticker of the packages LINE lets an account send', () => {
    const { ui } = renderableApp({ routes: [{ path: '/', element: <Harness /> }], initialPath: '/' });
    render(ui);
    fireEvent.click(screen.getByRole('button', { name: 'Add sticker' }));
    const picker = screen.getByRole('group', { name: 'Pick a sticker' });
    expect(within(picker).getAllByRole('button')).toHaveLength(40);
    expect(within(picker).getByRole('button', { name: 'Sticker 1988' }).getAttribute('aria-pressed')).toBe(
      'true',
    );
    fireEvent.click(within(picker).getByRole('button', { name: 'Sticker 2001' }));
    expect(seen.latest[1]).toEqual({ type: 'sticker', packageId: '446', stickerId: '2001' });
    expect(screen.getByRole('img', { name: 'Sticker 446/2001' })).toBeTruthy();
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Pick a sticker' }));
    fireEvent.click(screen.getByRole('option', { name: 'Package 11537' }));
    expect(seen.latest[1]).toEqual({ type: 'sticker', packageId: '11537', stickerId: '52002734' });
    expect(deliveryMessageSchema.safeParse(seen.latest[1]).success).toBe(true);
  });
});
