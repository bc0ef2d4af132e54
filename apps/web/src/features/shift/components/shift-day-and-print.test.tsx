import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockFetch } from '../../../testing/mock-fetch.ts';
import { monthlyBody, shiftBody } from '../../../testing/shift-fixtures.ts';
import { renderableApp } from '../../../testing/test-providers.tsx';
import { periodOfKey } from '../lib/shift-grid-model.ts';
import { ShiftDayView, ShiftPrintView } from './shift-day-and-print.tsx';

const staff = (id: number, name: string) => ({
  id,
  friendId: null,
  name,
  pictureUrl: null,
  isHelper: true,
  isFollowing: false,
  employeeNumber: `S${id}`,
  status: 'APPROVED' as const,
  managerNotes: null,
  maxHoursPerDay: null,
  maxHoursPerWeek: null,
  maxHoursPerMonth: null,
  targetHoursPerMonth: null,
  createdAt: '2026-11-01T00:00:00.000Z',
  updatedAt: '2026-11-01T00:00:00.000Z',
});

function renderWith(element: React.ReactNode) {
  mockFetch({
    'GET /shift/api/v1/store/5/staff-shift/monthly': {
      body: monthlyBody({
        year: 2026,
        month: 12,
        staff: [staff(1, '佐藤'), staff(2, '鈴木')],
        shifts: [
          shiftBody({ id: 1, staffId: 1, date: '2026-12-05', status: 'APPROVED', isRequested: false }),
          shiftBody({
            id: 2,
            staffId: 2,
            date: '2026-12-05',
            status: 'DRAFT',
            startAt: '2026-12-05T18:00:00+09:00',
            endAt: '2026-12-06T02:00:00+09:00',
            endDayDiff: 1,
          }),
          shiftBody({ id: 3, staffId: 2, date: '2026-12-06' }),
        ],
      }),
    },
  });
  const { ui } = renderableApp({ routes: [{ path: '/', element }], initialPath: '/', language: 'ja' });
  render(ui);
}

describe('ShiftDayView and ShiftPrintView', { timeout: 40_000 }, () => {
  it('draws each shift of the day as a bar from its start, an overnight one running to the day end', async () => {
    renderWith(<ShiftDayView storeId={5} date="2026-12-05" onDateChange={() => undefined} />);
    const table = await screen.findByRole('table', { name: '2026/12/05 のタイムライン' });
    // the hour labels run 0 to 24, the last one drawn inside the timeline (not centred on its edge)
    const shiftOf = (label: string) => getComputedStyle(within(table).getByText(label)).transform;
    expect(shiftOf('12')).toBe('translateX(-50%)');
    expect(shiftOf('24')).toBe('translateX(-100%)');
    const bars = [...table.querySelectorAll<HTMLElement>('[data-status]')];
    expect(bars.map((b) => `${b.dataset.status} ${b.textContent}`)).toEqual([
      'APPROVED 10:00-15:00',
      'DRAFT 18:00-翌02:00',
    ]);
    expect(getComputedStyle(bars[1]!).left).toBe('75%');
    expect(getComputedStyle(bars[1]!).width).toBe('25%');
  });

  it('prints approved and draft shifts of the period, not requests, with hours', async () => {
    renderWith(<ShiftPrintView storeId={5} storeName="梅田店" period={periodOfKey('2026-12')!} />);
    expect((await screen.findByRole('heading', { level: 2 })).textContent).toBe(
      '梅田店　2026年12月 シフト表',
    );
    const row = screen.getByRole('rowheader', { name: '鈴木' }).closest('tr')!;
    const cells = within(row).getAllByRole('cell');
    expect(cells[4]!.textContent).toBe('18:0002:00');
    expect(cells[5]!.textContent).toBe('');
    expect(cells.at(-1)!.textContent).toBe('8');
  });
});
