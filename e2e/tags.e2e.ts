import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, logIn, screenshot } from './support/browser.ts';
import { startServer, type RunningServer } from './support/server.ts';

/**
 * タグ end to end: the owner opens a demo friend's drawer, puts 予約済み on them, finds them with the
 * segment builder's "has this tag" condition, and タグ管理 counts the tag's friends.
 */
const FRIEND = '渡辺 蓮';
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
  const context = await browser.newContext({ locale: 'ja-JP', viewport: { width: 1280, height: 900 } });
  return context.newPage();
}

describe('tags: on a friend by hand, in the segment builder, counted', () => {
  it('the owner tags a friend in the drawer, finds them by the tag, and sees the count', async () => {
    const page = await newPage();
    await logIn(page, server.url, 'owner@demo.example');
    await page.getByRole('link', { name: '友だち', exact: true }).first().click();
    await page.waitForURL((url) => url.pathname === '/client/friends');
    await page.getByLabel('検索').first().fill('渡辺');
    await expect.poll(() => page.getByText(FRIEND).first().isVisible(), { timeout: 20_000 }).toBe(true);
    await page.getByText(FRIEND).first().click();
    const drawer = page.getByTestId('friend-drawer');
    const tags = drawer.getByTestId('friend-tags');
    await expect.poll(() => tags.isVisible(), { timeout: 20_000 }).toBe(true);
    await tags.getByLabel('タグを追加').click();
    await page.getByRole('option', { name: '予約済み' }).click();
    await expect.poll(() => tags.getByText('予約済み').isVisible(), { timeout: 20_000 }).toBe(true);
    expect(await tags.getByLabel('タグを追加').inputValue()).toBe('');
    await screenshot(page, 'tags-friend-drawer');
    await page.keyboard.press('Escape');

    // the segment builder: friends who have 予約済み (the demo puts it on nobody else)
    await page.getByLabel('検索').first().fill('');
    await page.getByTestId('segment-open').click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('このタグが付いている').click();
    await page.getByRole('option', { name: '予約済み' }).click();
    await screenshot(page, 'tags-segment-builder');
    await dialog.getByTestId('segment-apply').click();
    await expect
      .poll(() => page.getByRole('row').filter({ hasText: FRIEND }).isVisible(), { timeout: 20_000 })
      .toBe(true);
    await expect.poll(() => page.getByRole('row').count()).toBe(2); // the header and the one friend

    await page.getByRole('button', { name: 'タグ管理' }).click();
    const manager = page.getByRole('dialog');
    await expect.poll(() => manager.getByText('1人').first().isVisible(), { timeout: 20_000 }).toBe(true);
    expect(await manager.textContent()).toContain('常連');
    expect(await manager.textContent()).toContain('いまの条件に当てはまる友だち 1人');
    await page.waitForTimeout(500); // the dialog's fade-in
    await screenshot(page, 'tags-manager');
  });
});
