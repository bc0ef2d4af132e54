import Link from '@mui/material/Link';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { paths } from '../../config/routes.ts';
import { PasswordResetRequestForm } from '../../features/auth/components/password-reset-request-form.tsx';
import { AuthPageFrame } from './auth-page-frame.tsx';

export function PasswordResetPage() {
  const { t } = useTranslation();
  return (
    <AuthPageFrame
      title={t('passwordReset.title')}
      description={t('passwordReset.description')}
      footer={
        <Link component={RouterLink} to={paths.login} variant="body2">
          {t('common.backToLogin')}
        </Link>
      }
    >
      <PasswordResetRequestForm />
    </AuthPageFrame>
  );
}
