import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { i18n as I18n } from 'i18next';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { ColorModeProvider } from '../lib/color-mode.tsx';
import { AppErrorBoundary } from './app-error-boundary.tsx';
import { BaseThemeProvider } from './app-theme-provider.tsx';

function CrashScreen({ i18n }: { i18n: I18n }) {
  return (
    <Box sx={{ minHeight: '100dvh', display: 'grid', placeItems: 'center', p: 3, textAlign: 'center' }}>
      <Box>
        <Typography variant="h3" component="h1" sx={{ mb: 1 }}>
          {i18n.t('routeError.title')}
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 3 }}>
          {i18n.t('routeError.description')}
        </Typography>
        <Button variant="contained" onClick={() => window.location.reload()}>
          {i18n.t('routeError.reload')}
        </Button>
      </Box>
    </Box>
  );
}

/** Query client, i18n, colour mode and a base theme; the router's root layout adds branding. */
export function AppProviders({
  queryClient,
  i18n,
  children,
}: {
  queryClient: QueryClient;
  i18n: I18n;
  children: ReactNode;
}) {
  return (
    <I18nextProvider i18n={i18n}>
      <ColorModeProvider>
        <BaseThemeProvider>
          <AppErrorBoundary fallback={<CrashScreen i18n={i18n} />}>
            <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
          </AppErrorBoundary>
        </BaseThemeProvider>
      </ColorModeProvider>
    </I18nextProvider>
  );
}
