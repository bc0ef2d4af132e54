import type { SegmentConditions } from '@app/contracts';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockFetch } from '../../../testing/mock-fetch.ts';
import { renderableApp } from '../../../testing/test-providers.tsx';
import { DeliveryComposer } from './delivery-composer.tsx';

const A = '/client/api/v1/line-account/7';
const conditions: SegmentConditions = {
  condition: 'AND',
  isMemberServiceUser: false,
  isShiftServiceUser: false,
  includeNonMembers: true,
  search: '常連',
  hasTags: [3],
};

afterEach(() => vi.unstubAllGlobals());

describe('the composer with the friends page’s unsaved conditions', { timeout: 20_000 }, () => {
  it('carries them over: shown, counted before sending, and saved with the delivery as CONDITIONS', async () => {
    const counted: unknown[] = [];
    const created: unknown[] = [];
    mockFetch({
      [`GET ${A}/segments`]: { body: { data: [] } },
      [`GET ${A}/delivery-quota`]: { body: { limit: 200, used: 0, remaining: 200 } },
      [`GET ${A}/tags`]: {
        body: {
          folders: [],
          tags: [
            {
              id: 3,
              lineAccountId: 7,
              folderId: null,
              name: 'VIP',
              friendCount: 2,
              createdAt: '2026-11-01T00:00:00.000Z',
            },
          ],
        },
      },
      [`POST ${A}/delivery-audience/count`]: ({ body }) => {
        counted.push(body);
        return { body: { count: 12 } };
      },
      [`POST ${A}/deliveries`]: ({ body }) => {
        created.push(body);
        return { status: 201, body: { id: 99 } };
      },
    });
    const { ui } = renderableApp({
      routes: [
        {
          path: '/',
          element: (
            <DeliveryComposer
              lineAccountId={7}
              accountName="京都茶房"
              canSend
              onDone={() => {}}
              initialConditions={conditions}
            />
          ),
        },
      ],
      initialPath: '/',
    });
    render(ui);
    expect(screen.getByLabelText("The friends page's filter")).toHaveProperty('checked', true);
    expect(screen.getByText('Name: 常連')).toBeTruthy();
    expect(await screen.findByText('Has tag: VIP')).toBeTruthy();
    expect(screen.getByText('Friends who meet every condition')).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId('audience-count').textContent).toContain('12'));
    expect(counted[0]).toEqual({ audience: { type: 'CONDITIONS', conditions } });
    fireEvent.click(screen.getByRole('button', { name: 'Save draft' }));
    await waitFor(() => expect(created).toHaveLength(1));
    expect(created[0]).toMatchObject({ audience: { type: 'CONDITIONS', conditions } });
  });

  it('offers no filter audience when none was carried over', () => {
    mockFetch({});
    const { ui } = renderableApp({
      routes: [
        {
          path: '/',
          element: <DeliveryComposer lineAccountId={7} accountName="京都茶房" canSend onDone={() => {}} />,
        },
      ],
      initialPath: '/',
    });
    render(ui);
    expect(screen.queryByLabelText("The friends page's filter")).toBeNull();
    expect(screen.getByLabelText('All friends')).toHaveProperty('checked', true);
  });
});
