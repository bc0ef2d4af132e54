import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, screenshot, logIn } from './support/browser.ts';
import { startServer, type RunningServer } from './support/server.ts';
import { newSimUser, pickSimChannel, pickSimUser, waitForSimText } from './support/line-sim-page.ts';

/**
 * Notifications end to end: the owner makes a notification group for new friends with a demo friend
 * (the shop's manager on LINE) as its recipient; a simulated user follows the demo account on the
 * simulator's page; the manager's side of the simulator shows the notice, and the delivery log says sent.
 */
const MANAGER = '渡辺 蓮';
const NEWCOMER = '新井 翔太';
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

async function newPage(): Promise<Page> {
  const context = await browser.newContext({ locale: 'ja-JP', viewport: { width: 1280, height: 860 } });
  return context.newPage();
}

describe('notifications: a group for new friends, a follow, the notice on the manager’s LINE', () => {
  it('the owner creates a group for NEW_FRIEND (the server texts first, on their fields)', async () => {
    const page = await newPage();
    await logIn(page, server.url, 'owner@demo.example');

    await page.getByRole('link', { name: '通知設定', exact: true }).first().click();
    await page.waitForURL((url) => url.pathname === '/client/notifications');
    // the demo world's groups are there
    await expect
      .poll(() => page.getByText('店長・副店長').first().isVisible(), { timeout: 20_000 })
      .toBe(true);

    await page.getByRole('button', { name: '通知グループを作成' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: '保存' }).click();
    await expect.poll(() => dialog.getByText('グループ名を入力してください').isVisible()).toBe(true);
    expect(await dialog.getByText('通知先を1人以上設定してください').isVisible()).toBe(true);
    expect(await dialog.getByText('通知するトピックを1つ以上設定してください').isVisible()).toBe(true);

    await dialog.getByLabel('グループ名').fill('新しい友だちのお知らせ');
    await dialog.getByLabel('通知先').fill('渡辺');
    await page.getByRole('option', { name: MANAGER }).click();
    await dialog.getByLabel('新しい友だち').check();
    await dialog.getByRole('button', { name: '保存' }).click();
    await expect.poll(() => dialog.isVisible()).toBe(false);
    await expect.poll(() => page.getByText('新しい友だちのお知らせ').isVisible()).toBe(true);
    await screenshot(page, 'notifications-groups');

    await page.getByRole('tab', { name: 'テンプレート' }).click();
    await page.locator('[data-topic="NEW_FRIEND"]').getByRole('button', { name: '編集' }).click();
    const editor = page.getByRole('dialog');
    await expect.poll(() => editor.getByLabel('LINEでの表示').isVisible()).toBe(true);
    expect(await editor.getByLabel('LINEでの表示').textContent()).toContain('山田 花子');
    await screenshot(page, 'notifications-template-editor');
    await editor.getByRole('button', { name: 'キャンセル' }).click();
    await page.context().close();
  });

  it('a simulated user follows at the simulator page; the manager’s simulated LINE shows the notice', async () => {
    const context = await browser.newContext({ locale: 'ja-JP', viewport: { width: 1280, height: 860 } });
    const sim = await context.newPage();
    await sim.goto(server.lineSimUrl);
    await pickSimChannel(sim, 'デモ商店 梅田店');
    await newSimUser(sim, NEWCOMER);
    await sim.getByRole('button', { name: '友だち追加', exact: true }).first().click();
    await expect.poll(() => sim.getByText(`${NEWCOMER} が友だち追加しました`).first().isVisible()).toBe(true);

    // the manager's side: the notice arrives (the event, its delivery and the push are durable jobs)
    await pickSimUser(sim, MANAGER);
    await waitForSimText(sim, { channel: 'デモ商店 梅田店', user: MANAGER, text: NEWCOMER });
    expect(await sim.locator('#timeline').getByText('新しい友だちが追加されました').first().isVisible()).toBe(
      true,
    );
    // its link is tappable and opens the back office on the account (a staff notice's opens the mini-app)
    const link = sim.locator('#timeline a', { hasText: '/client/friends?lineAccountId=' }).first();
    expect(await link.getAttribute('href')).toMatch(/\/client\/friends\?lineAccountId=\d+$/);
    await screenshot(sim, 'notifications-sim-manager');
    await context.close();
  });

  it('the delivery log shows the notice as sent to the manager', async () => {
    const page = await newPage();
    await logIn(page, server.url, 'owner@demo.example');
    await page.goto(`${server.url}/client/notifications?tab=log`);
    const row = page.getByRole('row').filter({ hasText: MANAGER }).filter({ hasText: '新しい友だち' });
    await expect.poll(() => row.first().isVisible(), { timeout: 20_000 }).toBe(true);
    expect(await row.first().getByText('送信済み').isVisible()).toBe(true);
    await screenshot(page, 'notifications-log');
    await page.context().close();
  });
});
