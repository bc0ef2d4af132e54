import type { StepDelay } from '@app/contracts';
import { addDays, TOKYO, tokyoDay, zonedInstant } from '../../platform/dates.ts';

const UNIT_MS = { MINUTES: 60_000, HOURS: 3_600_000, DAYS: 86_400_000 } as const;

const minutesOf = (timeOfDay: string) => Number(timeOfDay.slice(0, 2)) * 60 + Number(timeOfDay.slice(3, 5));

/**
 * When a step falls due, `base` being the trigger (enrolment) or the time the previous step fell due.
 * Without a time of day: `amount` units later. With one (Japan time): for days, that time on the Japan
 * calendar day `amount` days after base's day (today's if not past, for 0 days); for minutes and hours,
 * the first such time at or after the delay. Japan has no daylight saving time, so a day is 24 hours.
 */
export function stepDueAt(delay: Pick<StepDelay, 'amount' | 'unit' | 'timeOfDay'>, base: Date): Date {
  if (!delay.timeOfDay) return new Date(base.getTime() + delay.amount * UNIT_MS[delay.unit]);
  const minutes = minutesOf(delay.timeOfDay);
  const from = delay.unit === 'DAYS' ? base : new Date(base.getTime() + delay.amount * UNIT_MS[delay.unit]);
  const day = delay.unit === 'DAYS' ? addDays(tokyoDay(base), delay.amount) : tokyoDay(from);
  const at = zonedInstant(day, minutes, TOKYO);
  return at.getTime() >= from.getTime() ? at : zonedInstant(addDays(day, 1), minutes, TOKYO);
}
