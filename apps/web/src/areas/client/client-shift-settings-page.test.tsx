import { shiftMessages } from '@app/contracts';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { failure, mockFetch } from '../../testing/mock-fetch.ts';
import { renderableApp } from '../../testing/test-providers.tsx';
import { ShiftSettingsPage } from './client-shift-settings-page.tsx';

const S = '/shift/api/v1/store/5';

function renderPage() {
  const calls: { what: string; body: unknown }[] = [];
  mockFetch({
    [`GET ${S}/shift-closure`]: {
      body: {
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
        openPeriod: null,
      },
    },
    [`GET ${S}/settings`]: {
      body: {
        storeId: 5,
        reminders: [
          { time: '20:00', dayGap: -1 },
          { time: null, dayGap: null },
          { time: null, dayGap: null },
        ],
      },
    },
    [`PUT ${S}/settings`]: ({ body }) => {
      calls.push({ what: 'reminders', body });
      return { body: { storeId: 5, ...(body as object) } };
    },
    [`GET ${S}/normal-rule`]: {
      body: [
        {
          id: 1,
          storeId: 5,
          dayOfWeek: '1',
          shiftStartTime: '10:00:00',
          shiftEndTime: '15:00:00',
          shiftDurationMinutes: 300,
          shiftEndDayDiff: 0,
          staffCount: 2,
          isRest: false,
        },
      ],
    },
    [`PUT ${S}/normal-rule`]: ({ body }) => {
      calls.push({ what: 'weekly', body });
      return {
        status: 400,
        body: failure(400, 'VALIDATION_ERROR', shiftMessages.staffCount, [
          { path: 'scheduleNormalRules.1.staffCount', message: shiftMessages.staffCount },
        ]),
      };
    },
    [`GET ${S}/shift-pattern`]: {
      body: [
        {
          id: 7,
          storeId: 5,
          name: '早番',
          startHour: 10,
          startMinute: 0,
          endHour: 15,
          endMinute: 0,
          endDayDiff: 0,
        },
      ],
    },
    [`PUT ${S}/shift-pattern/7`]: ({ body }) => {
      calls.push({ what: 'pattern', body });
      return { body: { id: 7, storeId: 5, ...(body as object) } };
    },
    [`GET ${S}/special-rule`]: {
      body: [
        {
          id: 3,
          storeId: 5,
          label: '年末の営業',
          specialRules: [
            {
              id: 31,
              specialRuleGroupId: 3,
              storeId: 5,
              shiftDurationMinutes: 480,
              shiftStartDateTime: '2026-12-31T10:00:00+09:00',
              shiftEndDateTime: '2026-12-31T18:00:00+09:00',
              staffCount: 4,
              isRest: false,
            },
          ],
        },
      ],
    },
    [`PUT ${S}/special-rule/3`]: ({ body }) => {
      calls.push({ what: 'special', body });
      return { body: { id: 3, storeId: 5, label: 'x', specialRules: [] } };
    },
  });
  const { ui } = renderableApp({
    routes: [{ path: '/', element: <ShiftSettingsPage storeId={5} canManage /> }],
    initialPath: '/',
    language: 'ja',
  });
  render(ui);
  return { calls };
}

describe('ShiftSettingsPage', { timeout: 40_000 }, () => {
  it('saves the three reminders (one off) and shows a refused weekly rule set in place', async () => {
    const { calls } = renderPage();
    const reminders = (await screen.findByRole('heading', { name: '提出リマインド（3件）' })).parentElement!;
    fireEvent.click(await within(reminders).findByRole('button', { name: '保存' }));
    await waitFor(() =>
      expect(calls).toEqual([
        {
          what: 'reminders',
          body: {
            reminders: [
              { time: '20:00', dayGap: -1 },
              { time: null, dayGap: null },
              { time: null, dayGap: null },
            ],
          },
        },
      ]),
    );
    expect(await within(reminders).findByText('保存しました')).toBeTruthy();

    const weekly = screen.getByRole('heading', { name: '曜日ごとの必要人数（週間ルール）' }).parentElement!;
    fireEvent.click((await within(weekly).findAllByRole('button', { name: '枠を追加' }))[0]!);
    const counts = within(weekly).getAllByLabelText('必要人数');
    fireEvent.change(counts[1]!, { target: { value: '-1' } });
    fireEvent.click(within(weekly).getByRole('button', { name: '保存' }));
    await waitFor(() => expect(calls).toHaveLength(2));
    expect(calls[1]).toEqual({
      what: 'weekly',
      body: {
        scheduleNormalRules: [
          {
            dayOfWeek: '1',
            shiftStartTime: '10:00',
            shiftEndTime: '15:00',
            shiftEndDayDiff: 0,
            staffCount: 2,
            isRest: false,
          },
          {
            dayOfWeek: '1',
            shiftStartTime: '10:00',
            shiftEndTime: '15:00',
            shiftEndDayDiff: 0,
            staffCount: -1,
            isRest: false,
          },
        ],
      },
    });
    expect(await within(weekly).findByText('人数は0以上の整数で入力してください')).toBeTruthy();
  });

  it('edits an existing shift pattern and special rule group in place (PUT with the same id)', async () => {
    const { calls } = renderPage();
    const patterns = (await screen.findByRole('heading', { name: 'シフトパターン' })).parentElement!;
    fireEvent.click(await within(patterns).findByRole('button', { name: '早番を編集' }));
    expect(within(patterns).getByLabelText('パターン名')).toHaveProperty('value', '早番');
    fireEvent.change(within(patterns).getByLabelText('パターン名'), { target: { value: '早番（短）' } });
    fireEvent.change(within(patterns).getByLabelText('終了'), { target: { value: '14:00' } });
    fireEvent.click(within(patterns).getByRole('button', { name: 'パターンを保存' }));
    await waitFor(() =>
      expect(calls).toContainEqual({
        what: 'pattern',
        body: { name: '早番（短）', startHour: 10, startMinute: 0, endHour: 14, endMinute: 0, endDayDiff: 0 },
      }),
    );
    await waitFor(() =>
      expect(within(patterns).queryByRole('button', { name: 'パターンを保存' })).toBeNull(),
    );

    const special = screen.getByRole('heading', { name: '特別ルール（日付指定）' }).parentElement!;
    fireEvent.click(await within(special).findByRole('button', { name: '年末の営業を編集' }));
    expect(within(special).getByLabelText('日付')).toHaveProperty('value', '2026-12-31');
    fireEvent.change(within(special).getByLabelText('必要人数'), { target: { value: '5' } });
    fireEvent.click(within(special).getByRole('button', { name: '特別ルールを保存' }));
    await waitFor(() =>
      expect(calls).toContainEqual({
        what: 'special',
        body: {
          label: '年末の営業',
          specialRules: [
            {
              shiftStartDateTime: '2026-12-31T10:00',
              shiftEndDateTime: '2026-12-31T18:00',
              staffCount: 5,
              isRest: false,
            },
          ],
        },
      }),
    );
  });
});
