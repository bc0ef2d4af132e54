import CheckCircleOutlined from '@mui/icons-material/CheckCircleOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { paths } from '../../config/routes.ts';
import { verifyEmailQueryOptions } from '../../features/auth/api/account.api.ts';
import { VerifyEmailResendForm } from '../../features/auth/components/verify-email-resend-form.tsx';
import { useRendersQueryFailure } from '../../lib/query-meta.ts';
import { errorText } from '../../lib/translate-message.ts';
import { AuthPageFrame } from './auth-page-frame.tsx';

/** `/verify-email?token=…` — the link of the verification mail; verifies on load. */
export function VerifyEmailPage() {
  const { t } = useTranslation();
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token')?.trim() ?? '';
  const verify = useQuery({ ...verifyEmailQueryOptions(token), enabled: token !== '' });
  // The page answers with the failure itself (the alert below), so no toast repeats it.
  useRendersQueryFailure(verify);

  if (token !== '' && verify.isPending) {
    return (
      <AuthPageFrame title={t('verifyEmail.title')}>
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center', py: 2 }} role="status">
          <CircularProgress size={24} />
          <Typography color="text.secondary">{t('verifyEmail.verifying')}</Typography>
        </Stack>
      </AuthPageFrame>
    );
  }

  if (verify.isSuccess) {
    return (
      <AuthPageFrame title={t('verifyEmail.title')}>
        <Box sx={{ textAlign: 'center', py: 1 }}>
          <CheckCircleOutlined color="primary" sx={{ fontSize: 56, mb: 1 }} />
          <Typography sx={{ fontWeight: 700, mb: 1 }}>{t('verifyEmail.success')}</Typography>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 3 }}>
            {t('verifyEmail.successHint', { email: verify.data.email })}
          </Typography>
          <Button
            variant="contained"
            size="large"
            fullWidth
            component={RouterLink}
            to={`${paths.login}?notice=verified`}
          >
            {t('verifyEmail.toLogin')}
          </Button>
        </Box>
      </AuthPageFrame>
    );
  }

  return (
    <AuthPageFrame title={t('verifyEmail.title')}>
      <Alert severity="error" role="alert" sx={{ mb: 3 }}>
        {token === '' ? t('verifyEmail.missingToken') : errorText(verify.error, t)}
      </Alert>
      <Divider sx={{ mb: 3 }} />
      <Typography variant="h4" component="h2" sx={{ mb: 0.5 }}>
        {t('verifyEmail.resendTitle')}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {t('verifyEmail.resendHint')}
      </Typography>
      <VerifyEmailResendForm />
    </AuthPageFrame>
  );
}
