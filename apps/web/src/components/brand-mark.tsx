import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';

/** The product mark, or a LINE account's logo and title when branding gives them. */
export function BrandMark({
  logoUrl,
  title,
  size = 32,
}: {
  logoUrl?: string | null;
  title?: string | null;
  size?: number;
}) {
  const { t } = useTranslation();
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.25, minWidth: 0 }}>
      {logoUrl ? (
        <Box
          component="img"
          src={logoUrl}
          alt=""
          data-testid="brand-logo"
          sx={{ height: size, maxWidth: size * 4, objectFit: 'contain', borderRadius: 1 }}
        />
      ) : (
        <Box
          aria-hidden
          sx={{
            width: size,
            height: size,
            borderRadius: 2,
            bgcolor: 'primary.main',
            color: 'primary.contrastText',
            display: 'grid',
            placeItems: 'center',
            fontWeight: 800,
            fontSize: size * 0.5,
            flexShrink: 0,
          }}
        >
          L
        </Box>
      )}
      <Typography
        component="span"
        data-testid="brand-title"
        sx={{
          fontWeight: 700,
          fontSize: { xs: '0.9375rem', sm: '1rem' },
          letterSpacing: '0.02em',
          lineHeight: 1.3,
          // a phone's narrow header: two lines rather than a title cut off with an ellipsis
          display: '-webkit-box',
          WebkitBoxOrient: 'vertical',
          WebkitLineClamp: 2,
          overflow: 'hidden',
          overflowWrap: 'anywhere',
        }}
      >
        {title || t('app.name')}
      </Typography>
    </Box>
  );
}
