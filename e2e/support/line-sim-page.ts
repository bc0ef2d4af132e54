import type { Page } from 'playwright-core';
import { expect } from 'vitest';

/*
 * The LINE simulator's page, as a person uses it. Its lists are drawn again whenever its state is read
 * (on load, after each action), so a click can land on a button that is being replaced: each step
 * checks that it took (the button is pressed, the header names the user) and clicks again if not.
 */

async function pick(page: Page, list: '#channel-list' | '#user-list', name: string): Promise<void> {
  const button = page.locator(`${list} button`, { hasText: name }).first();
  await expect
    .poll(async () => {
      if ((await button.getAttribute('aria-pressed')) !== 'true') await button.click();
      return button.getAttribute('aria-pressed');
    })
    .toBe('true');
}

/** Selects the official account (channel) the page acts on. */
export const pickSimChannel = (page: Page, name: string) => pick(page, '#channel-list', name);

/** Acts as an existing simulated user of the selected account. */
export async function pickSimUser(page: Page, name: string): Promise<void> {
  await pick(page, '#user-list', name);
  await page.getByText(`${name} として操作中`).waitFor();
}

/** Makes a new simulated LINE user; the page then acts as them. */
export async function newSimUser(page: Page, name: string): Promise<void> {
  await page.locator('#user-name').fill(name);
  await page.locator('#user-form').getByRole('button').click();
  await page.getByText(`${name} として操作中`).waitFor();
}

/**
 * Waits until the selected user's chat shows `text`, reloading the page (and picking the channel and the
 * user again) between looks: what the account sends goes through durable jobs, after the page was drawn.
 */
export async function waitForSimText(
  page: Page,
  where: { channel: string; user: string; text: string },
  options: { timeout?: number; interval?: number } = {},
): Promise<void> {
  const shown = () => page.locator('#timeline').getByText(where.text).first().isVisible();
  await expect
    .poll(
      async () => {
        if (await shown()) return true;
        await page.reload();
        await pickSimChannel(page, where.channel);
        await pickSimUser(page, where.user);
        return shown();
      },
      { timeout: options.timeout ?? 40_000, interval: options.interval ?? 1_000 },
    )
    .toBe(true);
}
