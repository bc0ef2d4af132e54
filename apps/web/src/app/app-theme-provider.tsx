import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { useMemo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { createAppTheme } from '../config/theme.ts';
import { BrandingHead } from '../features/branding/components/branding-head.tsx';
import { useBranding } from '../features/branding/api/use-branding.ts';
import { useColorMode } from '../lib/color-mode.tsx';

/** The theme with the remembered colour mode and, with `?lineAccountId=N`, that account's branding. */
export function AppThemeProvider({ children }: { children: ReactNode }) {
  const { mode } = useColorMode();
  const { t, i18n } = useTranslation();
  const branding = useBranding();
  const language = i18n.resolvedLanguage ?? 'ja';
  const primary = branding?.mainColor ?? null;
  const theme = useMemo(() => createAppTheme({ mode, primary, language }), [mode, primary, language]);
  return (
    <ThemeProvider theme={theme}>
      <CssBaseline />
      <BrandingHead branding={branding} defaultTitle={t('app.title')} />
      {children}
    </ThemeProvider>
  );
}

/** The theme without branding, for what renders outside the router (a crash screen). */
export function BaseThemeProvider({ children }: { children: ReactNode }) {
  const { mode } = useColorMode();
  const { i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? 'ja';
  const theme = useMemo(() => createAppTheme({ mode, language }), [mode, language]);
  return (
    <ThemeProvider theme={theme}>
      <CssBaseline />
      {children}
    </ThemeProvider>
  );
}
