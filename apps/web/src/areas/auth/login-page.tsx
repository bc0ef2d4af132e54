import Alert from '@mui/material/Alert';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Navigate, Link as RouterLink, useNavigate, useSearchParams } from 'react-router';
import { landingPathFor, paths } from '../../config/routes.ts';
import { sessionQueryOptions } from '../../features/auth/api/session.api.ts';
import { LoginForm } from '../../features/auth/components/login-form.tsx';
import { AuthPageFrame } from './auth-page-frame.tsx';

/** Notices other pages leave for the login page (`?notice=`). */
const notices = { passwordChanged: 'login.passwordChanged', verified: 'login.verified' } as const;

export function LoginPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const next = searchParams.get('next');
  const notice = searchParams.get('notice');
  const session = useQuery(sessionQueryOptions());

  if (session.data) return <Navigate to={landingPathFor(session.data.role, next)} replace />;

  return (
    <AuthPageFrame
      title={t('login.title')}
      description={t('login.description')}
      footer={
        <Typography variant="body2" color="text.secondary">
          {t('login.noAccount')}{' '}
          <Link component={RouterLink} to={paths.signup}>
            {t('login.signup')}
          </Link>
        </Typography>
      }
    >
      {notice && notice in notices && (
        <Alert severity="success" sx={{ mb: 2.5 }}>
          {t(notices[notice as keyof typeof notices])}
        </Alert>
      )}
      <LoginForm onSuccess={(s) => void navigate(landingPathFor(s.role, next), { replace: true })} />
    </AuthPageFrame>
  );
}
