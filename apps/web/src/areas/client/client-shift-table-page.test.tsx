import { shiftMessages, type ShiftClosure, type ShiftStaff } from '@app/contracts';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { failure, mockFetch } from '../../testing/mock-fetch.ts';
import { renderableApp } from '../../testing/test-providers.tsx';
import { monthlyBody, shiftBody } from '../../testing/shift-fixtures.ts';
import { periodOfKey } from '../../features/shift/lib/shift-grid-model.ts';
import { ShiftTable } from './client-shift-table-page.tsx';

const S = '/shift/api/v1/store/5';
const staffBody = (id: number, name: string): ShiftStaff => ({
  id,
  friendId: id + 100,
  name,
  pictureUrl: null,
  isHelper: false,
  isFollowing: true,
  employeeNumber: `S${id}`,
  status: 'APPROVED',
  managerNotes: null,
  maxHoursPerDay: null,
  maxHoursPerWeek: null,
  maxHoursPerMonth: null,
  targetHoursPerMonth: null,
  createdAt: '2026-11-01T00:00:00.000Z',
  updatedAt: '2026-11-01T00:00:00.000Z',
});
const closure: ShiftClosure = {
  storeId: 5,
  pattern: 'FULL_MONTH',
  dayOfMonth: 25,
  firstHalfDate: 16,
  secondHalfDate: 1,
  isPublished: true,
  timeDivisionSetting: 30,
  minRestHours: 11,
  maxHoursPerDay: null,
  maxHoursPerWeek: null,
  maxHoursPerMonth: null,
  allowMultipleShiftsPerDay: false,
  openPeriod: {
    key: '2026-12',
    startDate: '2026-12-01',
    endDate: '2026-12-31',
    closingDate: '2026-11-25',
    closesAt: '2026-11-26T00:00:00+09:00',
  },
};

const shifts = [
  shiftBody({ id: 1, staffId: 1, date: '2026-12-01' }),
  shiftBody({
    id: 2,
    staffId: 1,
    date: '2026-12-02',
    status: 'DRAFT',
    isRequested: true,
    hasBeenModified: true,
    startAt: '2026-12-02T12:00:00+09:00',
    originalStartAt: '2026-12-02T10:00:00+09:00',
    originalEndAt: '2026-12-02T15:00:00+09:00',
  }),
  shiftBody({ id: 3, staffId: 2, date: '2026-12-01', status: 'APPROVED', isRequested: false }),
  shiftBody({ id: 4, staffId: 2, date: '2026-12-02', status: 'DRAFT', isRest: true }),
  shiftBody({
    id: 5,
    staffId: 2,
    date: '2026-12-03',
    status: 'DRAFT',
    startAt: '2026-12-03T22:00:00+09:00',
    endAt: '2026-12-04T02:00:00+09:00',
    endDayDiff: 1,
  }),
];

function renderTable(saveReply?: (body: unknown) => { status?: number; body?: unknown }) {
  const saved: unknown[] = [];
  mockFetch({
    [`GET ${S}/staff-shift/monthly`]: {
      body: monthlyBody({
        year: 2026,
        month: 12,
        staff: [
          staffBody(1, '佐藤 美咲'),
          staffBody(2, '鈴木 大翔'),
          { ...staffBody(3, '保留 さん'), status: 'PENDING' },
        ],
        shifts,
      }),
    },
    [`GET ${S}/staff-remark`]: {
      body: [
        { id: 1, staffId: 1, date: '2026-12-01', remark: '午前のみ', updatedAt: '2026-11-01T00:00:00.000Z' },
      ],
    },
    [`GET ${S}/normal-rule`]: { body: [] },
    [`GET ${S}/special-rule`]: { body: [] },
    [`GET ${S}/shift-pattern`]: {
      body: [
        {
          id: 9,
          storeId: 5,
          name: '遅番',
          startHour: 15,
          startMinute: 0,
          endHour: 21,
          endMinute: 0,
          endDayDiff: 0,
        },
      ],
    },
    [`PUT ${S}/staff-shift/save-shift`]: ({ body }) => {
      saved.push(body);
      return (
        saveReply?.(body) ?? {
          body: {
            period: closure.openPeriod,
            updatedIds: [],
            created: [],
          },
        }
      );
    },
  });
  const { ui } = renderableApp({
    routes: [
      {
        path: '/',
        element: (
          <ShiftTable
            storeId={5}
            closure={closure}
            period={periodOfKey('2026-12')!}
            canManage
            onPeriodChange={() => undefined}
          />
        ),
      },
    ],
    initialPath: '/',
    language: 'ja',
  });
  render(ui);
  return { saved };
}

const cell = (staffId: number, date: string) =>
  document.querySelector<HTMLElement>(`[data-cell="${staffId}|${date}"]`)!;

describe('ShiftTable', { timeout: 40_000 }, () => {
  it('shows request, draft, approved, rest, overnight, modified marks and remarks in their cells', async () => {
    renderTable();
    const grid = await screen.findByRole('grid');
    // Approved staff only, in employee-number order.
    expect(
      within(grid)
        .getAllByRole('rowheader')
        .map((h) => h.textContent),
    ).toEqual(['佐藤 美咲S1', '鈴木 大翔S2', '日計（時間）']);
    const status = (el: HTMLElement) =>
      [...el.querySelectorAll<HTMLElement>('[data-status]')].map(
        (s) => `${s.dataset.status} ${s.textContent}`,
      );
    expect(status(cell(1, '2026-12-01'))).toEqual(['REQUEST 10:00-15:00']);
    expect(status(cell(1, '2026-12-02'))).toEqual(['DRAFT 12:00-15:00*']);
    expect(cell(1, '2026-12-02').title).toContain('元の希望 10:00-15:00');
    expect(cell(1, '2026-12-01').title).toContain('備考: 午前のみ');
    expect(status(cell(2, '2026-12-01'))).toEqual(['APPROVED 10:00-15:00']);
    expect(status(cell(2, '2026-12-02'))).toEqual(['DRAFT 休']);
    expect(status(cell(2, '2026-12-03'))).toEqual(['DRAFT 22:00-翌02:00']);
    // A screen reader reads each cell whole: staff, date, hours and status (the grid's own header cells
    // are not repeated per cell by every reader).
    expect(
      within(grid).getByRole('gridcell', { name: '佐藤 美咲 12/1(火) 10:00-15:00 希望 備考: 午前のみ' }),
    ).toBe(cell(1, '2026-12-01'));
    expect(cell(2, '2026-12-02').getAttribute('aria-label')).toBe('鈴木 大翔 12/2(水) 休 下書き');
    expect(cell(2, '2026-12-04').getAttribute('aria-label')).toBe('鈴木 大翔 12/4(金) シフトなし');
    // Planned hours: drafts and approved, not requests nor rest days (3 + 5 + 4).
    expect(grid.querySelector('tbody tr:nth-child(1) td.total')!.textContent).toBe('3');
    expect(grid.querySelector('tbody tr:nth-child(2) td.total')!.textContent).toBe('9');
  });

  it('edits with the keyboard: arrows move, Enter opens the cell, a pattern applies, Save sends the change', async () => {
    const { saved } = renderTable();
    const grid = await screen.findByRole('grid');
    grid.focus();
    fireEvent.keyDown(grid, { key: 'ArrowDown' }); // 鈴木, 12/1 (approved)
    fireEvent.keyDown(grid, { key: 'Enter' });
    expect(
      await screen.findByText('確定済みのシフトは変更できません。変更するには確定を取り消してください。'),
    ).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'キャンセル' }));
    fireEvent.keyDown(grid, { key: 'ArrowUp' }); // 佐藤, 12/1 (request)
    fireEvent.keyDown(grid, { key: 'Enter' });
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: '遅番 15:00-21:00' }));
    fireEvent.click(within(dialog).getByRole('button', { name: '適用' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const edited = cell(1, '2026-12-01').querySelector<HTMLElement>('[data-status]')!;
    expect(edited.dataset.status).toBe('DRAFT');
    expect(edited.textContent).toBe('15:00-21:00');
    expect(edited.className).toContain('dirty');
    fireEvent.click(screen.getByRole('button', { name: 'すべて保存（1）' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]).toEqual({
      date: '2026-12-01',
      toDraft: [1],
      toRequest: [],
      toUpdate: [{ id: 1, startAt: '2026-12-01T15:00', endAt: '2026-12-01T21:00' }],
      toCreate: [],
    });
  });

  it('moves with Home and End along the row, and with Ctrl to the first and last cell of the grid', async () => {
    renderTable();
    const grid = await screen.findByRole('grid');
    grid.focus();
    const rows = [...grid.querySelectorAll('tbody tr')].map((tr) => [
      ...tr.querySelectorAll<HTMLElement>('td[role="gridcell"]'),
    ]);
    const first = rows[0]!;
    const last = rows.at(-1)!;
    const focused = () => grid.getAttribute('aria-activedescendant');
    fireEvent.keyDown(grid, { key: 'End' });
    expect(focused()).toBe(first.at(-1)!.id);
    fireEvent.keyDown(grid, { key: 'Home' });
    expect(focused()).toBe(first[0]!.id);
    fireEvent.keyDown(grid, { key: 'End', ctrlKey: true });
    expect(focused()).toBe(last.at(-1)!.id);
    fireEvent.keyDown(grid, { key: 'Home', ctrlKey: true });
    expect(focused()).toBe(first[0]!.id);
  });

  it('selects cells with Shift+arrows, makes them rest days, and shows the server refusal on the refused cell', async () => {
    const { saved } = renderTable(() => ({
      status: 409,
      body: failure(409, 'CONFLICT', shiftMessages.overlap, [
        { path: 'toCreate.0', message: shiftMessages.overlap },
      ]),
    }));
    const grid = await screen.findByRole('grid');
    grid.focus();
    fireEvent.keyDown(grid, { key: 'ArrowRight' });
    fireEvent.keyDown(grid, { key: 'ArrowRight' });
    fireEvent.keyDown(grid, { key: 'ArrowRight' }); // 佐藤 12/4 (empty)
    fireEvent.keyDown(grid, { key: 'ArrowDown', shiftKey: true }); // + 鈴木 12/4 (empty)
    expect(grid.querySelectorAll('[aria-selected="true"]')).toHaveLength(2);
    fireEvent.click(screen.getByRole('button', { name: '休みにする' }));
    expect(cell(1, '2026-12-04').textContent).toBe('休');
    fireEvent.click(screen.getByRole('button', { name: 'すべて保存（2）' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect((saved[0] as { toCreate: unknown[] }).toCreate).toEqual([
      { staffId: 1, startAt: '2026-12-04T00:00', endAt: '2026-12-05T00:00', isRest: true },
      { staffId: 2, startAt: '2026-12-04T00:00', endAt: '2026-12-05T00:00', isRest: true },
    ]);
    expect(await screen.findByText(/保存できませんでした（赤枠のセル）/)).toBeTruthy();
    expect(cell(1, '2026-12-04').className).toContain('err');
    expect(cell(1, '2026-12-04').title).toContain('同じスタッフの別のシフトと時間が重なっています');
    expect(cell(2, '2026-12-04').className).not.toContain('err');
    // The unsaved changes stay for the manager to fix; Escape keeps only the focused cell selected.
    fireEvent.keyDown(grid, { key: 'Escape' });
    expect(grid.querySelectorAll('[aria-selected="true"]')).toHaveLength(1);
    expect(screen.getByRole('button', { name: 'すべて保存（2）' })).toBeTruthy();
  });
});
