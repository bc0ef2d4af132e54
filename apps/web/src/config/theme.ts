import { createTheme, darken, getContrastRatio, lighten, type Theme } from '@mui/material/styles';
import { enUS, jaJP } from '@mui/material/locale';
import type { ColorMode } from '../lib/color-mode.tsx';

export const DEFAULT_PRIMARY = '#1C7F09';
export const DEFAULT_SECONDARY = '#99CA29';

export const fontFamily = [
  '"Noto Sans JP"',
  '"Noto Sans CJK JP"',
  '"Hiragino Sans"',
  '"Hiragino Kaku Gothic ProN"',
  '"Yu Gothic UI"',
  'Meiryo',
  'system-ui',
  '-apple-system',
  '"Segoe UI"',
  'sans-serif',
].join(',');

const hexColor = /^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/i;
export const isHexColor = (value: unknown): value is string =>
  typeof value === 'string' && hexColor.test(value);

/** WCAG 2.1 AA for normal text: the least contrast a text needs against its background. */
export const AA_TEXT_CONTRAST = 4.5;

/**
 * The backgrounds a palette colour is drawn on as text: the page, a card and a selected row or menu entry
 * (action.selected over a card), and the shift table's header row, per mode.
 */
const textBackgrounds: Record<ColorMode, string[]> = {
  light: ['#ffffff', '#f4f6f5', '#ebebeb'],
  dark: ['#1a201c', '#101412', '#3f4440', '#212121'],
};

/**
 * The colour moved darker (light mode) or lighter (dark mode) in small steps until a text in it reads at
 * AA on every background it is drawn on; a colour that already does is kept as it is. So any mainColor a
 * client picks stays readable, and stays recognisably theirs.
 */
export function readableColor(color: string, mode: ColorMode, backgrounds = textBackgrounds[mode]): string {
  const reads = (c: string) => backgrounds.every((bg) => getContrastRatio(c, bg) >= AA_TEXT_CONTRAST);
  for (let step = 0; step <= 20; step++) {
    const candidate =
      step === 0 ? color : mode === 'dark' ? lighten(color, step * 0.05) : darken(color, step * 0.05);
    if (reads(candidate)) return candidate;
  }
  return mode === 'dark' ? '#ffffff' : '#000000';
}

/** MUI's status colours per mode (its defaults), made readable as text. */
const statusBase: Record<ColorMode, Record<'info' | 'warning' | 'success' | 'error', string>> = {
  light: { info: '#0288d1', warning: '#ed6c02', success: '#2e7d32', error: '#d32f2f' },
  dark: { info: '#29b6f6', warning: '#ffa726', success: '#66bb6a', error: '#f44336' },
};
const statusColors = (mode: ColorMode) =>
  Object.fromEntries(
    Object.entries(statusBase[mode]).map(([key, color]) => [key, { main: readableColor(color, mode) }]),
  );

export type ThemeOptions = { mode: ColorMode; primary?: string | null; language?: string };

/** The product theme: green primary (or a LINE account's mainColor), calm grey page, white cards. */
export function createAppTheme({ mode, primary, language = 'ja' }: ThemeOptions): Theme {
  const isDark = mode === 'dark';
  return createTheme(
    {
      palette: {
        mode,
        // A text on a filled colour (buttons, chips) is black or white, whichever reads at AA.
        contrastThreshold: AA_TEXT_CONTRAST,
        primary: { main: readableColor(isHexColor(primary) ? primary : DEFAULT_PRIMARY, mode) },
        secondary: { main: DEFAULT_SECONDARY },
        // The status colours as text (buttons, chips, alerts, the shift table's days) at AA too: MUI's own
        // hues per mode, darker or lighter where they read below it (info 3.5:1 on grey, error 4.4:1 on dark).
        ...statusColors(mode),
        background: isDark
          ? { default: '#101412', paper: '#1a201c' }
          : { default: '#f4f6f5', paper: '#ffffff' },
        divider: isDark ? 'rgba(255,255,255,0.10)' : 'rgba(15,35,20,0.09)',
      },
      shape: { borderRadius: 10 },
      typography: {
        fontFamily,
        h1: { fontSize: '1.75rem', fontWeight: 700 },
        h2: { fontSize: '1.5rem', fontWeight: 700 },
        h3: { fontSize: '1.25rem', fontWeight: 700 },
        h4: { fontSize: '1.125rem', fontWeight: 700 },
        button: { textTransform: 'none', fontWeight: 600, letterSpacing: '0.02em' },
        body1: { lineHeight: 1.75 },
        body2: { lineHeight: 1.7 },
      },
      components: {
        MuiPaper: { defaultProps: { elevation: 0 } },
        MuiCard: {
          defaultProps: { variant: 'outlined' },
          styleOverrides: { root: { borderRadius: 14 } },
        },
        MuiButton: { defaultProps: { disableElevation: true } },
        MuiTableContainer: {
          styleOverrides: {
            root: ({ theme }) => ({
              '&:focus-visible': { outline: `2px solid ${theme.palette.primary.main}`, outlineOffset: -2 },
            }),
          },
        },
        // Every progress indicator has a name a screen reader says (a spinner alone says nothing).
        MuiCircularProgress: { defaultProps: { 'aria-label': language === 'en' ? 'Loading' : '読み込み中' } },
        MuiLinearProgress: { defaultProps: { 'aria-label': language === 'en' ? 'Loading' : '読み込み中' } },
        MuiTextField: { defaultProps: { fullWidth: true } },
        MuiAppBar: { defaultProps: { elevation: 0, color: 'inherit' } },
        MuiCssBaseline: {
          styleOverrides: { body: { WebkitFontSmoothing: 'antialiased', fontFeatureSettings: '"palt"' } },
        },
      },
    },
    language === 'en' ? enUS : jaJP,
  );
}
