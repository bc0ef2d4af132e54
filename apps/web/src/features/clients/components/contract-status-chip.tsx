import type { ContractStatus, PaymentStatus } from '@app/contracts';
import Chip, { type ChipProps } from '@mui/material/Chip';
import { useTranslation } from 'react-i18next';

const colorOf: Record<ContractStatus, ChipProps['color']> = {
  DRAFT: 'default',
  PENDING_APPROVAL: 'warning',
  ACTIVE: 'success',
  SUSPENDED: 'info',
  CANCELLED: 'error',
  DISABLED: 'default',
};

/** 契約ステータス as a coloured chip with the GLOSSARY.md label. */
export function ContractStatusChip({
  status,
  size = 'small',
}: {
  status: ContractStatus;
  size?: ChipProps['size'];
}) {
  const { t } = useTranslation();
  return (
    <Chip
      size={size}
      label={t(`contractStatus.${status}`)}
      color={colorOf[status]}
      variant={status === 'DISABLED' ? 'outlined' : 'filled'}
      sx={{ fontWeight: 600 }}
    />
  );
}

/** SPEC.md 4: any truthy payment status shows as 支払い完了, a falsy one as 未払い; the value itself in a tooltip. */
export function PaymentStatusChip({ status }: { status: PaymentStatus | null | undefined }) {
  const { t } = useTranslation();
  const isPaid = status === 'ACTIVE';
  return (
    <Chip
      size="small"
      variant="outlined"
      color={isPaid ? 'success' : 'default'}
      label={isPaid ? t('paymentStatus.paid') : t('paymentStatus.unpaid')}
      title={status ? t(`paymentStatus.${status}`) : undefined}
    />
  );
}
