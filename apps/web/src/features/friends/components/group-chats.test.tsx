import type { GroupChat, GroupChatDetail } from '@app/contracts';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockFetch } from '../../../testing/mock-fetch.ts';
import { renderableApp } from '../../../testing/test-providers.tsx';
import { GroupChatList, GroupChatPane } from './group-chats.tsx';

afterEach(() => vi.unstubAllGlobals());

const base = '/client/api/v1/line-account/7/inbox-groups';
const group = (overrides: Partial<GroupChat> = {}): GroupChat => ({
  id: 4,
  lineAccountId: 7,
  kind: 'group',
  name: '町内会',
  pictureUrl: null,
  leftAt: null,
  memberCount: 3,
  lastMessageAt: '2026-11-27T01:00:00.000Z',
  lastMessagePreview: '明日の集まりは何時ですか',
  lastMessageSource: 'user',
  unreadCount: 0,
  status: 'NEEDS_REPLY',
  assigneeUserId: null,
  assigneeName: null,
  ...overrides,
});
const renderIn = (element: React.ReactNode) => {
  const { ui } = renderableApp({ routes: [{ path: '/', element }], initialPath: '/' });
  render(ui);
};

describe('groups and rooms: 担当 (assignee)', { timeout: 30_000 }, () => {
  it('the list offers 自分の担当, asks the API for it and shows each group’s assignee', async () => {
    const fetchMock = mockFetch({
      [`GET ${base}`]: ({ url }) => ({
        body: {
          data:
            new URL(url, 'http://x').searchParams.get('filter') === 'mine'
              ? [group({ assigneeUserId: 5, assigneeName: '山田 一郎' })]
              : [
                  group({ assigneeUserId: 5, assigneeName: '山田 一郎' }),
                  group({ id: 6, kind: 'room', name: '' }),
                ],
          nextCursor: null,
        },
      }),
    });
    const onFilter = vi.fn();
    renderIn(
      <GroupChatList
        lineAccountId={7}
        selectedId={null}
        pollMs={false}
        filter="mine"
        onFilter={onFilter}
        onOpen={() => undefined}
      />,
    );
    const list = await screen.findByRole('list', { name: 'Groups and rooms' });
    await within(list).findByText('町内会');
    expect(within(list).getByText('山田 一郎')).toBeTruthy();
    expect(within(list).getAllByRole('listitem')).toHaveLength(1);
    const asked = fetchMock.mock.calls.map(([input]) => (typeof input === 'string' ? input : ''));
    expect(asked.some((u) => u.includes('filter=mine'))).toBe(true);
    // the filter is offered and pressed (it was hidden on groups before)
    const mine = screen.getByRole('button', { name: 'Assigned to me' });
    expect(mine.getAttribute('aria-pressed')).toBe('true');
    fireEvent.click(screen.getByRole('button', { name: 'Needs reply' }));
    expect(onFilter).toHaveBeenCalledWith('needsReply');
  });

  it('the header assigns the group to a user of the client and back to nobody', async () => {
    let detail: GroupChatDetail = { ...group(), joinedAt: null, members: [] };
    const patched: unknown[] = [];
    mockFetch({
      [`GET ${base}/4`]: () => ({ body: detail }),
      [`GET ${base}/4/messages`]: { body: { data: [] } },
      'GET /client/api/v1/line-account/7/inbox-assignees': {
        body: {
          data: [
            { id: 5, name: '山田 一郎' },
            { id: 6, name: '佐藤 花子' },
          ],
        },
      },
      [`PATCH ${base}/4`]: ({ body }) => {
        patched.push(body);
        const assigneeUserId = (body as { assigneeUserId: number | null }).assigneeUserId;
        detail = {
          ...detail,
          assigneeUserId,
          assigneeName: assigneeUserId === 6 ? '佐藤 花子' : null,
        };
        return { body: detail };
      },
    });
    renderIn(<GroupChatPane lineAccountId={7} groupId={4} canWork pollMs={false} onBack={() => undefined} />);
    const select = await screen.findByRole('combobox', { name: 'Assignee' });
    expect(select.textContent).toBe('Nobody');
    fireEvent.mouseDown(select);
    fireEvent.click(await screen.findByRole('option', { name: '佐藤 花子' }));
    await waitFor(() => expect(patched).toEqual([{ assigneeUserId: 6 }]));
    await waitFor(() =>
      expect(screen.getByRole('combobox', { name: 'Assignee' }).textContent).toBe('佐藤 花子'),
    );
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Assignee' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Nobody' }));
    await waitFor(() => expect(patched).toEqual([{ assigneeUserId: 6 }, { assigneeUserId: null }]));
  });

  it('a user who may only read sees the assignee (by the group’s name for them) but cannot change it', async () => {
    mockFetch({
      [`GET ${base}/4`]: {
        body: { ...group({ assigneeUserId: 5, assigneeName: '山田 一郎' }), joinedAt: null, members: [] },
      },
      [`GET ${base}/4/messages`]: { body: { data: [] } },
      // the assignee is no longer among the client's users: still shown by name
      'GET /client/api/v1/line-account/7/inbox-assignees': { body: { data: [] } },
    });
    renderIn(
      <GroupChatPane lineAccountId={7} groupId={4} canWork={false} onBack={() => undefined} pollMs={false} />,
    );
    const select = await screen.findByRole('combobox', { name: 'Assignee' });
    await waitFor(() => expect(select.textContent).toBe('山田 一郎'));
    expect(select.getAttribute('aria-disabled')).toBe('true');
  });
});
