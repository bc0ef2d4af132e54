import { shiftMessages } from '@app/contracts';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { failure, mockFetch } from '../../../testing/mock-fetch.ts';
import { renderableApp } from '../../../testing/test-providers.tsx';
import { ShiftSettingsPage } from './shift-settings-page.tsx';

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
    [`GET ${S}/shift-pattern`]: { body: [] },
    [`GET ${S}/special-rule`]: { body: [] },
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
});
