import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, logIn, screenshot } from './support/browser.ts';
import { startServer, type RunningServer } from './support/server.ts';

/**
 * 流入経路 end to end (decision 0038): the owner makes a route that tags 常連; a LINE user on the simulator
 * opens the route's URL in LINE (the LIFF login passed along), is led to the add-friend screen and follows;
 * the owner sees the visit and the new friend counted on the routes page, and the friend tagged.
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
