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

async function newPage(): Promise<Page> {
  const context = await browser.newContext({ locale: 'ja-JP', viewport: { width: 1280, height: 860 } });
  return context.newPage();
}

async function logIn(page: Page, email: string, password: string): Promise<void> {
  await page.goto(`${server.url}/login`);
  await page.getByLabel('メールアドレス').fill(email);
  await page.getByLabel('パスワード', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'ログイン', exact: true }).click();
}

describe('the login page', () => {
  it('on a phone shows the header title whole', async () => {
    const context = await browser.newContext({ locale: 'ja-JP', viewport: { width: 360, height: 740 } });
    const page = await context.newPage();
    await page.goto(`${server.url}/login`);
    const title = page.getByTestId('brand-title');
    await title.waitFor();
    expect(await title.innerText()).toBe('LINE公式アカウント管理');
    await screenshot(page, 'login-phone');
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
});

describe('start-up', () => {
  it('prints the URL and the demo logins', () => {
    const output = server.output();
    expect(output).toContain(`${server.url}/login`);
    for (const email of ['master@demo.example', 'agency@demo.example', 'owner@demo.example']) {
      expect(output).toContain(email);
    }
  });
});

describe('login lands each role in its own area', () => {
  // the client's staff (the counter) land on 読み取り, the demo store having the member service (issue 33)
  it.each([
    ['master@demo.example', '/master', 'master', /こんにちは/],
    ['agency@demo.example', '/agency', 'agency', /こんにちは/],
    ['owner@demo.example', '/client', 'client-owner', /こんにちは/],
    ['manager@demo.example', '/client', 'client-manager', /こんにちは/],
    ['staff@demo.example', '/client/scan', 'client-staff', /会員番号/],
  ])('%s -> %s', async (email, landing, shot, shown) => {
    const area = `/${landing.split('/')[1]}`;
    const page = await newPage();
    await logIn(page, email, DEMO_PASSWORD);
    await page.waitForURL((url) => url.pathname === landing);
    await expect.poll(() => page.getByText(shown).first().isVisible()).toBe(true);
    await screenshot(page, `area-${shot}`);

    // another area's address sends the user back to their own
    const other = area === '/master' ? '/client' : '/master';
    await page.goto(`${server.url}${other}`);
    await page.waitForURL((url) => url.pathname.startsWith(area));

    // logout from the user menu ends the session
    await page.getByRole('button', { name: /アカウントメニュー|ユーザーメニュー|account menu/i }).click();
    await page.getByRole('menuitem', { name: /ログアウト/ }).click();
    await page.waitForURL((url) => url.pathname === '/login');
    await page.goto(`${server.url}${area}`);
    await page.waitForURL((url) => url.pathname === '/login');
    await page.context().close();
  });

  it('shows the error of a wrong password and stays on the login page', async () => {
    const page = await newPage();
    await logIn(page, 'owner@demo.example', 'Wrong-pass1');
    await expect
      .poll(() =>
        page
          .getByText('Invalid email or password')
          .or(page.getByText(/メールアドレスまたはパスワード/))
          .first()
          .isVisible(),
      )
      .toBe(true);
    expect(new URL(page.url()).pathname).toBe('/login');
    await page.context().close();
  });
});

describe('password reset through the mailbox page', () => {
  it('requests a link, opens it from the mailbox, sets a new password and logs in with it', async () => {
    const page = await newPage();
    await page.goto(`${server.url}/password/reset`);
    await page.getByLabel('メールアドレス').fill('staff@demo.example');
    await page.getByRole('button', { name: /送信|再設定/ }).click();
    await expect
      .poll(() =>
        page
          .getByText(/送信しました|届きます|お送りしました/)
          .first()
          .isVisible(),
      )
      .toBe(true);

    // Only a logged-in master reads the mailbox; anyone else is sent to the login page.
    await page.goto(`${server.url}/dev/mailbox`);
    await page.waitForURL((url) => url.pathname === '/login');
    const master = await newPage();
    await logIn(master, 'master@demo.example', DEMO_PASSWORD);
    await master.waitForURL((url) => url.pathname.startsWith('/master'));
    await master.goto(`${server.url}/dev/mailbox`);
    await master
      .getByText(/パスワード再設定のご案内/)
      .first()
      .click();
    const href = await master
      .getByRole('link', { name: /password\/reset\/confirm/ })
      .first()
      .getAttribute('href');
    await master.context().close();
    expect(href).toContain('/password/reset/confirm?token=');
    await page.goto(new URL(href!, server.url).toString());
    await page.waitForURL((url) => url.pathname === '/password/reset/confirm');
    await page.getByLabel('新しいパスワード', { exact: true }).fill('Fresh-pass9');
    await page.getByLabel('パスワード（確認）', { exact: true }).fill('Fresh-pass9');
    await screenshot(page, 'password-reset-confirm');
    await page.getByRole('button', { name: /変更|設定/ }).click();
    await page.waitForURL((url) => url.pathname === '/login');

    await logIn(page, 'staff@demo.example', DEMO_PASSWORD);
    await expect
      .poll(() =>
        page
          .getByText(/Invalid email or password|メールアドレスまたはパスワード/)
          .first()
          .isVisible(),
      )
      .toBe(true);
    await logIn(page, 'staff@demo.example', 'Fresh-pass9');
    await page.waitForURL((url) => url.pathname.startsWith('/client'));
    await page.context().close();
  });
});
