import type { Mail } from '@app/contracts';
import Box from '@mui/material/Box';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../lib/format.ts';
import { LinkifiedText } from './linkified-text.tsx';

/** Links in the HTML open in this tab, so a reset or verification link lands in the app itself. */
const withTopTarget = (html: string) =>
  `<base target="_top"><style>body{font-family:system-ui,sans-serif;margin:16px;line-height:1.7;color:#1f2a22}</style>${html}`;

// The text part opens first: its links show the whole URL, which is what a developer wants to see.
export function MailView({ mail }: { mail: Mail }) {
  const { t } = useTranslation();
  const [view, setView] = useState<'html' | 'text'>('text');
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', minHeight: 0, height: '100%' }}>
      <Box sx={{ p: 3, pb: 2 }}>
        <Typography variant="h3" component="h2" sx={{ mb: 1, wordBreak: 'break-word' }}>
          {mail.subject}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {t('mailbox.to')}: {mail.to}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {t('mailbox.sentAt')}: {formatDateTime(mail.createdAt)}
        </Typography>
      </Box>
      {mail.html && (
        <Tabs
          value={view}
          onChange={(_, v: 'html' | 'text') => setView(v)}
          sx={{ px: 2, borderBottom: 1, borderColor: 'divider' }}
        >
          <Tab value="text" label={t('mailbox.plainText')} />
          <Tab value="html" label="HTML" />
        </Tabs>
      )}
      {view === 'html' && mail.html ? (
        <Box
          component="iframe"
          title={mail.subject}
          sandbox="allow-popups allow-popups-to-escape-sandbox allow-top-navigation-by-user-activation"
          srcDoc={withTopTarget(mail.html)}
          sx={{ border: 0, width: '100%', flex: 1, minHeight: 360, bgcolor: '#fff' }}
        />
      ) : (
        <Typography
          component="pre"
          sx={{
            p: 3,
            m: 0,
            whiteSpace: 'pre-wrap',
            fontFamily: 'inherit',
            fontSize: '0.9rem',
            wordBreak: 'break-word',
          }}
        >
          <LinkifiedText text={mail.text} />
        </Typography>
      )}
    </Box>
  );
}
