import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_LOGINS, launchBrowser, logIn, screenshot, serveLineStickers } from './support/browser.ts';
import { startServer, type RunningServer } from './support/server.ts';

/*
 * Every menu entry of every role and position, as the demo logins see them: each login opens each
 * entry its navigation shows (read from the page, so a new entry is walked without changing this file) and
 * the walk fails on any console error or warning, any answer of 403, a page without a heading and a page
 * saying 読み込みに失敗しました, この画面を表示する権限がありません or ページが見つかりません. One browser; one context per login, reused for all of its entries.
 */

const logins = DEMO_LOGINS;

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

/** Waits until the page has had no request in flight for a while (its queries have answered). */
async function settle(page: Page, inFlight: () => number): Promise<void> {
  let quietSince = Date.now();
  const deadline = Date.now() + 15_000;
  while (Date.now() < deadline) {
    if (inFlight() > 0) quietSince = Date.now();
    else if (Date.now() - quietSince > 400) break;
    await page.waitForTimeout(50);
  }
}

describe('menu walk', () => {
  it('the login page on a phone shows the header title whole', async () => {
    const context = await browser.newContext({ locale: 'ja-JP', viewport: { width: 360, height: 740 } });
    const page = await context.newPage();
    await page.goto(`${server.url}/login`);
    const title = page.getByTestId('brand-title');
    await title.waitFor();
    expect(await title.innerText()).toBe('LINE公式アカウント管理');
    await screenshot(page, 'walk-login-phone');
    // drawn whole, on two lines if need be: nothing of it cut off (no ellipsis, no clamped line)
    const size = await title.evaluate((el) => [
      el.scrollWidth,
      el.clientWidth,
      el.scrollHeight,
      el.clientHeight,
    ]);
    // (a pixel of rounding between the two heights is no cut)
    expect(size[0]! <= size[1]! && size[2]! <= size[3]! + 1, size.join(' ')).toBe(true);
    await context.close();
  });

  for (const { email, area } of logins) {
    it(`${email}: every menu entry opens without an error, a 403 or a failed load`, async () => {
      const context = await browser.newContext({ locale: 'ja-JP', viewport: { width: 1280, height: 900 } });
      await serveLineStickers(context);
      const page = await context.newPage();
      const problems: string[] = [];
      let where = 'login';
      let pending = 0;
      page.on('console', (message) => {
        // The login page asks who is signed in before anyone is: GET /me answers 401 (SPEC's contract).
        const isSignedOutCheck = where === 'login' && message.location().url.endsWith('/session/me');
        if ((message.type() === 'error' || message.type() === 'warning') && !isSignedOutCheck) {
          problems.push(`${where}: console ${message.type()}: ${message.text()}`);
        }
      });
      page.on('pageerror', (error) => problems.push(`${where}: page error: ${error.message}`));
      page.on('request', () => void pending++);
      page.on('requestfinished', () => void pending--);
      page.on('requestfailed', () => void pending--);
      page.on('response', (response) => {
        if (response.status() === 403) problems.push(`${where}: 403 from ${response.url()}`);
      });

      await logIn(page, server.url, email);
      where = 'home';
      expect(new URL(page.url()).pathname).toBe(area);
      const nav = page.getByRole('navigation', { name: 'メインメニュー' });
      await nav.locator('a[href]').first().waitFor();
      const entries = await nav
        .locator('a[href]')
        .evaluateAll((links) =>
          links.map((a) => ({ href: a.getAttribute('href') ?? '', label: a.textContent ?? '' })),
        );
      expect(entries.length).toBeGreaterThan(3);

      for (const [index, entry] of entries.entries()) {
        where = `${entry.label} (${entry.href})`;
        await nav.locator('a[href]').nth(index).click();
        const pathname = new URL(entry.href, server.url).pathname;
        await page.waitForURL((url) => url.pathname === pathname);
        await settle(page, () => pending);
        // The page drew itself: a heading in the content (an empty area or a blank screen has none).
        const headings = await page.locator('main').locator('h1, h2').count();
        if (headings === 0) problems.push(`${where}: no heading in the page`);
        const text = await page.locator('main').innerText();
        // one date format, the house one (2026/11/25): a date written 2026-11-25 is a slip
        const isoDate = /\b(?:19|20)\d\d-\d\d-\d\d\b/.exec(text);
        if (isoDate) problems.push(`${where}: a date written ${isoDate[0]}`);
        for (const failure of [
          '読み込みに失敗しました',
          'この画面を表示する権限がありません',
          'ページが見つかりません',
        ]) {
          if (text.includes(failure)) problems.push(`${where}: the page says ${failure}`);
        }
        const name = `walk-${email.split('@')[0]}${pathname.replaceAll('/', '-')}`;
        await screenshot(page, name);
      }
      await context.close();
      expect(problems).toEqual([]);
    });
  }
});
