import type { RichMenu } from '@app/contracts';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockFetch } from '../../../testing/mock-fetch.ts';
import { renderableApp } from '../../../testing/test-providers.tsx';
import { RichMenuTapMap } from './rich-menu-tap-map.tsx';

const menu = {
  id: 5,
  lineAccountId: 3,
  richMenuId: 'richmenu-1',
  name: '会員メニュー',
  size: { width: 1200, height: 405 },
  selected: true,
  chatBarText: 'メニュー',
  areas: [
    { bounds: { x: 0, y: 0, width: 600, height: 405 }, action: { type: 'postback', data: 'a' } },
    {
      bounds: { x: 600, y: 0, width: 300, height: 405 },
      action: { type: 'uri', uri: 'https://example.com' },
    },
    { bounds: { x: 900, y: 0, width: 300, height: 405 }, action: { type: 'uri', uri: 'tel:0312345678' } },
  ],
  imageUrl: '/client/api/v1/line-account/3/rich-menu/5/image?v=1',
  isDefault: true,
  tab: null,
  updatedBy: null,
  createdAt: '2026-11-01T00:00:00.000Z',
  updatedAt: '2026-11-01T00:00:00.000Z',
} as RichMenu;

describe('RichMenuTapMap', { timeout: 20_000 }, () => {
  it('draws each area’s taps and friends over the image, and asks again for another period', async () => {
    const asked: string[] = [];
    mockFetch({
      'GET /client/api/v1/line-account/3/rich-menu/5/taps': ({ url }) => {
        const days = new URL(url, 'http://x').searchParams.get('days') ?? '';
        asked.push(days);
        const taps = days === '7' ? 2 : 12;
        return {
          body: {
            days: Number(days),
            since: '2026-11-01T00:00:00.000Z',
            linksNameFriends: true,
            areas: [
              { index: 0, taps, friends: 4 },
              { index: 1, taps: 3, friends: 1 },
              { index: 2, taps: 0, friends: 0 },
            ],
          },
        };
      },
    });
    const { ui } = renderableApp({
      routes: [{ path: '/', element: <RichMenuTapMap lineAccountId={3} menu={menu} /> }],
      initialPath: '/',
    });
    render(ui);
    expect((await screen.findByTestId('tap-area-0')).textContent).toBe('12 taps · 4 friends');
    expect(screen.getByTestId('tap-area-0').style.left).toBe('0%');
    expect(screen.getByTestId('tap-area-1').style.left).toBe('50%');
    // a web link is counted (through the tap hop); a phone link is not
    expect(screen.getByTestId('tap-area-1').textContent).toBe('3 taps · 1 friends');
    expect(screen.getByTestId('tap-area-2').textContent).toBe('Not counted');
    expect(asked).toEqual(['30']);
    fireEvent.click(screen.getByRole('button', { name: '7 days' }));
    await waitFor(() => expect(screen.getByTestId('tap-area-0').textContent).toBe('2 taps · 4 friends'));
    expect(asked).toEqual(['30', '7']);
    // the account has a LIFF: no word about anonymous link taps
    expect(screen.queryByTestId('tap-links-anonymous')).toBeNull();
  });

  it('says that link taps name nobody when the account has no LIFF', async () => {
    mockFetch({
      'GET /client/api/v1/line-account/3/rich-menu/5/taps': {
        body: {
          days: 30,
          since: '2026-11-01T00:00:00.000Z',
          linksNameFriends: false,
          areas: [
            { index: 0, taps: 1, friends: 1 },
            { index: 1, taps: 5, friends: 0 },
            { index: 2, taps: 0, friends: 0 },
          ],
        },
      },
    });
    const { ui } = renderableApp({
      routes: [{ path: '/', element: <RichMenuTapMap lineAccountId={3} menu={menu} /> }],
      initialPath: '/',
    });
    render(ui);
    expect((await screen.findByTestId('tap-links-anonymous')).textContent).toContain('no LIFF');
    expect(screen.getByTestId('tap-area-1').textContent).toBe('5 taps · 0 friends');
  });
});
