import { topicLabels, type DeliveryLogEntry } from '@app/contracts';
import Chip from '@mui/material/Chip';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PagedTable } from '../../../components/data/paged-table.tsx';
import { formatDateTime } from '../../../lib/format.ts';
import { deliveriesQueryOptions } from '../api/notifications.api.ts';

const colors = { SENT: 'success', QUEUED: 'info', FAILED: 'error', SKIPPED: 'default' } as const;

/** What went out to whom: topic, recipient, status, time. */
export function DeliveryLog({ lineAccountId }: { lineAccountId: number }) {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const query = useQuery(deliveriesQueryOptions(lineAccountId, page));
  return (
    <PagedTable<DeliveryLogEntry>
      label={t('notifications.log.title')}
      query={query}
      rowKey={(row) => row.id}
      empty={t('notifications.log.empty')}
      paging={{ page, limit: 50, onPageChange: setPage, onLimitChange: () => undefined }}
      columns={[
        {
          key: 'time',
          label: t('notifications.log.time'),
          render: (r) => formatDateTime(r.sentAt ?? r.createdAt),
        },
        { key: 'topic', label: t('notifications.log.topic'), render: (r) => topicLabels[r.topic] },
        { key: 'recipient', label: t('notifications.log.recipient'), render: (r) => r.displayName },
        {
          key: 'status',
          label: t('notifications.log.status'),
          render: (r) => (
            <Chip size="small" color={colors[r.status]} label={t(`notifications.log.statuses.${r.status}`)} />
          ),
        },
        {
          key: 'error',
          label: t('notifications.log.error'),
          render: (r) => r.error ?? '',
          isSecondary: true,
        },
      ]}
    />
  );
}
