import fs from 'node:fs';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      '--disable-quic',
    ],
  });
}

const shots = path.resolve(import.meta.dirname, '../../screenshots');

/** A screenshot for people to look at (screenshots/ is not committed). */
export async function screenshot(page: Page, name: string): Promise<void> {
  fs.mkdirSync(shots, { recursive: true });
  await page.screenshot({ path: path.join(shots, `${name}.png`), fullPage: true });
}

/** The password of every demo login (apps/api/src/demo). */
export const DEMO_PASSWORD = 'Demo-pass1';

/** Every demo login (apps/api/src/db/seed.ts): each role in each position, and the page it lands on. */
export const DEMO_LOGINS = [
  { email: 'master@demo.example', area: '/master' },
  { email: 'master-manager@demo.example', area: '/master' },
  { email: 'master-staff@demo.example', area: '/master' },
  { email: 'agency@demo.example', area: '/agency' },
  { email: 'agency-manager@demo.example', area: '/agency' },
  { email: 'agency-staff@demo.example', area: '/agency' },
  { email: 'owner@demo.example', area: '/client' },
  { email: 'manager@demo.example', area: '/client' },
  // the counter's staff land on 読み取り (the demo store has the member service; issue 33)
  { email: 'staff@demo.example', area: '/client/scan' },
] as const;

/** Logs a demo user in through the login page, as a person does, and waits to leave it. */
export async function logIn(page: Page, baseUrl: string, email: string): Promise<void> {
  await page.goto(`${baseUrl}/login`);
  await page.getByLabel('メールアドレス').fill(email);
  await page.getByLabel('パスワード', { exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'ログイン', exact: true }).click();
  await page.waitForURL((url) => !url.pathname.startsWith('/login'));
}

/** A 1x1 transparent PNG. */
const PIXEL = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
);

/**
 * LINE's sticker images (the sticker picker and previews load them from LINE's CDN, outside this machine and
 * unreachable offline): answered by the browser context with a pixel, as LINE would answer with the image.
 */
export async function serveLineStickers(context: BrowserContext): Promise<void> {
  await context.route('https://stickershop.line-scdn.net/**', (route) =>
    route.fulfill({ status: 200, contentType: 'image/png', body: PIXEL }),
  );
}
