import type { ClientListItem } from '@app/contracts';
import HowToRegOutlined from '@mui/icons-material/HowToRegOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { formatDate } from '../../../lib/format.ts';
import { showToast } from '../../../lib/toast-store.ts';
import { useShowFailure } from '../../../lib/translate-message.ts';
import { useChangeContractMutation } from '../api/clients.api.ts';

/** 承認: a client awaiting approval becomes 契約中 (ACTIVE), after a confirmation that says what it opens. */
export function ApproveClientButton({
  clientId,
  companyName,
  variant = 'contained',
}: {
  clientId: number;
  companyName: string;
  variant?: 'contained' | 'outlined';
}) {
  const { t } = useTranslation();
  const change = useChangeContractMutation(clientId);
  const showFailure = useShowFailure();
  const [isOpen, setIsOpen] = useState(false);
  return (
    <>
      <Button variant={variant} startIcon={<HowToRegOutlined />} onClick={() => setIsOpen(true)}>
        {t('clients.approve.button')}
      </Button>
      <ConfirmDialog
        open={isOpen}
        title={t('clients.approve.title', { name: companyName })}
        description={t('clients.approve.description')}
        confirmLabel={t('clients.approve.button')}
        isLoading={change.isPending}
        onClose={() => setIsOpen(false)}
        onConfirm={() =>
          change.mutateAsync({ status: 'ACTIVE', via: 'status' }).then(
            () => {
              setIsOpen(false);
              showToast(t('clients.approve.done', { name: companyName }), 'success');
            },
            (error: unknown) => {
              setIsOpen(false);
              showToast(showFailure(error));
            },
          )
        }
      />
    </>
  );
}

/** The clients waiting for the operator's approval, each with its 承認 button; nothing when none waits. */
export function ApprovalQueue({
  clients,
  hrefOf,
}: {
  clients: ClientListItem[];
  hrefOf: (client: ClientListItem) => string;
}) {
  const { t } = useTranslation();
  if (clients.length === 0) return null;
  return (
    <Card sx={{ mb: 3, borderColor: 'warning.main' }} data-testid="approval-queue">
      <CardContent sx={{ display: 'grid', gap: 1.5 }}>
        <Typography variant="h4" component="h2">
          {t('clients.approve.queueTitle', { count: clients.length })}
        </Typography>
        {clients.map((c) => (
          <Box
            key={c.id}
            sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}
            data-testid={`awaiting-${c.id}`}
          >
            <Box sx={{ flex: 1, minWidth: 200 }}>
              <Link component={RouterLink} to={hrefOf(c)} sx={{ fontWeight: 700 }}>
                {c.companyName}
              </Link>
              <Typography variant="body2" color="text.secondary">
                {t('clients.approve.since', { date: formatDate(c.createdAt) })}
                {c.agencyName ? ` · ${c.agencyName}` : ''}
              </Typography>
            </Box>
            <ApproveClientButton clientId={c.id} companyName={c.companyName} variant="outlined" />
          </Box>
        ))}
      </CardContent>
    </Card>
  );
}
