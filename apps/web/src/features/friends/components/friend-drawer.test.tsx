import { friendMessages } from '@app/contracts';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { friendBody, messageBody } from '../../../testing/line-fixtures.ts';
import { mockFetch } from '../../../testing/mock-fetch.ts';
import { renderableApp } from '../../../testing/test-providers.tsx';
import { FriendDrawer } from './friend-drawer.tsx';

const pageOf = <T,>(data: T[]) => ({
  data,
  pagination: { currentPage: 1, totalPages: 1, itemsPerPage: 20, totalItems: data.length },
});

function renderDrawer(friend = friendBody(), canWork = true) {
  const { ui } = renderableApp({
    routes: [
      {
        path: '/',
        element: (
          <FriendDrawer lineAccountId={7} friendId={friend.id} canWork={canWork} onClose={() => undefined} />
        ),
      },
    ],
    initialPath: '/',
  });
  render(ui);
}

describe('FriendDrawer', { timeout: 20_000 }, () => {
  it('sends a text and shows it in the chat after the refresh', async () => {
    const messages = [messageBody({ id: 1, contents: '予約したいです' })];
    const fetchMock = mockFetch({
      'GET /client/api/v1/line-account/7/friends/31': { body: friendBody() },
      'GET /client/api/v1/line-account/7/friends/31/messages': () => ({
        body: pageOf([...messages].reverse()),
      }),
      'POST /client/api/v1/line-account/7/friends/31/messages': ({ body }) => {
        const sent = messageBody({
          id: 2,
          source: 'system',
          delivery: 'QUEUED',
          contents: (body as { text: string }).text,
          createdAt: '2026-04-02T02:00:00.000Z',
        });
        messages.push(sent);
        return { status: 201, body: sent };
      },
    });
    renderDrawer();
    expect(await screen.findByText('予約したいです')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Message'), { target: { value: 'ご予約承りました' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('ご予約承りました')).toBeTruthy();
    await waitFor(() => expect(screen.getByLabelText<HTMLTextAreaElement>('Message').value).toBe(''));
    const post = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST');
    expect(JSON.parse(post?.[1]?.body as string)).toEqual({ text: 'ご予約承りました' });
  });

  it('refuses an empty message with the contract text', async () => {
    const fetchMock = mockFetch({
      'GET /client/api/v1/line-account/7/friends/31': { body: friendBody() },
      'GET /client/api/v1/line-account/7/friends/31/messages': { body: pageOf([]) },
    });
    renderDrawer();
    fireEvent.click(await screen.findByRole('button', { name: 'Send' }));
    expect(await screen.findByText(friendMessages.textRequired)).toBeTruthy();
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false);
  });

  it('shows a blocked friend as ブロック and closes the message box', async () => {
    mockFetch({
      'GET /client/api/v1/line-account/7/friends/31': { body: friendBody({ isFriend: false }) },
      'GET /client/api/v1/line-account/7/friends/31/messages': { body: pageOf([]) },
    });
    renderDrawer();
    expect(await screen.findByText('Blocked')).toBeTruthy();
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Send' }).disabled).toBe(true);
  });

  it('saves the manager notes', async () => {
    let saved: unknown;
    mockFetch({
      'GET /client/api/v1/line-account/7/friends/31': { body: friendBody() },
      'GET /client/api/v1/line-account/7/friends/31/messages': { body: pageOf([]) },
      'POST /client/api/v1/line-account/7/friend-manager-note': ({ body }) => {
        saved = body;
        return { body: friendBody({ managerNotes: 'VIP' }) };
      },
    });
    renderDrawer();
    fireEvent.change(await screen.findByLabelText('Manager notes'), { target: { value: 'VIP' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save notes' }));
    await waitFor(() => expect(saved).toEqual({ friendId: 31, managerNotes: 'VIP' }));
  });
});
