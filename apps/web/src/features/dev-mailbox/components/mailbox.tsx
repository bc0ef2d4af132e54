import ArrowBackOutlined from '@mui/icons-material/ArrowBackOutlined';
import RefreshOutlined from '@mui/icons-material/RefreshOutlined';
import SearchOutlined from '@mui/icons-material/SearchOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import InputAdornment from '@mui/material/InputAdornment';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Skeleton from '@mui/material/Skeleton';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useDeferredValue, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState, ErrorState } from '../../../components/status-state.tsx';
import { isApiError } from '../../../lib/api-client.ts';
import { useRendersQueryFailure } from '../../../lib/query-meta.ts';
import { errorText } from '../../../lib/translate-message.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { mailsQueryOptions } from '../api/mails.api.ts';
import { MailView } from './mail-view.tsx';

/** The development mailbox: what the product "sent" while no SMTP server is configured. */
export function Mailbox() {
  const { t } = useTranslation();
  const [to, setTo] = useState('');
  const deferredTo = useDeferredValue(to.trim());
  const [selectedId, setSelectedId] = useState<number | null>(null);
  const mails = useQuery(mailsQueryOptions({ to: deferredTo }));
  // The list shows its own failure (and the mailbox being off) in place: no toast on top.
  useRendersQueryFailure(mails);
  const selected = mails.data?.find((m) => m.id === selectedId) ?? null;

  const list = () => {
    if (mails.isPending) {
      return (
        <Box sx={{ p: 2 }}>
          {[0, 1, 2, 3].map((i) => (
            <Skeleton key={i} height={64} />
          ))}
        </Box>
      );
    }
    if (mails.isError) {
      const isMissing = isApiError(mails.error) && mails.error.status === 404;
      return isMissing ? (
        <EmptyState title={t('mailbox.unavailable')} description={t('mailbox.unavailableHint')} />
      ) : (
        <ErrorState message={errorText(mails.error, t)} onRetry={() => void mails.refetch()} />
      );
    }
    if (mails.data.length === 0) {
      return (
        <EmptyState
          title={t('mailbox.empty')}
          description={deferredTo ? t('mailbox.emptyFiltered') : t('mailbox.emptyHint')}
        />
      );
    }
    return (
      <List disablePadding aria-label={t('mailbox.list')}>
        {mails.data.map((mail) => (
          <ListItem key={mail.id} disablePadding>
            <ListItemButton
              selected={mail.id === selectedId}
              onClick={() => setSelectedId(mail.id)}
              divider
              sx={{ alignItems: 'flex-start', py: 1.5 }}
            >
              <ListItemText
                primary={mail.subject}
                secondary={
                  <>
                    <Box component="span" sx={{ display: 'block' }}>
                      {mail.to}
                    </Box>
                    <Box component="span">{formatDateTime(mail.createdAt)}</Box>
                  </>
                }
                slotProps={{ primary: { sx: { fontWeight: 600, fontSize: '0.925rem' }, noWrap: true } }}
              />
            </ListItemButton>
          </ListItem>
        ))}
      </List>
    );
  };

  return (
    <Box>
      <Box sx={{ display: 'flex', gap: 1.5, mb: 2.5, flexWrap: 'wrap' }}>
        <TextField
          size="small"
          value={to}
          onChange={(e) => setTo(e.target.value)}
          placeholder={t('mailbox.filterPlaceholder')}
          sx={{ flex: '1 1 240px', maxWidth: 420, bgcolor: 'background.paper' }}
          slotProps={{
            htmlInput: { 'aria-label': t('mailbox.filter') },
            input: {
              startAdornment: (
                <InputAdornment position="start">
                  <SearchOutlined fontSize="small" />
                </InputAdornment>
              ),
            },
          }}
        />
        <Button
          variant="outlined"
          startIcon={<RefreshOutlined />}
          onClick={() => void mails.refetch()}
          loading={mails.isFetching}
        >
          {t('mailbox.refresh')}
        </Button>
      </Box>
      <Box
        sx={{
          display: 'grid',
          gridTemplateColumns: { xs: '1fr', md: '360px 1fr' },
          gap: 2.5,
          alignItems: 'start',
        }}
      >
        <Card
          sx={{
            display: { xs: selected ? 'none' : 'block', md: 'block' },
            maxHeight: { md: 'calc(100dvh - 220px)' },
            overflow: 'auto',
          }}
        >
          {list()}
        </Card>
        <Card
          sx={{
            display: { xs: selected ? 'flex' : 'none', md: 'flex' },
            flexDirection: 'column',
            minHeight: 480,
          }}
        >
          {selected ? (
            <>
              <Box sx={{ display: { md: 'none' }, p: 1 }}>
                <Button startIcon={<ArrowBackOutlined />} onClick={() => setSelectedId(null)}>
                  {t('mailbox.back')}
                </Button>
              </Box>
              <MailView key={selected.id} mail={selected} />
            </>
          ) : (
            <Box sx={{ flex: 1, display: 'grid', placeItems: 'center', color: 'text.secondary', p: 4 }}>
              <Typography variant="body2">{t('mailbox.selectHint')}</Typography>
            </Box>
          )}
        </Card>
      </Box>
    </Box>
  );
}
