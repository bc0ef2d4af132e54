import fs from 'node:fs';
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
type Period = { key: string; startDate: string; endDate: string };
type Shift = { id: number; staffId: number; date: string; status: string; startAt: string };

/** The manager's own API calls, with the browser's session (Origin set as the page would). */
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

/** What the shift mini-app sends for its LINE user (LIFF ID token from the simulator's LIFF login). */
async function liff<T>(idToken: string, method: string, path: string, body?: unknown): Promise<T> {
  const response = await fetch(`${server.url}/shift/api/v1/liff/store/${store.id}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${idToken}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

let store: Store;
const cell = (staffId: number, date: string) => page.locator(`[data-cell="${staffId}|${date}"]`);
const tablePath = (extra = '') =>
  `/client/shift?lineAccountId=${store.lineAccountId}&shiftStoreId=${store.id}${extra}`;

describe('Shift: a LINE user signs up, the manager approves, drafts from requests, saves, approves, exports', () => {
  let idToken = '';
  let staffId = 0;
  let name = '';
  let period: Period;
  const requestDays: string[] = [];

  it('a friend of the account signs up as staff through the mini-app calls (PENDING)', async () => {
    store = (await api<{ data: Store[] }>('GET', '/shift/api/v1/store/')).data[0]!;
    const staff = (
      await api<{ data: { name: string }[] }>('GET', `/shift/api/v1/store/${store.id}/staff?limit=100`)
    ).data;
    const { users } = await sim<{
      users: { userId: string; displayName: string; friendships: { state: string }[] }[];
    }>('GET', '/users');
    const user = users.find(
      (u) => u.friendships.some((f) => f.state === 'friend') && !staff.some((s) => s.name === u.displayName),
    )!;
    name = user.displayName;
    ({ idToken } = await sim<{ idToken: string }>('POST', '/liff/login', {
      userId: user.userId,
      liffId: store.liffId,
    }));
    const me = await liff<{ staff: { id: number; status: string } }>(idToken, 'POST', '/staff', {
      employeeNumber: 'E2E-1',
    });
    expect(me.staff.status).toBe('PENDING');
    staffId = me.staff.id;
  });

  it('the manager approves them on the staff page', async () => {
    await page.goto(`${server.url}${tablePath().replace('/client/shift?', '/client/shift/staff?')}`);
    await page.getByRole('checkbox', { name: `${name}を選択` }).check();
    await page.getByRole('button', { name: '選択したスタッフを承認（1）' }).click();
    await expect
      .poll(() => page.getByText('1人をスタッフとして承認します', { exact: false }).isVisible())
      .toBe(true);
    await page.getByRole('button', { name: '承認する' }).click();
    await expect
      .poll(async () => (await liff<{ staff: { status: string } }>(idToken, 'GET', '/me')).staff.status)
      .toBe('APPROVED');
  });

  it('the staff member submits requests for the open period', async () => {
    ({ period } = await liff<{ period: Period }>(idToken, 'GET', '/period'));
    for (const n of [2, 3, 5]) {
      const d = new Date(`${period.startDate}T00:00:00Z`);
      d.setUTCDate(d.getUTCDate() + n);
      requestDays.push(d.toISOString().slice(0, 10));
    }
    await liff(idToken, 'PUT', '/requests', {
      requests: requestDays.map((day) => ({ startAt: `${day}T10:00`, endAt: `${day}T15:00` })),
    });
  });

  it('the manager drafts from the requests in the grid and saves them all', async () => {
    await page.goto(`${server.url}${tablePath(`&period=${period.key}`)}`);
    const first = cell(staffId, requestDays[0]!);
    await expect
      .poll(() => first.locator('[data-status]').first().getAttribute('data-status'))
      .toBe('REQUEST');
    await page.getByRole('button', { name: '希望から下書きを作成' }).click();
    await expect.poll(() => first.locator('[data-status]').first().getAttribute('data-status')).toBe('DRAFT');
    // One cell edited by keyboard-free double click: a later start, saved with the rest.
    await cell(staffId, requestDays[1]!).dblclick();
    await page.getByLabel('開始').selectOption('11:00');
    await page.getByRole('button', { name: '適用' }).click();
    await page.getByRole('button', { name: /^すべて保存/ }).click();
    await expect.poll(() => page.getByText(/件のシフトを保存しました/).isVisible()).toBe(true);
    await expect.poll(() => cell(staffId, requestDays[1]!).textContent()).toBe('11:00-15:00*');
    await screenshot(page, 'shift-table-drafted');
  });

  it('approves all drafts after a confirmation with the count, and downloads the CSV', async () => {
    const before = await api<MonthlyShifts>(
      'GET',
      `/shift/api/v1/store/${store.id}/staff-shift/monthly?year=${period.startDate.slice(0, 4)}&month=${Number(period.startDate.slice(5, 7))}`,
    );
    // the table's compact rows (contracts' shift-table.ts) as shifts
    const drafts = before.shifts
      .map((r) => expandTableShift(r, before.days, before.storeId))
      .filter((s) => s.status === 'DRAFT').length;
    expect(drafts).toBeGreaterThan(3);
    await page.getByRole('button', { name: '下書きを一括確定' }).click();
    await expect
      .poll(() => page.getByText(`この期間の下書き ${drafts}件 を確定します`, { exact: false }).isVisible())
      .toBe(true);
    await page.getByRole('dialog').getByRole('button', { name: '下書きを一括確定' }).click();
    await expect.poll(() => page.getByText(`${drafts}件のシフトを確定しました`).isVisible()).toBe(true);
    await expect
      .poll(() => cell(staffId, requestDays[0]!).locator('[data-status]').first().getAttribute('data-status'))
      .toBe('APPROVED');
    await screenshot(page, 'shift-table-approved');

    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'CSV（月）' }).click();
    const file = await (await download).path();
    const csv = fs.readFileSync(file, 'utf8');
    expect(csv.charCodeAt(0)).toBe(0xfeff);
    const row = csv.split('\r\n').find((line) => line.includes(name))!;
    expect(row).toContain('10:00-15:00');
    expect(row).toContain('11:00-15:00');
  });

  it('the staff member sees the confirmed shifts through the mini-app calls', async () => {
    const mine = await liff<Shift[]>(
      idToken,
      'GET',
      `/shifts?startAtMin=${period.startDate}T00:00&startAtMax=${period.endDate}T23:59`,
    );
    expect(mine.map((s) => `${s.date} ${s.status} ${s.startAt.slice(11, 16)}`)).toEqual([
      `${requestDays[0]} APPROVED 10:00`,
      `${requestDays[1]} APPROVED 11:00`,
      `${requestDays[2]} APPROVED 10:00`,
    ]);
  });
});

describe('Shift table with 50 staff x 31 days (figures printed, not asserted)', () => {
  it('renders and scrolls a full month', { timeout: 240_000 }, async () => {
    // A month two periods ahead of the open one, filled through the API as a busy store would have it.
    const closure = await api<{ openPeriod: Period }>('GET', `/shift/api/v1/store/${store.id}/shift-closure`);
    const open = new Date(`${closure.openPeriod.startDate}T00:00:00Z`);
    // The first 31-day month after the one following the open period (nothing of it is in the demo).
    open.setUTCMonth(open.getUTCMonth() + 2);
    while (new Date(Date.UTC(open.getUTCFullYear(), open.getUTCMonth() + 1, 0)).getUTCDate() !== 31) {
      open.setUTCMonth(open.getUTCMonth() + 1);
    }
    const year = open.getUTCFullYear();
    const month = open.getUTCMonth() + 1;
    const ym = `${year}-${String(month).padStart(2, '0')}`;
    const lastDay = new Date(Date.UTC(year, month, 0)).getUTCDate();
    const staff = (
      await api<{ data: { id: number }[] }>(
        'GET',
        `/shift/api/v1/store/${store.id}/staff?status=APPROVED&limit=100`,
      )
    ).data.map((s) => s.id);
    while (staff.length < 50) {
      const helper = await api<{ id: number }>('POST', `/shift/api/v1/store/${store.id}/staff/helper`, {
        name: `応援 ${staff.length + 1}`,
      });
      staff.push(helper.id);
    }
    const toCreate = staff.flatMap((id, i) =>
      Array.from({ length: lastDay }, (_, d) => {
        const day = `${ym}-${String(d + 1).padStart(2, '0')}`;
        const late = (i + d) % 3 === 0;
        return {
          staffId: id,
          startAt: `${day}T${late ? '15:00' : '10:00'}`,
          endAt: `${day}T${late ? '21:00' : '15:00'}`,
        };
      }),
    );
    await api('PUT', `/shift/api/v1/store/${store.id}/staff-shift/save-shift`, {
      date: `${ym}-01`,
      toCreate,
    });

    const started = Date.now();
    const monthly = page.waitForResponse((r) => r.url().includes('/staff-shift/monthly?'));
    await page.goto(`${server.url}${tablePath(`&period=${ym}`)}`);
    const apiMs = Date.now() - started;
    await monthly;
    const monthlyAt = Date.now() - started;
    await page.locator(`[data-cell="${staff[49]}|${ym}-${lastDay}"] [data-status]`).waitFor();
    const interactive = Date.now() - started;
    const grid = page.getByRole('grid');
    await grid.focus();
    const keyStart = Date.now();
    await page.keyboard.press('ArrowRight');
    await page.locator('td.foc').waitFor();
    const keyMs = Date.now() - keyStart;
    const cells = await page.locator('td[role="gridcell"]').count();
    await screenshot(page, 'shift-table-50x31');

    // Scroll trace: frame intervals while the grid scrolls down and right in small steps.
    const client = await page.context().newCDPSession(page);
    const events: { name: string; ph: string; ts: number; dur?: number }[] = [];
    client.on('Tracing.dataCollected', (e) =>
      events.push(...(e.value as unknown as { name: string; ph: string; ts: number; dur?: number }[])),
    );
    const traced = new Promise((resolve) => client.once('Tracing.tracingComplete', resolve));
    await client.send('Tracing.start', {
      categories: 'devtools.timeline,disabled-by-default-devtools.timeline,blink',
      transferMode: 'ReportEvents',
    });
    const frames = await page.evaluate(async () => {
      const box = document.querySelector<HTMLElement>('[data-testid="shift-grid"]')!;
      const times: number[] = [];
      let last = performance.now();
      for (let i = 0; i < 120; i++) {
        box.scrollTop += 25;
        box.scrollLeft += 20;
        await new Promise((r) => requestAnimationFrame(() => r(null)));
        const now = performance.now();
        times.push(now - last);
        last = now;
      }
      return times;
    });
    await client.send('Tracing.end');
    await traced;
    // Complete events carry their duration; begin/end pairs are matched in order.
    const ms = (name: string) => {
      let total = 0;
      const open: number[] = [];
      for (const e of events.filter((x) => x.name === name).sort((a, b) => a.ts - b.ts)) {
        if (e.ph === 'X') total += e.dur ?? 0;
        else if (e.ph === 'B') open.push(e.ts);
        else if (e.ph === 'E' && open.length > 0) total += e.ts - open.pop()!;
      }
      return total / 1000;
    };
    const longTasks = events.filter((e) => e.name === 'RunTask' && (e.dur ?? 0) > 50_000).length;
    const sorted = [...frames].sort((a, b) => a - b);
    const pct = (p: number) =>
      sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!.toFixed(1);
    const long = frames.filter((f) => f > 50).length;
    console.log(
      `[shift grid 50x31] cells=${cells} page-loaded=${apiMs}ms month-data-at=${monthlyAt}ms time-to-interactive=${interactive}ms first-arrow-key=${keyMs}ms ` +
        `scroll frames=${frames.length} median=${pct(50)}ms p95=${pct(95)}ms max=${sorted.at(-1)!.toFixed(1)}ms >50ms=${long} ` +
        `trace: long tasks=${longTasks} script=${ms('FunctionCall').toFixed(0)}ms`,
    );
    expect(cells).toBe(50 * lastDay);
  });
});
