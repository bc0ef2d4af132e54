import { describe, expect, it } from 'vitest';
import { code128Patterns, code128Values, code128Widths, STOP } from './code128.ts';

describe('Code 128', () => {
  it('has the 106 symbol patterns of the standard: 11 modules each, all different', () => {
    expect(code128Patterns).toHaveLength(106);
    for (const p of code128Patterns) expect([...p].reduce((s, c) => s + Number(c), 0)).toBe(11);
    expect(new Set(code128Patterns).size).toBe(106);
    expect([...STOP].reduce((s, c) => s + Number(c), 0)).toBe(13);
  });

  it('encodes an even run of digits in set C and text in set B, with the weighted mod-103 checksum', () => {
    // set C: start 105, pairs 12 34 56, checksum (105 + 12 + 34*2 + 56*3) % 103 = 44
    expect(code128Values('123456')).toEqual([105, 12, 34, 56, 44]);
    // set B: start 104, 'A' = 33, 'b' = 66; (104 + 33 + 66*2) % 103 = 63
    expect(code128Values('Ab')).toEqual([104, 33, 66, 63]);
    expect(code128Values('12345')[0]).toBe(104);
    // 10 digits: start + 5 pairs + checksum = 7 symbols of 11 modules, and the stop's 13
    expect(code128Widths('0123456789').reduce((s, w) => s + w, 0)).toBe(7 * 11 + 13);
    expect(() => code128Values('会員')).toThrow();
  });
});
