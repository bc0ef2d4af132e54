import type { Conversation } from '@app/contracts';
import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderableApp } from '../../../testing/test-providers.tsx';
import { InboxList } from './inbox-list.tsx';

const conversation = (overrides: Partial<Conversation> = {}): Conversation => ({
  friendId: 31,
  lineAccountId: 7,
  displayName: '田中 花子',
  pictureUrl: null,
  isFriend: true,
  followedAt: '2026-04-02T01:00:00.000Z',
  lastMessageAt: '2026-11-26T01:00:00.000Z',
  lastMessagePreview: '予約できますか',
  lastMessageSource: 'user',
  unreadCount: 2,
  status: 'NEEDS_REPLY',
  assigneeUserId: null,
  assigneeName: null,
  ...overrides,
});

describe('InboxList', { timeout: 20_000 }, () => {
  it('shows each conversation with its unread count, status, assignee and last message in words', () => {
    const onOpen = vi.fn();
    const onFilter = vi.fn();
    const conversations = [
      conversation(),
      conversation({
        friendId: 32,
        displayName: '',
        isFriend: false,
        followedAt: null,
        lastMessagePreview: '[sticker]',
        unreadCount: 0,
        status: 'DONE',
        assigneeUserId: 5,
        assigneeName: '山田 一郎',
      }),
      conversation({ friendId: 33, displayName: '佐藤', lastMessagePreview: '[unsent]', unreadCount: 0 }),
    ];
    const { ui } = renderableApp({
      routes: [
        {
          path: '/',
          element: (
            <InboxList
              query={{
                data: { pages: [{ data: conversations }] },
                isPending: false,
                hasNextPage: false,
                isFetchingNextPage: false,
                fetchNextPage: () => undefined,
              }}
              filter="all"
              search=""
              selectedFriendId={null}
              onFilter={onFilter}
              onSearch={() => undefined}
              onOpen={onOpen}
            />
          ),
        },
      ],
      initialPath: '/',
      language: 'ja',
    });
    render(ui);
    const rows = screen.getAllByTestId('inbox-conversation');
    expect(rows).toHaveLength(3);
    expect(rows[0]!.textContent).toContain('未読 2 件');
    expect(rows[0]!.textContent).toContain('要対応');
    // no name from LINE, never followed, a sticker: all in words
    expect(rows[1]!.textContent).toContain('名前未取得のユーザー');
    expect(rows[1]!.textContent).toContain('友だち追加していないユーザー');
    expect(rows[1]!.textContent).toContain('スタンプ');
    expect(rows[1]!.textContent).toContain('対応済み');
    expect(rows[1]!.textContent).toContain('山田 一郎');
    expect(rows[2]!.textContent).toContain('送信が取り消されました');

    fireEvent.click(rows[1]!);
    expect(onOpen).toHaveBeenCalledWith(32);
    fireEvent.click(screen.getByRole('button', { name: '未読' }));
    expect(onFilter).toHaveBeenCalledWith('unread');
  });

  it('offers 既読にする on an unread conversation and 未読にする on a read one', () => {
    const onOpen = vi.fn();
    const onToggleRead = vi.fn();
    const conversations = [
      conversation(),
      conversation({ friendId: 32, displayName: '佐藤', unreadCount: 0 }),
    ];
    const { ui } = renderableApp({
      routes: [
        {
          path: '/',
          element: (
            <InboxList
              query={{
                data: { pages: [{ data: conversations }] },
                isPending: false,
                hasNextPage: false,
                isFetchingNextPage: false,
                fetchNextPage: () => undefined,
              }}
              filter="all"
              search=""
              selectedFriendId={null}
              onFilter={() => undefined}
              onSearch={() => undefined}
              onOpen={onOpen}
              onToggleRead={onToggleRead}
            />
          ),
        },
      ],
      initialPath: '/',
      language: 'ja',
    });
    render(ui);
    fireEvent.click(screen.getByRole('button', { name: '田中 花子さんとの会話を既読にする' }));
    expect(onToggleRead).toHaveBeenCalledWith(expect.objectContaining({ friendId: 31, unreadCount: 2 }));
    fireEvent.click(screen.getByRole('button', { name: '佐藤さんとの会話を未読にする' }));
    expect(onToggleRead).toHaveBeenLastCalledWith(expect.objectContaining({ friendId: 32 }));
    // the menu's button does not open the conversation
    expect(onOpen).not.toHaveBeenCalled();
  });
});
