import type { ContractStatus } from '@app/contracts';
import Alert from '@mui/material/Alert';
import FormControlLabel from '@mui/material/FormControlLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { useShowFailure } from '../../../lib/translate-message.ts';
import { ContractStatusChip } from './contract-status-chip.tsx';
import { allowedContractChanges, type ContractChangeTarget } from './contract-transitions.ts';

/**
 * Change a client's contract status: offers only the states the state machine allows from the current one
 * (cancel and disable included), says what the change means, and asks to confirm.
 */
export function ContractStatusDialog({
  open,
  companyName,
  current,
  initialStatus,
  onClose,
  onSubmit,
}: {
  open: boolean;
  companyName: string;
  current: ContractStatus;
  /** Pre-selected target (the "cancel" and "disable" buttons open the dialog with theirs). */
  initialStatus?: ContractStatus;
  onClose: () => void;
  onSubmit: (target: ContractChangeTarget) => Promise<unknown>;
}) {
  const { t } = useTranslation();
  const showFailure = useShowFailure();
  const options = allowedContractChanges(current);
  const [selected, setSelected] = useState<ContractStatus | ''>(
    initialStatus && options.some((o) => o.status === initialStatus) ? initialStatus : '',
  );
  const [error, setError] = useState<string | null>(null);
  const [isSubmitting, setIsSubmitting] = useState(false);
  const target = options.find((o) => o.status === selected);

  const confirm = async () => {
    if (!target) return;
    setIsSubmitting(true);
    setError(null);
    try {
      await onSubmit(target);
      onClose();
    } catch (e) {
      setError(showFailure(e));
    } finally {
      setIsSubmitting(false);
    }
  };

  return (
    <ConfirmDialog
      open={open}
      title={t('clients.statusDialog.title')}
      confirmLabel={
        target ? t(`clients.statusDialog.confirm.${target.via}`) : t('clients.statusDialog.change')
      }
      isDanger={target?.via === 'cancel' || target?.via === 'disable'}
      isLoading={isSubmitting}
      isConfirmDisabled={!target}
      onConfirm={() => void confirm()}
      onClose={onClose}
    >
      <Typography variant="body2" sx={{ mb: 1.5 }}>
        {t('clients.statusDialog.lead', { name: companyName })}
      </Typography>
      <Typography variant="body2" color="text.secondary" component="div" sx={{ mb: 2 }}>
        {t('clients.statusDialog.current')} <ContractStatusChip status={current} />
      </Typography>
      {options.length === 0 ? (
        <Alert severity="info" role="note">
          {t('clients.statusDialog.final')}
        </Alert>
      ) : (
        <RadioGroup
          aria-label={t('clients.statusDialog.next')}
          value={selected}
          onChange={(e) => setSelected(e.target.value as ContractStatus)}
        >
          {options.map((option) => (
            <FormControlLabel
              key={option.status}
              value={option.status}
              control={<Radio size="small" />}
              label={t(`contractStatus.${option.status}`)}
            />
          ))}
        </RadioGroup>
      )}
      {target && (target.via !== 'status' || target.status === 'SUSPENDED') && (
        <Alert severity="warning" role="note" sx={{ mt: 2 }}>
          {t(`clients.statusDialog.warning.${target.status}`)}
        </Alert>
      )}
      {error && (
        <Alert severity="error" role="alert" sx={{ mt: 2 }}>
          {error}
        </Alert>
      )}
    </ConfirmDialog>
  );
}
