import type { TFunction } from 'i18next';

/** The quota refusal's figures, so the page says it in the user's language (the API's text is English). */
export function overQuotaText(message: string, t: TFunction): string | null {
  const match = /needs (\d+) messages but only (\d+) remain/.exec(message);
  return match ? t('deliveries.overQuota', { count: Number(match[1]), remaining: Number(match[2]) }) : null;
}

/** LINE's refusal from its validate endpoint (deliveryMessages.lineRefused), LINE's reason kept as LINE wrote it. */
export function lineRefusedText(message: string, t: TFunction): string | null {
  const match = /^LINE would not accept these messages: ([\s\S]*)$/.exec(message);
  return match ? t('deliveries.lineRefused', { reason: match[1] }) : null;
}

/** Japan time of a datetime-local value (the composer's input), as an instant with its offset. */
export const japanInstant = (local: string) => `${local}:00+09:00`;

const japanFormat = new Intl.DateTimeFormat('ja-JP', {
  timeZone: 'Asia/Tokyo',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/** 2026/11/28 10:00 in Japan time, whatever the browser's zone (deliveries are scheduled in Japan time). */
export function formatJapanTime(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : japanFormat.format(date);
}

/** An instant as the composer's datetime-local value in Japan time (2026-11-28T10:00): the inverse of japanInstant. */
export const japanLocalInput = (iso: string) =>
  new Date(new Date(iso).getTime() + 9 * 3600_000).toISOString().slice(0, 16);
