import {
  buildPath,
  paymentEndpoints,
  type PaymentHistoryEntry,
  type SavedCard,
  type SubscriptionView,
} from '@app/contracts';
import AddCardOutlined from '@mui/icons-material/AddCardOutlined';
import CreditCardOutlined from '@mui/icons-material/CreditCardOutlined';
import PictureAsPdfOutlined from '@mui/icons-material/PictureAsPdfOutlined';
import ReceiptLongOutlined from '@mui/icons-material/ReceiptLongOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { useQueryFailure } from '../../../components/query-failure.tsx';
import { formatDate, formatYen } from '../../../lib/format.ts';
import { showToast } from '../../../lib/toast-store.ts';
import { useShowFailure } from '../../../lib/translate-message.ts';
import {
  cardsQueryOptions,
  historyQueryOptions,
  nextBillingQueryOptions,
  subscriptionsQueryOptions,
  useDeleteCardMutation,
  useSetDefaultCardMutation,
} from '../api/payments.api.ts';
import { AddCardDialog } from './card-form-dialog.tsx';

/** Stripe's statuses of a subscription that still runs (or waits for its payment). */
export const LIVE_SUBSCRIPTION = ['active', 'trialing', 'past_due', 'incomplete', 'unpaid'];

export function Section({
  title,
  action,
  children,
}: {
  title: string;
  action?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Card sx={{ mb: 3 }}>
      <CardContent>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 2, flexWrap: 'wrap' }}>
          <Typography variant="h4" component="h2" sx={{ flexGrow: 1 }}>
            {title}
          </Typography>
          {action}
        </Box>
        {children}
      </CardContent>
    </Card>
  );
}

/** Stripe's subscription status as a chip (契約中, 無料期間, 支払い待ち, 解約済み...). */
export function SubscriptionStatusChip({
  subscription,
}: {
  subscription: Pick<SubscriptionView, 'status' | 'cancelAtPeriodEnd'>;
}) {
  const { t } = useTranslation();
  const color =
    subscription.status === 'active' || subscription.status === 'trialing'
      ? 'success'
      : ['past_due', 'unpaid', 'incomplete'].includes(subscription.status)
        ? 'error'
        : 'default';
  const label =
    subscription.cancelAtPeriodEnd && subscription.status === 'active'
      ? t('payments.subscriptionStatus.canceling')
      : t(`payments.subscriptionStatus.${subscription.status}`, { defaultValue: subscription.status });
  return <Chip size="small" color={color} label={label} />;
}

function CardRow({
  card,
  lineAccountId,
  canManage,
}: {
  card: SavedCard;
  lineAccountId: number;
  canManage: boolean;
}) {
  const { t } = useTranslation();
  const setDefault = useSetDefaultCardMutation(lineAccountId);
  const remove = useDeleteCardMutation(lineAccountId);
  const showFailure = useShowFailure();
  const [confirming, setConfirming] = useState(false);
  return (
    <Box
      data-testid={`card-${card.last4}`}
      sx={{
        display: 'flex',
        alignItems: 'center',
        gap: 1.5,
        py: 1.25,
        borderBottom: 1,
        borderColor: 'divider',
        flexWrap: 'wrap',
      }}
    >
      <CreditCardOutlined color="action" />
      <Typography sx={{ fontWeight: 700 }}>{card.brand.toUpperCase()}</Typography>
      <Typography sx={{ fontFamily: 'monospace' }}>•••• {card.last4}</Typography>
      <Typography variant="body2" color="text.secondary">
        {t('payments.cards.expires', { month: String(card.expMonth).padStart(2, '0'), year: card.expYear })}
      </Typography>
      {card.isDefaultCard && <Chip size="small" color="primary" label={t('payments.cards.default')} />}
      <Box sx={{ flexGrow: 1 }} />
      {canManage && !card.isDefaultCard && (
        <Button
          size="small"
          loading={setDefault.isPending}
          onClick={() =>
            setDefault.mutateAsync(card.paymentMethodId).then(
              () => showToast(t('payments.cards.defaultSet'), 'success'),
              (error: unknown) => showToast(showFailure(error)),
            )
          }
        >
          {t('payments.cards.makeDefault')}
        </Button>
      )}
      {canManage && (
        <Button size="small" color="error" onClick={() => setConfirming(true)}>
          {t('common.delete')}
        </Button>
      )}
      <ConfirmDialog
        open={confirming}
        title={t('payments.cards.deleteTitle')}
        description={t('payments.cards.deleteDescription', { last4: card.last4 })}
        confirmLabel={t('common.delete')}
        isDanger
        isLoading={remove.isPending}
        onClose={() => setConfirming(false)}
        onConfirm={() =>
          remove.mutateAsync(card.paymentMethodId).then(
            () => {
              setConfirming(false);
              showToast(t('payments.cards.deleted'), 'success');
            },
            (error: unknown) => {
              setConfirming(false);
              showToast(showFailure(error));
            },
          )
        }
      />
    </Box>
  );
}

function CardsSection({ lineAccountId, canManage }: { lineAccountId: number; canManage: boolean }) {
  const { t } = useTranslation();
  const cards = useQuery(cardsQueryOptions(lineAccountId));
  const failure = useQueryFailure(cards);
  const [adding, setAdding] = useState(false);
  return (
    <Section
      title={t('payments.cards.title')}
      action={
        canManage ? (
          <Button variant="contained" startIcon={<AddCardOutlined />} onClick={() => setAdding(true)}>
            {t('payments.cards.add')}
          </Button>
        ) : undefined
      }
    >
      {cards.isPending ? (
        <Skeleton variant="rounded" height={56} />
      ) : cards.isError ? (
        failure
      ) : cards.data.data.length === 0 ? (
        <Typography color="text.secondary">{t('payments.cards.none')}</Typography>
      ) : (
        cards.data.data.map((card) => (
          <CardRow
            key={card.paymentMethodId}
            card={card}
            lineAccountId={lineAccountId}
            canManage={canManage}
          />
        ))
      )}
      <AddCardDialog lineAccountId={lineAccountId} open={adding} onClose={() => setAdding(false)} />
    </Section>
  );
}

function SubscriptionsSection({ lineAccountId }: { lineAccountId: number }) {
  const { t } = useTranslation();
  const subscriptions = useQuery(subscriptionsQueryOptions(lineAccountId));
  const next = useQuery(nextBillingQueryOptions(lineAccountId));
  const failure = useQueryFailure(subscriptions);
  // ご契約中: what still runs (an ended one, 解約済み or 期限切れ, is in the history, not here).
  const live = (subscriptions.data?.data ?? []).filter((s) => LIVE_SUBSCRIPTION.includes(s.status));
  return (
    <Section title={t('payments.subscriptions.title')}>
      <Box
        data-testid="next-billing"
        sx={{
          display: 'flex',
          gap: 3,
          flexWrap: 'wrap',
          mb: 2,
          p: 2,
          borderRadius: 1,
          bgcolor: 'action.hover',
        }}
      >
        <Box>
          <Typography variant="caption" color="text.secondary">
            {t('payments.nextBilling.date')}
          </Typography>
          <Typography sx={{ fontWeight: 700 }}>
            {next.data?.nextBillingDate
              ? formatDate(next.data.nextBillingDate)
              : t('payments.nextBilling.none')}
          </Typography>
        </Box>
        <Box>
          <Typography variant="caption" color="text.secondary">
            {t('payments.nextBilling.amount')}
          </Typography>
          <Typography sx={{ fontWeight: 700 }}>
            {next.data?.nextBillingAmount !== null && next.data?.nextBillingAmount !== undefined
              ? `${formatYen(next.data.nextBillingAmount)}${t('payments.taxIncluded')}`
              : '—'}
          </Typography>
        </Box>
        {next.data?.isInTrialPeriod && (
          <Chip size="small" color="info" label={t('payments.nextBilling.trial')} />
        )}
      </Box>
      {subscriptions.isPending ? (
        <Skeleton variant="rounded" height={56} />
      ) : subscriptions.isError ? (
        failure
      ) : live.length === 0 ? (
        <Typography color="text.secondary">{t('payments.subscriptions.none')}</Typography>
      ) : (
        live.map((s) => (
          <Box
            key={`${s.serviceCode}-${s.recurringPriceId}-${s.currentPeriodEnd}`}
            data-testid={`subscription-${s.serviceCode}`}
            sx={{
              display: 'flex',
              alignItems: 'center',
              gap: 1.5,
              py: 1,
              flexWrap: 'wrap',
              borderBottom: 1,
              borderColor: 'divider',
            }}
          >
            <Typography sx={{ fontWeight: 700 }}>{t(`services.names.${s.serviceCode}`)}</Typography>
            <SubscriptionStatusChip subscription={s} />
            <Typography variant="body2">
              {formatYen(s.amount)}
              {t('payments.perMonth')}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {t(`payments.paymentType.${s.paymentType}`)}
            </Typography>
            <Box sx={{ flexGrow: 1 }} />
            {s.currentPeriodEnd && s.status !== 'canceled' && (
              <Typography variant="body2" color="text.secondary">
                {s.cancelAtPeriodEnd
                  ? t('payments.subscriptions.endsOn', { date: formatDate(s.currentPeriodEnd) })
                  : t('payments.subscriptions.renewsOn', { date: formatDate(s.currentPeriodEnd) })}
              </Typography>
            )}
          </Box>
        ))
      )}
    </Section>
  );
}

/**
 * A payment's state: by card 支払い完了 / 未払い / 決済失敗; a bank-transfer invoice 入金済 / 未入金, and
 * 期限超過 once its due date has passed unpaid.
 */
function HistoryStatus({ entry, now }: { entry: PaymentHistoryEntry; now: number }) {
  const { t } = useTranslation();
  const color =
    entry.paymentStatus === 'COMPLETED' ? 'success' : entry.paymentStatus === 'FAILED' ? 'error' : 'warning';
  const overdue =
    entry.paymentType === 'INVOICE' &&
    entry.paymentStatus === 'PENDING' &&
    entry.dueDate !== null &&
    new Date(entry.dueDate).getTime() < now;
  const label = overdue
    ? t('payments.transferStatus.OVERDUE')
    : entry.paymentType === 'INVOICE'
      ? t(`payments.transferStatus.${entry.paymentStatus}`)
      : t(`payments.transactionStatus.${entry.paymentStatus}`);
  return <Chip size="small" color={overdue ? 'error' : color} label={label} />;
}

function HistorySection({ lineAccountId }: { lineAccountId: number }) {
  const { t } = useTranslation();
  const history = useQuery(historyQueryOptions(lineAccountId));
  const failure = useQueryFailure(history);
  const [now] = useState(() => Date.now());
  return (
    <Section title={t('payments.history.title')}>
      {history.isPending ? (
        <Skeleton variant="rounded" height={120} />
      ) : history.isError ? (
        failure
      ) : history.data.data.length === 0 ? (
        <Typography color="text.secondary">{t('payments.history.none')}</Typography>
      ) : (
        <TableContainer>
          <Table
            size="small"
            aria-label={t('payments.history.title')}
            sx={{ minWidth: 720, '& td, & th': { whiteSpace: 'nowrap' } }}
          >
            <TableHead>
              <TableRow>
                <TableCell>{t('payments.history.date')}</TableCell>
                <TableCell>{t('payments.history.service')}</TableCell>
                <TableCell>{t('payments.history.method')}</TableCell>
                <TableCell align="right">{t('payments.history.amount')}</TableCell>
                <TableCell>{t('payments.history.status')}</TableCell>
                <TableCell>{t('payments.history.documents')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {history.data.data.map((entry) => (
                <TableRow key={entry.id} data-testid="history-row">
                  <TableCell>
                    {formatDate(entry.createdAt)}
                    {entry.paymentType === 'INVOICE' && entry.dueDate && (
                      <Typography variant="caption" color="text.secondary" component="div">
                        {t('payments.history.dueDate', { date: formatDate(entry.dueDate) })}
                      </Typography>
                    )}
                    {entry.paidAt && (
                      <Typography variant="caption" color="text.secondary" component="div">
                        {t(
                          entry.paymentType === 'INVOICE'
                            ? 'payments.history.transferredOn'
                            : 'payments.history.paidOn',
                          { date: formatDate(entry.paidAt) },
                        )}
                      </Typography>
                    )}
                  </TableCell>
                  <TableCell>{entry.serviceCode ? t(`services.names.${entry.serviceCode}`) : '—'}</TableCell>
                  <TableCell>{t(`payments.paymentType.${entry.paymentType}`)}</TableCell>
                  <TableCell align="right">
                    {formatYen(entry.amountDue)}
                    <Typography variant="caption" color="text.secondary" component="div">
                      {t('payments.taxLine', { rate: entry.taxRate, tax: formatYen(entry.taxAmount) })}
                    </Typography>
                  </TableCell>
                  <TableCell>
                    <HistoryStatus entry={entry} now={now} />
                  </TableCell>
                  <TableCell>
                    <Box sx={{ display: 'flex', gap: 1.5, flexWrap: 'wrap' }}>
                      {entry.receiptUrl && (
                        <Link
                          href={entry.receiptUrl}
                          target="_blank"
                          rel="noopener"
                          sx={{ display: 'inline-flex', gap: 0.5, alignItems: 'center' }}
                        >
                          <ReceiptLongOutlined fontSize="small" />
                          {entry.paymentStatus === 'COMPLETED'
                            ? t('payments.history.receipt')
                            : t('payments.history.invoice')}
                        </Link>
                      )}
                      <Link
                        href={buildPath(paymentEndpoints.invoicePdf.path, {
                          lineAccountId,
                          paymentId: entry.id,
                        })}
                        download
                        data-testid="invoice-pdf"
                        sx={{ display: 'inline-flex', gap: 0.5, alignItems: 'center' }}
                      >
                        <PictureAsPdfOutlined fontSize="small" />
                        {t('payments.history.invoicePdf')}
                      </Link>
                    </Box>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
    </Section>
  );
}

/** お支払い of one LINE account: saved cards, subscriptions with the next billing, the payment history. */
export function BillingPanel({ lineAccountId, canManage }: { lineAccountId: number; canManage: boolean }) {
  return (
    <>
      <CardsSection lineAccountId={lineAccountId} canManage={canManage} />
      <SubscriptionsSection lineAccountId={lineAccountId} />
      <HistorySection lineAccountId={lineAccountId} />
    </>
  );
}
