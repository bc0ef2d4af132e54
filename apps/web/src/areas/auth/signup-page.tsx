import LinkOffOutlined from '@mui/icons-material/LinkOffOutlined';
import MarkEmailReadOutlined from '@mui/icons-material/MarkEmailReadOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { paths } from '../../config/routes.ts';
import { ClientSignupForm, type SignupResult } from '../../features/auth/components/client-signup-form.tsx';
import { AuthPageFrame } from './auth-page-frame.tsx';

function parseAgencyId(raw: string | null): number | undefined {
  if (!raw || !/^\d+$/.test(raw)) return undefined;
  const id = Number(raw);
  return Number.isSafeInteger(id) && id > 0 ? id : undefined;
}

/** `/signup?agencyId=N` — client sign-up, usually from an agency's link. */
export function SignupPage() {
  const { t } = useTranslation();
  const [searchParams] = useSearchParams();
  const rawAgencyId = searchParams.get('agencyId');
  const agencyId = parseAgencyId(rawAgencyId);
  const [result, setResult] = useState<SignupResult | null>(null);
  const [isAgencyInvalid, setIsAgencyInvalid] = useState(rawAgencyId !== null && agencyId === undefined);

  const backToLogin = (
    <Link component={RouterLink} to={paths.login} variant="body2">
      {t('common.backToLogin')}
    </Link>
  );

  if (result) {
    return (
      <AuthPageFrame title={t('signup.doneTitle')} footer={backToLogin}>
        <Box sx={{ textAlign: 'center' }}>
          <MarkEmailReadOutlined color="primary" sx={{ fontSize: 56, mb: 1 }} />
          <Typography sx={{ fontWeight: 700, mb: 1 }}>{t('signup.doneLead')}</Typography>
          <Typography variant="body2" color="text.secondary">
            {t('signup.doneBody', { email: result.email })}
          </Typography>
        </Box>
      </AuthPageFrame>
    );
  }

  if (isAgencyInvalid) {
    return (
      <AuthPageFrame title={t('signup.title')} footer={backToLogin}>
        <Box sx={{ textAlign: 'center' }}>
          <LinkOffOutlined color="error" sx={{ fontSize: 48, mb: 1 }} />
          <Typography sx={{ fontWeight: 700, mb: 1 }}>{t('signup.agencyInvalid')}</Typography>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 3 }}>
            {t('signup.agencyInvalidHint')}
          </Typography>
          <Button variant="outlined" component={RouterLink} to={paths.login}>
            {t('common.backToLogin')}
          </Button>
        </Box>
      </AuthPageFrame>
    );
  }

  return (
    <AuthPageFrame
      title={t('signup.title')}
      description={t('signup.description')}
      width={760}
      footer={
        <Typography variant="body2" color="text.secondary">
          {t('signup.haveAccount')}{' '}
          <Link component={RouterLink} to={paths.login}>
            {t('signup.login')}
          </Link>
        </Typography>
      }
    >
      <ClientSignupForm
        agencyId={agencyId}
        onSuccess={setResult}
        onAgencyNotFound={() => setIsAgencyInvalid(true)}
      />
    </AuthPageFrame>
  );
}
