import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { paths } from '../config/routes.ts';

/**
 * A client awaiting the operator's approval (PENDING_APPROVAL): says so, and what it may do meanwhile.
 * Shown on its dashboard and in place of every page that opens only after approval.
 */
export function ApprovalPendingNotice() {
  const { t } = useTranslation();
  return (
    <Alert severity="info" data-testid="approval-pending" sx={{ mb: 3 }}>
      <AlertTitle>{t('approvalPending.title')}</AlertTitle>
      {t('approvalPending.body')}
      <Box sx={{ display: 'flex', gap: 1, mt: 1.5, flexWrap: 'wrap' }}>
        <Button size="small" variant="outlined" component={RouterLink} to={`${paths.client}/settings`}>
          {t('nav.companySettings')}
        </Button>
        <Button size="small" variant="outlined" component={RouterLink} to={`${paths.client}/users`}>
          {t('nav.users')}
        </Button>
      </Box>
    </Alert>
  );
}
