import { deliveryMessageSchema, type DeliveryImagemap, type DeliveryMessage } from '@app/contracts';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { renderableApp } from '../../../testing/test-providers.tsx';
import { LineChatPreview } from './line-chat-preview.tsx';
import { MessageListEditor } from './message-list-editor.tsx';

const KEY = 'a'.repeat(32);
const seen: { latest: DeliveryMessage[] } = { latest: [] };

/** The composer's use: the list editor of an account (images allowed) and the phone preview beside it. */
function Harness({ initial }: { initial: DeliveryMessage[] }) {
  const [messages, setMessages] = useState<DeliveryMessage[]>(initial);
  const change = (next: DeliveryMessage[]) => {
    seen.latest = next;
    setMessages(next);
  };
  return (
    <>
      <MessageListEditor value={messages} onChange={change} lineAccountId={7} />
      <LineChatPreview accountName="京都茶房" messages={messages} />
    </>
  );
}

const uploaded: DeliveryImagemap = {
  type: 'imagemap',
  imageKey: KEY,
  height: 520,
  altText: '',
  areas: [],
};

function renderWith(initial: DeliveryMessage[]) {
  const { ui } = renderableApp({
    routes: [{ path: '/', element: <Harness initial={initial} /> }],
    initialPath: '/',
  });
  render(ui);
}

const type = (testId: string, value: string) =>
  fireEvent.change(screen.getByTestId(testId), { target: { value } });
const latestMap = () => seen.latest.find((m): m is DeliveryImagemap => m.type === 'imagemap')!;

// MUI's first render is slow when the whole suite runs in parallel.
describe('ImagemapEditor: the rich message form', { timeout: 20_000 }, () => {
  it('adds a rich message and an image message to the list, each waiting for its image', () => {
    renderWith([{ type: 'text', text: 'こんにちは' }]);
    fireEvent.click(screen.getByRole('button', { name: 'Add rich message' }));
    fireEvent.click(screen.getByRole('button', { name: 'Add image' }));
    expect(seen.latest.slice(1)).toEqual([
      { type: 'imagemap', imageKey: '', height: 1040, altText: '', areas: [] },
      { type: 'image', imageKey: '' },
    ]);
    expect(screen.getAllByText('No image chosen yet')).toHaveLength(2);
    expect(screen.getByTestId('imagemap-file-1').getAttribute('accept')).toBe('image/jpeg,image/png');
    expect(screen.getByTestId('preview-imagemap')).toBeTruthy();
    expect(screen.getByTestId('preview-image')).toBeTruthy();
  });

  it('lays out two halves from a layout, edits a link and a text, and gives what the contract takes', () => {
    renderWith([uploaded]);
    type('message-0-alt-text', '春のセール');
    fireEvent.click(screen.getByRole('button', { name: '2 (left and right)' }));
    expect(latestMap().areas.map((a) => a.bounds)).toEqual([
      { x: 0, y: 0, width: 520, height: 520 },
      { x: 520, y: 0, width: 520, height: 520 },
    ]);
    type('imagemap-0-area-0-uri', 'https://example.com/sale');
    fireEvent.mouseDown(within(screen.getByRole('group', { name: 'Tap area 2' })).getByRole('combobox'));
    fireEvent.click(screen.getByRole('option', { name: 'Send a text' }));
    type('imagemap-0-area-1-text', 'クーポンください');
    type('imagemap-0-area-1-label', 'クーポン');
    const map = latestMap();
    expect(map.areas.map((a) => a.action)).toEqual([
      { type: 'uri', uri: 'https://example.com/sale' },
      { type: 'message', text: 'クーポンください', label: 'クーポン' },
    ]);
    expect(deliveryMessageSchema.safeParse(map).success).toBe(true);
    // the canvas is the rich menu editor's, over the 1040-wide image the server made
    const canvas = screen.getByTestId('area-canvas');
    expect(canvas.querySelector('img')!.getAttribute('src')).toBe(`/line-media/${KEY}/1040`);
    expect(within(canvas).getByTestId('area-2').textContent).toContain('2 クーポン');
    // the phone preview shows the rich message with its areas
    expect(screen.getByRole('img', { name: 'Rich message: 春のセール' })).toBeTruthy();
  });

  it('offers 1, 4 and 6 areas, free drawing on the image, and removing an area', () => {
    renderWith([uploaded]);
    fireEvent.click(screen.getByRole('button', { name: '6 areas' }));
    expect(latestMap().areas).toHaveLength(6);
    expect(latestMap().areas.at(-1)!.bounds).toEqual({ x: 693, y: 260, width: 347, height: 260 });
    fireEvent.click(screen.getByRole('button', { name: '4 areas' }));
    expect(latestMap().areas).toHaveLength(4);
    fireEvent.click(screen.getByRole('button', { name: '1 area' }));
    expect(latestMap().areas.map((a) => a.bounds)).toEqual([{ x: 0, y: 0, width: 1040, height: 520 }]);
    fireEvent.click(screen.getByRole('button', { name: 'Remove tap area 1' }));
    expect(latestMap().areas).toEqual([]);

    // Free drawing: the canvas shown at 520 x 260 px, a drag from (52, 26) to (260, 130) is an area of
    // the 1040 x 520 image from (104, 52) to (520, 260).
    fireEvent.click(screen.getByRole('button', { name: 'Draw freely' }));
    const canvas = screen.getByTestId('area-canvas');
    canvas.getBoundingClientRect = () =>
      ({ left: 0, top: 0, width: 520, height: 260, right: 520, bottom: 260, x: 0, y: 0 }) as DOMRect;
    fireEvent.pointerDown(canvas, { clientX: 52, clientY: 26, pointerId: 1 });
    fireEvent.pointerMove(canvas, { clientX: 260, clientY: 130, pointerId: 1 });
    fireEvent.pointerUp(canvas, { clientX: 260, clientY: 130, pointerId: 1 });
    expect(latestMap().areas).toEqual([
      { bounds: { x: 104, y: 52, width: 416, height: 208 }, action: { type: 'uri', uri: 'https://' } },
    ]);
    expect(screen.getByRole('group', { name: 'Tap area 1' })).toBeTruthy();
  });
});
