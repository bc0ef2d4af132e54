import ReportProblemOutlined from '@mui/icons-material/ReportProblemOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import { useTranslation } from 'react-i18next';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { NotFoundPage } from './not-found-page.tsx';
import { StatusState } from './status-state.tsx';

/** What a route shows when rendering or loading it failed (also a chunk that could not load). */
export function RouteErrorPage({ embedded = false }: { embedded?: boolean }) {
  const { t } = useTranslation();
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundPage embedded={embedded} />;
  const content = (
    <StatusState
      icon={<ReportProblemOutlined />}
      title={t('routeError.title')}
      description={t('routeError.description')}
      action={
        <Button variant="contained" onClick={() => window.location.reload()}>
          {t('routeError.reload')}
        </Button>
      }
    />
  );
  if (embedded) return <Card>{content}</Card>;
  return (
    <Box
      sx={{ minHeight: '100dvh', display: 'grid', placeItems: 'center', bgcolor: 'background.default', p: 2 }}
    >
      <Card sx={{ width: '100%', maxWidth: 520 }}>{content}</Card>
    </Box>
  );
}
