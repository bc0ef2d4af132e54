import fs from 'node:fs';
import type { Browser, Locator, Page } from 'playwright-core';
import { extractText, getDocumentProxy } from 'unpdf';
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

async function newPage(viewport = { width: 1280, height: 900 }): Promise<Page> {
  const context = await browser.newContext({ locale: 'ja-JP', viewport });
  return context.newPage();
}

async function logIn(page: Page, email: string, area: string): Promise<void> {
  await page.goto(`${server.url}/login`);
  await page.getByLabel('メールアドレス').fill(email);
  await page.getByLabel('パスワード', { exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'ログイン', exact: true }).click();
  await page.waitForURL((url) => url.pathname.startsWith(area));
}

/** Types a card into the card form (offline: the payments simulator's form, tokenized by the page). */
async function fillCard(page: Page, number: string) {
  const dialog = page.getByRole('dialog');
  await dialog
    .getByLabel(/^カード番号/)
    .fill(number)
    .catch(async (e: unknown) => {
      await screenshot(page, 'failure-payments-card-form');
      throw e;
    });
  await dialog.getByLabel(/^有効期限/).fill('12/34');
  await dialog.getByLabel(/^セキュリティコード/).fill('123');
  await dialog.getByLabel(/^カード名義/).fill('TARO YAMADA');
  await dialog.getByRole('button', { name: '登録する' }).click();
}

/** Clicks a history row's 請求書PDF and answers the downloaded PDF's text. */
async function downloadInvoiceText(page: Page, row: Locator): Promise<string> {
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    row.getByTestId('invoice-pdf').click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^invoice-.+\.pdf$/);
  const bytes = fs.readFileSync(await download.path());
  const { text } = await extractText(await getDocumentProxy(new Uint8Array(bytes)), { mergePages: true });
  return text;
}

describe('payments', () => {
  it('the owner adds a card (a declined one says why in Japanese), subscribes KS-001, sees next billing and a receipt', async () => {
    // The demo account starts with the demo's payments: the master deletes them (test data) first.
    const owner = await newPage();
    await logIn(owner, 'owner@demo.example', '/client');
    const accounts = (await (await owner.request.get(`${server.url}/client/api/v1/line-account`)).json()) as {
      data: { id: number; clientId: number }[];
    };
    const account = accounts.data[0]!;

    const master = await newPage();
    await logIn(master, 'master@demo.example', '/master');
    await master.getByRole('link', { name: /決済失敗/ }).waitFor();
    await master.goto(`${server.url}/master/payments`);
    await master.getByRole('heading', { name: 'サービス料金' }).waitFor();
    await expect.poll(() => master.getByText('¥5,500/月（税込）').count()).toBeGreaterThan(0);
    const form = master.getByRole('form', { name: 'テストデータの削除' });
    await form.getByLabel('クライアントID').fill(String(account.clientId));
    await form.getByLabel('LINEアカウントID').fill(String(account.id));
    await form.getByRole('button', { name: '削除する' }).click();
    await master.getByText(/削除しました（契約 2 件、履歴 2 件）/).waitFor();
    await screenshot(master, 'payments-master');
    await master.context().close();

    await owner.goto(`${server.url}/client/billing?lineAccountId=${account.id}`);
    await owner.getByText('登録されたカードはありません。').waitFor();

    // A declining test card: Stripe (the simulator) refuses it; the form says why, in Japanese.
    await owner.getByRole('button', { name: 'カードを追加' }).click();
    await fillCard(owner, '4000 0000 0000 0002');
    await owner
      .getByRole('dialog')
      .getByText(/カードが拒否されました/)
      .waitFor();
    // said once, on the form (no toast repeating it)
    await owner.waitForTimeout(500);
    expect(await owner.getByText(/カードが拒否されました/).count()).toBe(1);
    await screenshot(owner, 'payments-card-declined');
    await owner.getByRole('dialog').getByRole('button', { name: 'キャンセル' }).click();

    // Insufficient funds has its own reason.
    await owner.getByRole('button', { name: 'カードを追加' }).click();
    await fillCard(owner, '4000000000009995');
    await owner
      .getByRole('dialog')
      .getByText(/残高（利用可能枠）が不足/)
      .waitFor();
    await owner.getByRole('dialog').getByRole('button', { name: 'キャンセル' }).click();

    // A good card: saved, and the default.
    await owner.getByRole('button', { name: 'カードを追加' }).click();
    await fillCard(owner, '4242 4242 4242 4242');
    await owner.getByTestId('card-4242').waitFor();
    expect(await owner.getByTestId('card-4242').textContent()).toContain('既定');

    // サービス: subscribe KS-001 by card.
    await owner.goto(`${server.url}/client/services?lineAccountId=${account.id}`);
    const member = owner.getByTestId('catalogue-KS-001');
    await member.getByText('¥5,500').waitFor();
    await member.getByRole('button', { name: '申し込む' }).click();
    // The dialog names the card it charges (the default one, preselected) among the saved cards.
    const chargeLine = owner.getByRole('dialog').getByTestId('charge-line');
    await chargeLine.waitFor();
    expect(await chargeLine.textContent()).toContain('VISA •••• 4242 で今すぐ初月分 ¥5,500 を決済します');
    expect(await owner.getByRole('dialog').getByLabel('VISA •••• 4242（既定）').isChecked()).toBe(true);
    await screenshot(owner, 'payments-subscribe-card');
    await owner.getByRole('dialog').getByRole('button', { name: '申し込む' }).click();
    await member.getByText('契約中').waitFor();
    await screenshot(owner, 'payments-services');

    // お支払い: next billing and the receipt of the first month.
    await owner.goto(`${server.url}/client/billing?lineAccountId=${account.id}`);
    const next = owner.getByTestId('next-billing');
    await expect.poll(() => next.textContent()).toMatch(/\d{4}\/\d{2}\/\d{2}/);
    expect(await next.textContent()).toContain('¥5,500');
    const row = owner.getByTestId('history-row').first();
    await row.getByText('支払い完了').waitFor();
    const receipt = await row.getByRole('link', { name: '領収書' }).getAttribute('href');
    expect(receipt).toMatch(/\/invoices\/in_/);
    const receiptPage = await owner.request.get(receipt!);
    expect(receiptPage.status()).toBe(200);
    expect(await row.textContent()).toContain('うち消費税（10%）¥500');
    await screenshot(owner, 'payments-billing');

    // The qualified invoice (適格請求書) of that payment, made by our server, downloaded from the history.
    const paidText = await downloadInvoiceText(owner, row);
    for (const expected of [
      '適格請求書',
      '登録番号 T7123456789012', // the demo issuer's (INVOICE_REGISTRATION_NUMBER unset outside production)
      'デモ商店株式会社 御中',
      '会員サービス（KS-001）月額利用料',
      '10%対象（税込）',
      '¥5,500',
      '¥500',
      'お支払い済み',
    ]) {
      expect(paidText).toContain(expected);
    }

    // KS-002 by invoice (bank transfer): 未入金 with its due date until the operator marks the transfer
    // received at the payments platform (the simulator's console, as Stripe's dashboard); then 入金済.
    await owner.goto(`${server.url}/client/services?lineAccountId=${account.id}`);
    const shift = owner.getByTestId('catalogue-KS-002');
    await shift.getByText('税抜 ¥3,000＋消費税（10%）¥300').waitFor();
    await shift.getByRole('button', { name: '申し込む' }).click();
    const subscribeDialog = owner.getByRole('dialog');
    await subscribeDialog.getByLabel(/請求書払い/).check();
    await subscribeDialog.getByRole('button', { name: '申し込む' }).click();
    await shift.getByText('契約中').waitFor();
    // Cancelling KS-002 says first what becomes of its unpaid invoice; the cancellation can be undone.
    await shift.getByRole('button', { name: '解約する' }).click();
    const cancelDialog = owner.getByRole('dialog');
    await cancelDialog.getByTestId('cancel-unpaid').waitFor();
    expect(await cancelDialog.getByTestId('cancel-unpaid').textContent()).toContain('¥3,300');
    await screenshot(owner, 'payments-cancel-unpaid');
    await cancelDialog.getByRole('button', { name: '解約する' }).click();
    await shift.getByText('解約予定').waitFor();
    await shift.getByText(/に終了$/).waitFor();
    await screenshot(owner, 'payments-canceling');
    await shift.getByRole('button', { name: '解約を取り消す' }).click();
    await shift.getByText('契約中').waitFor();
    await shift.getByText(/^次回更新/).waitFor();
    await owner.goto(`${server.url}/client/billing?lineAccountId=${account.id}`);
    const transfer = owner.getByTestId('history-row').first();
    await transfer.getByText('未入金').waitFor();
    expect(await transfer.textContent()).toMatch(/支払期限 \d{4}\/\d{2}\/\d{2}/);
    await screenshot(owner, 'payments-billing-invoice');
    const openText = await downloadInvoiceText(owner, transfer);
    expect(openText).toContain('銀行振込');
    expect(openText).toContain('未入金');
    expect(openText).toContain('お振込先');
    expect(openText).toContain('¥3,300');

    const hosted = await transfer.getByRole('link', { name: '請求書', exact: true }).getAttribute('href');
    const gateway = await newPage();
    await gateway.goto(hosted!);
    await gateway.getByRole('button', { name: /Mark as paid/ }).click();
    await gateway.getByText('Status: paid').waitFor();
    await gateway.context().close();
    await expect
      .poll(
        async () => {
          await owner.reload();
          return owner.getByTestId('history-row').first().textContent();
        },
        { timeout: 15_000, interval: 1_000 },
      )
      .toContain('入金済');
    expect(await owner.getByTestId('history-row').first().textContent()).toMatch(
      /入金日 \d{4}\/\d{2}\/\d{2}/,
    );
    await screenshot(owner, 'payments-billing-paid-transfer');

    // At a phone's size the page still reads.
    const phone = await owner
      .context()
      .browser()!
      .newContext({ locale: 'ja-JP', viewport: { width: 390, height: 844 } });
    await phone.addCookies(await owner.context().cookies());
    const small = await phone.newPage();
    await small.goto(`${server.url}/client/billing?lineAccountId=${account.id}`);
    await small.getByTestId('card-4242').waitFor();
    await screenshot(small, 'payments-billing-phone');
    await phone.close();
    await owner.context().close();
  });
});
