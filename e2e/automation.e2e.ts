import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, logIn, screenshot } from './support/browser.ts';
import { newSimUser, pickSimChannel, pickSimUser, waitForSimText } from './support/line-sim-page.ts';
import { startServer, type RunningServer } from './support/server.ts';

/**
 * 自動応答 end to end: the owner changes the demo's greeting on the 自動応答 page, a simulated user follows
 * on the simulator's page and their LINE shows it (sent as a reply); then the user sends 予約, gets the
 * demo's keyword reply, and the back office shows the tag 予約済み on them and the send as a free reply.
 */
const NEWCOMER = '新井 ひかり';
const GREETING = 'ようこそ！ご予約は「予約」と送ってください。';
const RESERVE_REPLY = 'ご予約ありがとうございます！ご希望の日時と人数をお送りください。';
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

describe('automation: the greeting', () => {
  it('the owner edits the greeting; a user who follows on the simulator receives it', async () => {
    const context = await browser.newContext({ locale: 'ja-JP', viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await logIn(page, server.url, 'owner@demo.example');
    await page.getByRole('link', { name: '自動応答', exact: true }).first().click();
    await page.waitForURL((url) => url.pathname === '/client/automation');
    const first = page.getByTestId('greeting-new-message-text-0');
    await expect
      .poll(() => first.inputValue(), { timeout: 20_000 })
      .toContain('友だち追加ありがとうございます');
    await first.fill(GREETING);
    await page.getByRole('button', { name: '保存', exact: true }).click();
    await expect.poll(() => page.getByText('あいさつメッセージを保存しました').isVisible()).toBe(true);
    await screenshot(page, 'automation-greeting');

    const sim = await context.newPage();
    await sim.goto(server.lineSimUrl);
    await pickSimChannel(sim, 'デモ商店 梅田店');
    await newSimUser(sim, NEWCOMER);
    await sim.getByRole('button', { name: '友だち追加', exact: true }).first().click();
    // the follow event, its domain event and the greeting's send are durable jobs
    await waitForSimText(sim, { channel: 'デモ商店 梅田店', user: NEWCOMER, text: GREETING });
    await screenshot(sim, 'automation-sim-greeting');
    await context.close();
  });

  it('a user who sends 予約 gets the keyword reply, and the back office shows the tag and the free reply', async () => {
    const context = await browser.newContext({ locale: 'ja-JP', viewport: { width: 1280, height: 900 } });
    const sim = await context.newPage();
    await sim.goto(server.lineSimUrl);
    await pickSimChannel(sim, 'デモ商店 梅田店');
    await pickSimUser(sim, NEWCOMER);
    await sim.locator('#message-text').fill('予約');
    await sim.locator('#composer').getByRole('button', { name: '送信' }).click();
    await waitForSimText(sim, { channel: 'デモ商店 梅田店', user: NEWCOMER, text: RESERVE_REPLY });
    await screenshot(sim, 'automation-sim-keyword-reply');

    const page = await context.newPage();
    await logIn(page, server.url, 'owner@demo.example');
    await page.goto(`${server.url}/client/automation`);
    await page.getByRole('tab', { name: '応答メッセージ' }).click();
    await expect
      .poll(() => page.getByTestId('keyword-rule-予約').isVisible(), { timeout: 20_000 })
      .toBe(true);
    await expect.poll(() => page.getByTestId('response-mode').textContent()).toContain('Bot');
    await screenshot(page, 'automation-keyword-replies');
    await page.getByRole('tab', { name: '送信履歴' }).click();
    const sends = page.getByRole('table', { name: '自動応答の送信履歴' });
    await expect
      .poll(() => sends.getByRole('row').filter({ hasText: NEWCOMER }).filter({ hasText: '予約' }).count(), {
        timeout: 20_000,
      })
      .toBeGreaterThan(0);
    expect(
      await sends.getByRole('row').filter({ hasText: '応答メッセージ: 予約' }).first().textContent(),
    ).toContain('無料の応答で送信');
    await screenshot(page, 'automation-sends');

    await page.getByRole('link', { name: '友だち', exact: true }).first().click();
    await page.waitForURL((url) => url.pathname === '/client/friends');
    await page.getByLabel('検索').first().fill('新井');
    await expect.poll(() => page.getByText(NEWCOMER).first().isVisible(), { timeout: 20_000 }).toBe(true);
    await page.getByText(NEWCOMER).first().click();
    const tags = page.getByTestId('friend-drawer').getByTestId('friend-tags');
    await expect.poll(() => tags.getByText('予約済み').isVisible(), { timeout: 20_000 }).toBe(true);
    await screenshot(page, 'automation-keyword-tag');
    await context.close();
  });
});
