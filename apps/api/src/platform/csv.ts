/**
 * The one CSV writer of the product (every download: members, monthly shifts...): UTF-8 with a BOM and
 * CRLF, so Excel opens Japanese text correctly; a cell is quoted when it holds a quote, comma or line
 * break; and a cell that begins with = + - @, a tab or a carriage return is prefixed with ' so a
 * spreadsheet shows it as text and never runs it as a formula (a LINE display name such as
 * `=HYPERLINK(...)` stays a name). OWASP "CSV Injection".
 */
const BOM = '\uFEFF';
const FORMULA_START = /^[=+\-@\t\r]/;

export function csvCell(value: string | number | null | undefined): string {
  let text = value === null || value === undefined ? '' : String(value);
  if (FORMULA_START.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** Rows of cells as one CSV document. */
export function toCsv(rows: readonly (readonly (string | number | null | undefined)[])[]): string {
  return BOM + rows.map((row) => `${row.map(csvCell).join(',')}\r\n`).join('');
}
