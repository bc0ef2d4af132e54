import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { BrandMark } from './brand-mark.tsx';
import { ColorModeSwitch } from './color-mode-switch.tsx';
import { LanguageSwitch } from './language-switch.tsx';

type AuthLayoutProps = {
  title: string;
  description?: ReactNode;
  children: ReactNode;
  /** Wide forms (sign-up) get more room. */
  width?: number;
  logoUrl?: string | null;
  brandTitle?: string | null;
  footer?: ReactNode;
};

/** The frame of the public pages: brand on top, one centred card on a calm grey page. */
export function AuthLayout({
  title,
  description,
  children,
  width = 440,
  logoUrl,
  brandTitle,
  footer,
}: AuthLayoutProps) {
  const { t } = useTranslation();
  return (
    <Box
      sx={{ minHeight: '100dvh', display: 'flex', flexDirection: 'column', bgcolor: 'background.default' }}
    >
      <Box
        component="header"
        sx={{
          display: 'flex',
          alignItems: 'center',
          justifyContent: 'space-between',
          px: { xs: 2, sm: 4 },
          py: 2,
          gap: 1,
        }}
      >
        <BrandMark logoUrl={logoUrl} title={brandTitle} />
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexShrink: 0 }}>
          <LanguageSwitch />
          <ColorModeSwitch />
        </Stack>
      </Box>
      <Box
        component="main"
        sx={{
          flex: 1,
          display: 'flex',
          justifyContent: 'center',
          alignItems: { xs: 'flex-start', sm: 'center' },
          px: 2,
          py: { xs: 2, sm: 6 },
        }}
      >
        <Box sx={{ width: '100%', maxWidth: width }}>
          <Card sx={{ boxShadow: '0 1px 2px rgba(16,40,24,0.04), 0 8px 24px rgba(16,40,24,0.06)' }}>
            <CardContent sx={{ p: { xs: 3, sm: 5 }, '&:last-child': { pb: { xs: 3, sm: 5 } } }}>
              <Typography
                variant="h1"
                component="h1"
                sx={{ fontSize: { xs: '1.375rem', sm: '1.5rem' }, mb: description ? 1 : 3 }}
              >
                {title}
              </Typography>
              {description && (
                <Typography variant="body2" color="text.secondary" component="div" sx={{ mb: 3 }}>
                  {description}
                </Typography>
              )}
              {children}
            </CardContent>
          </Card>
          {footer && <Box sx={{ mt: 3, textAlign: 'center' }}>{footer}</Box>}
        </Box>
      </Box>
      <Box component="footer" sx={{ textAlign: 'center', py: 3, color: 'text.secondary' }}>
        <Typography variant="caption">{t('app.copyright')}</Typography>
      </Box>
    </Box>
  );
}
