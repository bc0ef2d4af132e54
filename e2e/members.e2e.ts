import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, screenshot } from './support/browser.ts';
import { startServer, type RunningServer } from './support/server.ts';

/**
 * The member service end to end: a simulated LINE user follows the demo account on the simulator's
 * page, opens the member mini-app from there (at a phone's size, LIFF login from the simulator fed to
 * liff-mock), registers with every attribute type and sees the card.
 */
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

const phone = (): Promise<BrowserContext> =>
  browser.newContext({
    locale: 'ja-JP',
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
    deviceScaleFactor: 2,
  });

describe('member mini-app: follow, open from the simulator, register, see the card', () => {
  let liffUrl = '';
  let card: Page;

  it('the simulated user follows the account and opens the member mini-app from the simulator page', async () => {
    const desk = await browser.newContext({ locale: 'ja-JP', viewport: { width: 1280, height: 860 } });
    const sim = await desk.newPage();
    await sim.goto(server.lineSimUrl);
    await sim.locator('#channel-list').getByText('デモ商店 梅田店').first().click();
    await sim.locator('#user-name').fill('木村 さくら');
    await sim.locator('#user-form').getByRole('button').click();
    await sim.getByRole('button', { name: '友だち追加', exact: true }).first().click();
    await expect.poll(() => sim.getByText('木村 さくら が友だち追加しました').first().isVisible()).toBe(true);
    const open = sim
      .locator('#liff-list li', { hasText: '会員サービス' })
      .getByRole('link', { name: '開く' });
    liffUrl = (await open.getAttribute('href')) ?? '';
    expect(liffUrl).toContain('/_sim/liff/launch/');
    await screenshot(sim, 'member-sim-page');
    await desk.close();
  });

  it('shows the registration form with every type and the server texts on the required fields', async () => {
    const context = await phone();
    card = await context.newPage();
    await card.goto(new URL(liffUrl, server.lineSimUrl).toString());
    await card.waitForURL((url) => url.pathname === '/liff/member');
    const form = card.getByTestId('registration-form');
    await expect.poll(() => form.isVisible(), { timeout: 20_000 }).toBe(true);
    for (const label of [
      'お名前',
      '生年月日',
      '性別',
      '月の来店回数',
      '好きなメニュー',
      'プロフィール写真',
    ]) {
      expect(await card.getByTestId(`field-${label}`).isVisible()).toBe(true);
    }
    expect(await card.getByTestId('field-スタッフメモ').count()).toBe(0); // PRIVATE: the store's own
    await card.getByRole('button', { name: '登録する' }).click();
    await expect.poll(() => card.getByText('必須項目がすべて入力されていません。').isVisible()).toBe(true);
    expect(await card.getByTestId('field-お名前').getByText('必須項目です').isVisible()).toBe(true);
    await screenshot(card, 'member-liff-form-errors');
  });

  it('registers with every attribute type and shows the member card as a QR code', async () => {
    await card.getByLabel(/^お名前/).fill('木村 さくら');
    await card.getByLabel(/^生年月日/).fill('1995-03-20');
    await card.getByTestId('field-性別').getByLabel('女性').check();
    await card.getByLabel(/^月の来店回数/).fill('4');
    await card.getByTestId('field-好きなメニュー').getByLabel('紅茶').check();
    await card.getByTestId('field-好きなメニュー').getByLabel('ケーキ').check();
    await screenshot(card, 'member-liff-form-filled');
    await card.getByRole('button', { name: '登録する' }).click();
    const memberCard = card.getByTestId('member-card');
    await expect.poll(() => memberCard.isVisible(), { timeout: 20_000 }).toBe(true);
    expect(await memberCard.getAttribute('data-mode')).toBe('QRCODE');
    expect(await card.getByRole('img', { name: '会員番号の QR コード' }).isVisible()).toBe(true);
    const code = await card.getByTestId('member-code').textContent();
    expect(code).toMatch(/^\d{10}$/);
    await screenshot(card, 'member-liff-card');
    // opened again (LINE reopens the LIFF URL): straight to the card
    await card.reload();
    await expect.poll(() => card.getByTestId('member-code').textContent(), { timeout: 20_000 }).toBe(code);
  });
});
