import { decomposeColor, getContrastRatio, hexToRgb } from '@mui/material/styles';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { AA_TEXT_CONTRAST, createAppTheme, DEFAULT_PRIMARY, readableColor } from './theme.ts';

const mode = fc.constantFrom<('light' | 'dark')[]>('light', 'dark');
const hex = fc
  .tuple(fc.integer({ min: 0, max: 255 }), fc.integer({ min: 0, max: 255 }), fc.integer({ min: 0, max: 255 }))
  .map((rgb) => `#${rgb.map((v) => v.toString(16).padStart(2, '0')).join('')}`);

/** The hue of a colour in degrees (NaN for a grey), to tell that a colour was darkened, not replaced. */
function hue(color: string): number {
  const [r = 0, g = 0, b = 0] = decomposeColor(color.startsWith('#') ? hexToRgb(color) : color).values.map(
    (v) => v / 255,
  );
  const max = Math.max(r, g, b);
  const d = max - Math.min(r, g, b);
  if (d === 0) return NaN;
  const h = max === r ? ((g - b) / d) % 6 : max === g ? (b - r) / d + 2 : (r - g) / d + 4;
  return (h * 60 + 360) % 360;
}

describe('readable colours (WCAG 2.1 AA, 4.5:1 for text)', () => {
  const pages = {
    light: ['#ffffff', '#f4f6f5', '#ebebeb'],
    dark: ['#1a201c', '#101412', '#3f4440', '#212121'],
  };

  it('keeps a colour that already reads, darkens or lightens one that does not, keeping its hue', () => {
    expect(readableColor('#0b5394', 'light')).toBe('#0b5394');
    const green = readableColor(DEFAULT_PRIMARY, 'light');
    expect(green).not.toBe(DEFAULT_PRIMARY); // 4.3:1 on a selected row
    expect(Math.abs(hue(green) - hue(DEFAULT_PRIMARY))).toBeLessThan(2);
    const dark = readableColor(DEFAULT_PRIMARY, 'dark');
    expect(getContrastRatio(dark, '#1a201c')).toBeGreaterThanOrEqual(AA_TEXT_CONTRAST);
  });

  it('any mainColor a client picks reads at AA on every page background, in both modes', () => {
    fc.assert(
      fc.property(hex, mode, (color, colorMode) => {
        const shown = readableColor(color, colorMode);
        for (const bg of pages[colorMode])
          expect(getContrastRatio(shown, bg)).toBeGreaterThanOrEqual(AA_TEXT_CONTRAST);
      }),
    );
  });

  it('puts black or white on a filled colour, whichever reads at AA, for the client colour and the status colours', () => {
    fc.assert(
      fc.property(hex, mode, (color, colorMode) => {
        const { palette } = createAppTheme({ mode: colorMode, primary: color });
        for (const key of ['primary', 'secondary', 'info', 'warning', 'success', 'error'] as const) {
          const { main, contrastText } = palette[key];
          expect(getContrastRatio(main, contrastText)).toBeGreaterThanOrEqual(AA_TEXT_CONTRAST);
        }
      }),
      { numRuns: 40 },
    );
    expect(createAppTheme({ mode: 'dark' }).palette.error.main).not.toBe('#f44336'); // 4.49:1 on a dark card
  });
});
