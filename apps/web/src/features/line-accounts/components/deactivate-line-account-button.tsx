import type { LineAccount } from '@app/contracts';
import Button from '@mui/material/Button';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';

/** 無効化 with a confirmation: the account stays listed, LINE's webhooks are refused from then on. */
export function DeactivateLineAccountButton({
  account,
  onConfirm,
}: {
  account: Pick<LineAccount, 'displayName' | 'status'>;
  onConfirm: () => Promise<unknown>;
}) {
  const { t } = useTranslation();
  const [isOpen, setIsOpen] = useState(false);
  const [isLoading, setIsLoading] = useState(false);
  if (account.status !== 'ACTIVE') return null;
  return (
    <>
      <Button color="error" variant="outlined" onClick={() => setIsOpen(true)}>
        {t('lineAccounts.deactivate.button')}
      </Button>
      <ConfirmDialog
        open={isOpen}
        title={t('lineAccounts.deactivate.title', { name: account.displayName })}
        description={t('lineAccounts.deactivate.description')}
        confirmLabel={t('lineAccounts.deactivate.confirm')}
        isDanger
        isLoading={isLoading}
        onClose={() => setIsOpen(false)}
        onConfirm={() => {
          setIsLoading(true);
          onConfirm()
            .then(() => setIsOpen(false))
            .catch(() => undefined)
            .finally(() => setIsLoading(false));
        }}
      />
    </>
  );
}
