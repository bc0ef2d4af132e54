import { cardFormSchema, type CardFormInput, type PaymentInit } from '@app/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import type { Stripe, StripeCardElement } from '@stripe/stripe-js';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useForm, type Resolver } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormActions, FormTextField } from '../../../components/form/form-fields.tsx';
import { ServerForm } from '../../../components/form/server-form.tsx';
import { useServerSubmit } from '../../../components/form/use-server-submit.ts';
import { showToast } from '../../../lib/toast-store.ts';
import { useShowFailure } from '../../../lib/translate-message.ts';
import { useAddCardMutation, useInitPaymentMutation } from '../api/payments.api.ts';
import type { CardDetails } from '../lib/tokenize-card.ts';

const defaultValues: CardFormInput = { cardNumber: '', holderName: '', expireAt: '', cvv: '' };

/** Stripe's own card field (number, expiry, CVC in Stripe's iframe), for real Stripe. */
function StripeCardField({
  publishableKey,
  onReady,
}: {
  publishableKey: string;
  onReady: (value: { stripe: Stripe; element: StripeCardElement } | null) => void;
}) {
  const mountRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    let element: StripeCardElement | undefined;
    let cancelled = false;
    void import('@stripe/stripe-js').then(async ({ loadStripe }) => {
      const stripe = await loadStripe(publishableKey, { locale: 'ja' });
      if (!stripe || cancelled || !mountRef.current) return;
      element = stripe.elements({ locale: 'ja' }).create('card', { hidePostalCode: true });
      element.mount(mountRef.current);
      onReady({ stripe, element });
    });
    return () => {
      cancelled = true;
      element?.destroy();
      onReady(null);
    };
  }, [publishableKey, onReady]);
  return (
    <Box
      ref={mountRef}
      sx={{ border: 1, borderColor: 'divider', borderRadius: 1, px: 1.5, py: 1.75 }}
      data-testid="stripe-card-element"
    />
  );
}

function CardForm({
  lineAccountId,
  init,
  onDone,
  onCancel,
}: {
  lineAccountId: number;
  init: PaymentInit;
  onDone: () => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const isStripe = init.gateway === 'stripe';
  // With Stripe the card number, expiry and CVC are Stripe's element's: only the holder is ours to check.
  const schema = useMemo(() => {
    const full = cardFormSchema(new Date());
    return isStripe ? full.pick({ holderName: true }) : full;
  }, [isStripe]);
  const form = useForm<CardFormInput>({
    resolver: zodResolver(schema) as unknown as Resolver<CardFormInput>,
    defaultValues,
  });
  const addCard = useAddCardMutation(lineAccountId);
  const [stripeCard, setStripeCard] = useState<{ stripe: Stripe; element: StripeCardElement } | null>(null);
  const onSubmit = useServerSubmit(form, {
    defaultValues,
    onSubmit: async (values) => {
      let card: CardDetails;
      if (isStripe) {
        if (!stripeCard) throw new Error('Stripe is not ready');
        card = { kind: 'stripe-element', ...stripeCard, holderName: values.holderName };
      } else {
        const [month, year] = values.expireAt.split('/').map(Number) as [number, number];
        card = {
          kind: 'fields',
          cardNumber: values.cardNumber.replace(/[\s-]/g, ''),
          holderName: values.holderName.trim(),
          expMonth: month,
          expYear: 2000 + year,
          cvv: values.cvv || undefined,
        };
      }
      const saved = await addCard.mutateAsync({ init, card });
      showToast(
        t('payments.cards.added', { brand: saved.brand.toUpperCase(), last4: saved.last4 }),
        'success',
      );
      onDone();
    },
  });
  return (
    <ServerForm form={form} onSubmit={onSubmit} label={t('payments.cards.formLabel')}>
      <Box sx={{ display: 'grid', gap: 2, mt: 1 }}>
        {isStripe ? (
          <StripeCardField publishableKey={init.publishableKey} onReady={setStripeCard} />
        ) : (
          <>
            <FormTextField
              name="cardNumber"
              label={t('payments.cards.cardNumber')}
              autoComplete="cc-number"
              inputMode="numeric"
              required
            />
            <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: '1fr 1fr' }}>
              <FormTextField
                name="expireAt"
                label={t('payments.cards.expireAt')}
                placeholder="MM/YY"
                autoComplete="cc-exp"
                required
              />
              <FormTextField
                name="cvv"
                label={t('payments.cards.cvv')}
                autoComplete="cc-csc"
                inputMode="numeric"
              />
            </Box>
          </>
        )}
        <FormTextField
          name="holderName"
          label={t('payments.cards.holderName')}
          placeholder="TARO YAMADA"
          autoComplete="cc-name"
          required
        />
        {init.gateway === 'simulator' && (
          <Alert severity="info" variant="outlined">
            {t('payments.cards.simulatorNote')}
          </Alert>
        )}
        <Typography variant="caption" color="text.secondary">
          {t('payments.cards.securityNote')}
        </Typography>
      </Box>
      <FormActions submitLabel={t('payments.cards.submit')} onCancel={onCancel} />
    </ServerForm>
  );
}

/** Asks the API for a setup intent when it mounts (each opening), then shows the card form. */
function AddCardContent({ lineAccountId, onClose }: { lineAccountId: number; onClose: () => void }) {
  const init = useInitPaymentMutation(lineAccountId);
  const showFailure = useShowFailure();
  const { mutateAsync: start } = init;
  useEffect(() => {
    start().catch((error: unknown) => showFailure(error));
    // one setup intent per opening; showFailure only marks the failure as shown here
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [start]);
  if (init.isError) return <Alert severity="error">{showFailure(init.error)}</Alert>;
  if (!init.data) return <Skeleton variant="rounded" height={220} />;
  return <CardForm lineAccountId={lineAccountId} init={init.data} onDone={onClose} onCancel={onClose} />;
}

/** The card form in a dialog (its content mounts on each opening). */
export function AddCardDialog({
  lineAccountId,
  open,
  onClose,
}: {
  lineAccountId: number;
  open: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="xs">
      <DialogTitle>{t('payments.cards.addTitle')}</DialogTitle>
      <DialogContent>
        {open && <AddCardContent lineAccountId={lineAccountId} onClose={onClose} />}
      </DialogContent>
    </Dialog>
  );
}
