import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, screenshot, logIn } from './support/browser.ts';
import { startServer, type RunningServer } from './support/server.ts';

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

type SimChannel = {
  channelId: string;
  channelSecret: string;
  basicId: string;
  displayName: string;
  loginChannel: { channelId: string; channelSecret: string };
};
type SimSent = { sent: { kind: string; to: string[]; messages: { type: string; text?: string }[] }[] };

/** The simulator's console API (not LINE's). */
async function sim<T>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> {
  const response = await fetch(`${server.lineSimUrl}/_sim${path}`, {
    method,
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${method} /_sim${path}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

async function newPage(): Promise<Page> {
  const context = await browser.newContext({ locale: 'ja-JP', viewport: { width: 1280, height: 860 } });
  return context.newPage();
}

const isVisible = (page: Page, text: string | RegExp) => page.getByText(text).first().isVisible();

describe('LINE: connect an account, a friend follows, the client writes to them', () => {
  let channel: SimChannel;
  let lineAccountPath = '';

  it('connects the simulated channel through the connect form (a wrong secret is refused on the form)', async () => {
    channel = await sim<SimChannel>('POST', '/channels', {
      displayName: 'みどり薬局 駅前店',
      login: { name: 'みどり薬局 ミニアプリ' },
    });
    const page = await newPage();
    await logIn(page, server.url, 'owner@demo.example');

    await page.getByRole('link', { name: 'LINE公式アカウント', exact: true }).first().click();
    await page.waitForURL((url) => url.pathname === '/client/line-accounts');
    // The demo world's account is already there; this journey connects a second one.
    await expect.poll(() => isVisible(page, 'デモ商店 梅田店')).toBe(true);
    await screenshot(page, 'line-accounts-demo');

    await page.getByRole('link', { name: 'アカウントを連携' }).first().click();
    await page.waitForURL((url) => url.pathname === '/client/line-accounts/new');
    await page.getByLabel(/^チャネルID/).fill(channel.channelId);
    await page.getByLabel(/^チャネルシークレット/).fill('not-the-secret');
    await page.getByLabel(/^LINEログインチャネルのチャネルID/).fill(channel.loginChannel.channelId);
    await page
      .getByLabel(/^LINEログインチャネルのチャネルシークレット/)
      .fill(channel.loginChannel.channelSecret);
    await page.getByRole('button', { name: '連携する' }).click();
    await expect
      .poll(() => isVisible(page, 'チャネルIDまたはチャネルシークレットが正しくありません'))
      .toBe(true);
    expect(await page.getByLabel(/^チャネルシークレット/).getAttribute('aria-invalid')).toBe('true');
    await screenshot(page, 'line-account-connect-refused');

    await page.getByLabel(/^チャネルシークレット/).fill(channel.channelSecret);
    await page.getByRole('button', { name: '連携する' }).click();
    await page.waitForURL((url) => /^\/client\/line-accounts\/\d+$/.test(url.pathname));
    lineAccountPath = new URL(page.url()).pathname;
    await expect.poll(() => isVisible(page, channel.basicId)).toBe(true);
    await expect.poll(() => isVisible(page, 'みどり薬局 駅前店')).toBe(true);
    await screenshot(page, 'line-account-overview');

    // the list shows it as a card with its basic id
    await page.goto(`${server.url}/client/line-accounts`);
    await expect.poll(() => isVisible(page, channel.basicId)).toBe(true);
    await screenshot(page, 'line-accounts-list');
    await page.context().close();
  });

  it('links the member service (KS-001) to the account', async () => {
    const page = await newPage();
    await logIn(page, server.url, 'owner@demo.example');
    await page.goto(`${server.url}${lineAccountPath}`);
    const member = page.getByTestId('service-KS-001');
    await member.getByRole('button', { name: 'このアカウントで利用する' }).click();
    await expect.poll(() => member.getByText('利用中').isVisible(), { timeout: 15_000 }).toBe(true);
    await expect.poll(() => member.getByText(/^LIFF ID:/).isVisible()).toBe(true);
    await screenshot(page, 'line-account-services');
    await page.context().close();
  });

  it('sets the webhook in the UI and LINE tests it', async () => {
    const page = await newPage();
    await logIn(page, server.url, 'owner@demo.example');
    await page.goto(`${server.url}${lineAccountPath}?tab=webhook`);
    await expect.poll(() => page.getByTestId('webhook-url').inputValue()).toMatch(/\/line\/webhook\/\d+$/);
    await page.getByRole('button', { name: 'Webhookを設定' }).click();
    await expect.poll(() => isVisible(page, '接続テストに成功しました'), { timeout: 15_000 }).toBe(true);
    await expect.poll(() => isVisible(page, 'Webhook 接続中')).toBe(true);
    await screenshot(page, 'line-account-webhook');
    await page.context().close();
  });

  it('previews and saves the theme colour, which the pages of the account then use', async () => {
    const page = await newPage();
    await logIn(page, server.url, 'owner@demo.example');
    await page.goto(`${server.url}${lineAccountPath}?tab=branding`);
    // a colour that reads at AA as it is (the theme shows a darker shade of one that does not)
    const colour = page.getByLabel(/^テーマカラー/);
    await colour.fill('#0B5394');
    await expect
      .poll(() => page.getByTestId('branding-preview').getAttribute('data-primary'))
      .toBe('#0B5394');
    await page.getByLabel(/^タイトル/).fill('みどり薬局');
    await page.getByRole('button', { name: '保存', exact: true }).click();
    await expect.poll(() => isVisible(page, '保存しました')).toBe(true);
    await screenshot(page, 'line-account-branding');
    // a page opened with ?lineAccountId= takes the account's title
    const id = lineAccountPath.split('/').at(-1);
    await page.goto(`${server.url}/client/friends?lineAccountId=${id}`);
    await expect.poll(() => page.title()).toBe('みどり薬局');
    // and the client area keeps it on the pages that name no account (remembered: the last one used)
    await page.goto(`${server.url}/client/announcements`);
    await expect.poll(() => page.title()).toBe('みどり薬局');
    await screenshot(page, 'branding-kept-without-param');
    await page.context().close();
  });

  it('shows a simulated user who follows the account in the friends list, and the message sent to them reaches LINE', async () => {
    const user = await sim<{ userId: string }>('POST', '/users', { displayName: '佐藤 花子' });
    await sim('POST', `/users/${user.userId}/follow/${channel.channelId}`);

    const page = await newPage();
    await logIn(page, server.url, 'owner@demo.example');
    await page.getByRole('link', { name: '友だち', exact: true }).first().click();
    await page.waitForURL(
      (url) => url.pathname === '/client/friends' && url.searchParams.has('lineAccountId'),
    );
    // The demo account's friends come first; this journey's account is chosen by its id.
    await page.goto(`${server.url}/client/friends?lineAccountId=${lineAccountPath.split('/').at(-1)}`);
    // The follow event is processed by a durable job: look again until the friend is listed.
    await expect
      .poll(
        async () => {
          if (await isVisible(page, '佐藤 花子')) return true;
          await page.reload();
          await page.waitForLoadState('networkidle');
          return isVisible(page, '佐藤 花子');
        },
        { timeout: 30_000, interval: 1_000 },
      )
      .toBe(true);
    await screenshot(page, 'friends-list');

    await page.getByRole('button', { name: '佐藤 花子' }).click();
    const drawer = page.getByTestId('friend-drawer');
    await expect.poll(() => drawer.isVisible()).toBe(true);

    // the user writes first; the open drawer picks it up by itself
    await sim('POST', `/users/${user.userId}/messages`, {
      channelId: channel.channelId,
      text: '明日の予約はできますか？',
    });
    await expect
      .poll(() => drawer.getByText('明日の予約はできますか？').isVisible(), { timeout: 20_000 })
      .toBe(true);

    await drawer.getByLabel('メッセージ').fill('はい、10時から空いております。');
    await drawer.getByRole('button', { name: '送信' }).click();
    await expect.poll(() => drawer.getByText('はい、10時から空いております。').isVisible()).toBe(true);
    await expect.poll(() => drawer.getByLabel('メッセージ').inputValue()).toBe('');

    // delivered by the outbox: the simulator saw the push to this user
    await expect
      .poll(
        async () => {
          const { sent } = await sim<SimSent>('GET', `/channels/${channel.channelId}/sent`);
          return sent.some(
            (s) =>
              s.to.includes(user.userId) &&
              s.messages.some((m) => m.text === 'はい、10時から空いております。'),
          );
        },
        { timeout: 20_000, interval: 500 },
      )
      .toBe(true);
    await expect.poll(() => drawer.getByText('送信済み').first().isVisible(), { timeout: 15_000 }).toBe(true);

    await drawer.getByLabel('対応メモ').fill('午前中の来店が多い');
    await drawer.getByRole('button', { name: 'メモを保存' }).click();
    await expect.poll(() => drawer.getByRole('button', { name: 'メモを保存' }).isDisabled()).toBe(true);
    await screenshot(page, 'friend-drawer');
    await page.context().close();
  });

  it('shows ブロック for a friend who blocked the account', async () => {
    const { users } = await sim<{ users: { userId: string; displayName: string }[] }>('GET', '/users');
    const hanako = users.find((u) => u.displayName === '佐藤 花子')!;
    await sim('POST', `/users/${hanako.userId}/unfollow/${channel.channelId}`);
    const page = await newPage();
    await logIn(page, server.url, 'owner@demo.example');
    await page.goto(`${server.url}/client/friends?lineAccountId=${lineAccountPath.split('/').at(-1)}`);
    await expect
      .poll(
        async () => {
          await page.reload();
          await page.waitForLoadState('networkidle');
          return page
            .getByRole('row', { name: /佐藤 花子/ })
            .getByText('ブロック')
            .isVisible();
        },
        { timeout: 30_000, interval: 1_000 },
      )
      .toBe(true);
    await page.context().close();
  });

  it('lists the account on the master LINE accounts page with its client', async () => {
    const page = await newPage();
    await logIn(page, server.url, 'master@demo.example');
    await page.goto(`${server.url}/master/line-accounts`);
    await expect.poll(() => isVisible(page, channel.basicId)).toBe(true);
    await screenshot(page, 'master-line-accounts');
    await page.context().close();
  });
});
