import fs from 'node:fs';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, screenshot, logIn } from './support/browser.ts';
import { startServer, type RunningServer } from './support/server.ts';
import { newSimUser, pickSimChannel } from './support/line-sim-page.ts';

/**
 * The shift service end to end, in the browser on both sides: a simulated LINE user follows the demo
 * account on the simulator's page and signs up in the shift mini-app (phone size, LIFF login from the
 * simulator fed to liff-mock); the manager approves them on the staff page; they submit requests for the
 * open period day by day; the manager drafts from the requests in the grid, saves, approves and
 * downloads the CSV; the staff member sees the confirmed shifts in the mini-app.
 */
const NAME = '春野 ひなた';
let server: RunningServer;
let browser: Browser;
let desk: Page;

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  const context = await browser.newContext({
    locale: 'ja-JP',
    viewport: { width: 1440, height: 900 },
    acceptDownloads: true,
  });
  desk = await context.newPage();
  await logIn(desk, server.url, 'manager@demo.example');
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const phone = (): Promise<BrowserContext> =>
  browser.newContext({
    locale: 'ja-JP',
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
    deviceScaleFactor: 2,
  });

/** The manager's own API calls (ids to build page addresses), with the browser's session. */
async function api<T>(path: string): Promise<T> {
  const response = await desk.request.fetch(`${server.url}${path}`, { headers: { origin: server.url } });
  if (!response.ok()) throw new Error(`GET ${path}: ${response.status()} ${await response.text()}`);
  return (await response.json()) as T;
}

const addDays = (day: string, n: number) => {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
};

describe('Shift mini-app: sign up, approval, requests, drafted, approved, seen in LINE', () => {
  let liffUrl = '';
  let app: Page;
  let store: { id: number; lineAccountId: number };
  let period: { key: string; startDate: string; endDate: string };
  let staffId = 0;
  const days: string[] = [];
  const cell = (date: string) => desk.locator(`[data-cell="${staffId}|${date}"]`);

  it('a simulated LINE user follows the account and opens the shift mini-app from the simulator page', async () => {
    const context = await browser.newContext({ locale: 'ja-JP', viewport: { width: 1280, height: 860 } });
    const sim = await context.newPage();
    await sim.goto(server.lineSimUrl);
    await pickSimChannel(sim, 'デモ商店 梅田店');
    await newSimUser(sim, NAME);
    await sim.getByRole('button', { name: '友だち追加', exact: true }).first().click();
    // the follow goes through the webhook to the API: give a loaded machine time
    await expect
      .poll(() => sim.getByText(`${NAME} が友だち追加しました`).first().isVisible(), { timeout: 20_000 })
      .toBe(true);
    const open = sim
      .locator('#liff-list li', { hasText: 'シフト管理サービス' })
      .getByRole('link', { name: '開く' });
    liffUrl = (await open.getAttribute('href')) ?? '';
    expect(liffUrl).toContain('/_sim/liff/launch/');
    await context.close();
  });

  it("signs up as staff in the mini-app and waits on the 'not approved' screen", async () => {
    app = await (await phone()).newPage();
    await app.goto(new URL(liffUrl, server.lineSimUrl).toString());
    await app.waitForURL((url) => url.pathname === '/liff/shift');
    const form = app.getByTestId('shift-signup');
    await expect.poll(() => form.isVisible(), { timeout: 20_000 }).toBe(true);
    expect(await form.getByText(`${NAME} さん、こんにちは。`, { exact: false }).isVisible()).toBe(true);
    await screenshot(app, 'shift-liff-signup');
    await app.getByLabel('従業員番号（わかる場合）').fill('E2E-7');
    await app.getByRole('button', { name: 'スタッフとして登録する' }).click();
    const pending = app.getByTestId('shift-pending');
    await expect.poll(() => pending.isVisible(), { timeout: 20_000 }).toBe(true);
    expect(
      await pending.getByText('スタッフとしてまだ承認されていません。', { exact: false }).isVisible(),
    ).toBe(true);
    await screenshot(app, 'shift-liff-pending');
  });

  it('the manager approves them on the staff page', async () => {
    store = (await api<{ data: { id: number; lineAccountId: number }[] }>('/shift/api/v1/store/')).data[0]!;
    await desk.goto(
      `${server.url}/client/shift/staff?lineAccountId=${store.lineAccountId}&shiftStoreId=${store.id}`,
    );
    await desk.getByRole('checkbox', { name: `${NAME}を選択` }).check();
    await desk.getByRole('button', { name: '選択したスタッフを承認（1）' }).click();
    await desk.getByRole('button', { name: '承認する' }).click();
    await expect
      .poll(async () => {
        const staff = await api<{ data: { id: number; name: string }[] }>(
          `/shift/api/v1/store/${store.id}/staff?status=APPROVED&limit=100`,
        );
        staffId = staff.data.find((s) => s.name === NAME)?.id ?? 0;
        return staffId;
      })
      .toBeGreaterThan(0);
  });

  it('submits requests for the open period day by day (work hours in steps, overnight, a day off)', async () => {
    ({ openPeriod: period } = await api<{ openPeriod: typeof period }>(
      `/shift/api/v1/store/${store.id}/shift-closure`,
    ));
    days.push(addDays(period.startDate, 2), addDays(period.startDate, 3), addDays(period.startDate, 5));
    await app.getByRole('button', { name: '再読み込み' }).click();
    const periodCard = app.getByTestId('shift-period');
    await expect.poll(() => periodCard.isVisible(), { timeout: 20_000 }).toBe(true);
    expect(await app.getByTestId('shift-submitted').textContent()).toBe('未提出');
    expect(await periodCard.getByText('提出期限', { exact: false }).isVisible()).toBe(true);
    const row = (day: string) => app.locator(`li[data-day="${day}"]`);

    // day 1: work, the default 10:00-15:00
    await row(days[0]!).locator('.shift-day-row').click();
    await row(days[0]!).getByRole('radio', { name: '出勤' }).click();
    expect(await app.getByTestId(`request-${days[0]}`).textContent()).toContain('10:00〜15:00');
    // day 2: work 17:30 to 01:00 the next day (30-minute steps: the minute choices are 00 and 30)
    await row(days[1]!).locator('.shift-day-row').click();
    await row(days[1]!).getByRole('radio', { name: '出勤' }).click();
    const minutes = await row(days[1]!).getByLabel('開始 分').locator('option').allTextContents();
    expect(minutes).toEqual(['00', '30']);
    await row(days[1]!).getByLabel('開始 時').selectOption('17');
    await row(days[1]!).getByLabel('開始 分').selectOption('30');
    await row(days[1]!).getByLabel('終了 時').selectOption('01');
    await row(days[1]!).getByLabel('終了 分').selectOption('00');
    expect(await row(days[1]!).getByText('7時間30分').isVisible()).toBe(true);
    expect(await app.getByTestId(`request-${days[1]}`).textContent()).toContain('17:30〜翌日 01:00');
    await screenshot(app, 'shift-liff-editing');
    // as the phone shows it: the sticky submit bar at the bottom of the screen
    await app.screenshot({ path: 'screenshots/shift-liff-editing-viewport.png' });
    await row(days[1]!).getByRole('button', { name: '閉じる' }).click();
    // day 3: a day off
    await row(days[2]!).locator('.shift-day-row').click();
    await row(days[2]!).getByRole('radio', { name: '休み' }).click();
    expect(await app.getByText('出勤 2日・休み 1日', { exact: false }).isVisible()).toBe(true);

    await app.getByRole('button', { name: 'この内容で提出する' }).click();
    await expect.poll(() => app.getByText('希望を提出しました').isVisible(), { timeout: 20_000 }).toBe(true);
    expect(await app.getByTestId('shift-submitted').textContent()).toBe('提出済み');
    await screenshot(app, 'shift-liff-submitted');
    // opened again: the requests already sent
    await app.reload();
    await expect
      .poll(() => app.getByTestId(`request-${days[1]}`).textContent(), { timeout: 20_000 })
      .toContain('17:30〜翌日 01:00');
    expect(await app.getByTestId(`request-${days[2]}`).textContent()).toContain('休み');
    expect(await app.getByRole('button', { name: '変更を送信する' }).isDisabled()).toBe(true);
  });

  it('the manager drafts from the requests in the grid, saves, approves and downloads the CSV', async () => {
    await desk.goto(
      `${server.url}/client/shift?lineAccountId=${store.lineAccountId}&shiftStoreId=${store.id}&period=${period.key}`,
    );
    const first = cell(days[0]!).locator('[data-status]').first();
    await expect.poll(() => first.getAttribute('data-status'), { timeout: 20_000 }).toBe('REQUEST');
    await desk.getByRole('button', { name: '希望から下書きを作成' }).click();
    await expect.poll(() => first.getAttribute('data-status')).toBe('DRAFT');
    await desk.getByRole('button', { name: /^すべて保存/ }).click();
    await expect.poll(() => desk.getByText(/件のシフトを保存しました/).isVisible()).toBe(true);

    await desk.getByRole('button', { name: '下書きを一括確定' }).click();
    await desk.getByRole('dialog').getByRole('button', { name: '下書きを一括確定' }).click();
    await expect.poll(() => desk.getByText(/件のシフトを確定しました/).isVisible()).toBe(true);
    await expect.poll(() => first.getAttribute('data-status')).toBe('APPROVED');
    await screenshot(desk, 'shift-liff-grid-approved');

    const download = desk.waitForEvent('download');
    await desk.getByRole('button', { name: 'CSV（月）' }).click();
    const csv = fs.readFileSync(await (await download).path(), 'utf8');
    expect(csv.charCodeAt(0)).toBe(0xfeff);
    const line = csv.split('\r\n').find((l) => l.includes(NAME))!;
    expect(line).toContain('10:00-15:00');
    expect(line).toContain(',10:00-15:00,17:30-翌01:00,,休,');
  });

  it('the staff member sees the confirmed shifts in the mini-app: own, locked in the period, and everyone’s', async () => {
    await app.reload();
    await expect
      .poll(() => app.getByTestId(`request-${days[0]}`).textContent(), { timeout: 20_000 })
      .toContain('確定 10:00〜15:00');
    expect(await app.getByTestId(`request-${days[2]}`).textContent()).toContain('確定 休み');

    await app.getByRole('tab', { name: '自分のシフト' }).click();
    const mine = app.getByTestId('mine-shift');
    await expect.poll(() => mine.count(), { timeout: 20_000 }).toBeGreaterThanOrEqual(3);
    const texts = await mine.allTextContents();
    const [m0, m1] = [days[0]!, days[1]!].map((d) => `${Number(d.slice(5, 7))}/${Number(d.slice(8, 10))}(`);
    expect(texts.some((x) => x.includes(m0!) && x.includes('10:00〜15:00') && x.includes('5時間'))).toBe(
      true,
    );
    expect(texts.some((x) => x.includes(m1!) && x.includes('17:30〜翌日 01:00'))).toBe(true);
    await screenshot(app, 'shift-liff-mine');

    await app.getByRole('tab', { name: 'みんなのシフト' }).click();
    const everyone = app.getByTestId('shift-everyone');
    await expect.poll(() => everyone.isVisible(), { timeout: 20_000 }).toBe(true);
    const shown = await everyone
      .locator('[data-day]')
      .evaluateAll((els) => els.map((e) => e.getAttribute('data-day')));
    expect(shown).toHaveLength(14);
    if (shown.includes(days[0]!)) {
      const day = everyone.locator(`[data-day="${days[0]}"]`);
      expect(await day.locator('li.own').textContent()).toContain(NAME);
    }
    await screenshot(app, 'shift-liff-everyone');
  });
});
