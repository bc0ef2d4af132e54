import type { PaymentType, SavedCard, Service, ServiceCode, ServicePrice } from '@app/contracts';
import CheckCircleOutlined from '@mui/icons-material/CheckCircleOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import FormControlLabel from '@mui/material/FormControlLabel';
import Link from '@mui/material/Link';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { useQueryFailure } from '../../../components/query-failure.tsx';
import { formatDate, formatYen } from '../../../lib/format.ts';
import { showToast } from '../../../lib/toast-store.ts';
import { useShowFailure } from '../../../lib/translate-message.ts';
import {
  cardsQueryOptions,
  historyQueryOptions,
  servicePricesQueryOptions,
  subscriptionsQueryOptions,
  useCancelSubscriptionMutation,
  useResumeSubscriptionMutation,
  useSubscribeMutation,
} from '../api/payments.api.ts';
import { LIVE_SUBSCRIPTION as LIVE, SubscriptionStatusChip } from './billing-panel.tsx';

const cardName = (card: SavedCard) => `${card.brand.toUpperCase()} •••• ${card.last4}`;

function SubscribeDialog({
  service,
  price,
  lineAccountId,
  cards,
  billingHref,
  onClose,
}: {
  service: Service;
  price: ServicePrice | undefined;
  lineAccountId: number;
  cards: SavedCard[];
  billingHref: string;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const hasCard = cards.length > 0;
  const [paymentType, setPaymentType] = useState<PaymentType>(hasCard ? 'CREDIT' : 'INVOICE');
  // The card charged: the default one unless another is chosen (it then becomes the default).
  const [cardId, setCardId] = useState(
    () => (cards.find((c) => c.isDefaultCard) ?? cards[0])?.paymentMethodId ?? '',
  );
  const chosen = cards.find((c) => c.paymentMethodId === cardId);
  const subscribe = useSubscribeMutation(lineAccountId);
  const showFailure = useShowFailure();
  const [failure, setFailure] = useState<string | null>(null);
  const name = t(`services.names.${service.code}`, { defaultValue: service.label });
  return (
    <ConfirmDialog
      open
      title={t('payments.services.subscribeTitle', { name })}
      confirmLabel={t('payments.services.subscribeConfirm')}
      isLoading={subscribe.isPending}
      isConfirmDisabled={paymentType === 'CREDIT' && !hasCard}
      onClose={onClose}
      onConfirm={() => {
        setFailure(null);
        subscribe
          .mutateAsync({
            serviceCode: service.code,
            paymentType,
            ...(paymentType === 'CREDIT' && cardId ? { paymentMethodId: cardId } : {}),
          })
          .then(
            () => {
              showToast(t('payments.services.subscribed', { name }), 'success');
              onClose();
            },
            (error: unknown) => setFailure(showFailure(error)),
          );
      }}
    >
      <Typography sx={{ mb: 1 }}>
        {price !== undefined
          ? t('payments.services.priceLine', {
              price: formatYen(price.recurringAmount),
              tax: formatYen(price.taxAmount),
              rate: price.taxRate,
            })
          : t('payments.services.noPrice')}
      </Typography>
      <RadioGroup value={paymentType} onChange={(e) => setPaymentType(e.target.value as PaymentType)}>
        <FormControlLabel value="CREDIT" control={<Radio />} label={t('payments.paymentType.CREDIT')} />
        <FormControlLabel value="INVOICE" control={<Radio />} label={t('payments.services.invoiceOption')} />
      </RadioGroup>
      {paymentType === 'CREDIT' && hasCard && (
        <Box sx={{ mt: 1, pl: 1 }} data-testid="subscribe-cards">
          <Typography variant="body2" sx={{ fontWeight: 700 }}>
            {t('payments.services.chargeCard')}
          </Typography>
          <RadioGroup
            aria-label={t('payments.services.chargeCard')}
            value={cardId}
            onChange={(e) => setCardId(e.target.value)}
          >
            {cards.map((card) => (
              <FormControlLabel
                key={card.paymentMethodId}
                value={card.paymentMethodId}
                control={<Radio size="small" />}
                label={
                  card.isDefaultCard ? `${cardName(card)}（${t('payments.cards.default')}）` : cardName(card)
                }
              />
            ))}
          </RadioGroup>
          {chosen && (
            <Typography variant="body2" color="text.secondary" data-testid="charge-line">
              {t('payments.services.chargeLine', {
                card: cardName(chosen),
                price: price !== undefined ? formatYen(price.recurringAmount) : '—',
              })}
              {!chosen.isDefaultCard && ` ${t('payments.services.becomesDefault')}`}
            </Typography>
          )}
        </Box>
      )}
      {paymentType === 'CREDIT' && !hasCard && (
        <Alert severity="info" sx={{ mt: 1 }}>
          {t('payments.services.needCard')}{' '}
          <Link component={RouterLink} to={billingHref}>
            {t('nav.billing')}
          </Link>
        </Alert>
      )}
      {failure && (
        <Alert severity="error" sx={{ mt: 1 }} role="alert">
          {failure}
        </Alert>
      )}
    </ConfirmDialog>
  );
}

/**
 * The サービス page of one LINE account: the catalogue (KS-001, KS-002) with features and monthly price,
 * the account's status per service, subscribe (card or invoice) and cancel.
 */
export function ServiceCatalogue({
  services,
  lineAccountId,
  canManage,
  billingHref,
}: {
  services: Service[];
  lineAccountId: number;
  canManage: boolean;
  billingHref: string;
}) {
  const { t } = useTranslation();
  const prices = useQuery(servicePricesQueryOptions());
  const subscriptions = useQuery(subscriptionsQueryOptions(lineAccountId));
  const cards = useQuery({ ...cardsQueryOptions(lineAccountId), enabled: canManage });
  const failure = useQueryFailure(subscriptions);
  const cancel = useCancelSubscriptionMutation(lineAccountId);
  const resume = useResumeSubscriptionMutation(lineAccountId);
  const history = useQuery({ ...historyQueryOptions(lineAccountId), enabled: canManage });
  const showFailure = useShowFailure();
  const [subscribing, setSubscribing] = useState<ServiceCode | null>(null);
  const [canceling, setCanceling] = useState<ServiceCode | null>(null);
  if (subscriptions.isPending) return <Skeleton variant="rounded" height={220} />;
  if (subscriptions.isError) return <Card>{failure}</Card>;
  // Unpaid bank-transfer invoices of a service: still owed after a cancellation (said before it is confirmed).
  const unpaidOf = (code: ServiceCode) =>
    (history.data?.data ?? []).filter(
      (h) => h.serviceCode === code && h.paymentType === 'INVOICE' && h.paymentStatus === 'PENDING',
    );
  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
      {services.map((service) => {
        const name = t(`services.names.${service.code}`, { defaultValue: service.label });
        const priceRow = prices.data?.data.find((p) => p.serviceCode === service.code);
        const price = priceRow?.recurringAmount;
        const current = subscriptions.data.data.find(
          (s) => s.serviceCode === service.code && LIVE.includes(s.status),
        );
        const features = t(`services.features.${service.code}`, {
          returnObjects: true,
          defaultValue: service.features,
        });
        return (
          <Card key={service.code} data-testid={`catalogue-${service.code}`}>
            <CardContent sx={{ display: 'flex', flexDirection: 'column', gap: 1.5, height: '100%' }}>
              <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
                <Typography variant="h4" component="h2">
                  {name}
                </Typography>
                <Typography variant="caption" color="text.secondary">
                  {service.code}
                </Typography>
                <Box sx={{ flexGrow: 1 }} />
                {current ? (
                  <SubscriptionStatusChip subscription={current} />
                ) : (
                  <Typography variant="body2" color="text.secondary">
                    {t('payments.services.notSubscribed')}
                  </Typography>
                )}
              </Box>
              <Typography sx={{ fontSize: '1.5rem', fontWeight: 800 }}>
                {price !== undefined ? formatYen(price) : '—'}
                <Typography component="span" variant="body2" color="text.secondary">
                  {' '}
                  {t('payments.perMonth')}
                  {t('payments.taxIncluded')}
                </Typography>
              </Typography>
              {priceRow && (
                <Typography variant="caption" color="text.secondary" data-testid={`tax-${service.code}`}>
                  {t('payments.taxBreakdown', {
                    base: formatYen(priceRow.recurringAmount - priceRow.taxAmount),
                    rate: priceRow.taxRate,
                    tax: formatYen(priceRow.taxAmount),
                  })}
                </Typography>
              )}
              <Box component="ul" sx={{ m: 0, pl: 0, listStyle: 'none', display: 'grid', gap: 0.5 }}>
                {(Array.isArray(features) ? (features as string[]) : service.features).map((f) => (
                  <Box component="li" key={f} sx={{ display: 'flex', gap: 1, alignItems: 'center' }}>
                    <CheckCircleOutlined fontSize="small" color="primary" />
                    <Typography variant="body2">{f}</Typography>
                  </Box>
                ))}
              </Box>
              <Box sx={{ flexGrow: 1 }} />
              {current?.currentPeriodEnd && (
                <Typography variant="body2" color="text.secondary">
                  {current.cancelAtPeriodEnd
                    ? t('payments.subscriptions.endsOn', { date: formatDate(current.currentPeriodEnd) })
                    : t('payments.subscriptions.renewsOn', { date: formatDate(current.currentPeriodEnd) })}
                </Typography>
              )}
              {canManage && (
                <Box sx={{ display: 'flex', gap: 1 }}>
                  {!current && (
                    <Button
                      variant="contained"
                      disabled={price === undefined}
                      onClick={() => setSubscribing(service.code)}
                    >
                      {t('payments.services.subscribe')}
                    </Button>
                  )}
                  {current && !current.cancelAtPeriodEnd && (
                    <Button color="error" onClick={() => setCanceling(service.code)}>
                      {t('payments.services.cancel')}
                    </Button>
                  )}
                  {current?.cancelAtPeriodEnd && (
                    <Button
                      variant="outlined"
                      loading={resume.isPending}
                      onClick={() =>
                        resume.mutateAsync(service.code).then(
                          () => showToast(t('payments.services.resumed', { name }), 'success'),
                          (error: unknown) => showToast(showFailure(error)),
                        )
                      }
                    >
                      {t('payments.services.resume')}
                    </Button>
                  )}
                </Box>
              )}
            </CardContent>
            {subscribing === service.code && (
              <SubscribeDialog
                service={service}
                price={priceRow}
                lineAccountId={lineAccountId}
                cards={cards.data?.data ?? []}
                billingHref={billingHref}
                onClose={() => setSubscribing(null)}
              />
            )}
            <ConfirmDialog
              open={canceling === service.code}
              title={t('payments.services.cancelTitle', { name })}
              description={t('payments.services.cancelDescription')}
              children={
                unpaidOf(service.code).length > 0 ? (
                  <Alert severity="warning" sx={{ mt: 1 }} data-testid="cancel-unpaid">
                    {unpaidOf(service.code)
                      .map((h) =>
                        t('payments.services.unpaidOnCancel', {
                          amount: formatYen(h.amountDue),
                          date: h.dueDate ? formatDate(h.dueDate) : '—',
                        }),
                      )
                      .join(' ')}
                  </Alert>
                ) : undefined
              }
              confirmLabel={t('payments.services.cancel')}
              isDanger
              isLoading={cancel.isPending}
              onClose={() => setCanceling(null)}
              onConfirm={() =>
                cancel.mutateAsync(service.code).then(
                  () => {
                    setCanceling(null);
                    showToast(t('payments.services.canceled', { name }), 'success');
                  },
                  (error: unknown) => {
                    setCanceling(null);
                    showToast(showFailure(error));
                  },
                )
              }
            />
          </Card>
        );
      })}
    </Box>
  );
}
