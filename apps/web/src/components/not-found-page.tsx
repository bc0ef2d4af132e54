import SearchOffOutlined from '@mui/icons-material/SearchOffOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { StatusState } from './status-state.tsx';

/** 404 for page paths nobody defined. */
export function NotFoundPage({ embedded = false }: { embedded?: boolean }) {
  const { t } = useTranslation();
  const content = (
    <StatusState
      icon={embedded ? <SearchOffOutlined /> : undefined}
      title={t('notFound.title')}
      description={t('notFound.description')}
      action={
        <Button variant="contained" component={RouterLink} to="/">
          {t('notFound.home')}
        </Button>
      }
    />
  );
  if (embedded) return <Card>{content}</Card>;
  return (
    <Box
      sx={{ minHeight: '100dvh', display: 'grid', placeItems: 'center', bgcolor: 'background.default', p: 2 }}
    >
      <Card sx={{ width: '100%', maxWidth: 520 }}>
        <Box
          sx={{
            fontSize: 56,
            fontWeight: 800,
            color: 'primary.main',
            textAlign: 'center',
            pt: 4,
            lineHeight: 1,
          }}
        >
          404
        </Box>
        {content}
      </Card>
    </Box>
  );
}
