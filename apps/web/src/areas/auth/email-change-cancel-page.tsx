import CheckCircleOutlined from '@mui/icons-material/CheckCircleOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { paths } from '../../config/routes.ts';
import { useEmailChangeCancelMutation } from '../../features/auth/api/account.api.ts';
import { markErrorShown } from '../../lib/query-meta.ts';
import { errorText } from '../../lib/translate-message.ts';
import { AuthPageFrame } from './auth-page-frame.tsx';

/**
 * `/email-change/cancel?token=…` — the "this was not me" link mailed to the old address of an e-mail
 * change. Nothing happens on load (mail scanners open links): the owner presses the button.
 */
export function EmailChangeCancelPage() {
  const { t } = useTranslation();
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token')?.trim() ?? '';
  const cancel = useEmailChangeCancelMutation();

  if (cancel.isSuccess) {
    return (
      <AuthPageFrame title={t('emailChangeCancel.title')}>
        <Box sx={{ textAlign: 'center', py: 1 }} role="status">
          <CheckCircleOutlined color="primary" sx={{ fontSize: 56, mb: 1 }} />
          <Typography sx={{ fontWeight: 700, mb: 1 }}>{t('emailChangeCancel.done')}</Typography>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 3 }}>
            {t('emailChangeCancel.doneHint')}
          </Typography>
          <Button variant="contained" size="large" fullWidth component={RouterLink} to={paths.login}>
            {t('emailChangeCancel.toLogin')}
          </Button>
        </Box>
      </AuthPageFrame>
    );
  }

  return (
    <AuthPageFrame title={t('emailChangeCancel.title')}>
      {token === '' ? (
        <Alert severity="error" role="alert">
          {t('emailChangeCancel.missingToken')}
        </Alert>
      ) : (
        <>
          {cancel.isError && (
            <Alert severity="error" role="alert" sx={{ mb: 2 }}>
              {errorText(cancel.error, t)}
            </Alert>
          )}
          <Typography sx={{ mb: 1.5 }}>{t('emailChangeCancel.intro')}</Typography>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 3 }}>
            {t('emailChangeCancel.effects')}
          </Typography>
          <Button
            variant="contained"
            color="error"
            size="large"
            fullWidth
            loading={cancel.isPending}
            // the failure is shown here, in the alert above, not as a toast as well
            onClick={() => cancel.mutate(token, { onError: markErrorShown })}
          >
            {t('emailChangeCancel.confirm')}
          </Button>
        </>
      )}
    </AuthPageFrame>
  );
}
