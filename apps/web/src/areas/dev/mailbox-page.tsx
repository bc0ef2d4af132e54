import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import { useTranslation } from 'react-i18next';
import { BrandMark } from '../../components/brand-mark.tsx';
import { ColorModeSwitch } from '../../components/color-mode-switch.tsx';
import { LanguageSwitch } from '../../components/language-switch.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { Mailbox } from '../../features/dev-mailbox/components/mailbox.tsx';

/** `/dev/mailbox` — development only: the mails the product kept instead of sending. */
export function MailboxPage() {
  const { t } = useTranslation();
  return (
    <Box sx={{ minHeight: '100dvh', bgcolor: 'background.default' }}>
      <Box
        component="header"
        sx={{
          display: 'flex',
          alignItems: 'center',
          justifyContent: 'space-between',
          gap: 1,
          px: { xs: 2, sm: 4 },
          py: 2,
          borderBottom: 1,
          borderColor: 'divider',
          bgcolor: 'background.paper',
        }}
      >
        <BrandMark />
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
          <LanguageSwitch />
          <ColorModeSwitch />
        </Box>
      </Box>
      <Box component="main" sx={{ maxWidth: 1200, mx: 'auto', px: { xs: 2, sm: 4 }, py: 4 }}>
        <PageHeader title={t('mailbox.title')} subtitle={t('mailbox.subtitle')} />
        <Alert severity="info" sx={{ mb: 3 }}>
          {t('mailbox.devOnly')}
        </Alert>
        <Mailbox />
      </Box>
    </Box>
  );
}
