import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import { useTranslation } from 'react-i18next';

/** Centred spinner for a page or panel that is loading. */
export function PageLoader({ fullScreen = false }: { fullScreen?: boolean }) {
  const { t } = useTranslation();
  return (
    <Box
      role="status"
      aria-label={t('common.loading')}
      sx={{
        display: 'grid',
        placeItems: 'center',
        minHeight: fullScreen ? '100dvh' : 240,
        bgcolor: fullScreen ? 'background.default' : undefined,
      }}
    >
      <CircularProgress size={32} />
    </Box>
  );
}
