import { createTheme, type Theme } from '@mui/material/styles';
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

export type ThemeOptions = { mode: ColorMode; primary?: string | null; language?: string };

/** The product theme: green primary (or a LINE account's mainColor), calm grey page, white cards. */
export function createAppTheme({ mode, primary, language = 'ja' }: ThemeOptions): Theme {
  const isDark = mode === 'dark';
  return createTheme(
    {
      palette: {
        mode,
        primary: { main: isHexColor(primary) ? primary : DEFAULT_PRIMARY },
        secondary: { main: DEFAULT_SECONDARY },
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
