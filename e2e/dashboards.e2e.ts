import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, screenshot } from './support/browser.ts';
import { startServer, type RunningServer } from './support/server.ts';

const DEMO_PASSWORD = 'Demo-pass1';
let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function logIn(email: string, area: string): Promise<Page> {
  const context = await browser.newContext({ locale: 'ja-JP', viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  await page.goto(`${server.url}/login`);
  await page.getByLabel('メールアドレス').fill(email);
  await page.getByLabel('パスワード', { exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'ログイン', exact: true }).click();
  await page.waitForURL((url) => url.pathname === area);
  return page;
}

/** A chart card has drawn its chart (an SVG with bars or a line), not a skeleton. */
async function expectChartWithData(page: Page, testId: string, mark: 'bar' | 'line') {
  const card = page.getByTestId(testId);
  const shape =
    mark === 'bar' ? card.locator('svg .MuiBarChart-element') : card.locator('svg .MuiLineChart-line');
  await expect.poll(() => shape.count(), { timeout: 15_000 }).toBeGreaterThan(0);
  if (mark === 'bar') {
    // Some bars have a height: the chart shows data, not a row of zeros (bars grow in from zero, so the
    // heights are read until the animation has drawn them).
    const tallest = () =>
      shape.evaluateAll((els) => Math.max(...els.map((el) => el.getBoundingClientRect().height)));
    await expect.poll(tallest, { timeout: 5_000 }).toBeGreaterThan(2);
  }
}

describe('dashboards', () => {
  it('master: figures from the figures call, each linking to its list, and the monthly charts', async () => {
    const page = await logIn('master@demo.example', '/master');
    await expect.poll(() => page.getByTestId('clients-ACTIVE').innerText()).toMatch(/^\d+$/);
    expect(Number(await page.getByTestId('clients-ACTIVE').innerText())).toBeGreaterThanOrEqual(5);
    await expect.poll(() => page.getByTestId('monthly-recurring-fees').innerText()).toMatch(/^¥[\d,]+$/);
    expect(Number(await page.getByTestId('active-line-accounts').innerText())).toBeGreaterThanOrEqual(1);
    expect(Number(await page.getByTestId('friends-added').innerText())).toBeGreaterThan(0);
    await expectChartWithData(page, 'chart-new-clients', 'bar');
    await expectChartWithData(page, 'chart-monthly-fees', 'line');
    await screenshot(page, 'dashboard-master');
    // A figure opens its filtered list.
    await page.getByTestId('clients-SUSPENDED').click();
    await page.waitForURL((url) => url.pathname === '/master/clients' && url.search === '?status=SUSPENDED');
    await expect.poll(() => page.getByText('那覇マリンスポーツ株式会社').first().isVisible()).toBe(true);
    await page.context().close();
  });

  it('agency: its clients by status and the commission by month', async () => {
    const page = await logIn('agency@demo.example', '/agency');
    await expect.poll(() => page.getByTestId('clients-ACTIVE').innerText()).toMatch(/^\d+$/);
    await expect.poll(() => page.getByTestId('this-month-commission').innerText()).toMatch(/^¥[\d,]+$/);
    await expectChartWithData(page, 'chart-commission', 'bar');
    await screenshot(page, 'dashboard-agency');
    await page.context().close();
  });

  it('client: the LINE account figures and the friends charts for 30 and 90 days', async () => {
    const page = await logIn('owner@demo.example', '/client');
    await expect.poll(() => page.getByTestId('figure-friends').innerText()).toMatch(/^\d+$/);
    expect(Number(await page.getByTestId('figure-friends').innerText())).toBeGreaterThanOrEqual(30);
    expect(Number(await page.getByTestId('figure-staff').innerText())).toBeGreaterThan(0);
    expect(Number(await page.getByTestId('figure-members').innerText())).toBeGreaterThan(0);
    await expect.poll(() => page.getByTestId('figure-messages').innerText()).toMatch(/^\d+$/);
    expect(await page.getByText('無料メッセージ 200通まで（コミュニケーションプラン）').isVisible()).toBe(
      true,
    );
    await expectChartWithData(page, 'chart-friends', 'line');
    await expectChartWithData(page, 'chart-follows', 'bar');
    await screenshot(page, 'dashboard-client');
    const bars30 = await page.getByTestId('chart-follows').locator('svg .MuiBarChart-element').count();
    await page.getByRole('button', { name: '90日間' }).click();
    await expect
      .poll(() => page.getByTestId('chart-follows').locator('svg .MuiBarChart-element').count())
      .toBeGreaterThan(bars30);
    await screenshot(page, 'dashboard-client-90');
    await page.context().close();
  });

  it('simulator mode: the LINE account and friends pages link to the simulator page', async () => {
    const page = await logIn('owner@demo.example', '/client');
    for (const path of ['/client/line-accounts', '/client/friends']) {
      await page.goto(`${server.url}${path}`);
      const link = page.getByTestId('simulator-link');
      await expect.poll(() => link.isVisible()).toBe(true);
      expect(await link.innerText()).toContain('LINEシミュレーターを開く');
      const href = await link.getAttribute('href');
      expect(href).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/$/);
      // It is the simulator's own page that answers there.
      const response = await fetch(href!);
      expect(response.status).toBe(200);
    }
    await expect.poll(() => page.getByRole('row').count()).toBeGreaterThan(5);
    await screenshot(page, 'friends-simulator-link');
    await page.context().close();
  });
});
