import PublicOutlined from '@mui/icons-material/PublicOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { ThemeProvider } from '@mui/material/styles';
import { useMemo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { createAppTheme } from '../../../config/theme.ts';
import { useColorMode } from '../../../lib/color-mode.tsx';

/**
 * How pages opened with `?lineAccountId=` will look: the product theme built with this colour as its
 * primary (the same createAppTheme the app uses), before anything is saved.
 */
export function BrandingPreview({
  mainColor,
  title,
  logo,
  faviconUrl,
}: {
  /** null: not a valid colour yet, the default green is shown. */
  mainColor: string | null;
  title: string;
  logo: ReactNode;
  faviconUrl: string | null;
}) {
  const { t, i18n } = useTranslation();
  const { mode } = useColorMode();
  const theme = useMemo(
    () => createAppTheme({ mode, primary: mainColor, language: i18n.resolvedLanguage }),
    [mode, mainColor, i18n.resolvedLanguage],
  );
  const primary = theme.palette.primary.main;
  return (
    <ThemeProvider theme={theme}>
      <Card
        data-testid="branding-preview"
        data-primary={primary}
        aria-hidden
        inert
        sx={{ overflow: 'hidden' }}
      >
        <Box
          sx={{
            display: 'flex',
            alignItems: 'center',
            gap: 1,
            px: 1.5,
            py: 0.75,
            bgcolor: 'action.hover',
            borderBottom: 1,
            borderColor: 'divider',
          }}
        >
          {faviconUrl ? (
            <Box
              component="img"
              src={faviconUrl}
              alt=""
              sx={{ width: 16, height: 16, objectFit: 'contain' }}
            />
          ) : (
            <PublicOutlined sx={{ fontSize: 16, color: 'text.secondary' }} />
          )}
          <Typography variant="caption" noWrap title={title}>
            {title}
          </Typography>
        </Box>
        <Box sx={{ px: 2, py: 1.5, borderBottom: 1, borderColor: 'divider' }}>{logo}</Box>
        <Box sx={{ p: 2, display: 'flex', flexDirection: 'column', gap: 2 }}>
          <Box
            sx={{
              borderRadius: 2,
              p: 2,
              bgcolor: 'primary.main',
              color: 'primary.contrastText',
            }}
          >
            <Typography variant="caption">{t('lineAccounts.branding.sampleCardLabel')}</Typography>
            <Typography sx={{ fontWeight: 700, fontSize: '1.1rem' }}>{title}</Typography>
          </Box>
          <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'center' }}>
            <Button variant="contained" size="small">
              {t('lineAccounts.branding.sampleButton')}
            </Button>
            <Button variant="outlined" size="small">
              {t('common.cancel')}
            </Button>
            <Chip size="small" color="primary" label={t('lineAccounts.branding.sampleChip')} />
            <Switch
              size="small"
              defaultChecked
              slotProps={{ input: { 'aria-label': t('lineAccounts.branding.sampleSwitch') } }}
            />
          </Box>
          <Typography variant="body2">
            <Link href="#" onClick={(e) => e.preventDefault()}>
              {t('lineAccounts.branding.sampleLink')}
            </Link>
            <Typography component="span" variant="caption" color="text.secondary" sx={{ ml: 1 }}>
              {primary.toUpperCase()}
            </Typography>
          </Typography>
        </Box>
      </Card>
    </ThemeProvider>
  );
}
