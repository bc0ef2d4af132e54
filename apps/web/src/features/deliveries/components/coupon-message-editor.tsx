import { memberCouponEndpoints, type DeliveryCoupon } from '@app/contracts';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { apiRequest } from '../../../lib/api-client.ts';
import { useRendersQueryFailure } from '../../../lib/query-meta.ts';

/** The member store's coupons (issue 33); an account without the member service has none (404). */
export const accountCouponsQueryOptions = (lineAccountId: number) =>
  queryOptions({
    queryKey: ['member-card', lineAccountId, 'coupons'],
    queryFn: ({ signal }) =>
      apiRequest(memberCouponEndpoints.list, { params: { lineAccountId: String(lineAccountId) }, signal }),
    retry: false,
  });

/** A coupon message: which of the store's coupons goes out (a Flex card with a 受け取る button). */
export function CouponMessageEditor({
  value,
  index,
  lineAccountId,
  onChange,
}: {
  value: DeliveryCoupon;
  index: number;
  lineAccountId: number;
  onChange: (message: DeliveryCoupon) => void;
}) {
  const { t } = useTranslation();
  const coupons = useQuery(accountCouponsQueryOptions(lineAccountId));
  // an account without the member service answers 404: no coupons to pick, said in place
  useRendersQueryFailure(coupons);
  const list = coupons.data ?? [];
  if (coupons.isError || (coupons.isSuccess && list.length === 0))
    return (
      <Alert severity="info" sx={{ flex: 1 }}>
        {t('deliveries.couponNone')}
      </Alert>
    );
  return (
    <Box sx={{ flex: 1 }}>
      <TextField
        select
        fullWidth
        label={t('deliveries.couponLabel', { n: index + 1 })}
        value={list.some((c) => c.id === value.couponId) ? value.couponId : ''}
        onChange={(e) => onChange({ type: 'coupon', couponId: Number(e.target.value) })}
        helperText={t('deliveries.couponHelp')}
        slotProps={{ htmlInput: { 'data-testid': `message-coupon-${index}` } }}
      >
        {list.map((c) => (
          <MenuItem key={c.id} value={c.id} disabled={!c.isEnabled}>
            {`${c.name}（${c.validFrom}〜${c.validTo}）`}
          </MenuItem>
        ))}
      </TextField>
    </Box>
  );
}
