import type { LiffAppInfo } from '@app/contracts';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { LiffSessionProvider } from '../../components/liff-shell/liff-shell.tsx';
import { mockFetch } from '../../testing/mock-fetch.ts';
import { RequestsTab } from './requests-tab.tsx';
import { shiftLiffTexts } from './shift-liff-texts.ts';
import { staffRequest } from '../../testing/shift-fixtures.ts';

const L = '/shift/api/v1/liff/store/5';
const period = {
  key: '2026-12',
  startDate: '2026-12-01',
  endDate: '2026-12-31',
  closingDate: '2026-11-25',
  closesAt: '2026-11-26T00:00:00+09:00',
};
const shift = staffRequest;
const session = {
  info: { storeId: 5 } as LiffAppInfo,
  idToken: 'id-token',
  profile: { userId: 'U1', displayName: '春野 ひなた', pictureUrl: null },
  isFriend: true,
};

function renderTab() {
  const sent: unknown[] = [];
  const fetchMock = mockFetch({
    [`GET ${L}/period`]: { body: { period, timeDivisionSetting: 15, hasSubmitted: true } },
    [`GET ${L}/remarks`]: {
      body: [{ id: 9, staffId: 3, date: '2026-12-05', remark: '棚卸しの日です', updatedAt: '' }],
    },
    [`GET ${L}/requests`]: {
      body: {
        period,
        shifts: [
          shift({
            id: 2,
            status: 'APPROVED',
            date: '2026-12-02',
            startAt: '2026-12-02T09:00:00+09:00',
            endAt: '2026-12-02T13:00:00+09:00',
          }),
          shift({}),
        ],
      },
    },
    [`PUT ${L}/requests`]: ({ body }) => {
      sent.push(body);
      const requests = (body as { requests: { startAt: string; endAt: string; isRest: boolean }[] }).requests;
      return {
        body: {
          period,
          shifts: requests.map((r, i) =>
            shift({
              id: 10 + i,
              date: r.startAt.slice(0, 10),
              startAt: `${r.startAt}:00+09:00`,
              endAt: `${r.endAt}:00+09:00`,
              isRest: r.isRest,
            }),
          ),
        },
      };
    },
  });
  render(
    <LiffSessionProvider session={session} texts={shiftLiffTexts.ja}>
      <RequestsTab base={L} timeZone="Asia/Tokyo" />
    </LiffSessionProvider>,
  );
  return { sent, fetchMock };
}

const row = (day: string) => document.querySelector<HTMLElement>(`li[data-day="${day}"]`)!;

describe('shift mini-app: the requests of the open period', () => {
  it('shows sent requests, locks handled days, edits a day in steps of the division and sends the whole set', async () => {
    const { sent, fetchMock } = renderTab();
    await screen.findByText('提出済み');
    expect(screen.getByTestId('request-2026-12-03').textContent).toBe('10:00〜15:00');
    // handled by the manager: locked with the confirmed times
    expect(screen.getByTestId('request-2026-12-02').textContent).toContain('確定 09:00〜13:00');
    expect(within(row('2026-12-02')).getByRole('button')).toHaveProperty('disabled', true);
    expect(within(row('2026-12-05')).getByText(/棚卸しの日です/)).toBeTruthy();
    const send = screen.getByRole('button', { name: '変更を送信する' });
    expect(send).toHaveProperty('disabled', true);

    // a new day: work, 15-minute steps, until 18:45
    fireEvent.click(within(row('2026-12-04')).getByRole('button'));
    fireEvent.click(within(row('2026-12-04')).getByRole('radio', { name: '出勤' }));
    const minutes = within(row('2026-12-04')).getByLabelText('終了 分');
    expect([...minutes.querySelectorAll('option')].map((o) => o.textContent)).toEqual([
      '00',
      '15',
      '30',
      '45',
    ]);
    fireEvent.change(within(row('2026-12-04')).getByLabelText('終了 時'), { target: { value: '18' } });
    fireEvent.change(minutes, { target: { value: '45' } });
    expect(within(row('2026-12-04')).getByText('8時間45分')).toBeTruthy();
    // the sent day becomes a day off
    fireEvent.click(within(row('2026-12-03')).getByRole('button'));
    fireEvent.click(within(row('2026-12-03')).getByRole('radio', { name: '休み' }));
    expect(screen.getByText(/出勤 1日・休み 1日/)).toBeTruthy();

    fireEvent.click(send);
    await screen.findByText('変更を送信しました');
    expect(sent).toEqual([
      {
        requests: [
          { startAt: '2026-12-03T00:00', endAt: '2026-12-04T00:00', isRest: true },
          { startAt: '2026-12-04T10:00', endAt: '2026-12-04T18:45', isRest: false },
        ],
      },
    ]);
    // every call carried the LIFF ID token
    for (const [, init] of fetchMock.mock.calls) {
      expect((init?.headers as Record<string, string>).authorization).toBe('Bearer id-token');
    }
    await waitFor(() => expect(screen.getByTestId('request-2026-12-03').textContent).toBe('休み'));
  });

  it("shows the server's refusal in Japanese and keeps the edits", async () => {
    mockFetch({
      [`GET ${L}/period`]: { body: { period, timeDivisionSetting: 30, hasSubmitted: false } },
      [`GET ${L}/remarks`]: { body: [] },
      [`GET ${L}/requests`]: { body: { period, shifts: [] } },
      [`PUT ${L}/requests`]: {
        status: 409,
        body: {
          success: false,
          code: 'CONFLICT',
          message: 'The shift overlaps another shift of the same staff member',
        },
      },
    });
    render(
      <LiffSessionProvider session={session} texts={shiftLiffTexts.ja}>
        <RequestsTab base={L} timeZone="Asia/Tokyo" />
      </LiffSessionProvider>,
    );
    await screen.findByText('未提出');
    fireEvent.click(within(row('2026-12-10')).getByRole('button'));
    fireEvent.click(within(row('2026-12-10')).getByRole('radio', { name: '出勤' }));
    fireEvent.click(screen.getByRole('button', { name: 'この内容で提出する' }));
    await screen.findByText('同じ時間帯に別のシフトがあります。');
    expect(screen.getByTestId('request-2026-12-10').textContent).toContain('10:00〜15:00');
  });
});
