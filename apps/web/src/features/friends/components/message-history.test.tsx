import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { messageBody } from '../../../testing/line-fixtures.ts';
import { renderableApp } from '../../../testing/test-providers.tsx';
import { MessageBubble } from './message-bubble.tsx';
import { chronological, MessageHistory } from './message-history.tsx';

const renderIn = (element: React.ReactNode) => {
  const { ui } = renderableApp({ routes: [{ path: '/', element }], initialPath: '/' });
  render(ui);
};

const page = (ids: number[]) => ({
  data: ids.map((id) =>
    messageBody({
      id,
      contents: `m${id}`,
      source: id % 2 ? 'user' : 'system',
      delivery: id % 2 ? 'RECEIVED' : 'SENT',
      createdAt: `2026-04-02T01:0${id}:00.000Z`,
    }),
  ),
});

describe('MessageBubble', { timeout: 20_000 }, () => {
  it("puts the friend's messages on the left and the account's on the right with their delivery", () => {
    renderIn(
      <>
        <MessageBubble
          message={messageBody({ source: 'user', contents: 'いつ空いてますか' })}
          friendName="佐藤"
          friendPictureUrl={null}
        />
        <MessageBubble
          message={messageBody({ id: 2, source: 'system', contents: '明日10時です', delivery: 'QUEUED' })}
          friendName="佐藤"
          friendPictureUrl={null}
        />
        <MessageBubble
          message={messageBody({
            id: 3,
            source: 'system',
            contents: '届かず',
            delivery: 'FAILED',
            deliveryError: 'LINE said 400',
          })}
          friendName="佐藤"
          friendPictureUrl={null}
        />
      </>,
    );
    const [fromFriend, queued, failed] = screen.getAllByTestId('message-bubble');
    expect(fromFriend!.getAttribute('data-source')).toBe('user');
    expect(getComputedStyle(fromFriend!).flexDirection).toBe('row');
    expect(within(fromFriend!).queryByText('Received')).toBeNull();
    expect(queued!.getAttribute('data-source')).toBe('system');
    expect(getComputedStyle(queued!).flexDirection).toBe('row-reverse');
    expect(within(queued!).getByText('Queued')).toBeTruthy();
    expect(within(failed!).getByText('Not delivered').getAttribute('title')).toBe('LINE said 400');
    const [failedNote] = screen.getAllByTestId('delivery-error');
    expect(failedNote!.textContent).toBe('Will not be retried: LINE said 400');
  });

  it("shows LINE's reason under a message being retried, and nothing under a plain queued one", () => {
    renderIn(
      <>
        <MessageBubble
          message={messageBody({ id: 2, source: 'system', contents: '待ち', delivery: 'QUEUED' })}
          friendName="佐藤"
          friendPictureUrl={null}
        />
        <MessageBubble
          message={messageBody({
            id: 3,
            source: 'system',
            contents: '再送中',
            delivery: 'QUEUED',
            deliveryError: 'LINE 503: Service Unavailable',
          })}
          friendName="佐藤"
          friendPictureUrl={null}
        />
      </>,
    );
    const [plain, retrying] = screen.getAllByTestId('message-bubble');
    expect(within(plain!).getByText('Queued')).toBeTruthy();
    expect(within(retrying!).getByText('Retrying')).toBeTruthy();
    const notes = screen.getAllByTestId('delivery-error');
    expect(notes.map((note) => note.textContent)).toEqual([
      'Will be retried automatically: LINE 503: Service Unavailable',
    ]);
  });
});

describe('MessageBubble stickers', { timeout: 20_000 }, () => {
  it('draws a sticker, either way, instead of naming it', () => {
    renderIn(
      <>
        <MessageBubble
          message={messageBody({
            type: 'sticker',
            source: 'system',
            contents: '[sticker]',
            delivery: 'SENT',
            sticker: { packageId: '446', stickerId: '1988' },
          })}
          friendName="佐藤"
          friendPictureUrl={null}
        />
        <MessageBubble
          message={messageBody({ id: 2, type: 'image', source: 'user', contents: '[image]' })}
          friendName="佐藤"
          friendPictureUrl={null}
        />
      </>,
    );
    const [sticker, image] = screen.getAllByTestId('message-bubble');
    const drawn = within(sticker!).getByTestId('message-sticker');
    expect(drawn.getAttribute('aria-label')).toBe('Sticker');
    expect(drawn.querySelector('img')?.getAttribute('src')).toContain('1988');
    expect(within(image!).queryByTestId('message-sticker')).toBeNull();
    expect(image!.textContent).toContain('Photo');
  });
});

describe('MessageHistory', { timeout: 20_000 }, () => {
  it('shows pages that arrive newest first in reading order, newest at the bottom', () => {
    renderIn(
      <MessageHistory
        query={{
          isPending: false,
          isError: false,
          error: null,
          data: { pages: [page([4, 3]), page([2, 1])] },
          hasNextPage: true,
          isFetchingNextPage: false,
          fetchNextPage: () => undefined,
          refetch: () => undefined,
        }}
        friendName="佐藤"
        friendPictureUrl={null}
      />,
    );
    const texts = screen.getAllByTestId('message-bubble').map((b) => b.textContent);
    expect(texts.map((t) => t?.match(/m\d/)?.[0])).toEqual(['m1', 'm2', 'm3', 'm4']);
    expect(screen.getByRole('button', { name: 'Show earlier messages' })).toBeTruthy();
  });

  it('says so when there is no message yet', () => {
    renderIn(
      <MessageHistory
        query={{
          isPending: false,
          isError: false,
          error: null,
          data: { pages: [{ data: [] }] },
          hasNextPage: false,
          isFetchingNextPage: false,
          fetchNextPage: () => undefined,
          refetch: () => undefined,
        }}
        friendName="佐藤"
        friendPictureUrl={null}
      />,
    );
    expect(screen.getByText('No messages yet')).toBeTruthy();
  });

  it('drops a message that two pages both hold (a new one moved the pages)', () => {
    expect(chronological([page([3, 2]), page([2, 1])]).map((m) => m.id)).toEqual([1, 2, 3]);
  });
});
