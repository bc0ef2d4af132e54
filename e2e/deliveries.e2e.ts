import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, logIn, screenshot } from './support/browser.ts';
import { pickSimChannel, pickSimUser } from './support/line-sim-page.ts';
import { startServer, type RunningServer } from './support/server.ts';

/**
 * メッセージ配信 end to end: the owner saves the friends list's search as a segment, composes a delivery
 * (a text with a link, a sticker and a card-type message) with the LINE-like preview, links their own LINE
 * (これは自分です) and sends a test to it, picks the segment (its count shown, blocked friends excluded), sends
 * it; the friend's LINE on the simulator's page shows the messages, a card's button sends its text, the
 * friend taps the link, and the history counts the click.
 */
const FRIEND = '渡辺 蓮';
const TEXT = '今週末は会員さま限定セールです。ぜひお越しください！';
const CARD_TITLE = '抹茶パフェ';
const CARD_REPLY = '抹茶パフェについて教えてください';
const RICH_ALT = '今週末のセールとクーポン';
const RICH_REPLY = 'クーポンをください';
const LONG_TITLE =
  '下書きのお知らせ：年末年始の営業時間と臨時休業日、ポイント2倍キャンペーンと福袋のご予約について';
let server: RunningServer;
/** The delivery's link: a page of our own server, so the tab the tap opens loads. */
const linkTarget = () => `${server.url}/login?from=sale`;
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

describe('deliveries: a saved segment, a composed message, sent, on the friend’s LINE', () => {
  it('the owner saves a segment, composes and sends to it; the history counts it sent', async () => {
    const page = await newPage();
    await logIn(page, server.url, 'owner@demo.example');
    await page.getByRole('link', { name: '友だち', exact: true }).first().click();
    await page.waitForURL((url) => url.pathname === '/client/friends');
    await page.getByLabel('検索').first().fill('渡辺');
    await expect.poll(() => page.getByText(FRIEND).first().isVisible(), { timeout: 20_000 }).toBe(true);
    await page.getByTestId('save-segment').click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('セグメント名').fill('渡辺さん');
    await dialog.getByRole('button', { name: '保存' }).click();
    await expect.poll(() => page.getByText('セグメント「渡辺さん」を保存しました').isVisible()).toBe(true);

    await page.getByRole('link', { name: 'メッセージ配信', exact: true }).first().click();
    await page.waitForURL((url) => url.pathname === '/client/deliveries');
    // the demo world's deliveries are listed: one sent to a segment, one scheduled
    await expect
      .poll(() => page.getByText('年末年始の営業時間のお知らせ').isVisible(), { timeout: 20_000 })
      .toBe(true);
    await screenshot(page, 'deliveries-history-demo');
    await page.getByRole('button', { name: '新規配信' }).click();
    await page.getByLabel('管理用タイトル').fill('週末セール');
    await page.getByTestId('message-text-0').fill(`${TEXT}\n詳しくはこちら ${linkTarget()}`);
    await page.getByRole('button', { name: 'スタンプを追加' }).click();
    // a card-type message built from the form: two cards, a link and a text button
    await page.getByRole('button', { name: 'カードタイプを追加' }).click();
    await page.getByTestId('message-2-alt-text').fill('今週のおすすめ');
    await page.getByTestId('card-0-title').fill(CARD_TITLE);
    await page.getByTestId('card-0-text').fill('宇治抹茶をたっぷり使った季節限定のパフェ');
    await page.getByTestId('card-0-price').fill('1200');
    await page.getByTestId('card-0-action-0-label').fill('予約する');
    await page.getByTestId('card-0-action-0-uri').fill('https://example.com/reserve');
    await page.getByRole('button', { name: 'ボタンを追加' }).click();
    await page.getByTestId('card-0-action-1-label').fill('詳しく');
    await page.getByTestId('card-0-action-1-text').fill(CARD_REPLY);
    await page.getByRole('button', { name: 'カードを追加' }).click();
    await page.getByTestId('card-1-title').fill('ほうじ茶ラテ');
    await page.getByTestId('card-1-price').fill('650');
    const cardsPreview = page.getByRole('group', { name: 'カードタイプメッセージ: 今週のおすすめ' });
    await expect.poll(() => cardsPreview.textContent()).toContain('¥1,200');
    await page.getByLabel('保存したセグメント').check();
    await page.getByLabel('セグメント', { exact: true }).click();
    await page.getByRole('option', { name: '渡辺さん' }).click();
    await expect
      .poll(() => page.getByTestId('audience-count').textContent())
      .toBe('配信対象: 1人（ブロック中の友だちを除く）');
    await expect.poll(() => page.getByTestId('line-chat-preview').textContent()).toContain(TEXT);
    expect(await page.getByTestId('quota').textContent()).toContain('この配信で使う通数: 1通');
    // the owner links their own LINE (the demo friend they are, here) and sends a test to it first
    await page.getByLabel('自分の友だち').click();
    await page.getByRole('option', { name: FRIEND }).click();
    await page.getByRole('button', { name: 'これは自分です' }).click();
    await expect.poll(() => page.getByText(`${FRIEND} を自分のLINEに設定しました`).isVisible()).toBe(true);
    await page.getByTestId('test-send').click();
    await expect.poll(() => page.getByText(`${FRIEND} にテスト送信しました`).isVisible()).toBe(true);
    await cardsPreview.scrollIntoViewIfNeeded();
    await screenshot(page, 'deliveries-composer');
    await page.getByRole('button', { name: '配信する' }).click();
    await expect.poll(() => page.getByText('配信を開始しました').isVisible()).toBe(true);
    const row = page.getByRole('row').filter({ hasText: '週末セール' });
    await expect.poll(() => row.getByText('配信済み').isVisible(), { timeout: 30_000 }).toBe(true);
    expect(await row.textContent()).toContain('1 / 1 / 0');
    expect(await row.textContent()).toContain('渡辺さん');
    await screenshot(page, 'deliveries-history-sent');

    // a draft saved now (as staff would) goes out later from the history; its long title keeps to one
    // line in the history, ending in an ellipsis, the whole of it on hover
    await page.getByRole('button', { name: '新規配信' }).click();
    await page.getByLabel('管理用タイトル').fill(LONG_TITLE);
    await page.getByTestId('message-text-0').fill('下書きから配信します');
    await page.getByLabel('保存したセグメント').check();
    await page.getByLabel('セグメント', { exact: true }).click();
    await page.getByRole('option', { name: '渡辺さん' }).click();
    await page.getByRole('button', { name: '下書き保存' }).click();
    const draftRow = page.getByRole('row').filter({ hasText: LONG_TITLE });
    await expect.poll(() => draftRow.getByText('下書き', { exact: true }).isVisible()).toBe(true);
    const title = draftRow.locator('[data-testid^="delivery-title-"]');
    const box = await title.evaluate((el) => ({
      clipped: el.scrollWidth > el.clientWidth,
      oneLine: el.getBoundingClientRect().height < 2 * parseFloat(getComputedStyle(el).fontSize),
      ellipsis: getComputedStyle(el).textOverflow,
    }));
    expect(box).toEqual({ clipped: true, oneLine: true, ellipsis: 'ellipsis' });
    await title.hover();
    await expect.poll(() => page.getByRole('tooltip').textContent()).toBe(LONG_TITLE);
    await screenshot(page, 'deliveries-history-long-title');
    await page.mouse.move(0, 0);
    await draftRow.getByRole('button', { name: '今すぐ配信' }).click();
    await expect.poll(() => draftRow.getByText('配信済み').isVisible(), { timeout: 30_000 }).toBe(true);
    await page.context().close();
  });

  it("the friend's simulated LINE shows the delivered message (the test and the real one); a tap on its link is counted", async () => {
    const context = await browser.newContext({ locale: 'ja-JP', viewport: { width: 1280, height: 860 } });
    const sim = await context.newPage();
    await sim.goto(server.lineSimUrl);
    await pickSimChannel(sim, 'デモ商店 梅田店');
    await pickSimUser(sim, FRIEND);
    const bubbles = sim.locator('#timeline .bubble', { hasText: TEXT });
    await expect.poll(() => bubbles.count(), { timeout: 20_000 }).toBe(2);
    // the card-type message arrives as a carousel; its text button sends the friend's text to the account
    const cards = sim.locator('#timeline .flex-message').last();
    await expect.poll(() => cards.getByText(CARD_TITLE, { exact: true }).isVisible()).toBe(true);
    expect(await cards.textContent()).toContain('ほうじ茶ラテ');
    await cards.scrollIntoViewIfNeeded();
    await screenshot(sim, 'deliveries-sim-friend');
    await cards.getByRole('button', { name: '詳しく' }).click();
    await expect
      .poll(() => sim.locator('#timeline').getByText(CARD_REPLY, { exact: true }).isVisible(), {
        timeout: 20_000,
      })
      .toBe(true);
    await screenshot(sim, 'deliveries-sim-friend-tapped');
    // the link LINE shows is our tracked redirect, not the target
    const link = bubbles.last().locator('a.link');
    expect(await link.getAttribute('href')).toMatch(new RegExp(`^${server.url}/r/[\\w-]{16}$`));
    const [opened] = await Promise.all([context.waitForEvent('page'), link.click()]);
    // the redirect leads on to the link's own page
    await opened.waitForURL((url) => url.href.startsWith(`${server.url}/login`), { timeout: 20_000 });
    await context.close();

    const page = await newPage();
    await logIn(page, server.url, 'owner@demo.example');
    await page.getByRole('link', { name: 'メッセージ配信', exact: true }).first().click();
    const row = page.getByRole('row').filter({ hasText: '週末セール' });
    await expect.poll(() => row.textContent(), { timeout: 20_000 }).toContain('1回');
    expect(await row.textContent()).toContain(`1回 ${linkTarget()}`);
    // the demo's sent delivery: three taps on its campaign link
    expect(await page.getByRole('row').filter({ hasText: '秋のキャンペーン' }).textContent()).toContain(
      '3回',
    );
    await screenshot(page, 'deliveries-history-clicks');
    await page.context().close();
  });

  it("a template with the friend's name, sent to a friend picked on the friends page: their LINE and the chat show their own text", async () => {
    const page = await newPage();
    await logIn(page, server.url, 'owner@demo.example');
    await page.getByRole('link', { name: 'メッセージ配信', exact: true }).first().click();
    await page.waitForURL((url) => url.pathname === '/client/deliveries');
    // 定型文: the demo's three, and a new one with the friend-name placeholder inserted at the start
    await page.getByTestId('templates-tab').click();
    await expect.poll(() => page.getByText('営業時間のご案内').isVisible(), { timeout: 20_000 }).toBe(true);
    await page.getByTestId('new-template').click();
    const dialog = page.getByRole('dialog');
    await dialog.getByTestId('template-name').fill('来店のお礼');
    const text = dialog.getByTestId('template-message-text-0');
    await text.fill('様、ご来店ありがとうございました。');
    await text.press('Control+Home');
    await dialog.getByTestId('template-insert-name-0').click();
    await expect.poll(() => text.inputValue()).toBe('{name}様、ご来店ありがとうございました。');
    await dialog.getByTestId('template-save').click();
    await expect.poll(() => page.getByText('定型文「来店のお礼」を保存しました').isVisible()).toBe(true);
    await screenshot(page, 'deliveries-templates');

    // the friends page: one friend ticked, 配信する opens a delivery to them
    await page.getByRole('link', { name: '友だち', exact: true }).first().click();
    await page.waitForURL((url) => url.pathname === '/client/friends');
    await page.getByLabel('検索').first().fill('渡辺');
    await expect.poll(() => page.getByText(FRIEND).first().isVisible(), { timeout: 20_000 }).toBe(true);
    await page.getByLabel(`${FRIEND} を選択`).check();
    await page.getByTestId('send-to-picked').click();
    await page.waitForURL((url) => url.pathname === '/client/deliveries');
    await expect
      .poll(() => page.getByTestId('audience-count').textContent())
      .toBe('配信対象: 1人（ブロック中の友だちを除く）');
    await page.getByLabel('管理用タイトル').fill('来店のお礼（個別）');
    await page.getByTestId('insert-template').click();
    await page.getByRole('dialog').getByText('来店のお礼', { exact: true }).click();
    // the preview fills the placeholder with a sample name; the screen says how it goes out
    await expect
      .poll(() => page.getByTestId('line-chat-preview').textContent())
      .toContain('山田 花子様、ご来店ありがとうございました。');
    expect(await page.getByTestId('personal-note').textContent()).toContain('1人ずつ送信します');
    await screenshot(page, 'deliveries-composer-personal');
    await page.getByRole('button', { name: '配信する' }).click();
    await expect.poll(() => page.getByText('配信を開始しました').isVisible()).toBe(true);
    const row = page.getByRole('row').filter({ hasText: '来店のお礼（個別）' });
    await expect.poll(() => row.getByText('配信済み').isVisible(), { timeout: 30_000 }).toBe(true);

    // the friend's LINE shows their own name
    const sim = await page.context().newPage();
    await sim.goto(server.lineSimUrl);
    await pickSimChannel(sim, 'デモ商店 梅田店');
    await pickSimUser(sim, FRIEND);
    const personal = `${FRIEND}様、ご来店ありがとうございました。`;
    await expect
      .poll(() => sim.locator('#timeline .bubble', { hasText: personal }).count(), { timeout: 20_000 })
      .toBe(1);
    await screenshot(sim, 'deliveries-sim-personal');
    await sim.close();

    // and the friend's chat keeps it as a delivery (配信) among their own messages
    await page.goto(`${server.url}/client/inbox`);
    const list = page.getByRole('list', { name: '会話' });
    const conversation = list.getByTestId('inbox-conversation').filter({ hasText: FRIEND });
    await expect.poll(() => conversation.count(), { timeout: 20_000 }).toBe(1);
    await conversation.click();
    const pane = page.getByTestId('conversation-pane');
    await expect.poll(() => pane.getByText(personal).isVisible()).toBe(true);
    await expect
      .poll(() => pane.getByTestId('from-delivery').filter({ hasText: '来店のお礼（個別）' }).count())
      .toBe(1);
    await screenshot(page, 'deliveries-inbox-personal');
    await page.context().close();
  });

  it('the owner composes a rich message with two tap areas and sends it; the friend taps both on the simulator', async () => {
    const page = await newPage();
    await logIn(page, server.url, 'owner@demo.example');
    await page.getByRole('link', { name: 'メッセージ配信', exact: true }).first().click();
    await page.waitForURL((url) => url.pathname === '/client/deliveries');
    await page.getByRole('button', { name: '新規配信' }).click();
    await page.getByLabel('管理用タイトル').fill('リッチメッセージのセール');
    await page.getByTestId('message-text-0').fill('今週末のセールのご案内です');
    await page.getByRole('button', { name: 'リッチメッセージを追加' }).click();
    await page.getByTestId('message-1-alt-text').fill(RICH_ALT);
    // an image as a designer would hand it over: a PNG drawn in the browser, chosen in the file dialog
    const png = await page.evaluate(() => {
      const canvas = document.createElement('canvas');
      canvas.width = 1040;
      canvas.height = 520;
      const ctx = canvas.getContext('2d')!;
      ctx.fillStyle = '#f6c344';
      ctx.fillRect(0, 0, 520, 520);
      ctx.fillStyle = '#2e86de';
      ctx.fillRect(520, 0, 520, 520);
      ctx.fillStyle = '#111';
      ctx.font = 'bold 64px sans-serif';
      ctx.fillText('SALE', 150, 280);
      ctx.fillText('COUPON', 630, 280);
      return canvas.toDataURL('image/png').split(',')[1]!;
    });
    await page
      .getByTestId('imagemap-file-1')
      .setInputFiles({ name: 'sale.png', mimeType: 'image/png', buffer: Buffer.from(png, 'base64') });
    const canvasImage = page.getByTestId('area-canvas').locator('img');
    await expect.poll(() => canvasImage.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(1040);
    // LINE Official Account Manager's layout of two halves: a link on the left, a text on the right
    await page.getByRole('button', { name: '2 分割（左右）' }).click();
    await page.getByTestId('imagemap-1-area-0-uri').fill(linkTarget());
    await page.getByRole('group', { name: 'タップ領域 2' }).getByRole('combobox').click();
    await page.getByRole('option', { name: 'テキストを送信' }).click();
    await page.getByTestId('imagemap-1-area-1-text').fill(RICH_REPLY);
    const preview = page.getByRole('img', { name: `リッチメッセージ: ${RICH_ALT}` });
    await expect.poll(() => preview.isVisible()).toBe(true);
    await page.getByLabel('保存したセグメント').check();
    await page.getByLabel('セグメント', { exact: true }).click();
    await page.getByRole('option', { name: '渡辺さん' }).click();
    await expect
      .poll(() => page.getByTestId('audience-count').textContent())
      .toBe('配信対象: 1人（ブロック中の友だちを除く）');
    await preview.scrollIntoViewIfNeeded();
    await screenshot(page, 'deliveries-rich-message-composer');
    await page.getByRole('button', { name: '配信する' }).click();
    await expect.poll(() => page.getByText('配信を開始しました').isVisible()).toBe(true);
    const row = page.getByRole('row').filter({ hasText: 'リッチメッセージのセール' });
    await expect.poll(() => row.getByText('配信済み').isVisible(), { timeout: 30_000 }).toBe(true);

    const context = await browser.newContext({ locale: 'ja-JP', viewport: { width: 1280, height: 860 } });
    const sim = await context.newPage();
    await sim.goto(server.lineSimUrl);
    await pickSimChannel(sim, 'デモ商店 梅田店');
    await pickSimUser(sim, FRIEND);
    const map = sim.getByRole('group', { name: `リッチメッセージ: ${RICH_ALT}` });
    await expect.poll(() => map.isVisible(), { timeout: 20_000 }).toBe(true);
    // the image LINE fetches from our server (baseUrl/700) loads
    await expect
      .poll(() => map.locator('img').evaluate((img: HTMLImageElement) => img.naturalWidth))
      .toBe(700);
    await map.scrollIntoViewIfNeeded();
    await screenshot(sim, 'deliveries-sim-rich-message');
    // the right half sends its text as the friend
    await map.getByRole('button', { name: `エリア2: ${RICH_REPLY}` }).click();
    await expect
      .poll(() => sim.locator('#timeline').getByText(RICH_REPLY, { exact: true }).isVisible(), {
        timeout: 20_000,
      })
      .toBe(true);
    // the left half opens our tracked redirect, which leads on to the link
    const [opened] = await Promise.all([
      context.waitForEvent('page'),
      map.getByRole('button', { name: /^エリア1: / }).click(),
    ]);
    await opened.waitForURL((url) => url.href.startsWith(`${server.url}/login`), { timeout: 20_000 });
    await context.close();
    // the history counts the tap on the rich message's link
    await page.reload();
    const counted = page.getByRole('row').filter({ hasText: 'リッチメッセージのセール' });
    await expect.poll(() => counted.textContent(), { timeout: 20_000 }).toContain(`1回 ${linkTarget()}`);
    await page.context().close();
  });

  it("配信する from the friends page's unsaved filter: the composer shows the conditions and their count, and sends to them", async () => {
    const page = await newPage();
    await logIn(page, server.url, 'owner@demo.example');
    await page.getByRole('link', { name: '友だち', exact: true }).first().click();
    await page.waitForURL((url) => url.pathname === '/client/friends');
    await page.getByLabel('検索').first().fill('渡辺');
    await expect.poll(() => page.getByText(FRIEND).first().isVisible(), { timeout: 20_000 }).toBe(true);
    // no segment saved: the filter as it is goes to the composer
    await page.getByTestId('send-to-conditions').click();
    await page.waitForURL((url) => url.pathname === '/client/deliveries');
    await expect.poll(() => page.getByLabel('友だち画面の絞り込み条件').isChecked()).toBe(true);
    const summary = page.getByTestId('audience-conditions-summary');
    expect(await summary.textContent()).toContain('名前: 渡辺');
    await expect
      .poll(() => page.getByTestId('audience-count').textContent())
      .toBe('配信対象: 1人（ブロック中の友だちを除く）');
    await page.getByLabel('管理用タイトル').fill('絞り込みからのお知らせ');
    await page.getByTestId('message-text-0').fill('絞り込んだ友だちへのお知らせです');
    await screenshot(page, 'deliveries-composer-conditions');
    await page.getByRole('button', { name: '配信する' }).click();
    await expect.poll(() => page.getByText('配信を開始しました').isVisible()).toBe(true);
    const row = page.getByRole('row').filter({ hasText: '絞り込みからのお知らせ' });
    await expect.poll(() => row.getByText('配信済み').isVisible(), { timeout: 30_000 }).toBe(true);
    expect(await row.textContent()).toContain('絞り込み条件（保存なし）');
    expect(await row.textContent()).toContain('1 / 1 / 0');
    await page.context().close();
  });
});
