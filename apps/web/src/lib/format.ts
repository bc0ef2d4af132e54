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
