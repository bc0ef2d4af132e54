import fs from 'node:fs';
import { createRequire } from 'node:module';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_LOGINS, launchBrowser, logIn, screenshot, serveLineStickers } from './support/browser.ts';
import { newSimUser, pickSimChannel, pickSimUser } from './support/line-sim-page.ts';
import { startServer, type RunningServer } from './support/server.ts';

/**
 * The menu walk: every menu entry of every role and position, as the demo logins see them (read from the
 * menu itself, so a new page is walked without a change here). Each entry must open cleanly: no console
 * error or warning, no answer of 403, a heading in the page, no 読み込みに失敗しました, この画面を表示する権限が
 * ありません or ページが見つかりません, dates in the house format. And pass WCAG 2.1 A and AA as axe-core checks
 * them, with a keyboard walk (Tab reaches the content, with a visible focus): in light and dark mode at
 * desktop and phone size the first time a page is walked, in light at desktop size when another login of
 * the area sees it again. The mini-apps in their main states too. A serious or critical violation fails.
 */
const axeSource = fs.readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
const DESKTOP = { width: 1280, height: 900 };
const PHONE = { width: 390, height: 844 };
const ACCOUNT = 'デモ商店 梅田店';

type AxeResult = {
  violations: {
    id: string;
    impact: string | null;
    help: string;
    nodes: { target: string[]; failureSummary?: string }[];
  }[];
};

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

/** A page that has drawn its data: no request in flight, no skeleton or spinner left. */
async function settle(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle');
  await expect
    .poll(() => page.locator('.MuiSkeleton-root, [role="progressbar"]:not([aria-valuenow])').count(), {
      timeout: 15_000,
    })
    .toBe(0);
}

/** The serious and critical violations on the page as it is, one line each (where, rule, element). */
async function audit(page: Page, where: string): Promise<string[]> {
  // The product's CSP allows no injected script; the contexts below bypass it for axe only.
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ content: axeSource });
  const result = await page.evaluate(() =>
    (window as unknown as { axe: { run: (c: Document, o: object) => Promise<AxeResult> } }).axe.run(
      document,
      { runOnly: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] },
    ),
  );
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .flatMap((v) =>
      v.nodes.map(
        (n) => `${where}: ${v.id} (${v.impact}) ${n.target.join(' ')}: ${n.failureSummary ?? v.help}`,
      ),
    );
}

/**
 * The keyboard reaches the page's own controls and shows where it is: from the start of the content, each
 * Tab lands on a visible element that draws a focus mark (an outline, a ring, MUI's focus-visible state or
 * a focused field). Returns what failed, one line each.
 */
async function keyboardWalk(page: Page, where: string, steps = 5): Promise<string[]> {
  await page
    .locator('main')
    .first()
    .evaluate((main) => {
      main.setAttribute('tabindex', '-1');
      main.focus();
    });
  const found: string[] = [];
  for (let step = 1; step <= steps; step++) {
    await page.keyboard.press('Tab');
    const focus = await page.evaluate(() => {
      const el = document.activeElement as HTMLElement | null;
      if (!el || el === document.body) return null;
      const style = getComputedStyle(el);
      const box = el.getBoundingClientRect();
      const marked =
        (style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0) ||
        style.boxShadow !== 'none' ||
        el.matches('.Mui-focusVisible, .Mui-focused *') ||
        // the shift grid's table draws its focus ring on the scrolling frame around it
        (el.parentElement !== null && getComputedStyle(el.parentElement).boxShadow !== 'none') ||
        el.closest('.Mui-focused, .Mui-focusVisible') !== null;
      return {
        name: `${el.tagName.toLowerCase()} ${el.getAttribute('aria-label') ?? el.textContent?.trim().slice(0, 30) ?? ''}`,
        visible: box.width > 0 && box.height > 0,
        marked,
      };
    });
    if (!focus) break; // the page has fewer controls than steps
    if (!focus.visible || !focus.marked)
      found.push(
        `${where}: Tab ${step} on ${focus.name}: ${focus.visible ? 'no focus mark' : 'not visible'}`,
      );
  }
  return found;
}

/** Switches light and dark mode as a user does, from the user menu (the page is not loaded again). */
async function toggleColorMode(page: Page): Promise<void> {
  await page.getByRole('button', { name: /ユーザーメニュー/ }).click();
  await page.getByRole('menuitemcheckbox', { name: 'ダークモード' }).click();
  await page.keyboard.press('Escape');
  await expect.poll(() => page.getByRole('menu').count()).toBe(0);
}

/**
 * Audits the page in four looks: light and dark (toggled in the page), desktop and phone size; leaves it
 * light at desktop size.
 */
async function auditFourWays(page: Page, where: string): Promise<string[]> {
  const found = await audit(page, `${where} light desktop`);
  found.push(...(await keyboardWalk(page, `${where} light desktop`)));
  await toggleColorMode(page);
  found.push(...(await audit(page, `${where} dark desktop`)));
  found.push(...(await keyboardWalk(page, `${where} dark desktop`)));
  await page.setViewportSize(PHONE);
  found.push(...(await audit(page, `${where} dark phone`)));
  await toggleColorMode(page);
  found.push(...(await audit(page, `${where} light phone`)));
  await page.setViewportSize(DESKTOP);
  return found;
}

async function newContext(viewport = DESKTOP): Promise<BrowserContext> {
  const context = await browser.newContext({ locale: 'ja-JP', viewport, bypassCSP: true });
  await context.addInitScript(() => {
    localStorage.setItem('colorMode', 'light');
    // Colours are read as they end, not half-way through a transition after a mode switch.
    document.addEventListener('DOMContentLoaded', () => {
      const style = document.createElement('style');
      style.textContent =
        '*, *::before, *::after { transition: none !important; animation: none !important; }';
      document.head.append(style);
    });
  });
  return context;
}

/** What the page says or shows that no menu entry may: a missing heading, a failure text, an ISO date. */
async function pageProblems(page: Page, where: string): Promise<string[]> {
  const found: string[] = [];
  // The page drew itself: a heading in the content (an empty area or a blank screen has none).
  if ((await page.locator('main').locator('h1, h2').count()) === 0) found.push(`${where}: no heading`);
  const text = await page.locator('main').innerText();
  // one date format, the house one (2026/11/25): a date written 2026-11-25 is a slip
  const isoDate = /\b(?:19|20)\d\d-\d\d-\d\d\b/.exec(text);
  if (isoDate) found.push(`${where}: a date written ${isoDate[0]}`);
  for (const failure of [
    '読み込みに失敗しました',
    'この画面を表示する権限がありません',
    'ページが見つかりません',
  ]) {
    if (text.includes(failure)) found.push(`${where}: the page says ${failure}`);
  }
  return found;
}

describe('every menu entry opens cleanly and passes axe (WCAG 2.1 AA)', () => {
  /** Pages walked four ways already (a page another login of the area sees again is audited once). */
  const walkedFourWays = new Set<string>();
  for (const { email, area } of DEMO_LOGINS) {
    it(email, { timeout: 240_000 }, async () => {
      const context = await newContext();
      await serveLineStickers(context);
      const page = await context.newPage();
      const found: string[] = [];
      let where = 'login';
      page.on('console', (message) => {
        // The login page asks who is signed in before anyone is: GET /me answers 401 (SPEC's contract).
        const isSignedOutCheck = where === 'login' && message.location().url.endsWith('/session/me');
        if ((message.type() === 'error' || message.type() === 'warning') && !isSignedOutCheck) {
          found.push(`${where}: console ${message.type()}: ${message.text()}`);
        }
      });
      page.on('pageerror', (error) => found.push(`${where}: page error: ${error.message}`));
      page.on('response', (response) => {
        if (response.status() === 403) found.push(`${where}: 403 from ${response.url()}`);
      });
      await logIn(page, server.url, email);
      where = 'home';
      expect(new URL(page.url()).pathname).toBe(area);
      await settle(page);
      const links = page.getByRole('navigation', { name: 'メインメニュー' }).locator('a[href]');
      await expect.poll(() => links.count(), { timeout: 20_000 }).toBeGreaterThan(2);
      const count = await links.count();
      for (let i = 0; i < count; i++) {
        // Through the menu, as a user goes (the app is not loaded again per page); an entry's link may
        // gain the account's ?lineAccountId once a page has named it, so the entry is taken by its place.
        const link = links.nth(i);
        const path = ((await link.getAttribute('href')) ?? '').split('?')[0]!;
        where = `${email} ${(await link.textContent()) ?? ''} (${path})`;
        await link.click();
        await page.waitForURL((url) => url.pathname === path);
        await settle(page);
        found.push(...(await pageProblems(page, where)));
        await screenshot(page, `walk-${email.split('@')[0]}${path.replaceAll('/', '-')}`);
        if (walkedFourWays.has(path)) {
          found.push(...(await audit(page, `${where} light desktop`)));
        } else {
          found.push(...(await auditFourWays(page, where)));
          walkedFourWays.add(path);
        }
      }
      await context.close();
      expect(found).toEqual([]);
    });
  }
});

describe('the mini-apps pass axe in their main states (phone size)', () => {
  /** Opens a mini-app from the simulator's page as a demo friend (or a new LINE user who is no friend). */
  async function openMiniApp(
    app: '会員サービス' | 'シフト管理サービス',
    user: { demo: string } | { stranger: string },
  ) {
    const desk = await browser.newContext({ locale: 'ja-JP', viewport: DESKTOP });
    const sim = await desk.newPage();
    await sim.goto(server.lineSimUrl);
    await pickSimChannel(sim, ACCOUNT);
    if ('demo' in user) await pickSimUser(sim, user.demo);
    else await newSimUser(sim, user.stranger);
    const href =
      (await sim
        .locator('#liff-list li', { hasText: app })
        .getByRole('link', { name: '開く' })
        .getAttribute('href')) ?? '';
    await desk.close();
    const context = await newContext(PHONE);
    const page = await context.newPage();
    await page.goto(new URL(href, server.lineSimUrl).toString());
    await page.waitForURL((url) => url.pathname.startsWith('/liff/'));
    return page;
  }

  const states = [
    { app: '会員サービス', user: { demo: '佐藤 美咲' }, shows: 'member-card' },
    { app: '会員サービス', user: { demo: '田中 陽向' }, shows: 'registration-form' },
    { app: '会員サービス', user: { stranger: 'アクセス 確認' }, shows: 'member-not-friend' },
    { app: 'シフト管理サービス', user: { demo: '佐藤 美咲' }, shows: 'shift-period' },
  ] as const;
  for (const state of states) {
    it(`${state.app}: ${state.shows}`, async () => {
      const page = await openMiniApp(state.app, state.user);
      await expect.poll(() => page.getByTestId(state.shows).isVisible(), { timeout: 20_000 }).toBe(true);
      await settle(page);
      expect(await audit(page, `${state.app} ${state.shows}`)).toEqual([]);
      await page.context().close();
    });
  }
});
