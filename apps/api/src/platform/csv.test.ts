import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { csvCell, toCsv } from './csv.ts';

/** A small RFC 4180 reader, to read back what the writer wrote. */
function parse(csv: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  const text = csv.replace(/^\uFEFF/, '');
  const endCell = () => {
    row.push(cell);
    cell = '';
  };
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted && c === '"' && text[i + 1] === '"') {
      cell += '"';
      i++;
    } else if (quoted && c === '"') quoted = false;
    else if (quoted) cell += c;
    else if (c === '"') quoted = true;
    else if (c === ',') endCell();
    else if (c === '\r' && text[i + 1] === '\n') {
      endCell();
      rows.push(row);
      row = [];
      i++;
    } else cell += c;
  }
  return rows;
}

describe('the CSV writer', () => {
  it('neutralises every cell a spreadsheet would run as a formula', () => {
    for (const formula of [
      '=HYPERLINK("http://evil.example","x")',
      '+1+1',
      '-2+3',
      '@SUM(A1)',
      '\t=1',
      '\r=1',
    ])
      expect(csvCell(formula).replace(/^"/, '').startsWith("'")).toBe(true);
    expect(csvCell('山田 花子')).toBe('山田 花子');
    expect(csvCell(null)).toBe('');
    expect(csvCell(7.5)).toBe('7.5');
  });

  it('reads back as written, but for the apostrophe before a formula, and no cell starts a formula', () => {
    fc.assert(
      fc.property(
        fc.array(fc.array(fc.string(), { minLength: 1, maxLength: 5 }), { maxLength: 5 }),
        (rows) => {
          const csv = toCsv(rows);
          expect(csv.startsWith('\uFEFF')).toBe(true);
          const back = parse(csv);
          expect(back).toHaveLength(rows.length);
          back.forEach((row, r) =>
            row.forEach((cell, c) => {
              const original = rows[r]![c]!;
              expect(cell).toBe(/^[=+\-@\t\r]/.test(original) ? `'${original}` : original);
              expect(/^[=+\-@\t\r]/.test(cell)).toBe(false);
            }),
          );
        },
      ),
    );
  });
});
