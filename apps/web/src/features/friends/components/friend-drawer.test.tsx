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

  it("lists the friend's rich menu taps, the latest first, and says when there are none", async () => {
    mockFetch({
      'GET /client/api/v1/line-account/7/friends/31': { body: friendBody() },
      'GET /client/api/v1/line-account/7/friends/31/messages': { body: pageOf([]) },
      'GET /client/api/v1/line-account/7/friends/31/rich-menu-taps': {
        body: {
          taps: [
            {
              richMenuId: 4,
              richMenuName: '冬のメニュー',
              areaIndex: 1,
              areaLabel: 'クーポン',
              taps: 3,
              lastTappedAt: '2026-11-20T05:00:00.000Z',
            },
            {
              richMenuId: 4,
              richMenuName: '冬のメニュー',
              areaIndex: 0,
              areaLabel: null,
              taps: 1,
              lastTappedAt: '2026-11-18T05:00:00.000Z',
            },
          ],
        },
      },
    });
    renderDrawer();
    const list = await screen.findByTestId('friend-rich-menu-taps');
    const items = Array.from(list.querySelectorAll('li')).map((li) => li.textContent);
    expect(items).toHaveLength(2);
    expect(items[0]).toContain('クーポン');
    expect(items[0]).toContain('冬のメニュー');
    expect(items[0]).toContain('Taps: 3');
    // an area without a label is named by its place
    expect(items[1]).toContain('Area 1');
    expect(items[1]).toContain('Taps: 1');
  });

  it('says so when the friend tapped no rich menu', async () => {
    mockFetch({
      'GET /client/api/v1/line-account/7/friends/31': { body: friendBody() },
      'GET /client/api/v1/line-account/7/friends/31/messages': { body: pageOf([]) },
      'GET /client/api/v1/line-account/7/friends/31/rich-menu-taps': { body: { taps: [] } },
    });
    renderDrawer();
    expect(await screen.findByText('No taps yet')).toBeTruthy();
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
