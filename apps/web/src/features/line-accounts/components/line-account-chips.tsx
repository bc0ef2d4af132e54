import type { LineAccount, LineAccountService } from '@app/contracts';
import Chip from '@mui/material/Chip';
import { useTranslation } from 'react-i18next';

/** Webhook on (LINE has this product's URL, switched on) or not set. */
export function WebhookStatusChip({ isOn }: { isOn: boolean }) {
  const { t } = useTranslation();
  return (
    <Chip
      size="small"
      variant={isOn ? 'filled' : 'outlined'}
      color={isOn ? 'success' : 'warning'}
      label={isOn ? t('lineAccounts.webhook.on') : t('lineAccounts.webhook.off')}
    />
  );
}

/** ACTIVE accounts need no label; an INACTIVE one says so plainly. */
export function AccountStatusChip({ status }: { status: LineAccount['status'] }) {
  const { t } = useTranslation();
  if (status === 'ACTIVE') return null;
  return <Chip size="small" label={t('lineAccounts.status.INACTIVE')} />;
}

/** A linked service with its status (利用中 / 停止中). */
export function ServiceChip({ service }: { service: Pick<LineAccountService, 'serviceCode' | 'status'> }) {
  const { t } = useTranslation();
  const isActive = service.status === 'ACTIVE';
  return (
    <Chip
      size="small"
      variant="outlined"
      color={isActive ? 'primary' : 'default'}
      label={`${t(`services.names.${service.serviceCode}`)}・${t(`services.linkStatus.${service.status}`)}`}
    />
  );
}
