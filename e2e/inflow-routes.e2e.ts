import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, logIn, screenshot } from './support/browser.ts';
import { startServer, type RunningServer } from './support/server.ts';

/**
 * 流入経路 end to end (decision 0038): the owner makes a route that tags 常連; a LINE user on the simulator
 * opens the route's URL in LINE (the LIFF login passed along), is led to the add-friend screen and follows;
 * the owner sees the visit and the new friend counted on the routes page, and the friend tagged. An
 * account without a LIFF (no member or shift service): the visitor goes through LINE Login's screen (the
 * simulator's) on a phone, then adds the account, and the follow is the route's.
 */
const ROUTE = '駅前ポスター';
let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
}, 660_000); // the demo world is written on start: minutes on a loaded machine
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const simCall = async <T>(path: string, body: unknown): Promise<T> => {
  const response = await fetch(`${server.lineSimUrl}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
};

describe('inflow routes', () => {
  it('a user opens a route URL on the simulator, follows, is tagged, and the owner sees the new friend', async () => {
    const context = await browser.newContext({ locale: 'ja-JP', viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await logIn(page, server.url, 'owner@demo.example');
    await page.getByRole('link', { name: '流入経路', exact: true }).first().click();
    await page.waitForURL((url) => url.pathname === '/client/routes');
    // the demo's routes with their figures and the chart
    await page.getByTestId('inflow-route-table').getByText('店頭POP').waitFor();
    await page.getByTestId('inflow-chart').locator('svg').first().waitFor();
    await screenshot(page, 'inflow-routes');

    await page.getByRole('button', { name: '流入経路を作成' }).first().click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('流入経路名').fill(ROUTE);
    await dialog.getByLabel('友だちに付けるタグ').click();
    await page.getByRole('option', { name: '常連', exact: true }).click();
    await dialog.getByRole('button', { name: '保存', exact: true }).click();
    await expect.poll(() => page.getByText('流入経路を作成しました').isVisible()).toBe(true);
    const row = page.locator('tr[data-testid^="inflow-route-"]', { hasText: ROUTE });
    await row.waitFor();
    const routeUrl = (await row.getByText('/liff/route?r=').textContent())!.trim();

    const lineAccountId = new URL(page.url()).searchParams.get('lineAccountId');
    const accountPath = `/client/api/v1/line-account/${lineAccountId ?? ''}`;
    const regularsOf = async () =>
      page.evaluate(async (path) => {
        const list = (await (await fetch(`${path}/tags`)).json()) as {
          tags: { name: string; friendCount: number }[];
        };
        return list.tags.find((t) => t.name === '常連')?.friendCount ?? -1;
      }, accountPath);
    const regularsBefore = lineAccountId ? await regularsOf() : -1;

    // A LINE user (not a friend yet) scans the QR code in LINE: the route's page opens with the LIFF login.
    const user = await simCall<{ userId: string }>('/_sim/users', { displayName: '駅前 さくら' });
    const slug = new URL(routeUrl).searchParams.get('r')!;
    const landing = (await (await fetch(`${server.url}/liff/api/v1/inflow/${slug}`)).json()) as {
      liffId: string;
    };
    const phone = await context.newPage();
    const launch = new URL(`${server.lineSimUrl}/_sim/liff/launch/${landing.liffId}`);
    launch.searchParams.set('userId', user.userId);
    launch.searchParams.set('to', routeUrl);
    await phone.goto(launch.toString());
    // the landing records the visit and goes on to the simulator's add-friend screen, which follows
    await phone.getByTestId('add-friend-body').waitFor({ timeout: 30_000 });
    expect(await phone.getByTestId('add-friend-body').textContent()).toContain('友だち追加しました');
    await screenshot(phone, 'inflow-add-friend');

    // the follow webhook, its domain event and the attribution are durable jobs: the page shows them soon
    await expect
      .poll(
        async () => {
          await page.reload();
          const counted = page.locator('tr[data-testid^="inflow-route-"]', { hasText: ROUTE });
          await counted.waitFor();
          return [
            await counted.getByTestId('inflow-visits').textContent(),
            await counted.getByTestId('inflow-newFriends').textContent(),
          ];
        },
        { timeout: 60_000, interval: 2_000 },
      )
      .toEqual(['1', '1']);
    if (lineAccountId) {
      await expect.poll(regularsOf, { timeout: 30_000 }).toBe(regularsBefore + 1);
    }
    await screenshot(page, 'inflow-routes-new-friend');
    await context.close();
  }, 240_000);
});

describe('inflow routes of an account without a LIFF', () => {
  it("a visitor goes through the simulator's LINE Login screen on a phone, follows, and the follow is the route's", async () => {
    const context = await browser.newContext({ locale: 'ja-JP', viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await logIn(page, server.url, 'owner@demo.example');
    // a LINE account connected with no service linked: no LIFF to borrow
    const channel = await simCall<{
      channelId: string;
      channelSecret: string;
      loginChannel: { channelId: string; channelSecret: string };
    }>('/_sim/channels', { displayName: '祇園ベーカリー' });
    const api = async <T>(path: string, body: unknown) =>
      page.evaluate(
        async ([p, b]) => {
          const response = await fetch(p, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify(b),
          });
          return { status: response.status, body: (await response.json()) as unknown };
        },
        [path, body] as const,
      ) as Promise<{ status: number; body: T }>;
    const connected = await api<{ id: number }>('/client/api/v1/line-account', {
      channelId: channel.channelId,
      channelSecret: channel.channelSecret,
      loginChannelId: channel.loginChannel.channelId,
      loginChannelSecret: channel.loginChannel.channelSecret,
    });
    expect(connected.status).toBe(201);
    const accountPath = `/client/api/v1/line-account/${connected.body.id}`;
    const created = await api<{ url: string }>(`${accountPath}/inflow-routes`, { name: 'パン屋の看板' });
    expect(created.status).toBe(201);

    // a LINE user scans the QR code with the phone: our page hands over to LINE Login (the simulator's)
    const user = await simCall<{ userId: string }>('/_sim/users', { displayName: '看板 ゆうき' });
    const phoneContext = await browser.newContext({
      locale: 'ja-JP',
      viewport: { width: 390, height: 844 },
      isMobile: true,
      hasTouch: true,
    });
    const phone = await phoneContext.newPage();
    await phone.goto(created.body.url);
    await phone.waitForURL((url) => url.pathname === '/oauth2/v2.1/authorize', { timeout: 30_000 });
    expect(await phone.getByTestId('login-title').textContent()).toBe('祇園ベーカリー');
    await phone.getByLabel('ログインするユーザー').selectOption(user.userId);
    await screenshot(phone, 'inflow-line-login');
    await phone.getByRole('button', { name: '許可する' }).click();
    // back through our callback (the visit recorded) to the add-friend screen, which follows
    await phone.getByTestId('add-friend-body').waitFor({ timeout: 30_000 });
    expect(await phone.getByTestId('add-friend-body').textContent()).toContain('友だち追加しました');
    await screenshot(phone, 'inflow-line-login-add-friend');

    const figures = async () =>
      page.evaluate(async (path) => {
        const report = (await (await fetch(`${path}/inflow-routes`)).json()) as {
          routes: { figures: { visits: number; newFriends: number } }[];
        };
        return report.routes[0]?.figures;
      }, accountPath);
    await expect
      .poll(figures, { timeout: 60_000, interval: 2_000 })
      .toMatchObject({ visits: 1, newFriends: 1 });

    // the same visitor scans again: a friend already, the landing says so
    await phone.goto(created.body.url);
    await phone.waitForURL((url) => url.pathname === '/oauth2/v2.1/authorize', { timeout: 30_000 });
    await phone.getByLabel('ログインするユーザー').selectOption(user.userId);
    await phone.getByRole('button', { name: '許可する' }).click();
    await phone.getByTestId('route-landing').getByText('すでに友だちです').waitFor({ timeout: 30_000 });
    await screenshot(phone, 'inflow-line-login-already-friend');

    // a stale or altered login link (here a state we never signed): the phone is back on the landing,
    // told the check failed, with a button that starts LINE Login again
    const slug = new URL(created.body.url).searchParams.get('r')!;
    const forged = `${slug}.${'A'.repeat(22)}.9999999999.${'A'.repeat(43)}`;
    await phone.goto(
      `${new URL(created.body.url).origin}/liff/api/v1/inflow-login/callback?code=x&state=${forged}`,
    );
    await phone.getByTestId('route-login-failed').waitFor({ timeout: 30_000 });
    expect(await phone.getByTestId('route-login-failed').textContent()).toContain(
      'LINEでの確認ができませんでした',
    );
    await screenshot(phone, 'inflow-line-login-failed');
    await phone.getByRole('link', { name: 'もう一度試す' }).click();
    await phone.waitForURL((url) => url.pathname === '/oauth2/v2.1/authorize', { timeout: 30_000 });
    await phoneContext.close();
    await context.close();
  }, 240_000);
});
