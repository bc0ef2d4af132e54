import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { ListParams } from '../../../lib/use-list-params.ts';
import { friendBody } from '../../../testing/line-fixtures.ts';
import { renderableApp } from '../../../testing/test-providers.tsx';
import { FriendKindChips } from './friend-status-chip.tsx';
import { FriendTable, friendSearchBodyOf } from './friend-table.tsx';

const paramsOf = (values: Record<string, string>, page = 1, limit = 20): ListParams => ({
  page,
  limit,
  get: (name) => values[name] ?? '',
  setPage: () => undefined,
  setLimit: () => undefined,
  setFilters: () => undefined,
});

describe('friendSearchBodyOf', { timeout: 20_000 }, () => {
  it('lists every friend by default (members, staff and the others)', () => {
    expect(friendSearchBodyOf(paramsOf({}))).toEqual({
      page: 1,
      limit: 20,
      isMemberServiceUser: true,
      isShiftServiceUser: true,
      includeNonMembers: true,
    });
  });

  it('narrows to one audience, a name and blocked friends', () => {
    expect(
      friendSearchBodyOf(paramsOf({ audience: 'staff', search: '佐藤', state: 'blocked' }, 2, 50)),
    ).toEqual({
      page: 2,
      limit: 50,
      isMemberServiceUser: false,
      isShiftServiceUser: true,
      includeNonMembers: false,
      search: '佐藤',
      isFriend: false,
    });
  });

  it('ignores an unknown audience from the address', () => {
    expect(friendSearchBodyOf(paramsOf({ audience: 'x' })).includeNonMembers).toBe(true);
  });
});

describe('FriendTable', { timeout: 20_000 }, () => {
  it('shows a blocked friend as Blocked, a user who never added the account as Not added, and opens the drawer from anywhere on the row', () => {
    const onOpen = vi.fn();
    const friends = [
      friendBody(),
      friendBody({ id: 32, displayName: '鈴木 一郎', isFriend: false }),
      friendBody({ id: 33, displayName: '高橋 健', isFriend: false, followedAt: null }),
    ];
    const { ui } = renderableApp({
      routes: [
        {
          path: '/',
          element: (
            <FriendTable
              query={{
                isPending: false,
                isError: false,
                error: null,
                data: {
                  data: friends,
                  pagination: { currentPage: 1, totalPages: 1, itemsPerPage: 20, totalItems: 3 },
                },
                refetch: () => undefined,
              }}
              params={paramsOf({})}
              onOpen={onOpen}
            />
          ),
        },
      ],
      initialPath: '/',
    });
    render(ui);
    const blockedRow = screen.getByRole('row', { name: /鈴木 一郎/ });
    expect(blockedRow.textContent).toContain('Blocked');
    const writerRow = screen.getByRole('row', { name: /高橋 健/ });
    expect(writerRow.textContent).toContain('Not added');
    expect(writerRow.textContent).not.toContain('Blocked');
    fireEvent.click(screen.getAllByText('Blocked')[0]!);
    expect(onOpen).toHaveBeenCalledWith(friends[1]);
    fireEvent.click(screen.getByRole('button', { name: '佐藤 花子' }));
    expect(onOpen).toHaveBeenLastCalledWith(friends[0]);
    expect(onOpen).toHaveBeenCalledTimes(2);
  });
});

describe('FriendTable totals', { timeout: 20_000 }, () => {
  const tableWith = (totalIsEstimate: boolean, language: 'ja' | 'en') =>
    renderableApp({
      routes: [
        {
          path: '/',
          element: (
            <FriendTable
              query={{
                isPending: false,
                isError: false,
                error: null,
                data: {
                  data: [friendBody()],
                  pagination: {
                    currentPage: 1,
                    totalPages: 50_000,
                    itemsPerPage: 20,
                    totalItems: 1_000_000,
                    totalIsEstimate,
                  },
                },
                refetch: () => undefined,
              }}
              params={paramsOf({})}
              onOpen={() => undefined}
            />
          ),
        },
      ],
      initialPath: '/',
      language,
    }).ui;

  it('says an estimated total is one (a large account: 約 1,000,000 件), an exact one as before', () => {
    const estimated = render(tableWith(true, 'ja'));
    expect(screen.getByText('1–20 件 / 約 1,000,000 件')).toBeTruthy();
    estimated.unmount();
    const english = render(tableWith(true, 'en'));
    expect(screen.getByText('1–20 of about 1,000,000')).toBeTruthy();
    english.unmount();
    render(tableWith(false, 'ja'));
    expect(screen.getByText('1–20 件 / 全 1000000 件')).toBeTruthy();
  });
});

describe('FriendKindChips (区分)', { timeout: 20_000 }, () => {
  it('says General for a plain friend, Member, Staff, and Staff (pending) until the store approves', () => {
    const kinds = [
      friendBody(),
      friendBody({ member: { id: 1, status: 'ACTIVE', memberCode: 'M-1', values: [] } }),
      friendBody({ staff: { id: 2, status: 'APPROVED', managerNotes: null } }),
      friendBody({ staff: { id: 3, status: 'PENDING', managerNotes: null } }),
    ];
    const { ui } = renderableApp({
      routes: [
        {
          path: '/',
          element: (
            <>
              {kinds.map((f, i) => (
                <div key={i} data-testid="kind">
                  <FriendKindChips friend={f} />
                </div>
              ))}
            </>
          ),
        },
      ],
      initialPath: '/',
    });
    render(ui);
    expect(screen.getAllByTestId('kind').map((cell) => cell.textContent)).toEqual([
      'General',
      'Member',
      'Staff',
      'Staff (pending)',
    ]);
  });
});
