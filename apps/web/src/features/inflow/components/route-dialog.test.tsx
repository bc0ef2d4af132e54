import type { InflowRoute, RichMenu, Scenario } from '@app/contracts';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { failure, mockFetch } from '../../../testing/mock-fetch.ts';
import { renderableApp } from '../../../testing/test-providers.tsx';
import { RouteDialog } from './route-dialog.tsx';

const base = '/client/api/v1/line-account/7';
const at = '2026-11-01T00:00:00.000Z';
const scenarioOf = (id: number, name: string, enabled: boolean): Scenario => ({
  id,
  lineAccountId: 7,
  name,
  enabled,
  trigger: 'MANUAL',
  triggerTagId: null,
  triggerRank: null,
  stopTagIds: [],
  stopOnMember: false,
  steps: [],
  stats: { enrolled: 0, active: 0, completed: 0, stopped: 0 },
  createdAt: at,
  updatedAt: at,
});
const scenarios = {
  data: [scenarioOf(31, 'ウェルカムシナリオ', true), scenarioOf(32, '休眠シナリオ', false)],
};
const menu: RichMenu = {
  id: 41,
  lineAccountId: 7,
  richMenuId: 'richmenu-41',
  name: 'キャンペーンメニュー',
  size: { width: 2500, height: 843 },
  selected: false,
  chatBarText: 'メニュー',
  areas: [],
  imageUrl: '/x.png',
  isDefault: false,
  tab: null,
  updatedBy: null,
  createdAt: at,
  updatedAt: at,
};
const richMenus = { data: [menu] };
const route: InflowRoute = {
  id: 5,
  name: 'Instagram',
  isActive: true,
  tagIds: [],
  scenarioId: 31,
  richMenuId: null,
  url: 'http://localhost/liff/route?r=AAAAAAAAAAAAAAAA',
  createdAt: '2026-11-01T00:00:00.000Z',
  figures: { visits: 0, uniqueVisitors: 0, newFriends: 0, unblocked: 0, blockedLater: 0, members: 0 },
};

function renderDialog(existing: InflowRoute | null) {
  const { ui } = renderableApp({
    routes: [
      {
        path: '/',
        element: <RouteDialog lineAccountId={7} route={existing} open onClose={() => undefined} />,
      },
    ],
    initialPath: '/',
    language: 'en',
  });
  render(ui);
}
const pick = async (label: RegExp, option: string) => {
  fireEvent.mouseDown(await screen.findByRole('combobox', { name: label }));
  fireEvent.click(within(await screen.findByRole('listbox')).getByRole('option', { name: option }));
};

describe('RouteDialog: the route actions', { timeout: 20_000 }, () => {
  it('sends the chosen scenario and rich menu with the route; an off scenario says so', async () => {
    const fetchMock = mockFetch({
      [`GET ${base}/tags`]: { body: { tags: [], folders: [] } },
      [`GET ${base}/scenarios`]: { body: scenarios },
      [`GET ${base}/rich-menu`]: { body: richMenus },
      [`POST ${base}/inflow-routes`]: ({ body }) => ({
        status: 201,
        body: { ...route, ...(body as object) },
      }),
    });
    renderDialog(null);
    fireEvent.change(screen.getByLabelText(/^Route name/), { target: { value: '店頭POP' } });
    // an off scenario says so; the form sends ids, not names
    fireEvent.mouseDown(await screen.findByRole('combobox', { name: /Scenario to start/ }));
    expect(await screen.findByRole('option', { name: '休眠シナリオ (off)' })).toBeTruthy();
    fireEvent.click(screen.getByRole('option', { name: 'ウェルカムシナリオ' }));
    await pick(/Rich menu to show/, 'キャンペーンメニュー');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(true));
    const post = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST')!;
    expect(JSON.parse(post[1]!.body as string)).toEqual({
      name: '店頭POP',
      isActive: true,
      tagIds: [],
      scenarioId: 31,
      richMenuId: 41,
    });
  });

  it("shows an edited route's scenario, sends none when cleared, and shows the server's 400", async () => {
    const fetchMock = mockFetch({
      [`GET ${base}/tags`]: { body: { tags: [], folders: [] } },
      [`GET ${base}/scenarios`]: { body: scenarios },
      [`GET ${base}/rich-menu`]: { body: richMenus },
      [`PUT ${base}/inflow-routes/5`]: {
        status: 400,
        body: failure(400, 'BAD_REQUEST', 'Rich menu not found: choose a rich menu of this LINE account'),
      },
    });
    renderDialog(route);
    const scenario = await screen.findByRole('combobox', { name: /Scenario to start/ });
    await waitFor(() => expect(scenario.textContent).toBe('ウェルカムシナリオ'));
    await pick(/Scenario to start/, 'None');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(/Rich menu not found/)).toBeTruthy();
    const put = fetchMock.mock.calls.find(([, init]) => init?.method === 'PUT')!;
    expect(JSON.parse(put[1]!.body as string)).toMatchObject({ scenarioId: null, richMenuId: null });
  });
});
