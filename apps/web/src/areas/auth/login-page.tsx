import Alert from '@mui/material/Alert';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import type { Session } from '@app/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Navigate, Link as RouterLink, useNavigate, useSearchParams } from 'react-router';
import { landingPathFor, paths } from '../../config/routes.ts';
import { sessionQueryOptions } from '../../features/auth/api/session.api.ts';
import { LoginForm } from '../../features/auth/components/login-form.tsx';
import { lineAccountsQueryOptions } from '../../features/line-accounts/api/line-accounts.api.ts';
import {
  hasMemberService,
  isCounterStaff,
  SCAN_PATH,
} from '../../features/member-card/lib/counter-landing.ts';
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
  const queryClient = useQueryClient();

  /** The area's home, or `next`; a client's counter staff go to 読み取り when the member service is on. */
  const landAfterLogin = async (signedIn: Session) => {
    let path = landingPathFor(signedIn.role, next);
    if (!next && isCounterStaff(signedIn)) {
      const accounts = await queryClient.fetchQuery(lineAccountsQueryOptions()).catch(() => null);
      if (accounts?.data.some(hasMemberService)) path = SCAN_PATH;
    }
    await navigate(path, { replace: true });
  };

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
      <LoginForm onSuccess={(s) => void landAfterLogin(s)} />
    </AuthPageFrame>
  );
}
