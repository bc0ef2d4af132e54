import { fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockFetch } from '../../../testing/mock-fetch.ts';
import { renderableApp } from '../../../testing/test-providers.tsx';
import { ClickedFriendsButton } from './clicked-friends-button.tsx';

afterEach(() => vi.unstubAllGlobals());

describe("a delivery's report: who clicked", { timeout: 20_000 }, () => {
  it('lists the friends who tapped its links, the latest first, with how many links each', async () => {
    mockFetch({
      'GET /client/api/v1/line-account/7/deliveries/42': {
        body: {
          id: 42,
          lineAccountId: 7,
          title: '冬のセール',
          status: 'SENT',
          messages: [{ type: 'text', text: 'https://shop.example.jp/sale' }],
          audience: { type: 'ALL' },
          segmentName: null,
          scheduledAt: null,
          startedAt: '2026-11-27T01:00:00.000Z',
          finishedAt: '2026-11-27T01:00:01.000Z',
          targetCount: 2,
          recipientLimit: null,
          sentCount: 2,
          failedCount: 0,
          failureReason: null,
          createdBy: null,
          sentBy: null,
          clicks: { total: 3, friends: 2 },
          links: [{ url: 'https://shop.example.jp/sale', clicks: 3, friends: 2 }],
          createdAt: '2026-11-27T00:00:00.000Z',
          updatedAt: '2026-11-27T01:00:01.000Z',
          clickedFriends: [
            { id: 2, displayName: '佐藤 一郎', links: 1, lastClickedAt: '2026-11-27T03:00:00.000Z' },
            { id: 1, displayName: '山田 花子', links: 2, lastClickedAt: '2026-11-27T02:00:00.000Z' },
          ],
        },
      },
    });
    const { ui } = renderableApp({
      routes: [
        { path: '/', element: <ClickedFriendsButton lineAccountId={7} deliveryId={42} title="冬のセール" /> },
      ],
      initialPath: '/',
    });
    render(ui);
    fireEvent.click(screen.getByRole('button', { name: 'Who clicked' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Who clicked: 冬のセール')).toBeTruthy();
    const list = await within(dialog).findByTestId('clicked-friends-list');
    const rows = within(list).getAllByRole('listitem');
    expect(rows.map((r) => r.textContent)).toEqual([
      expect.stringContaining('佐藤 一郎'),
      expect.stringContaining('山田 花子'),
    ]);
    expect(rows[1]!.textContent).toContain('2 links');
  });
});
