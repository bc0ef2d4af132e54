import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router';
import { paths } from '../../config/routes.ts';
import { PasswordResetConfirmForm } from '../../features/auth/components/password-reset-confirm-form.tsx';
import { AuthPageFrame } from './auth-page-frame.tsx';

/** `/password/reset/confirm?token=…` — the link of the reset mail. */
export function PasswordResetConfirmPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token')?.trim() ?? '';
  const [isTokenInvalid, setIsTokenInvalid] = useState(token === '');

  return (
    <AuthPageFrame
      title={t('passwordResetConfirm.title')}
      description={isTokenInvalid ? undefined : t('passwordResetConfirm.description')}
      footer={
        <Link component={RouterLink} to={paths.login} variant="body2">
          {t('common.backToLogin')}
        </Link>
      }
    >
      {isTokenInvalid ? (
        <Stack spacing={2.5}>
          <Alert severity="error" role="alert">
            {t('passwordResetConfirm.invalidLink')}
          </Alert>
          <Button variant="contained" component={RouterLink} to={paths.passwordReset}>
            {t('passwordResetConfirm.requestAgain')}
          </Button>
        </Stack>
      ) : (
        <PasswordResetConfirmForm
          token={token}
          onSuccess={() => void navigate(`${paths.login}?notice=passwordChanged`, { replace: true })}
          onInvalidToken={() => setIsTokenInvalid(true)}
        />
      )}
    </AuthPageFrame>
  );
}
