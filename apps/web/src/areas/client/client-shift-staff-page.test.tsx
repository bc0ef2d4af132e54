import { shiftMessages, type ShiftClosure, type ShiftStaff } from '@app/contracts';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { failure, mockFetch } from '../../testing/mock-fetch.ts';
import { renderableApp } from '../../testing/test-providers.tsx';
import { ShiftStaffPage } from './client-shift-staff-page.tsx';

const S = '/shift/api/v1/store/5';
const person = (id: number, name: string, status: 'PENDING' | 'APPROVED'): ShiftStaff => ({
  id,
  friendId: id + 100,
  name,
  pictureUrl: null,
  isHelper: false,
  isFollowing: true,
  employeeNumber: null,
  status,
  managerNotes: null,
  maxHoursPerDay: null,
  maxHoursPerWeek: null,
  maxHoursPerMonth: null,
  targetHoursPerMonth: null,
  createdAt: '2026-11-01T00:00:00.000Z',
  updatedAt: '2026-11-01T00:00:00.000Z',
});
const pageOf = (data: ShiftStaff[]) => ({
  data,
  pagination: { currentPage: 1, totalPages: 1, itemsPerPage: 100, totalItems: data.length },
});

function renderPage() {
  const staff = [
    person(1, '佐藤 美咲', 'PENDING'),
    person(2, '鈴木 大翔', 'PENDING'),
    person(3, '高橋 結衣', 'APPROVED'),
  ];
  const calls: { method: string; body: unknown }[] = [];
  mockFetch({
    [`GET ${S}/staff`]: ({ url }) => ({
      body: pageOf(staff.filter((s) => url.includes(`status=${s.status}`))),
    }),
    [`PATCH ${S}/staff/bulk-approve`]: ({ body }) => {
      calls.push({ method: 'approve', body });
      for (const id of (body as { staffIds: number[] }).staffIds)
        staff.find((s) => s.id === id)!.status = 'APPROVED';
      return { body: { success: true, count: 1 } };
    },
    [`GET ${S}/shift-closure`]: () => ({
      body: {
        storeId: 5,
        pattern: 'FULL_MONTH',
        dayOfMonth: 20,
        firstHalfDate: 20,
        secondHalfDate: 5,
        isPublished: true,
        timeDivisionSetting: 30,
        minRestHours: 11,
        maxHoursPerDay: 8,
        maxHoursPerWeek: null,
        maxHoursPerMonth: null,
        allowMultipleShiftsPerDay: false,
        openPeriod: null,
      } satisfies ShiftClosure,
    }),
    [`PATCH ${S}/staff/2`]: ({ body }) => {
      calls.push({ method: 'update', body });
      return { body: { ...staff[1]!, ...(body as object) } };
    },
    [`PATCH ${S}/staff/3`]: ({ body }) => {
      calls.push({ method: 'update', body });
      return {
        status: 400,
        body: failure(400, 'VALIDATION_ERROR', 'Validation failed', [
          { path: 'employeeNumber', message: shiftMessages.employeeNumberMax },
        ]),
      };
    },
  });
  const { ui } = renderableApp({
    routes: [{ path: '/', element: <ShiftStaffPage storeId={5} canManage /> }],
    initialPath: '/',
    language: 'ja',
  });
  render(ui);
  return { calls };
}

describe('ShiftStaffPage', { timeout: 40_000 }, () => {
  it('approves the selected pending staff after a confirmation that says how many', async () => {
    const { calls } = renderPage();
    fireEvent.click(await screen.findByRole('checkbox', { name: '佐藤 美咲を選択' }));
    fireEvent.click(screen.getByRole('button', { name: '選択したスタッフを承認（1）' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(/1人をスタッフとして承認します/)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: '承認する' }));
    await waitFor(() => expect(calls).toEqual([{ method: 'approve', body: { staffIds: [1] } }]));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(screen.queryByText('佐藤 美咲')).toBeNull());
    fireEvent.click(screen.getByRole('tab', { name: '承認済み' }));
    expect(await screen.findByText('佐藤 美咲')).toBeTruthy();
  });

  it("shows the server's refusal of an employee number on its field", async () => {
    const { calls } = renderPage();
    fireEvent.click(await screen.findByRole('tab', { name: '承認済み' }));
    await screen.findByText('高橋 結衣');
    fireEvent.click(screen.getByRole('button', { name: '編集' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText('従業員番号'), { target: { value: 'S-1' } });
    fireEvent.click(within(dialog).getByRole('button', { name: '保存' }));
    expect(await within(dialog).findByText('従業員番号は50文字以内で入力してください')).toBeTruthy();
    const noCaps = {
      maxHoursPerDay: null,
      maxHoursPerWeek: null,
      maxHoursPerMonth: null,
      targetHoursPerMonth: null,
    };
    expect(calls).toEqual([
      { method: 'update', body: { employeeNumber: 'S-1', managerNotes: null, ...noCaps } },
    ]);
  });

  it("sets a staff member's own caps and target, says what an empty cap means, and refuses a cap out of range", async () => {
    const { calls } = renderPage();
    await screen.findByText('鈴木 大翔');
    fireEvent.click(screen.getAllByRole('button', { name: '編集' })[1]!);
    const dialog = await screen.findByRole('dialog');
    const day = within(dialog).getByLabelText('1日の上限（時間）');
    await waitFor(() => expect(day.getAttribute('placeholder')).toBe('店舗の設定（8時間）'));
    expect(within(dialog).getByLabelText('週の上限（時間）').getAttribute('placeholder')).toBe(
      '店舗の設定（上限なし）',
    );
    expect(within(dialog).getByLabelText('月の目標（時間）').getAttribute('placeholder')).toBe('目標なし');

    fireEvent.change(day, { target: { value: '30' } });
    fireEvent.click(within(dialog).getByRole('button', { name: '保存' }));
    expect(await within(dialog).findByText('1日の上限は1〜24の整数（時間）で入力してください')).toBeTruthy();
    expect(calls).toEqual([]);

    fireEvent.change(day, { target: { value: '6' } });
    fireEvent.change(within(dialog).getByLabelText('月の目標（時間）'), { target: { value: '120' } });
    fireEvent.click(within(dialog).getByRole('button', { name: '保存' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls).toEqual([
      {
        method: 'update',
        body: {
          employeeNumber: null,
          managerNotes: null,
          maxHoursPerDay: 6,
          maxHoursPerWeek: null,
          maxHoursPerMonth: null,
          targetHoursPerMonth: 120,
        },
      },
    ]);
  });
});
