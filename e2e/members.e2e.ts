import fs from 'node:fs';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, screenshot, logIn } from './support/browser.ts';
import { startServer, type RunningServer } from './support/server.ts';
import { newSimUser, pickSimChannel } from './support/line-sim-page.ts';

/**
 * The member service end to end: a simulated LINE user follows the demo account on the simulator's
 * page, opens the member mini-app from there (at a phone's size, LIFF login from the simulator fed to
 * liff-mock), registers with every attribute type (a photo uploaded too) and sees the card; the owner finds the member in the
 * list, filters by an attribute, opens the drawer and downloads the CSV.
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

  it('a LINE user who has not added the account as a friend is asked to, not shown an error', async () => {
    const desk = await browser.newContext({ locale: 'ja-JP', viewport: { width: 1280, height: 860 } });
    const sim = await desk.newPage();
    await sim.goto(server.lineSimUrl);
    await pickSimChannel(sim, 'デモ商店 梅田店');
    await newSimUser(sim, '未追加 ユーザー');
    const open = sim
      .locator('#liff-list li', { hasText: '会員サービス' })
      .getByRole('link', { name: '開く' });
    const strangerUrl = (await open.getAttribute('href')) ?? '';
    await desk.close();
    const context = await phone();
    const page = await context.newPage();
    await page.goto(new URL(strangerUrl, server.lineSimUrl).toString());
    await page.waitForURL((url) => url.pathname === '/liff/member');
    await expect
      .poll(() => page.getByTestId('member-not-friend').isVisible(), { timeout: 15_000 })
      .toBe(true);
    await expect.poll(() => page.getByText('友だち追加が必要です').isVisible()).toBe(true);
    await screenshot(page, 'member-liff-not-friend');
    await context.close();
  });

  it('the simulated user follows the account and opens the member mini-app from the simulator page', async () => {
    const desk = await browser.newContext({ locale: 'ja-JP', viewport: { width: 1280, height: 860 } });
    const sim = await desk.newPage();
    await sim.goto(server.lineSimUrl);
    await pickSimChannel(sim, 'デモ商店 梅田店');
    await newSimUser(sim, '七海 さくら');
    await sim.getByRole('button', { name: '友だち追加', exact: true }).first().click();
    await expect.poll(() => sim.getByText('七海 さくら が友だち追加しました').first().isVisible()).toBe(true);
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
    // A friend who is not a member yet is an expected state: the mini-app opens without a failed call.
    const consoleErrors: string[] = [];
    card.on('console', (message) => {
      if (message.type() === 'error') consoleErrors.push(message.text());
    });
    await card.goto(new URL(liffUrl, server.lineSimUrl).toString());
    await card.waitForURL((url) => url.pathname === '/liff/member');
    const form = card.getByTestId('registration-form');
    await expect.poll(() => form.isVisible(), { timeout: 20_000 }).toBe(true);
    expect(consoleErrors).toEqual([]);
    // the header names the shop by its LINE display name
    expect(await card.locator('h1').first().innerText()).toBe('デモ商店 梅田店');
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
    await card.getByLabel(/^お名前/).fill('七海 さくら');
    await card.getByLabel(/^生年月日/).fill('1995-03-20');
    await card.getByTestId('field-性別').getByLabel('女性').check();
    await card.getByLabel(/^月の来店回数/).fill('4');
    await card.getByTestId('field-好きなメニュー').getByLabel('紅茶').check();
    await card.getByTestId('field-好きなメニュー').getByLabel('ケーキ').check();
    // the photo: a small PNG made here, uploaded by the field at once (its key goes with the form)
    const photo = await sharp({ create: { width: 96, height: 96, channels: 3, background: '#e07a8f' } })
      .png()
      .toBuffer();
    const uploaded = card.waitForResponse(
      (r) => r.url().endsWith('/images') && r.request().method() === 'POST',
    );
    await card
      .getByTestId('field-プロフィール写真')
      .locator('input[type="file"]')
      .setInputFiles({ name: 'photo.png', mimeType: 'image/png', buffer: photo });
    expect((await uploaded).status()).toBe(201);
    await expect.poll(() => card.getByTestId('image-preview').isVisible()).toBe(true);
    await expect.poll(() => card.getByRole('button', { name: '登録する' }).isEnabled()).toBe(true);
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

  it('the owner finds the member in the list, filters by an attribute, opens the drawer and downloads the CSV', async () => {
    const context = await browser.newContext({
      locale: 'ja-JP',
      viewport: { width: 1366, height: 900 },
      acceptDownloads: true,
    });
    const page = await context.newPage();
    await logIn(page, server.url, 'owner@demo.example');
    await page.getByRole('link', { name: '会員', exact: true }).first().click();
    await page.waitForURL((url) => url.pathname === '/client/members');
    const table = page.getByRole('table', { name: '会員一覧' });
    await expect.poll(() => table.isVisible(), { timeout: 20_000 }).toBe(true);
    // attribute columns
    for (const label of ['お名前', '生年月日', '性別', '好きなメニュー']) {
      expect(await table.getByRole('columnheader', { name: label }).isVisible()).toBe(true);
    }
    await page.getByLabel('会員番号・名前・項目で検索').fill('七海');
    await expect.poll(() => table.getByRole('row').count(), { timeout: 15_000 }).toBe(2);
    expect(await table.getByText('紅茶, ケーキ').isVisible()).toBe(true);
    await page.getByLabel('会員番号・名前・項目で検索').fill('');
    await page.getByLabel('絞り込む項目').click();
    await page.getByRole('option', { name: '性別' }).click();
    await page.getByLabel('値', { exact: true }).click();
    await page.getByRole('option', { name: '男性' }).click();
    await expect.poll(() => page.url(), { timeout: 15_000 }).toContain('value=');
    const rowTexts = () =>
      table.locator('tbody tr').evaluateAll((rows) => rows.map((r) => r.textContent ?? ''));
    // every row shown is a man (the filtered page has replaced the whole list)
    await expect
      .poll(
        async () => {
          const rows = await rowTexts();
          return rows.length > 0 && rows.every((text) => text.includes('男性'));
        },
        { timeout: 15_000 },
      )
      .toBe(true);
    const genders = await rowTexts();
    await screenshot(page, 'members-list-filtered');

    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'CSVダウンロード' }).click();
    const file = await (await download).path();
    const csv = fs.readFileSync(file, 'utf8');
    expect(csv.charCodeAt(0)).toBe(0xfeff);
    const lines = csv.slice(1).trim().split('\r\n');
    expect(lines[0]).toContain('会員番号,LINE表示名,ステータス,登録日時,備考,お名前,生年月日,性別');
    expect(lines.length).toBe(genders.length + 1);
    expect(lines.slice(1).every((l) => l.includes(',男性,'))).toBe(true);

    // the drawer of the member who registered in the mini-app
    await page.goto(`${server.url}/client/members?search=${encodeURIComponent('七海')}`);
    await table.getByRole('button', { name: '七海 さくら' }).click();
    const drawer = page.getByRole('presentation').filter({ hasText: '会員番号' });
    await expect.poll(() => drawer.getByText('1995/03/20').isVisible(), { timeout: 15_000 }).toBe(true);
    // the photo the member uploaded, loaded from the back office's image call
    const image = drawer.getByTestId('member-image');
    await expect
      .poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth), {
        timeout: 15_000,
      })
      .toBe(96);
    const remarks = drawer.locator('form').filter({ has: page.getByLabel('備考') });
    await remarks.getByLabel('備考').fill('紅茶好き。ケーキの予約あり');
    await remarks.getByRole('button', { name: '保存' }).click();
    await expect.poll(() => remarks.getByRole('button', { name: '保存' }).isDisabled()).toBe(true);
    // the store-only item, which the member never sees, is set here
    const storeOnly = drawer.getByTestId('private-values');
    await storeOnly.getByLabel('スタッフメモ').fill('ミルクティー派');
    const saved = page.waitForResponse((r) => r.url().endsWith('/values') && r.request().method() === 'PUT');
    await storeOnly.getByRole('button', { name: '保存' }).click();
    expect((await saved).status()).toBe(200);
    await page.reload();
    await expect
      .poll(() => page.getByTestId('private-values').getByLabel('スタッフメモ').inputValue())
      .toBe('ミルクティー派');
    await screenshot(page, 'members-drawer');

    await page.goto(`${server.url}/client/members?tab=attributes`);
    await expect
      .poll(() => page.getByText('プロフィール写真').first().isVisible(), { timeout: 15_000 })
      .toBe(true);
    await screenshot(page, 'members-attributes');
    await page.goto(`${server.url}/client/members?tab=card`);
    await expect
      .poll(() => page.getByTestId('member-card-preview').isVisible(), { timeout: 15_000 })
      .toBe(true);
    await page.getByLabel('会員番号の表示方法').click();
    await page.getByRole('option', { name: 'バーコード' }).click();
    await screenshot(page, 'members-card-settings');
    await context.close();
  });

  it("the owner narrows the friends list to a segment of members by an attribute's value", async () => {
    const context = await browser.newContext({ locale: 'ja-JP', viewport: { width: 1366, height: 900 } });
    const page = await context.newPage();
    await logIn(page, server.url, 'owner@demo.example');
    await page.goto(`${server.url}/client/friends`);
    const rows = page.locator('tbody tr');
    await expect.poll(() => rows.count()).toBeGreaterThan(10);
    await page.getByRole('button', { name: '絞り込み条件' }).click();
    const dialog = page.getByRole('dialog', { name: 'セグメントで絞り込む' });
    await dialog.getByRole('button', { name: '条件を追加' }).click();
    await dialog.getByLabel('含む文字').fill('七海');
    await screenshot(page, 'friends-segment-builder');
    await dialog.getByRole('button', { name: 'この条件で表示' }).click();
    // only the member whose お名前 holds 七海 (registered in the mini-app above) is left
    await expect.poll(() => rows.count()).toBe(1);
    expect(await rows.first().textContent()).toContain('七海 さくら');
    expect(page.url()).toContain('segment=');
    await page.getByRole('button', { name: '条件を解除' }).click();
    await expect.poll(() => rows.count()).toBeGreaterThan(10);
    await context.close();
  });
});
