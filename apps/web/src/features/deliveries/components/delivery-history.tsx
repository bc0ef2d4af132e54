import type { Delivery } from '@app/contracts';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PagedTable } from '../../../components/data/paged-table.tsx';
import { formatCount } from '../../../lib/format.ts';
import { showToast } from '../../../lib/toast-store.ts';
import { deliveriesQueryOptions, useCancelMutation, useSendMutation } from '../api/deliveries.api.ts';
import { formatJapanTime } from '../lib/delivery-texts.ts';
import { ClickedFriendsButton } from './clicked-friends-button.tsx';

const colors = {
  DRAFT: 'default',
  SCHEDULED: 'info',
  SENDING: 'warning',
  SENT: 'success',
  PARTLY_FAILED: 'warning',
  FAILED: 'error',
  CANCELLED: 'default',
} as const;

/** While one is sending, look again now and then: its counts move as its chunks go out. */
const SENDING_POLL_MS = 3000;

/** The deliveries of the account, newest first: status, audience, when, counts and who sent it. */
export function DeliveryHistory({
  lineAccountId,
  canSend,
  canWork,
  onEdit,
}: {
  lineAccountId: number;
  canSend: boolean;
  canWork: boolean;
  /** Open a draft (anyone who drafts) or a scheduled delivery (owner, manager) in the composer. */
  onEdit: (deliveryId: number) => void;
}) {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const [limit, setLimit] = useState(20);
  const query = useQuery({
    ...deliveriesQueryOptions(lineAccountId, page, limit),
    refetchInterval: (q) =>
      q.state.data?.data.some((d) => d.status === 'SENDING') ? SENDING_POLL_MS : false,
  });
  const cancel = useCancelMutation(lineAccountId);
  const send = useSendMutation(lineAccountId);
  const audienceText = (d: Delivery) =>
    d.audience.type === 'ALL'
      ? t('deliveries.audienceAll')
      : d.audience.type === 'SEGMENT'
        ? (d.segmentName ?? t('deliveries.deletedSegment'))
        : d.audience.type === 'CONDITIONS'
          ? t('deliveries.audienceConditionsShort')
          : t('deliveries.audienceFriends', { count: d.audience.friendIds.length });
  return (
    <PagedTable<Delivery>
      label={t('deliveries.history')}
      query={query}
      rowKey={(row) => row.id}
      empty={t('deliveries.empty')}
      paging={{ page, limit, onPageChange: setPage, onLimitChange: setLimit }}
      columns={[
        {
          key: 'when',
          label: t('deliveries.columns.when'),
          render: (d) => formatJapanTime(d.startedAt ?? d.scheduledAt ?? d.createdAt),
        },
        {
          key: 'title',
          label: t('deliveries.columns.title'),
          // one line: a long title ends in an ellipsis, the whole of it on hover (the text itself is
          // all there for a screen reader; describeChild leaves the cell's name alone)
          render: (d) => (
            <Tooltip title={d.title} describeChild placement="bottom-start">
              <Box
                data-testid={`delivery-title-${d.id}`}
                sx={{
                  maxWidth: { xs: 140, md: 240 },
                  overflow: 'hidden',
                  textOverflow: 'ellipsis',
                  whiteSpace: 'nowrap',
                }}
              >
                {d.title}
              </Box>
            </Tooltip>
          ),
        },
        {
          key: 'status',
          label: t('deliveries.columns.status'),
          render: (d) => (
            <Chip size="small" color={colors[d.status]} label={t(`deliveries.statuses.${d.status}`)} />
          ),
        },
        { key: 'audience', label: t('deliveries.columns.audience'), render: audienceText },
        {
          key: 'counts',
          label: t('deliveries.columns.counts'),
          render: (d) =>
            d.status === 'DRAFT' || d.status === 'CANCELLED'
              ? '—'
              : t('deliveries.counts', {
                  target: formatCount(d.targetCount),
                  sent: formatCount(d.sentCount),
                  failed: formatCount(d.failedCount),
                }),
        },
        {
          key: 'clicks',
          label: t('deliveries.columns.clicks'),
          render: (d) =>
            d.links.length === 0 ? (
              '—'
            ) : (
              <Box data-testid={`clicks-${d.id}`}>
                {/* a multicast's taps name no friend (decision 0035-click-tracking): the count alone */}
                {t(d.clicks.friends > 0 ? 'deliveries.clicks' : 'deliveries.clicksAnonymous', {
                  total: formatCount(d.clicks.total),
                  friends: formatCount(d.clicks.friends),
                })}
                {d.links.map((link) => (
                  <Typography
                    key={link.url}
                    variant="caption"
                    component="div"
                    color="text.secondary"
                    sx={{ maxWidth: 220, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}
                    title={link.url}
                  >
                    {t('deliveries.linkClicks', { total: formatCount(link.clicks) })} {link.url}
                  </Typography>
                ))}
                {d.clicks.friends > 0 && (
                  <ClickedFriendsButton lineAccountId={lineAccountId} deliveryId={d.id} title={d.title} />
                )}
              </Box>
            ),
        },
        {
          key: 'reason',
          label: t('deliveries.columns.reason'),
          render: (d) => d.failureReason ?? '',
          isSecondary: true,
        },
        {
          key: 'by',
          label: t('deliveries.columns.by'),
          render: (d) => d.sentBy?.name ?? d.createdBy?.name ?? '',
          isSecondary: true,
        },
        {
          key: 'actions',
          label: '',
          render: (d) => (
            <Box sx={{ display: 'flex', gap: 0.5 }}>
              {((d.status === 'DRAFT' && canWork) || (d.status === 'SCHEDULED' && canSend)) && (
                <Button size="small" onClick={() => onEdit(d.id)}>
                  {t('deliveries.edit')}
                </Button>
              )}
              {!canSend ? null : d.status === 'SCHEDULED' ? (
                <Button
                  size="small"
                  color="warning"
                  disabled={cancel.isPending}
                  onClick={() =>
                    void cancel.mutateAsync(d.id).then(() => showToast(t('deliveries.cancelled'), 'success'))
                  }
                >
                  {t('deliveries.cancel')}
                </Button>
              ) : d.status === 'DRAFT' ? (
                // a draft (a staff member's, say) goes out now from here; the quota refusal comes as a toast
                <Button
                  size="small"
                  disabled={send.isPending}
                  onClick={() =>
                    void send
                      .mutateAsync({ deliveryId: d.id, body: { scheduledAt: null } })
                      .then(() => showToast(t('deliveries.sent'), 'success'))
                  }
                >
                  {t('deliveries.sendDraft')}
                </Button>
              ) : null}
            </Box>
          ),
        },
      ]}
    />
  );
}
