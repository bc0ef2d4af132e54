import fs from 'node:fs';
import { createRequire } from 'node:module';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, logIn, screenshot } from './support/browser.ts';
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

/** A 120 x 90 orange PNG: the photo the friend sends and the owner answers with. */
const PHOTO_PNG =
  'iVBORw0KGgoAAAANSUhEUgAAAHgAAABaCAIAAAD8YgW4AAAACXBIWXMAAAPoAAAD6AG1e1JrAAABOklEQVR4nO3UAY0DARDDwMIxxCI+HCXRflavkYLAcvx63tnzewgvlJ8/UQ3ogO4/vY3RAd1cQ0Y3Bycd3ZxGB3RzDRndHJx0dHMaHdDNNWR0c3DS0c1pdEA315DRzcFJRzen0QHdXENGNwcnHd2cRgd0cw0Z3RycdHRzGh3QzTVkdHNw0tHNaXRAN9eQ0c3BSUc3p9EB3VxDRjcHJx3dnEYHdHMNGd0cnHR0cxod0M01ZHRzcNLRzWl0QDfXkNHNwUlHN6fRAd1cQ0Y3Bycd3ZxGB3RzDRndHJx0dHMaHdDNNWR0c3DS0c1pdEA315DRzcFJRzen0QHdXENGNwcnHd2cRgd0cw0Z3RycdHRzGh3QzTVkdHNw0tHNaXRAN9eQ0c3BSUc3p9EB3VxDRjcHJx3dnEYHdHMNv7gPTclI4b813gMAAAAASUVORK5CYII=';

type SimSent = { sent: { kind: string; to: string[]; messages: { type: string; text?: string }[] }[] };

/** The simulator's console API (not LINE's). */
async function sim<T>(method: 'GET' | 'POST' | 'PATCH', path: string, body?: unknown): Promise<T> {
  const response = await fetch(`${server.lineSimUrl}/_sim${path}`, {
    method,
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${method} /_sim${path}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

async function newPage(viewport = { width: 1280, height: 860 }): Promise<Page> {
  // bypassCSP: axe is injected below (the product's CSP allows no injected script)
  const context = await browser.newContext({ locale: 'ja-JP', viewport, bypassCSP: true });
  return context.newPage();
}

const axeSource = fs.readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
type AxeResult = { violations: { id: string; impact: string | null; nodes: { target: string[] }[] }[] };

/** Serious and critical WCAG 2.1 AA violations (as accessibility.e2e.ts counts them), one line each. */
async function audit(page: Page): Promise<string[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ content: axeSource });
  const result = await page.evaluate(() =>
    (window as unknown as { axe: { run: (c: Document, o: object) => Promise<AxeResult> } }).axe.run(
      document,
      { runOnly: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] },
    ),
  );
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .flatMap((v) => v.nodes.map((n) => `${v.id} (${v.impact}) ${n.target.join(' ')}`));
}

describe('チャット: the inbox of the demo account', () => {
  it('lists the demo conversations with unread counts; the menu shows the unread total', async () => {
    const page = await newPage();
    await logIn(page, server.url, 'owner@demo.example');
    await page.getByRole('link', { name: /チャット/ }).click();
    await page.waitForURL((url) => url.pathname === '/client/inbox');
    const list = page.getByRole('list', { name: '会話' });
    await expect
      .poll(() => list.getByTestId('inbox-conversation').count(), { timeout: 20_000 })
      .toBeGreaterThan(3);
    await expect.poll(() => list.getByText('要対応').first().isVisible()).toBe(true);
    await expect.poll(() => list.getByText('スタンプ').first().isVisible()).toBe(true);
    await screenshot(page, 'inbox-list');

    await page.getByRole('button', { name: '自分の担当' }).click();
    await expect.poll(() => list.getByTestId('inbox-conversation').count()).toBe(2);
    await page.getByRole('button', { name: 'すべて' }).click();
    await page.context().close();
  });

  it('a friend writes on LINE: the message appears without reload; the owner answers and marks it 対応済み', async () => {
    const { channels } = await sim<{ channels: { channelId: string; displayName: string }[] }>(
      'GET',
      '/channels',
    );
    const channel = channels.find((c) => c.displayName === 'デモ商店 梅田店')!;
    const user = await sim<{ userId: string }>('POST', '/users', { displayName: '森 さくら' });
    await sim('POST', `/users/${user.userId}/follow/${channel.channelId}`);

    const page = await newPage();
    await logIn(page, server.url, 'staff@demo.example');
    await page.goto(`${server.url}/client/inbox`);
    const list = page.getByRole('list', { name: '会話' });
    await expect
      .poll(() => list.getByTestId('inbox-conversation').count(), { timeout: 20_000 })
      .toBeGreaterThan(3);
    // the live stream is open: the page no longer asks on a timer, so what follows arrives through it
    await expect
      .poll(() => page.locator('[data-live]').getAttribute('data-live'), { timeout: 20_000 })
      .toBe('true');

    await sim('POST', `/users/${user.userId}/messages`, {
      channelId: channel.channelId,
      text: '今日の営業時間を教えてください',
    });
    const row = list.getByTestId('inbox-conversation').filter({ hasText: '森 さくら' });
    await expect.poll(() => row.isVisible(), { timeout: 20_000 }).toBe(true);
    await expect.poll(() => row.getByText('今日の営業時間を教えてください').isVisible()).toBe(true);
    await screenshot(page, 'inbox-new-message');

    await row.click();
    const pane = page.getByTestId('conversation-pane');
    await expect.poll(() => pane.getByText('今日の営業時間を教えてください').isVisible()).toBe(true);
    // opened: nothing unread any more
    await expect.poll(() => row.getByText('未読 1 件').count()).toBe(0);

    await pane.getByLabel('メッセージ').fill('本日は20時まで営業しております。');
    await pane.getByRole('button', { name: '送信' }).click();
    await expect.poll(() => pane.getByText('本日は20時まで営業しております。').isVisible()).toBe(true);
    await pane.getByRole('button', { name: '対応済みにする' }).click();
    await expect.poll(() => pane.getByRole('button', { name: '要対応に戻す' }).isVisible()).toBe(true);
    await expect.poll(() => row.getByText('対応済み').isVisible(), { timeout: 10_000 }).toBe(true);
    await screenshot(page, 'inbox-conversation');
    expect(await audit(page)).toEqual([]);

    // the friend got the answer on LINE
    await expect
      .poll(
        async () => {
          const { sent } = await sim<SimSent>('GET', `/channels/${channel.channelId}/sent`);
          return sent.some(
            (s) =>
              s.to.includes(user.userId) &&
              s.messages.some((m) => m.text === '本日は20時まで営業しております。'),
          );
        },
        { timeout: 20_000, interval: 500 },
      )
      .toBe(true);
    await page.context().close();
  });

  it('a friend sends a photo and a sticker on the simulator page; the owner sees them live, answers with an image, the friend sees it', async () => {
    const { channels } = await sim<{ channels: { channelId: string; displayName: string }[] }>(
      'GET',
      '/channels',
    );
    const channel = channels.find((c) => c.displayName === 'デモ商店 梅田店')!;
    const user = await sim<{ userId: string }>('POST', '/users', { displayName: '写真 はるか' });
    await sim('POST', `/users/${user.userId}/follow/${channel.channelId}`);
    const photo = Buffer.from(PHOTO_PNG, 'base64');

    const owner = await newPage();
    await logIn(owner, server.url, 'owner@demo.example');
    await owner.goto(`${server.url}/client/inbox`);
    await expect
      .poll(() => owner.locator('[data-live]').getAttribute('data-live'), { timeout: 20_000 })
      .toBe('true');

    // the friend's LINE: the simulator's user page, as this user talking to the demo account
    const phone = await newPage();
    await phone.addInitScript(
      ([channelId, userId]) => {
        localStorage.setItem('lineSim.channelId', channelId!);
        localStorage.setItem('lineSim.userId', userId!);
      },
      [channel.channelId, user.userId],
    );
    await phone.goto(server.lineSimUrl);
    await expect.poll(() => phone.locator('#message-text').isEnabled(), { timeout: 20_000 }).toBe(true);
    await phone
      .locator('#media-file')
      .setInputFiles({ name: 'shop.png', mimeType: 'image/png', buffer: photo });
    await expect.poll(() => phone.locator('.bubble.media img').count(), { timeout: 20_000 }).toBe(1);
    await phone.getByRole('button', { name: 'スタンプを送る' }).click();
    await phone.locator('#sticker-palette button').first().click();
    await expect.poll(() => phone.locator('.row.user .sticker').count(), { timeout: 20_000 }).toBe(1);
    await screenshot(phone, 'sim-friend-sends-photo');

    const list = owner.getByRole('list', { name: '会話' });
    const row = list.getByTestId('inbox-conversation').filter({ hasText: '写真 はるか' });
    await expect.poll(() => row.isVisible(), { timeout: 20_000 }).toBe(true);
    await row.click();
    const pane = owner.getByTestId('conversation-pane');
    // the photo, fetched from LINE's content endpoint by the job, drawn from the authenticated route
    const image = pane.getByTestId('message-image');
    await expect.poll(() => image.count(), { timeout: 30_000 }).toBe(1);
    await expect
      .poll(() => image.evaluate((img) => (img as HTMLImageElement).naturalWidth), { timeout: 20_000 })
      .toBe(120);
    await expect.poll(() => pane.getByTestId('message-sticker').count(), { timeout: 20_000 }).toBe(1);
    await screenshot(owner, 'inbox-friend-photo');

    await pane.getByTestId('reply-image-file').setInputFiles({
      name: 'answer.png',
      mimeType: 'image/png',
      buffer: photo,
    });
    await expect
      .poll(() => pane.locator('[data-source="system"] [data-testid="message-image"]').count(), {
        timeout: 20_000,
      })
      .toBe(1);
    await pane.getByRole('button', { name: '対応済みにする' }).click();
    await expect.poll(() => row.getByText('対応済み').isVisible(), { timeout: 10_000 }).toBe(true);
    await screenshot(owner, 'inbox-image-answer');

    // the friend sees the image on the phone
    await expect
      .poll(() => phone.locator('.row.bot .bubble img[alt="画像"]').count(), { timeout: 30_000 })
      .toBe(1);
    await screenshot(phone, 'sim-friend-sees-image');
    const sent = await sim<SimSent>('GET', `/channels/${channel.channelId}/sent`);
    expect(sent.sent.filter((s) => s.to.includes(user.userId)).at(-1)?.messages[0]?.type).toBe('image');
    await owner.context().close();
    await phone.context().close();
  });

  it('既読 at LINE: with チャットを開いた時, the friend sees 既読 on LINE once the owner opens the conversation', async () => {
    const { channels } = await sim<{ channels: { channelId: string; displayName: string }[] }>(
      'GET',
      '/channels',
    );
    const channel = channels.find((c) => c.displayName === 'デモ商店 梅田店')!;
    // チャット on in LINE Official Account Manager: LINE leaves 既読 to the account (markAsReadMode manual)
    await sim('PATCH', `/channels/${channel.channelId}`, { chatMode: 'chat' });
    const user = await sim<{ userId: string }>('POST', '/users', { displayName: '既読 みなみ' });
    await sim('POST', `/users/${user.userId}/follow/${channel.channelId}`);

    // the owner picks 既読をつけるタイミング on the account's チャット設定 tab
    const owner = await newPage({ width: 1280, height: 800 });
    await logIn(owner, server.url, 'owner@demo.example');
    await owner.goto(`${server.url}/client/line-accounts`);
    await owner.getByRole('link', { name: 'デモ商店 梅田店' }).first().click();
    await owner.getByRole('tab', { name: 'チャット設定' }).click();
    await owner.getByRole('radio', { name: /チャットを開いた時/ }).check();
    await owner.getByRole('button', { name: '保存' }).click();
    await expect.poll(() => owner.getByRole('button', { name: '保存' }).isDisabled()).toBe(true);
    await screenshot(owner, 'line-account-chat-settings');

    await owner.goto(`${server.url}/client/inbox`);
    await expect
      .poll(() => owner.locator('[data-live]').getAttribute('data-live'), { timeout: 20_000 })
      .toBe('true');

    // the friend writes from LINE (the simulator's user page): no 既読 yet
    const phone = await newPage();
    await phone.addInitScript(
      ([channelId, userId]) => {
        localStorage.setItem('lineSim.channelId', channelId!);
        localStorage.setItem('lineSim.userId', userId!);
      },
      [channel.channelId, user.userId],
    );
    await phone.goto(server.lineSimUrl);
    await expect.poll(() => phone.locator('#message-text').isEnabled(), { timeout: 20_000 }).toBe(true);
    await phone.locator('#message-text').fill('席の予約はできますか');
    await phone.locator('#composer').getByRole('button', { name: '送信' }).click();
    await expect.poll(() => phone.locator('.row.user').count(), { timeout: 20_000 }).toBe(1);
    const list = owner.getByRole('list', { name: '会話' });
    const row = list.getByTestId('inbox-conversation').filter({ hasText: '既読 みなみ' });
    await expect.poll(() => row.isVisible(), { timeout: 20_000 }).toBe(true);
    expect(await phone.locator('.row.user .read').count()).toBe(0);

    // the owner opens it: LINE's mark-as-read is called (a durable job), the phone shows 既読
    await row.click();
    const pane = owner.getByTestId('conversation-pane');
    await expect.poll(() => pane.getByText('席の予約はできますか').isVisible()).toBe(true);
    await expect
      .poll(() => phone.locator('.row.user .read').count(), { timeout: 30_000, interval: 500 })
      .toBe(1);
    await expect.poll(() => phone.locator('.row.user .read').textContent()).toBe('既読');
    await screenshot(phone, 'sim-friend-sees-read');

    // the message box at 1,280 px with テンプレート, スタンプ and 画像: as wide as the pane
    // (the box spans the composer's row of buttons, no column of buttons beside it)
    const box = await pane.getByRole('textbox', { name: 'メッセージ' }).boundingBox();
    const actions = await pane.getByTestId('composer-actions').boundingBox();
    expect(box!.width).toBeGreaterThan(actions!.width * 0.85);
    await screenshot(owner, 'inbox-composer-1280');

    await sim('PATCH', `/channels/${channel.channelId}`, { chatMode: 'bot' });
    await owner.context().close();
    await phone.context().close();
  });

  it('a group on LINE: a member writes, the message arrives live under グループ・トークルーム, the owner answers in the group and takes it (担当)', async () => {
    const { channels } = await sim<{ channels: { channelId: string; displayName: string }[] }>(
      'GET',
      '/channels',
    );
    const channel = channels.find((c) => c.displayName === 'デモ商店 梅田店')!;
    const kimura = await sim<{ userId: string }>('POST', '/users', { displayName: '木村 商店会長' });
    const ono = await sim<{ userId: string }>('POST', '/users', { displayName: '小野 理事' });

    const owner = await newPage({ width: 1280, height: 800 });
    await logIn(owner, server.url, 'owner@demo.example');
    await owner.goto(`${server.url}/client/inbox`);
    await expect
      .poll(() => owner.locator('[data-live]').getAttribute('data-live'), { timeout: 20_000 })
      .toBe('true');
    await owner.getByRole('button', { name: /グループ・トークルーム/ }).click();

    // the account is invited to a group (the simulator's console: LINE's join event)
    const { group } = await sim<{ group: { groupId: string } }>(
      'POST',
      `/channels/${channel.channelId}/groups`,
      {
        name: '梅田商店会',
        members: [kimura.userId, ono.userId],
      },
    );
    const list = owner.getByRole('list', { name: 'グループ・トークルーム' });
    const row = list.getByRole('button').filter({ hasText: '梅田商店会' });
    await expect.poll(() => row.isVisible(), { timeout: 20_000 }).toBe(true);

    // a member writes: the message reaches the open list without reload
    await sim('POST', `/groups/${group.groupId}/members/${kimura.userId}/messages`, {
      text: '明日の清掃は何時からですか',
    });
    await expect
      .poll(() => row.getByText('明日の清掃は何時からですか').isVisible(), { timeout: 20_000 })
      .toBe(true);
    await expect.poll(() => row.getByText('要対応').isVisible()).toBe(true);
    // the 未読 filter shows it; the switch counts it
    await owner.getByRole('button', { name: '未読', exact: true }).click();
    await expect.poll(() => row.isVisible()).toBe(true);
    await screenshot(owner, 'inbox-group-message');

    await row.click();
    await expect
      .poll(() => owner.getByText('木村 商店会長').first().isVisible(), { timeout: 20_000 })
      .toBe(true);
    await owner.getByRole('textbox', { name: 'メッセージ' }).fill('9時からです。よろしくお願いします。');
    await owner.getByRole('button', { name: '送信', exact: true }).click();
    await owner.getByRole('button', { name: '対応済みにする' }).click();
    await expect.poll(() => owner.getByRole('button', { name: '要対応に戻す' }).isVisible()).toBe(true);
    // 担当: the owner takes the group; 自分の担当 lists it, with the assignee on its row
    await owner.getByRole('combobox', { name: '担当者' }).click();
    await owner.getByRole('option', { name: '山田 一郎' }).click();
    await expect.poll(() => owner.getByRole('combobox', { name: '担当者' }).textContent()).toBe('山田 一郎');
    await owner.getByRole('button', { name: '自分の担当', exact: true }).click();
    await expect.poll(() => row.getByText('山田 一郎').isVisible(), { timeout: 20_000 }).toBe(true);
    await screenshot(owner, 'inbox-group-answer');
    expect(await audit(owner)).toEqual([]);

    // the group on LINE got the answer
    await expect
      .poll(
        async () => {
          const { entries } = await sim<{
            entries: { from: string; message?: { text?: string } }[];
          }>('GET', `/groups/${group.groupId}/timeline`);
          return entries.some(
            (e) => e.from === 'bot' && e.message?.text === '9時からです。よろしくお願いします。',
          );
        },
        { timeout: 20_000, interval: 500 },
      )
      .toBe(true);
    await owner.context().close();
  });

  it('at phone width: the list, then the conversation with a way back', async () => {
    const page = await newPage({ width: 390, height: 844 });
    await logIn(page, server.url, 'owner@demo.example');
    await page.goto(`${server.url}/client/inbox`);
    const list = page.getByRole('list', { name: '会話' });
    await expect
      .poll(() => list.getByTestId('inbox-conversation').count(), { timeout: 20_000 })
      .toBeGreaterThan(3);
    await screenshot(page, 'inbox-phone-list');
    await list.getByTestId('inbox-conversation').filter({ hasText: 'スタンプ' }).click();
    const pane = page.getByTestId('conversation-pane');
    await expect.poll(() => pane.getByText('駐車場はありますか？').isVisible()).toBe(true);
    await expect.poll(() => pane.getByText('画像').first().isVisible()).toBe(true);
    await screenshot(page, 'inbox-phone-conversation');
    expect(await audit(page)).toEqual([]);
    await pane.getByRole('button', { name: '会話一覧に戻る' }).click();
    await expect.poll(() => list.isVisible()).toBe(true);
    await page.context().close();
  });
});
