import type { HeldCoupon, MemberCounterCard } from '@app/contracts';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useShowFailure } from '../../../lib/translate-message.ts';
import { memberCouponsQueryOptions, useRedeemCouponMutation } from '../api/coupons.api.ts';
import { couponBenefitText } from './coupon-texts.ts';

const slashDay = (day: string) => day.replaceAll('-', '/');

/** The counter's coupons of the member scanned: the usable ones, each used in one tap. */
export function CounterCoupons(props: {
  lineAccountId: number;
  memberId: number;
  disabled: boolean;
  onCard: (card: MemberCounterCard) => void;
}) {
  const { t } = useTranslation();
  const showFailure = useShowFailure();
  const [done, setDone] = useState<string | null>(null);
  const held = useQuery(memberCouponsQueryOptions(props.lineAccountId, props.memberId));
  const redeem = useRedeemCouponMutation(props.lineAccountId, props.memberId);
  const usable = (held.data ?? []).filter((h) => h.usedAt === null && !h.isExpired);
  const use = (h: HeldCoupon) => {
    setDone(null);
    redeem.mutate(h.claimId, {
      onSuccess: (card) => {
        props.onCard(card);
        setDone(t('memberCard.coupons.used', { name: h.coupon.name }));
      },
    });
  };
  return (
    <Stack spacing={1} data-testid="counter-coupons">
      <Typography variant="subtitle1" component="h3">
        {t('memberCard.coupons.counterTitle')}
      </Typography>
      {held.isSuccess && usable.length === 0 ? (
        <Typography color="text.secondary">{t('memberCard.coupons.noneUsable')}</Typography>
      ) : null}
      {usable.map((h) => (
        <Box
          key={h.claimId}
          data-testid="counter-coupon"
          sx={{
            display: 'flex',
            gap: 1,
            alignItems: 'center',
            border: 1,
            borderColor: 'divider',
            borderRadius: 1,
            p: 1,
          }}
        >
          <Box sx={{ flex: 1, minWidth: 0 }}>
            <Typography sx={{ fontWeight: 700 }}>{h.coupon.name}</Typography>
            <Typography variant="body2">{couponBenefitText(h.coupon, t)}</Typography>
            <Typography variant="body2" color="text.secondary">
              {t('memberCard.coupons.codeAndExpiry', { code: h.code, day: slashDay(h.coupon.validTo) })}
            </Typography>
          </Box>
          <Button variant="contained" disabled={props.disabled || redeem.isPending} onClick={() => use(h)}>
            {t('memberCard.coupons.use')}
          </Button>
        </Box>
      ))}
      {redeem.isError ? (
        <Alert severity="error" data-testid="counter-coupon-error">
          {showFailure(redeem.error)}
        </Alert>
      ) : null}
      {done ? (
        <Alert severity="success" data-testid="counter-coupon-done">
          {done}
        </Alert>
      ) : null}
    </Stack>
  );
}
