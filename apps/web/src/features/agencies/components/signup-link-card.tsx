import ContentCopyOutlined from '@mui/icons-material/ContentCopyOutlined';
import OpenInNewOutlined from '@mui/icons-material/OpenInNewOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

/** The page a prospect opens to sign up with this agency: this site's /signup?agencyId=N. */
export const signupUrlOf = (agencyId: number, origin: string = window.location.origin) =>
  `${origin}/signup?agencyId=${agencyId}`;

/** The sign-up link with a copy button, to send to a prospect. */
export function SignupLinkCard({ agencyId }: { agencyId: number }) {
  const { t } = useTranslation();
  const url = signupUrlOf(agencyId);
  const [copyState, setCopyState] = useState<'idle' | 'copied' | 'failed'>('idle');
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url);
      setCopyState('copied');
    } catch {
      setCopyState('failed');
    }
  };
  return (
    <Card>
      <CardContent sx={{ p: 3 }}>
        <Typography variant="h4" component="h2" sx={{ mb: 1 }}>
          {t('signupLink.linkTitle')}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          {t('signupLink.linkHint')}
        </Typography>
        <Box sx={{ display: 'flex', gap: 1.5, flexWrap: 'wrap', alignItems: 'flex-start' }}>
          <TextField
            label={t('signupLink.url')}
            value={url}
            slotProps={{ htmlInput: { readOnly: true }, input: { sx: { fontFamily: 'monospace' } } }}
            onFocus={(e) => e.target.select()}
            sx={{ flex: '1 1 320px' }}
          />
          <Button
            variant="contained"
            startIcon={<ContentCopyOutlined />}
            onClick={() => void copy()}
            sx={{ height: 56 }}
          >
            {copyState === 'copied' ? t('signupLink.copied') : t('signupLink.copy')}
          </Button>
          <Button
            variant="outlined"
            startIcon={<OpenInNewOutlined />}
            href={url}
            target="_blank"
            rel="noopener"
            sx={{ height: 56 }}
          >
            {t('signupLink.open')}
          </Button>
        </Box>
        <Typography
          role="status"
          variant="body2"
          color={copyState === 'failed' ? 'error' : 'success.main'}
          sx={{ mt: 1, minHeight: 24 }}
        >
          {copyState === 'copied'
            ? t('signupLink.copiedHint')
            : copyState === 'failed'
              ? t('signupLink.copyFailed')
              : ''}
        </Typography>
      </CardContent>
    </Card>
  );
}
