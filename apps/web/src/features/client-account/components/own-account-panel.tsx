import type { ChangeOwnEmailBody, ChangePasswordBody, User } from '@app/contracts';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/page-header.tsx';
import { QueryState } from '../../../components/query-state.tsx';
import {
  ownAccountQueryOptions,
  useUpdateEmailMutation,
  useUpdatePasswordMutation,
} from '../api/client-account.api.ts';
import { EmailChangeForm } from './email-change-form.tsx';
import { PasswordChangeForm } from './password-change-form.tsx';

/** The signed-in user's profile, e-mail form and password form: the account page of every area. */
export function OwnAccountPanel({
  user,
  onChangeEmail,
  onChangePassword,
}: {
  user: User & { pendingEmail?: string | null };
  onChangeEmail: (body: ChangeOwnEmailBody) => Promise<{ pendingEmail: string | null }>;
  onChangePassword: (body: ChangePasswordBody) => Promise<unknown>;
}) {
  const { t } = useTranslation();
  const rows = [
    [t('account.name'), `${user.lastName} ${user.firstName}`],
    [t('fields.email'), user.email],
    [
      t('account.role'),
      t('roles.rolePosition', { role: t(`roles.${user.role}`), position: t(`positions.${user.position}`) }),
    ],
  ] as const;
  return (
    <Box sx={{ display: 'grid', gap: 3 }}>
      <Card>
        <CardContent sx={{ p: 3 }}>
          <Typography variant="h4" component="h2" sx={{ mb: 2 }}>
            {t('account.profileTitle')}
          </Typography>
          <Box
            component="dl"
            sx={{ display: 'grid', gridTemplateColumns: 'max-content 1fr', columnGap: 3, rowGap: 1, m: 0 }}
          >
            {rows.map(([label, value]) => (
              <Box key={label} sx={{ display: 'contents' }}>
                <Typography component="dt" variant="body2" color="text.secondary">
                  {label}
                </Typography>
                <Typography component="dd" variant="body2" sx={{ m: 0 }}>
                  {value}
                </Typography>
              </Box>
            ))}
          </Box>
        </CardContent>
      </Card>
      <Box
        sx={{
          display: 'grid',
          gap: 3,
          gridTemplateColumns: { xs: '1fr', lg: '1fr 1fr' },
          alignItems: 'start',
        }}
      >
        <EmailChangeForm
          currentEmail={user.email}
          pendingEmail={user.pendingEmail}
          onSubmit={onChangeEmail}
        />
        <PasswordChangeForm onSubmit={onChangePassword} />
      </Box>
    </Box>
  );
}

/** /master/account and /agency/account: the profile (with any pending address) read from the area's call. */
export function BackOfficeAccountPage({ area }: { area: 'master' | 'agency' }) {
  const { t } = useTranslation();
  const account = useQuery(ownAccountQueryOptions(area));
  const updateEmail = useUpdateEmailMutation(area);
  const updatePassword = useUpdatePasswordMutation(area);
  return (
    <>
      <PageHeader title={t('nav.account')} subtitle={t('account.subtitle')} />
      <QueryState query={account}>
        {(user) => (
          <OwnAccountPanel
            user={user}
            onChangeEmail={(body) => updateEmail.mutateAsync(body)}
            onChangePassword={(body) => updatePassword.mutateAsync(body)}
          />
        )}
      </QueryState>
    </>
  );
}
