import { deflateSync, crc32 } from 'node:zlib';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, screenshot, logIn } from './support/browser.ts';
import { startServer, type RunningServer } from './support/server.ts';
import { pickSimChannel, pickSimUser } from './support/line-sim-page.ts';

/** The first demo friend (a friend of the demo account, not blocked). */
const FRIEND = '佐藤 美咲';
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

/** A designer's menu image: two colored halves, 2500x843 PNG. */
function menuPng(width = 2500, height = 843): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const row = Buffer.alloc(1 + width * 3);
  for (let x = 0; x < width; x += 1) row.set(x < width / 2 ? [255, 214, 102] : [120, 200, 255], 1 + x * 3);
  const raw = Buffer.concat(Array.from({ length: height }, () => row));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

async function newPage(viewport = { width: 1280, height: 900 }): Promise<Page> {
  const context = await browser.newContext({ locale: 'ja-JP', viewport });
  return context.newPage();
}

/** Drag on the editor's image from one point to another, in fractions of the image. */
async function drawArea(page: Page, from: [number, number], to: [number, number]) {
  const box = (await page.getByTestId('area-canvas').boundingBox())!;
  await page.mouse.move(box.x + box.width * from[0], box.y + box.height * from[1]);
  await page.mouse.down();
  await page.mouse.move(
    box.x + box.width * ((from[0] + to[0]) / 2),
    box.y + box.height * ((from[1] + to[1]) / 2),
    {
      steps: 4,
    },
  );
  await page.mouse.move(box.x + box.width * to[0], box.y + box.height * to[1], { steps: 4 });
  await page.mouse.up();
}

const cardOf = (page: Page, name: string) => page.getByTestId('rich-menu-card').filter({ hasText: name });

describe('rich menus: draw, save, set as default, tap it on the simulator', () => {
  it("a friend taps the demo menu's クーポン (a postback area); the menu's タップ数 counts it", async () => {
    // the demo menu has 60 days of taps (issue 32): read the coupon area's figure first
    const page = await newPage();
    await logIn(page, server.url, 'manager@demo.example');
    await page.goto(`${server.url}/client/rich-menus`);
    await cardOf(page, '基本メニュー').getByRole('link', { name: '編集' }).click();
    const map = page.getByTestId('rich-menu-tap-map');
    await expect.poll(() => map.getByTestId('tap-area-3').textContent()).toMatch(/\d+回・\d+人/);
    const tapsOf = async () =>
      Number(/(\d+)回/.exec((await map.getByTestId('tap-area-3').textContent()) ?? '')![1]);
    const before = await tapsOf();
    expect(before).toBeGreaterThan(0);

    const phone = await newPage({ width: 1280, height: 1000 });
    await phone.goto(server.lineSimUrl);
    await pickSimChannel(phone, 'デモ商店 梅田店');
    await pickSimUser(phone, FRIEND);
    const menu = phone.locator('#richmenu');
    await expect.poll(() => menu.locator('button.area').count()).toBe(4);
    await menu.locator('button.area').nth(3).click();
    // the webhook took the postback (its answer is a durable job; the tap is recorded with the event)
    await expect
      .poll(() =>
        phone
          .locator('#timeline')
          .getByText(/Webhook ✓ 200/)
          .last()
          .isVisible(),
      )
      .toBe(true);

    // the tap is recorded by the event's job: on a busy machine it may commit after a first reload
    await expect
      .poll(
        async () => {
          await page.reload();
          await map.getByTestId('tap-area-3').getByText(/\d+回/).waitFor();
          return tapsOf();
        },
        { timeout: 60_000 },
      )
      .toBe(before + 1);
    // the web link (メニュー) is counted through the tap hop; the phone link and the message are not
    await expect.poll(() => map.getByTestId('tap-area-1').textContent()).toMatch(/\d+回・\d+人/);
    await expect.poll(() => map.getByTestId('tap-area-2').textContent()).toContain('数えないエリア');
    await map.scrollIntoViewIfNeeded();
    await screenshot(page, 'rich-menu-tap-map');

    // the friend's drawer lists the areas they tapped, the latest first: クーポン, just now
    await page.goto(`${server.url}/client/friends`);
    await page.getByLabel('検索').first().fill(FRIEND.split(' ')[0]!);
    await expect.poll(() => page.getByText(FRIEND).first().isVisible(), { timeout: 20_000 }).toBe(true);
    await page.getByText(FRIEND).first().click();
    const taps = page.getByTestId('friend-drawer').getByTestId('friend-rich-menu-taps');
    await expect.poll(() => taps.isVisible(), { timeout: 20_000 }).toBe(true);
    const first = taps.locator('li').first();
    expect(await first.textContent()).toContain('クーポン');
    expect(await first.textContent()).toContain('基本メニュー');
    expect(await first.textContent()).toMatch(/\d+回/);
    await taps.scrollIntoViewIfNeeded();
    await screenshot(page, 'friend-drawer-rich-menu-taps');
  });

  it('a manager draws a two-area menu, saves it and sets it as default; a LINE user taps an area', async () => {
    const page = await newPage();
    await logIn(page, server.url, 'manager@demo.example');
    await page.getByRole('link', { name: 'リッチメニュー', exact: true }).first().click();
    await page.waitForURL((url) => url.pathname === '/client/rich-menus');
    // The demo world's menu is the default.
    await expect.poll(() => cardOf(page, '基本メニュー').isVisible()).toBe(true);
    await expect.poll(() => cardOf(page, '基本メニュー').getByText('デフォルト').isVisible()).toBe(true);
    await screenshot(page, 'rich-menus-list-demo');

    await page.getByRole('link', { name: 'リッチメニューを作成' }).first().click();
    await page.waitForURL((url) => url.pathname === '/client/rich-menus/new');
    await page
      .getByTestId('image-input')
      .setInputFiles({ name: 'menu.png', mimeType: 'image/png', buffer: menuPng() });
    await page.getByTestId('area-canvas').waitFor();

    await drawArea(page, [0.03, 0.08], [0.47, 0.92]);
    await page.getByLabel('ラベル', { exact: true }).fill('予約');
    await page.getByLabel('送信するテキスト').fill('予約したいです（E2E）');
    await drawArea(page, [0.53, 0.08], [0.97, 0.92]);
    await page.getByLabel('アクション').selectOption('uri');
    await page.getByLabel('ラベル', { exact: true }).fill('サイト');
    await page.getByLabel('URL').fill('https://example.com/e2e');
    await expect.poll(() => page.getByTestId('area-2').isVisible()).toBe(true);

    await page.getByLabel(/^管理用の名前/).fill('E2E 二分割メニュー');
    await page.getByLabel(/^メニューバーのテキスト/).fill('タップしてね');
    await expect.poll(() => page.getByTestId('chat-bar-text').textContent()).toBe('タップしてね');
    await screenshot(page, 'rich-menu-editor');

    await page.getByRole('button', { name: 'リッチメニューを作成' }).click();
    await page.waitForURL((url) => url.pathname === '/client/rich-menus');
    const card = cardOf(page, 'E2E 二分割メニュー');
    await expect.poll(() => card.isVisible()).toBe(true);
    await expect.poll(() => card.getByText('タップ領域 2 件').isVisible()).toBe(true);
    await card.getByRole('button', { name: 'デフォルトに設定' }).click();
    await expect.poll(() => card.getByText('デフォルト', { exact: true }).isVisible()).toBe(true);
    await expect
      .poll(() => cardOf(page, '基本メニュー').getByText('デフォルト', { exact: true }).count())
      .toBe(0);
    await screenshot(page, 'rich-menus-list-new-default');

    // The LINE user's side: the simulator page shows the new default menu; tapping the left area sends its text.
    const phone = await newPage({ width: 1280, height: 1000 });
    await phone.goto(server.lineSimUrl);
    await pickSimChannel(phone, 'デモ商店 梅田店');
    await pickSimUser(phone, FRIEND);
    const menu = phone.locator('#richmenu');
    await expect.poll(() => menu.getByText(/タップしてね/).isVisible()).toBe(true);
    await expect.poll(() => menu.locator('button.area').count()).toBe(2);
    await screenshot(phone, 'rich-menu-simulator');
    await menu.locator('button.area').first().click();
    await expect
      .poll(() => phone.locator('#timeline').getByText('予約したいです（E2E）').isVisible())
      .toBe(true);
    await screenshot(phone, 'rich-menu-simulator-tapped');

    // LINE delivered it to the product's webhook, which took it (200).
    await expect
      .poll(() =>
        phone
          .locator('#timeline')
          .getByText(/Webhook ✓ 200/)
          .last()
          .isVisible(),
      )
      .toBe(true);
  });

  it('a manager builds a three-tab menu with live previews; a LINE user switches tabs on the simulator', async () => {
    const page = await newPage({ width: 1400, height: 1000 });
    await logIn(page, server.url, 'manager@demo.example');
    await page.goto(`${server.url}/client/rich-menus`);
    await page.getByRole('link', { name: 'タブ切り替えメニューを作成' }).click();
    await page.waitForURL((url) => url.pathname === '/client/rich-menus/tabbed/new');
    await page.getByRole('button', { name: 'タブを追加' }).click();
    const tabs: [string, string][] = [
      ['ご予約', '予約'],
      ['メニュー', 'メニュー表'],
      ['お店', 'お店の情報'],
    ];
    for (const [index, [label, text]] of tabs.entries()) {
      await page.getByRole('tab').nth(index).click();
      await page.getByLabel(/^タブ名/).fill(label);
      await page.getByLabel(/^メニューバーのテキスト/).fill(text);
    }
    // The technical values have defaults and stay out of sight; a tab's grid is picked by its look.
    expect(await page.getByLabel(/^エイリアスID/).count()).toBe(0);
    await page.getByRole('tab').nth(2).click();
    await page.getByRole('radio', { name: '並び 3', exact: true }).click();
    expect(await page.getByLabel('ラベル', { exact: true }).count()).toBe(3);
    await page.getByRole('tab').nth(0).click();
    await page.getByLabel('ラベル').first().fill('予約する');
    await page.getByLabel('送信するテキスト').first().fill('タブから予約');
    // The server draws the three tabs; the preview shows them.
    await expect.poll(() => page.getByTestId('tab-preview').count(), { timeout: 20_000 }).toBe(3);
    await page.waitForTimeout(1500); // the last edit's preview
    await screenshot(page, 'rich-menu-tabbed-builder');

    await page.getByRole('button', { name: 'タブ切り替えメニューを作成' }).click();
    await page.waitForURL((url) => url.pathname === '/client/rich-menus');
    // One card for the whole tabbed menu, its tabs by name.
    const first = cardOf(page, 'ご予約 / メニュー / お店');
    await expect.poll(() => first.isVisible()).toBe(true);
    expect(await first.getByText('3タブ').isVisible()).toBe(true);
    expect(await cardOf(page, 'ご予約（タブ').count()).toBe(0);
    await first.getByRole('button', { name: 'デフォルトに設定' }).click();
    await expect.poll(() => first.getByText('デフォルト', { exact: true }).isVisible()).toBe(true);
    await screenshot(page, 'rich-menus-list-tabbed');

    const phone = await newPage({ width: 1280, height: 1000 });
    await phone.goto(server.lineSimUrl);
    await pickSimChannel(phone, 'デモ商店 梅田店');
    await pickSimUser(phone, FRIEND);
    const menu = phone.locator('#richmenu');
    await expect.poll(() => menu.getByText(/^予約 /).isVisible()).toBe(true);
    await menu.locator('button.area', { hasText: 'メニュー' }).click();
    await expect.poll(() => menu.getByText(/^メニュー表 /).isVisible()).toBe(true);
    await screenshot(phone, 'rich-menu-simulator-tab-2');
    await menu.locator('button.area', { hasText: 'お店' }).click();
    await expect.poll(() => menu.getByText(/^お店の情報 /).isVisible()).toBe(true);
    await menu.locator('button.area', { hasText: 'ご予約' }).click();
    await expect.poll(() => menu.getByText(/^予約 /).isVisible()).toBe(true);
    await menu.locator('button.area', { hasText: '予約する' }).click();
    await expect.poll(() => phone.locator('#timeline').getByText('タブから予約').isVisible()).toBe(true);

    // Edited as a whole: the builder opens with its tabs; a renamed tab reaches LINE, still the default.
    await first.getByRole('link', { name: '編集' }).click();
    await page.waitForURL((url) => url.pathname.startsWith('/client/rich-menus/tabbed/'));
    await expect.poll(() => page.getByRole('tab').count()).toBe(3);
    await page.getByRole('tab').nth(2).click();
    expect(await page.getByLabel(/^タブ名/).inputValue()).toBe('お店');
    await page.getByLabel(/^タブ名/).fill('ショップ');
    await page.getByLabel('詳細設定（エイリアスID・比率・余白）').check();
    await page.getByLabel(/^エイリアスID/).waitFor();
    await expect.poll(() => page.getByTestId('tab-preview').count(), { timeout: 20_000 }).toBe(3);
    await page.waitForTimeout(1500);
    await screenshot(page, 'rich-menu-tabbed-edit');
    await page.getByRole('button', { name: '保存' }).click();
    await page.waitForURL((url) => url.pathname === '/client/rich-menus');
    const edited = cardOf(page, 'ご予約 / メニュー / ショップ');
    await expect.poll(() => edited.isVisible()).toBe(true);
    expect(await edited.getByText('デフォルト', { exact: true }).isVisible()).toBe(true);
    await screenshot(page, 'rich-menus-list-tabbed-edited');
    await phone.reload();
    await pickSimChannel(phone, 'デモ商店 梅田店');
    await pickSimUser(phone, FRIEND);
    await expect.poll(() => menu.locator('button.area', { hasText: 'ショップ' }).count()).toBe(1);
  });

  it('a manager starts from a template: the labels typed (and an icon) are drawn on the image (not letters) and reach LINE', async () => {
    const page = await newPage({ width: 1400, height: 1000 });
    await logIn(page, server.url, 'manager@demo.example');
    await page.goto(`${server.url}/client/rich-menus/new`);
    await page.getByRole('button', { name: 'テンプレート compact-2' }).click();
    await expect.poll(() => page.getByLabel('ラベルを画像に描く').isChecked()).toBe(true);
    const imageSrc = () => page.getByTestId('area-canvas').locator('img').getAttribute('src');
    await expect.poll(imageSrc, { timeout: 10_000 }).toMatch(/^data:image\/png;base64,/);
    const blank = await imageSrc();
    await page.getByRole('button', { name: /^1 / }).click();
    await page.getByLabel('ラベル', { exact: true }).fill('ご予約はこちら');
    await page.getByLabel('送信するテキスト').fill('予約したい（テンプレート）');
    await expect.poll(imageSrc, { timeout: 10_000 }).not.toBe(blank);
    const labelOnly = await imageSrc();
    // an icon above the label: the drawing changes again
    await page.getByLabel('アイコン（画像に描く）').selectOption({ label: 'カレンダー' });
    await expect.poll(imageSrc, { timeout: 10_000 }).not.toBe(labelOnly);
    await page.getByRole('button', { name: /^2 / }).click();
    await page.getByLabel('ラベル', { exact: true }).fill('クーポン');
    await page.getByLabel('送信するテキスト').fill('クーポンを見る');
    await page.getByLabel(/^管理用の名前/).fill('E2E テンプレート');
    await page.waitForTimeout(800); // the last label's drawing
    await screenshot(page, 'rich-menu-template-labels');
    const drawn = await imageSrc();
    await page.getByRole('button', { name: 'リッチメニューを作成' }).click();
    await page.waitForURL((url) => url.pathname === '/client/rich-menus');
    const card = cardOf(page, 'E2E テンプレート');
    await expect.poll(() => card.isVisible()).toBe(true);
    // the kept image is the one the editor showed
    const stored = await page.evaluate(
      async (url) => {
        const bytes = new Uint8Array(await (await fetch(url)).arrayBuffer());
        let text = '';
        for (const byte of bytes) text += String.fromCharCode(byte);
        return btoa(text);
      },
      (await card.locator('img').first().getAttribute('src'))!,
    );
    expect(`data:image/png;base64,${stored}`).toBe(drawn);
    await card.getByRole('button', { name: 'デフォルトに設定' }).click();
    await expect.poll(() => card.getByText('デフォルト', { exact: true }).isVisible()).toBe(true);
    await screenshot(page, 'rich-menus-list-template');
  });

  it("表示ルール: friends with a tag see their own menu; the simulator shows it as the user's (per-user link)", async () => {
    const page = await newPage({ width: 1400, height: 1000 });
    await logIn(page, server.url, 'manager@demo.example');
    await page.goto(`${server.url}/client/rich-menus`);
    const rules = page.getByRole('region', { name: /表示ルール/ });
    await rules.scrollIntoViewIfNeeded();
    await expect
      .poll(() => rules.getByText('ルールはまだありません', { exact: false }).isVisible())
      .toBe(true);
    // Every following demo friend carries VIP (members) or キャンペーン興味あり (the others).
    const addRule = async (n: number, condition: string, menu: string) => {
      await rules.getByRole('button', { name: 'ルールを追加' }).click();
      const rule = rules.getByRole('group', { name: `ルール ${n}` });
      await rule.getByRole('combobox', { name: /対象の友だち/ }).click();
      await page.getByRole('option', { name: condition }).click();
      await rule.getByRole('combobox', { name: /表示するメニュー/ }).click();
      await page.getByRole('option', { name: menu, exact: true }).click();
    };
    await addRule(1, 'タグ「VIP」が付いている', '基本メニュー');
    await addRule(2, 'タグ「キャンペーン興味あり」が付いている', 'E2E 二分割メニュー');
    await screenshot(page, 'rich-menu-rules-editing');
    await rules.getByRole('button', { name: 'ルールを保存' }).click();
    await page.getByText('表示ルールを保存しました', { exact: false }).waitFor();
    // the links reach LINE through the account's link job: the figures fill in (the panel polls while
    // friends are pending; a reload reads them again on a slow machine)
    const region = page.getByRole('region', { name: /表示ルール/ });
    await expect
      .poll(
        async () => {
          if ((await region.getByText(/現在 [1-9]\d* 人に表示中/).count()) === 2) return 2;
          await page.reload();
          await region.waitFor();
          return region.getByText(/現在 [1-9]\d* 人に表示中/).count();
        },
        { timeout: 90_000, interval: 3_000 },
      )
      .toBe(2);
    await page.getByRole('region', { name: /表示ルール/ }).scrollIntoViewIfNeeded();
    await screenshot(page, 'rich-menu-rules-saved');

    const phone = await newPage({ width: 1280, height: 1000 });
    await phone.goto(server.lineSimUrl);
    await pickSimChannel(phone, 'デモ商店 梅田店');
    await pickSimUser(phone, FRIEND);
    const menu = phone.locator('#richmenu');
    await expect
      .poll(async () => {
        if ((await menu.locator('.note').count()) === 0) await menu.locator('button.bar').click();
        return menu.locator('.note').textContent();
      })
      .toMatch(/リッチメニュー「(基本メニュー|E2E 二分割メニュー)」（ユーザー個別）/);
    await screenshot(phone, 'rich-menu-rules-simulator');
  }, 180_000);
});
