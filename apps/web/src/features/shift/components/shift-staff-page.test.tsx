import { shiftMessages, type ShiftStaff } from '@app/contracts';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { failure, mockFetch } from '../../../testing/mock-fetch.ts';
import { renderableApp } from '../../../testing/test-providers.tsx';
import { ShiftStaffPage } from './shift-staff-page.tsx';

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
    expect(calls).toEqual([{ method: 'update', body: { employeeNumber: 'S-1', managerNotes: null } }]);
  });
});
