/** 2026/11/21 09:05 (24-hour), as GLOSSARY.md shows dates and times; English uses the same numeric form. */
export function formatDateTime(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}/${pad(date.getMonth() + 1)}/${pad(date.getDate())} ${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** 姓 then 名, as Japanese names are written. */
export function fullName(person: { lastName: string; firstName: string }): string {
  return `${person.lastName} ${person.firstName}`.trim();
}

const pad2 = (n: number) => String(n).padStart(2, '0');

/** 2026/11/21 (GLOSSARY.md); day-only strings (2026-11-21) are read as calendar days, not instants. */
export function formatDate(value: string | null | undefined): string {
  if (!value) return '';
  const day = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (day) return `${day[1]}/${day[2]}/${day[3]}`;
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return value;
  return `${date.getFullYear()}/${pad2(date.getMonth() + 1)}/${pad2(date.getDate())}`;
}

/** 1,234 — counts, grouped as both languages write them. */
export function formatCount(n: number): string {
  return Math.trunc(n).toLocaleString('ja-JP');
}

/** ¥12,800 — money is integer yen. */
export function formatYen(amount: number): string {
  return `¥${Math.trunc(amount).toLocaleString('en-US')}`;
}

/** '2026-11' -> 2026/11 */
export function formatMonth(month: string): string {
  return month.replace('-', '/');
}

/** An instant as the value of a datetime-local input (local wall-clock time, minutes). */
export function toDateTimeLocal(iso: string | null | undefined): string {
  if (!iso) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return `${date.getFullYear()}-${pad2(date.getMonth() + 1)}-${pad2(date.getDate())}T${pad2(date.getHours())}:${pad2(date.getMinutes())}`;
}

/** A datetime-local value (local time) as an ISO instant; '' -> undefined. */
export function fromDateTimeLocal(value: string | null | undefined): string | undefined {
  if (!value) return undefined;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? undefined : date.toISOString();
}
