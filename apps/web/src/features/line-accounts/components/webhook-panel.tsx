import type { WebhookSettings, WebhookSetupResult } from '@app/contracts';
import ContentCopyOutlined from '@mui/icons-material/ContentCopyOutlined';
import RefreshOutlined from '@mui/icons-material/RefreshOutlined';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import Skeleton from '@mui/material/Skeleton';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DetailList } from '../../../components/data/detail-list.tsx';
import { useShowFailure } from '../../../lib/translate-message.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { WebhookStatusChip } from './line-account-chips.tsx';
import { useQueryFailure } from '../../../components/query-failure.tsx';

type SettingsQuery = {
  isPending: boolean;
  isFetching: boolean;
  isError: boolean;
  error: Error | null;
  data: WebhookSettings | undefined;
  refetch: () => unknown;
};

/** The result LINE gave for its test call to the webhook URL. */
export function WebhookTestResult({ test }: { test: WebhookSetupResult['test'] }) {
  const { t } = useTranslation();
  return (
    <Alert severity={test.success ? 'success' : 'error'} role="status" data-testid="webhook-test-result">
      <AlertTitle>
        {test.success ? t('lineAccounts.webhook.testSucceeded') : t('lineAccounts.webhook.testFailed')}
      </AlertTitle>
      {t('lineAccounts.webhook.testDetail', { statusCode: test.statusCode, reason: test.reason })}
      {test.detail && test.detail !== String(test.statusCode) && test.detail !== test.reason && (
        <Typography variant="body2" sx={{ mt: 0.5, wordBreak: 'break-word' }}>
          {test.detail}
        </Typography>
      )}
      <Typography variant="caption" sx={{ display: 'block', mt: 0.5 }}>
        {formatDateTime(test.timestamp)}
      </Typography>
    </Alert>
  );
}

/**
 * Webhook set-up: the URL LINE must call, what LINE has now (Webhookの利用 on/off), and buttons that
 * register the URL at LINE and let LINE test it. Both buttons use the one set-up call (it tests too).
 */
export function WebhookPanel({
  query,
  canEdit,
  isAccountActive,
  onSetup,
}: {
  query: SettingsQuery;
  canEdit: boolean;
  isAccountActive: boolean;
  onSetup: () => Promise<WebhookSetupResult>;
}) {
  const { t } = useTranslation();
  const [running, setRunning] = useState<'set' | 'test' | null>(null);
  const [result, setResult] = useState<WebhookSetupResult['test'] | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const showFailure = useShowFailure();
  const [isCopied, setIsCopied] = useState(false);
  const queryFailure = useQueryFailure(query);

  const run = async (kind: 'set' | 'test') => {
    setRunning(kind);
    setFailure(null);
    try {
      setResult((await onSetup()).test);
    } catch (error) {
      setResult(null);
      setFailure(showFailure(error));
    } finally {
      setRunning(null);
    }
  };

  const copy = async (url: string) => {
    try {
      await navigator.clipboard.writeText(url);
      setIsCopied(true);
      setTimeout(() => setIsCopied(false), 2000);
    } catch {
      // no clipboard (insecure page): the field can still be selected by hand
    }
  };

  if (query.isPending) return <Skeleton variant="rounded" height={220} />;
  if (query.isError || !query.data) {
    return <Card>{queryFailure}</Card>;
  }
  const settings = query.data;
  const isMismatch = settings.endpoint !== null && settings.endpoint !== settings.webhookUrl;
  return (
    <Card>
      <CardContent sx={{ display: 'flex', flexDirection: 'column', gap: 3 }}>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, flexWrap: 'wrap' }}>
          <Typography variant="h4" component="h3">
            {t('lineAccounts.webhook.title')}
          </Typography>
          <WebhookStatusChip isOn={settings.webhookStatus} />
          <Tooltip title={t('lineAccounts.webhook.refresh')}>
            <span>
              <IconButton
                size="small"
                aria-label={t('lineAccounts.webhook.refresh')}
                onClick={() => void query.refetch()}
                disabled={query.isFetching}
              >
                <RefreshOutlined fontSize="small" />
              </IconButton>
            </span>
          </Tooltip>
        </Box>
        <TextField
          label={t('lineAccounts.webhook.urlToUse')}
          value={settings.webhookUrl}
          helperText={t('lineAccounts.webhook.urlHint')}
          slotProps={{
            htmlInput: { readOnly: true, 'data-testid': 'webhook-url' },
            input: {
              endAdornment: (
                <InputAdornment position="end">
                  <Tooltip
                    title={isCopied ? t('lineAccounts.webhook.copied') : t('lineAccounts.webhook.copy')}
                  >
                    <IconButton
                      edge="end"
                      size="small"
                      aria-label={t('lineAccounts.webhook.copy')}
                      onClick={() => void copy(settings.webhookUrl)}
                    >
                      <ContentCopyOutlined fontSize="small" />
                    </IconButton>
                  </Tooltip>
                </InputAdornment>
              ),
            },
          }}
        />
        <DetailList
          items={[
            { label: t('lineAccounts.webhook.lineEndpoint'), value: settings.endpoint, isWide: true },
            {
              label: t('lineAccounts.webhook.useWebhook'),
              value: settings.active ? t('lineAccounts.webhook.useOn') : t('lineAccounts.webhook.useOff'),
            },
            {
              label: t('lineAccounts.webhook.status'),
              value: settings.webhookStatus ? t('lineAccounts.webhook.on') : t('lineAccounts.webhook.off'),
            },
          ]}
        />
        {isMismatch && <Alert severity="warning">{t('lineAccounts.webhook.mismatch')}</Alert>}
        {!isAccountActive && <Alert severity="info">{t('lineAccounts.webhook.inactiveAccount')}</Alert>}
        {failure && (
          <Alert severity="error" role="alert">
            {failure}
          </Alert>
        )}
        {result && <WebhookTestResult test={result} />}
        {canEdit && (
          <Box sx={{ display: 'flex', gap: 1.5, flexWrap: 'wrap' }}>
            <Button
              variant="contained"
              disabled={!isAccountActive || running !== null}
              loading={running === 'set'}
              onClick={() => void run('set')}
            >
              {t('lineAccounts.webhook.set')}
            </Button>
            <Button
              variant="outlined"
              disabled={!isAccountActive || running !== null}
              loading={running === 'test'}
              onClick={() => void run('test')}
            >
              {t('lineAccounts.webhook.test')}
            </Button>
          </Box>
        )}
      </CardContent>
    </Card>
  );
}
