import type { Browser, Page } from 'playwright-core';
import { expandTableShift, type MonthlyShifts } from '@app/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, screenshot, logIn } from './support/browser.ts';
import { startServer, type RunningServer } from './support/server.ts';

let server: RunningServer;
let browser: Browser;
let page: Page;

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  const context = await browser.newContext({ locale: 'ja-JP', viewport: { width: 1440, height: 900 } });
  page = await context.newPage();
  await logIn(page, server.url, 'manager@demo.example');
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

type Store = { id: number; lineAccountId: number; liffId: string };
type Closure = { openPeriod: { key: string; startDate: string; endDate: string } | null };
type Shift = { id: number; status: string; date: string };
type Preview = {
  proposed: { shiftId: number; staffId: number; date: string }[];
  slots: {
    date: string;
    startAt: string;
    assigned: number;
    required: number;
    reasons: { kind: string; text: string }[];
  }[];
  totals: { proposedShifts: number; filled: number; fillable: number; required: number; over: number };
};

async function api<T>(method: string, path: string, body?: unknown): Promise<T> {
  const response = await page.request.fetch(`${server.url}${path}`, {
    method,
    headers: { origin: server.url, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    data: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok()) throw new Error(`${method} ${path}: ${response.status()} ${await response.text()}`);
  return (await response.json()) as T;
}

/** The simulator's console (not LINE's). */
async function sim<T>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> {
  const response = await fetch(`${server.lineSimUrl}/_sim${path}`, {
    method,
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${method} /_sim${path}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

describe('Shift: the manager drafts the open period automatically, reads the gaps, accepts, approves', () => {
  let store: Store;
  let period: NonNullable<Closure['openPeriod']>;
  let expected: Preview;
  const monthly = async () => {
    const answer = await api<MonthlyShifts>(
      'GET',
      `/shift/api/v1/store/${store.id}/staff-shift/monthly?year=${period.startDate.slice(0, 4)}&month=${Number(period.startDate.slice(5, 7))}`,
    );
    // the table's compact rows (contracts' shift-table.ts) as shifts
    return { shifts: answer.shifts.map((r) => expandTableShift(r, answer.days, answer.storeId)) };
  };
  const inPeriod = (s: Shift) => s.date >= period.startDate && s.date <= period.endDate;

  it('opens the proposal from the shift table: drafts on the grid, totals, and the reasons of the gaps', async () => {
    store = (await api<{ data: Store[] }>('GET', '/shift/api/v1/store/')).data[0]!;
    period = (await api<Closure>('GET', `/shift/api/v1/store/${store.id}/shift-closure`)).openPeriod!;
    expect(period).toBeTruthy();
    // what the server proposes for the same window (the page must show the same)
    const end = new Date(`${period.endDate}T00:00:00Z`);
    end.setUTCDate(end.getUTCDate() + 1);
    expected = await api<Preview>('POST', `/shift/api/v1/store/${store.id}/staff-shift/auto-draft`, {
      startAtMin: `${period.startDate}T00:00`,
      startAtMax: `${end.toISOString().slice(0, 10)}T00:00`,
    });
    expect(expected.proposed.length).toBeGreaterThan(3);

    // a staff member without requests asks, in the mini-app, for the first hour of a slot nobody asked for
    // (that day, or at those hours on any day)
    const gap = expected.slots.find((x) =>
      x.reasons.some((r) => r.kind === 'NO_REQUEST' || r.kind === 'OUTSIDE_REQUESTS'),
    )!;
    const staff = (
      await api<{ data: { name: string; status: string }[] }>(
        'GET',
        `/shift/api/v1/store/${store.id}/staff?limit=100`,
      )
    ).data;
    const { users } = await sim<{ users: { userId: string; displayName: string }[] }>('GET', '/users');
    const asker = users.find((u) => staff.some((x) => x.name === u.displayName && x.status === 'APPROVED'))!;
    const { idToken } = await sim<{ idToken: string }>('POST', '/liff/login', {
      userId: asker.userId,
      liffId: store.liffId,
    });
    const hour = Number(gap.startAt.slice(11, 13));
    const hh = (h: number) => String(h).padStart(2, '0');
    const own = await fetch(`${server.url}/shift/api/v1/liff/store/${store.id}/requests`, {
      headers: { authorization: `Bearer ${idToken}` },
    });
    const mine = (
      (await own.json()) as { shifts: { status: string; startAt: string; endAt: string; isRest: boolean }[] }
    ).shifts.filter((r) => r.status === 'REQUEST');
    const put = await fetch(`${server.url}/shift/api/v1/liff/store/${store.id}/requests`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${idToken}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        requests: [
          ...mine.map((r) => ({
            startAt: r.startAt.slice(0, 16),
            endAt: r.endAt.slice(0, 16),
            isRest: r.isRest,
          })),
          { startAt: `${gap.date}T${hh(hour)}:00`, endAt: `${gap.date}T${hh(hour + 1)}:00` },
        ],
      }),
    });
    expect(put.status, await put.text()).toBe(200);
    expected = await api<Preview>('POST', `/shift/api/v1/store/${store.id}/staff-shift/auto-draft`, {
      startAtMin: `${period.startDate}T00:00`,
      startAtMax: `${end.toISOString().slice(0, 10)}T00:00`,
    });
    const partial = `${asker.displayName}さん: ${hh(hour)}:00〜${hh(hour + 1)}:00のみ希望`;
    const told = expected.slots.find((x) => x.date === gap.date && x.startAt === gap.startAt)!;
    expect(told.reasons.map((r) => r.text)).toContain(partial);

    await page.goto(
      `${server.url}/client/shift?lineAccountId=${store.lineAccountId}&shiftStoreId=${store.id}&period=${period.key}`,
    );
    await page.getByRole('button', { name: '自動で下書き' }).click();
    const panel = page.getByRole('region', { name: '自動下書きの案' });
    await expect.poll(() => panel.isVisible()).toBe(true);
    const { totals } = expected;
    await expect
      .poll(() => panel.getByTestId('auto-draft-totals').textContent())
      .toContain(`案 ${totals.proposedShifts}件`);
    expect(await panel.getByTestId('auto-draft-totals').textContent()).toContain(
      `${totals.filled}人枠を充足（埋められる上限 ${totals.fillable}）`,
    );
    if (totals.over > 0)
      expect(await panel.getByTestId('auto-draft-totals').textContent()).toContain(
        `必要人数を超える配置 ${totals.over}人枠`,
      );
    // a proposed request shows as a draft in its cell before anything is saved
    const first = expected.proposed[0]!;
    await expect
      .poll(() =>
        page
          .locator(`[data-cell="${first.staffId}|${first.date}"] [data-status]`)
          .first()
          .getAttribute('data-status'),
      )
      .toBe('DRAFT');
    expect((await monthly()).shifts.find((s) => s.id === first.shiftId)!.status).toBe('REQUEST');
    // every short slot is listed with its reasons in words
    const short = expected.slots.filter((s) => s.assigned < s.required);
    if (short.length > 0) {
      await expect.poll(() => panel.getByText(`埋まらなかった枠（${short.length}）`).isVisible()).toBe(true);
      await expect.poll(() => panel.getByText(short[0]!.reasons[0]!.text).first().isVisible()).toBe(true);
      // the partial request in words: who asked for which hours only
      const partial = short.flatMap((s) => s.reasons).find((r) => r.kind === 'PARTIAL_REQUEST')!;
      await expect.poll(() => panel.getByText(partial.text).first().isVisible()).toBe(true);
      await panel.getByText(partial.text).first().scrollIntoViewIfNeeded();
    } else {
      await expect.poll(() => panel.getByText('すべての枠が必要人数を満たします').isVisible()).toBe(true);
    }
    await screenshot(page, 'shift-auto-draft-preview');
  });

  it('accepts: the proposal is saved as drafts; then approving confirms them', async () => {
    const drafts = (await monthly()).shifts.filter((s) => inPeriod(s) && s.status === 'DRAFT').length;
    await page.getByRole('button', { name: 'この案で下書きを保存' }).click();
    await expect
      .poll(() => page.getByText(`${expected.proposed.length}件の下書きを保存しました`).isVisible())
      .toBe(true);
    const saved = (await monthly()).shifts.filter((s) => inPeriod(s) && s.status === 'DRAFT');
    expect(saved.length).toBe(drafts + expected.proposed.length);
    expect(saved.map((s) => s.id)).toEqual(expect.arrayContaining(expected.proposed.map((p) => p.shiftId)));

    await page.getByRole('button', { name: '下書きを一括確定' }).click();
    await page.getByRole('dialog').getByRole('button', { name: '下書きを一括確定' }).click();
    await expect.poll(() => page.getByText(`${saved.length}件のシフトを確定しました`).isVisible()).toBe(true);
    const after = (await monthly()).shifts.filter(inPeriod);
    for (const p of expected.proposed) expect(after.find((s) => s.id === p.shiftId)!.status).toBe('APPROVED');
    await screenshot(page, 'shift-auto-draft-approved');
  });
});
