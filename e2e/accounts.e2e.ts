import type { Browser, Locator, Page } from 'playwright-core';
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
  const context = await browser.newContext({ locale: 'ja-JP', viewport: { width: 1280, height: 900 } });
  return context.newPage();
}

async function logIn(page: Page, email: string, password: string, area: string): Promise<void> {
  await page.goto(`${server.url}/login`);
  await page
    .getByLabel('メールアドレス')
    .fill(email)
    .catch(async (e: unknown) => {
      await screenshot(page, 'failure-login');
      throw e;
    });
  await page.getByLabel('パスワード', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'ログイン', exact: true }).click();
  await page.waitForURL((url) => url.pathname.startsWith(area));
}

/** A field by its label; required fields add " *" to the label text. */
const field = (label: string) => new RegExp(`^${label}\\s*\\*?$`);

const isVisible = (locator: Locator) => () => locator.first().isVisible();

/**
 * Open the newest mail to `to` whose subject matches, then the link in it whose URL matches. Only a master
 * user reads the mailbox: a master's own browser finds the link, and `page` opens it.
 */
async function openMailLink(page: Page, to: string, subject: RegExp, link: RegExp): Promise<void> {
  const master = await newPage();
  await logIn(master, 'master@demo.example', DEMO_PASSWORD, '/master');
  await master.goto(`${server.url}/dev/mailbox`);
  await master.getByLabel('宛先で絞り込み').fill(to);
  await master.getByRole('list', { name: '受信メール一覧' }).getByText(subject).first().click();
  const href = await master.getByRole('link', { name: link }).first().getAttribute('href');
  await master.context().close();
  if (!href) throw new Error(`no link ${String(link)} in the mail to ${to}`);
  await page.goto(new URL(href, server.url).toString());
}

/** Company, address and contact person of the shared form sections (labelled field groups). */
async function fillCompany(page: Page, company: { name: string; kana: string }, contactEmail: string) {
  const companyGroup = page.getByRole('group', { name: '会社情報' });
  await companyGroup.getByLabel(field('会社名')).fill(company.name);
  await companyGroup.getByLabel(field('会社名（フリガナ）')).fill(company.kana);
  const address = page.getByRole('group', { name: '住所' });
  await address.getByLabel(field('郵便番号')).fill('150-0041');
  await address.getByLabel(field('都道府県')).selectOption('東京都');
  await address.getByLabel(field('市区町村')).fill('渋谷区');
  await address.getByLabel(field('番地')).fill('神南1-2-3');
  const contact = page.getByRole('group', { name: 'ご担当者さま' });
  await contact.getByLabel(field('姓')).fill('高橋');
  await contact.getByLabel(field('名')).fill('花子');
  await contact.getByLabel(field('メールアドレス')).fill(contactEmail);
  await contact.getByLabel(field('電話番号')).fill('03-1234-5678');
}

describe('master: agencies, clients and the contract status', () => {
  it('creates an agency and a client of it, then moves the contract along its states', async () => {
    const page = await newPage();
    await logIn(page, 'master@demo.example', DEMO_PASSWORD, '/master');
    // each number links to its list: 契約中 counts the demo's active clients
    await expect.poll(isVisible(page.getByRole('link', { name: /契約中\s*[1-9]\d*$/ }))).toBe(true);
    for (const name of [/すべて\s*\d+$/, /無効\s*\d+$/, /管理ユーザー\s*\d+$/, /公開予約のお知らせ\s*\d+$/]) {
      await expect.poll(isVisible(page.getByRole('link', { name }))).toBe(true);
    }
    await screenshot(page, 'master-dashboard');

    // agency
    await page
      .getByRole('navigation', { name: 'メインメニュー' })
      .getByRole('link', { name: '代理店' })
      .click();
    await page.getByRole('link', { name: '代理店を登録' }).first().click();
    await page.waitForURL((url) => url.pathname === '/master/agencies/new');
    await page.getByLabel(field('代理店名')).fill('みらい代理店株式会社');
    await page.getByLabel(field('マージン率')).fill('12.5');
    const agencyAddress = page.getByRole('group', { name: '住所' });
    await agencyAddress.getByLabel(field('郵便番号')).fill('100-0001');
    await agencyAddress.getByLabel(field('都道府県')).selectOption('東京都');
    await agencyAddress.getByLabel(field('市区町村')).fill('千代田区');
    await agencyAddress.getByLabel(field('番地')).fill('千代田1-1');
    await page.getByRole('button', { name: '登録する' }).click();
    await page.waitForURL((url) => /^\/master\/agencies\/\d+$/.test(url.pathname));
    await expect.poll(isVisible(page.getByRole('heading', { name: 'みらい代理店株式会社' }))).toBe(true);
    await expect.poll(isVisible(page.getByText('12.5%'))).toBe(true);
    await screenshot(page, 'master-agency-detail');

    // client of that agency: starts as 下書き
    await page.goto(`${server.url}/master/clients/new`);
    await page.getByRole('heading', { name: 'クライアントを登録' }).waitFor();
    await fillCompany(
      page,
      { name: '株式会社さくら食堂', kana: 'カブシキガイシャサクラショクドウ' },
      'sakura@example.com',
    );
    await page.getByRole('group', { name: '会社情報' }).getByLabel(field('月額料金')).fill('12800');
    await page.getByLabel(field('代理店')).selectOption({ label: 'みらい代理店株式会社' });
    const owner = page.getByRole('group', { name: 'オーナーアカウント' });
    await owner.getByLabel(field('姓')).fill('高橋');
    await owner.getByLabel(field('名')).fill('花子');
    await owner.getByLabel(field('ログイン用メールアドレス')).fill('sakura-owner@example.com');
    await owner.getByLabel(field('初期パスワード')).fill('Sakura-pass1');
    await screenshot(page, 'master-client-create');
    await page.getByRole('button', { name: '登録する' }).click();
    await page.waitForURL((url) => /^\/master\/clients\/\d+$/.test(url.pathname));
    await expect.poll(isVisible(page.getByRole('heading', { name: '株式会社さくら食堂' }))).toBe(true);
    await expect.poll(isVisible(page.getByText('¥12,800'))).toBe(true);
    await expect.poll(isVisible(page.getByText('下書き'))).toBe(true);

    // 下書き -> 契約中: the dialog offers only what the state machine allows
    await page.getByRole('button', { name: '契約ステータスを変更' }).click();
    const dialog = page.getByRole('dialog', { name: '契約ステータスの変更' });
    const offered = await dialog
      .getByRole('radio')
      .evaluateAll((els) => els.map((e) => (e as HTMLInputElement).value));
    expect(offered).toEqual(['PENDING_APPROVAL', 'ACTIVE', 'CANCELLED', 'DISABLED']);
    await dialog.getByRole('radio', { name: '契約中' }).check();
    await screenshot(page, 'master-client-status-dialog');
    await dialog.getByRole('button', { name: '変更する' }).click();
    await expect.poll(isVisible(page.getByText('契約ステータスを「契約中」に変更しました'))).toBe(true);

    // 契約中 -> 一時停止
    await page.getByRole('button', { name: '契約ステータスを変更' }).click();
    const second = page.getByRole('dialog', { name: '契約ステータスの変更' });
    const offeredNow = await second
      .getByRole('radio')
      .evaluateAll((els) => els.map((e) => (e as HTMLInputElement).value));
    expect(offeredNow).toEqual(['SUSPENDED', 'CANCELLED', 'DISABLED']);
    await second.getByRole('radio', { name: '一時停止' }).check();
    await second.getByRole('button', { name: '変更する' }).click();
    await expect.poll(isVisible(page.getByText('契約ステータスを「一時停止」に変更しました'))).toBe(true);
    await screenshot(page, 'master-client-detail');

    // the list filters by status; the audit log recorded the changes
    await page.goto(`${server.url}/master/clients?status=SUSPENDED`);
    await expect.poll(isVisible(page.getByRole('link', { name: '株式会社さくら食堂' }))).toBe(true);
    await screenshot(page, 'master-clients');
    await page.goto(`${server.url}/master/audit-log`);
    await expect.poll(isVisible(page.getByText('契約ステータス変更'))).toBe(true);
    await expect.poll(isVisible(page.getByText('代理店登録'))).toBe(true);
    await screenshot(page, 'master-audit-log');
    await page.context().close();
  });
});

describe('agency: a client signs up through the agency link', () => {
  it('opens the link, signs up, verifies the e-mail from the mailbox and logs in', async () => {
    const agency = await newPage();
    await logIn(agency, 'agency@demo.example', DEMO_PASSWORD, '/agency');
    await agency.getByRole('link', { name: '申込リンク' }).click();
    const url = await agency.getByLabel('申込リンクのURL').inputValue();
    expect(url).toMatch(new RegExp(`^${server.url}/signup\\?agencyId=\\d+$`));
    await screenshot(agency, 'agency-signup-link');

    // the prospect, in another browser
    const prospect = await newPage();
    await prospect.goto(url);
    await prospect.getByRole('heading', { name: '新規お申し込み' }).waitFor();
    const form = prospect.locator('form');
    await form.getByLabel(field('会社名')).fill('有限会社あおぞら');
    await form.getByLabel(field('会社名（フリガナ）')).fill('ユウゲンガイシャアオゾラ');
    await form.getByLabel(field('郵便番号')).fill('150-0041');
    await form.getByLabel(field('都道府県')).selectOption('東京都');
    await form.getByLabel(field('市区町村')).fill('渋谷区');
    await form.getByLabel(field('番地')).fill('神南1-2-3');
    await form.getByLabel(field('姓')).first().fill('青空');
    await form.getByLabel(field('名')).first().fill('一郎');
    await form.getByLabel(field('メールアドレス')).fill('aozora@example.com');
    await form.getByLabel(field('電話番号')).fill('03-9876-5432');
    await form.getByRole('button', { name: 'ご担当者さまと同じ' }).click();
    await form.getByLabel(field('パスワード')).fill('Aozora-pass1');
    await form.getByLabel(field('パスワード（確認）')).fill('Aozora-pass1');
    await form.getByRole('button', { name: '申し込む' }).click();
    await expect.poll(isVisible(prospect.getByText('お申し込みを受け付けました'))).toBe(true);

    await openMailLink(prospect, 'aozora@example.com', /メールアドレスの確認/, /verify-email/);
    await prospect.waitForURL((u) => u.pathname === '/verify-email');
    await expect.poll(isVisible(prospect.getByText('メールアドレスの確認が完了しました'))).toBe(true);
    await logIn(prospect, 'aozora@example.com', 'Aozora-pass1', '/client');
    await expect.poll(isVisible(prospect.getByText('有限会社あおぞら'))).toBe(true);
    await screenshot(prospect, 'signup-owner-home');

    // the agency sees its new client, waiting for approval
    await agency
      .getByRole('navigation', { name: 'メインメニュー' })
      .getByRole('link', { name: 'クライアント' })
      .click();
    await expect.poll(isVisible(agency.getByRole('link', { name: '有限会社あおぞら' }))).toBe(true);
    await expect.poll(isVisible(agency.getByText('承認待ち'))).toBe(true);
    await screenshot(agency, 'agency-clients');
    await agency.goto(`${server.url}/agency/commission`);
    await expect.poll(isVisible(agency.getByRole('table', { name: '月別の手数料' }))).toBe(true);
    await screenshot(agency, 'agency-commission');
    await agency.context().close();
    await prospect.context().close();
  });
});

describe('client: the owner adds a manager', () => {
  it('invites a manager who sets a password, logs in and cannot open user management', async () => {
    const owner = await newPage();
    await logIn(owner, 'owner@demo.example', DEMO_PASSWORD, '/client');
    await owner.getByRole('link', { name: 'ユーザー管理' }).click();
    await expect.poll(isVisible(owner.getByText('manager@demo.example'))).toBe(true);
    await owner.getByRole('button', { name: 'ユーザーを招待' }).click();
    const dialog = owner.getByRole('dialog', { name: 'ユーザーを招待' });
    await dialog.getByLabel(field('姓')).fill('中村');
    await dialog.getByLabel(field('名')).fill('四郎');
    await dialog.getByLabel(field('ログイン用メールアドレス')).fill('new-manager@example.com');
    await dialog.getByLabel(field('権限')).selectOption('MANAGER');
    await dialog.getByRole('button', { name: 'ユーザーを招待' }).click();
    await expect
      .poll(isVisible(owner.getByText('new-manager@example.com に招待メールを送信しました')))
      .toBe(true);
    await expect.poll(isVisible(owner.getByText('招待中'))).toBe(true);
    await screenshot(owner, 'client-users');
    await owner.context().close();

    const manager = await newPage();
    await openMailLink(manager, 'new-manager@example.com', /ご招待/, /password\/reset\/confirm/);
    await manager.waitForURL((u) => u.pathname === '/password/reset/confirm');
    await manager.getByLabel(field('新しいパスワード')).fill('Manager-pass1');
    await manager.getByLabel(field('パスワード（確認）')).fill('Manager-pass1');
    await manager.getByRole('button', { name: /変更|設定/ }).click();
    await manager.waitForURL((u) => u.pathname === '/login');
    await logIn(manager, 'new-manager@example.com', 'Manager-pass1', '/client');
    await expect.poll(isVisible(manager.getByText(/こんにちは/))).toBe(true);
    const menu = manager.getByRole('navigation', { name: 'メインメニュー' });
    expect(await menu.getByRole('link', { name: 'ユーザー管理' }).count()).toBe(0);
    await manager.goto(`${server.url}/client/users`);
    await expect.poll(isVisible(manager.getByText('この画面を表示する権限がありません'))).toBe(true);
    await screenshot(manager, 'client-manager-users-forbidden');
    await manager.context().close();
  });
});

describe('announcements: published by the operator, read by a client', () => {
  it('publishes an announcement that the owner sees unread, opens, and then sees read', async () => {
    // The demo world has published announcements of its own: count them before this one.
    const owner = await newPage();
    await logIn(owner, 'owner@demo.example', DEMO_PASSWORD, '/client');
    const menuEntry = owner
      .getByRole('navigation', { name: 'メインメニュー' })
      .getByRole('link', { name: /お知らせ/ });
    const unread = async () => Number(/\d+$/.exec((await menuEntry.textContent()) ?? '')?.[0] ?? 0);
    await owner.waitForLoadState('networkidle');
    await expect.poll(unread).toBeGreaterThan(0);
    const before = await unread();

    const master = await newPage();
    await logIn(master, 'master@demo.example', DEMO_PASSWORD, '/master');
    await master.goto(`${server.url}/master/announcements/new`);
    await master.getByRole('heading', { name: 'お知らせを作成' }).waitFor();
    await master.getByLabel(field('タイトル')).fill('年末年始のサポート窓口について');
    await master.getByLabel(field('種別')).selectOption('MAINTENANCE');
    await master
      .getByLabel(field('本文'))
      .fill(
        '# 休業期間\n- 12/29 から 1/3 まで\n\n**緊急の障害**は https://example.com/status をご覧ください。',
      );
    const past = new Date(Date.now() - 3_600_000);
    const pad = (n: number) => String(n).padStart(2, '0');
    await master
      .getByLabel(field('公開日時'))
      .fill(
        `${past.getFullYear()}-${pad(past.getMonth() + 1)}-${pad(past.getDate())}T${pad(past.getHours())}:${pad(past.getMinutes())}`,
      );
    const preview = master.getByRole('region', { name: 'プレビュー' });
    await expect.poll(isVisible(preview.getByRole('heading', { name: '休業期間' }))).toBe(true);
    await expect.poll(isVisible(master.getByText('公開中'))).toBe(true);
    await screenshot(master, 'master-announcement-editor');
    await master.getByRole('button', { name: '作成する' }).click();
    await master.waitForURL((u) => u.pathname === '/master/announcements');
    await expect
      .poll(isVisible(master.getByRole('link', { name: '年末年始のサポート窓口について' })))
      .toBe(true);
    await master.context().close();

    // the menu counts the unread announcement, and stops once it is opened
    await owner.reload();
    await expect.poll(unread).toBe(before + 1);
    await menuEntry.click();
    const list = owner.getByRole('list', { name: 'お知らせ一覧' });
    const item = list.getByRole('link', { name: /年末年始のサポート窓口について/ });
    await expect.poll(isVisible(item)).toBe(true);
    expect(await item.textContent()).toContain('未読');
    await screenshot(owner, 'client-announcements');
    await item.click();
    await expect
      .poll(isVisible(owner.getByRole('heading', { name: '年末年始のサポート窓口について' })))
      .toBe(true);
    await screenshot(owner, 'client-announcement-detail');
    await owner.getByRole('link', { name: 'お知らせ一覧へ' }).click();
    await expect.poll(async () => (await item.textContent()) ?? '').not.toContain('未読');
    await expect.poll(unread).toBe(before);
    await owner.context().close();
  });
});
