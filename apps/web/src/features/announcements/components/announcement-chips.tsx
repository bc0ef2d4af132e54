import type { AnnouncementStatus, AnnouncementType } from '@app/contracts';
import Chip, { type ChipProps } from '@mui/material/Chip';
import { useTranslation } from 'react-i18next';

const statusColor: Record<AnnouncementStatus, ChipProps['color']> = {
  DRAFT: 'default',
  SCHEDULED: 'info',
  PUBLISHED: 'success',
  ARCHIVED: 'default',
};

/** 下書き / 公開予約 / 公開中 / アーカイブ */
export function AnnouncementStatusChip({ status }: { status: AnnouncementStatus }) {
  const { t } = useTranslation();
  return (
    <Chip
      size="small"
      label={t(`announcementStatus.${status}`)}
      color={statusColor[status]}
      variant={status === 'ARCHIVED' ? 'outlined' : 'filled'}
      sx={{ fontWeight: 600 }}
    />
  );
}

const typeColor: Record<AnnouncementType, ChipProps['color']> = {
  ANNOUNCEMENT: 'primary',
  MAINTENANCE: 'warning',
  UPDATE: 'info',
  ACCIDENT: 'error',
};

/** お知らせ / メンテナンス / アップデート / 障害 */
export function AnnouncementTypeChip({ type }: { type: AnnouncementType }) {
  const { t } = useTranslation();
  return (
    <Chip size="small" variant="outlined" label={t(`announcementType.${type}`)} color={typeColor[type]} />
  );
}
