import type { Session } from '@app/contracts';
import ApartmentOutlined from '@mui/icons-material/ApartmentOutlined';
import BadgeOutlined from '@mui/icons-material/BadgeOutlined';
import MailOutlineOutlined from '@mui/icons-material/MailOutlineOutlined';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Grid from '@mui/material/Grid';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { fullName } from '../lib/format.ts';
import { roleLabel } from './role-label.ts';

function Fact({ icon, label, value }: { icon: ReactNode; label: string; value: ReactNode }) {
  return (
    <Card sx={{ height: '100%' }}>
      <CardContent sx={{ display: 'flex', gap: 2, alignItems: 'flex-start', p: 3 }}>
        <Box
          sx={{
            width: 40,
            height: 40,
            borderRadius: 2,
            display: 'grid',
            placeItems: 'center',
            bgcolor: 'action.hover',
            color: 'primary.main',
            flexShrink: 0,
          }}
        >
          {icon}
        </Box>
        <Box sx={{ minWidth: 0 }}>
          <Typography variant="caption" color="text.secondary">
            {label}
          </Typography>
          <Typography component="div" sx={{ fontWeight: 600, wordBreak: 'break-word' }}>
            {value}
          </Typography>
        </Box>
      </CardContent>
    </Card>
  );
}

/** The dashboard greeting: who is signed in, as what, for which company or agency. */
export function WelcomePanel({ session }: { session: Session }) {
  const { t } = useTranslation();
  const organization = session.client?.companyName ?? session.agency?.name ?? t('dashboard.operator');
  return (
    <>
      <Box sx={{ mb: 4 }}>
        <Typography variant="h2" component="h1">
          {t('dashboard.greeting', { name: fullName(session.user) })}
        </Typography>
        <Typography color="text.secondary" sx={{ mt: 0.5 }}>
          {t('dashboard.intro')}
        </Typography>
      </Box>
      <Grid container spacing={2.5}>
        <Grid size={{ xs: 12, md: 4 }}>
          <Fact
            icon={<BadgeOutlined />}
            label={t('dashboard.rolePosition')}
            value={roleLabel(t, session.role, session.position)}
          />
        </Grid>
        <Grid size={{ xs: 12, md: 4 }}>
          <Fact
            icon={<ApartmentOutlined />}
            label={
              session.role === 'AGENCY'
                ? t('dashboard.agency')
                : session.role === 'CLIENT'
                  ? t('dashboard.client')
                  : t('dashboard.organization')
            }
            value={
              <>
                {organization}
                {session.client && (
                  <Chip
                    size="small"
                    label={t(`contractStatus.${session.client.contractStatus}`)}
                    color={session.client.contractStatus === 'ACTIVE' ? 'success' : 'default'}
                    variant="outlined"
                    sx={{ ml: 1, verticalAlign: 'middle' }}
                  />
                )}
              </>
            }
          />
        </Grid>
        <Grid size={{ xs: 12, md: 4 }}>
          <Fact icon={<MailOutlineOutlined />} label={t('dashboard.email')} value={session.user.email} />
        </Grid>
      </Grid>
    </>
  );
}
