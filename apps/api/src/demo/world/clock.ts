import type { ServiceContext } from '../../platform/context.ts';
import { addMonths, formatDay, parseDay, tokyoDay } from '../../platform/dates.ts';

export const DAY_MS = 24 * 60 * 60 * 1000;
export const HOUR_MS = 60 * 60 * 1000;

/** The same context at another moment: what the master did months ago, done on a clock set back. */
export const at = (ctx: ServiceContext, when: Date): ServiceContext => ({
  ...ctx,
  clock: { now: () => when },
});

/** Day 10 of the Tokyo month `monthsAgo` months before now, at noon in Tokyo. */
export function monthsAgo(ctx: ServiceContext, n: number): Date {
  const { y, m } = parseDay(tokyoDay(ctx.clock.now()));
  const month = addMonths(y, m, -n);
  const day = formatDay(month.y, month.m, Math.min(10, parseDay(tokyoDay(ctx.clock.now())).d));
  return new Date(`${day}T12:00:00+09:00`);
}
