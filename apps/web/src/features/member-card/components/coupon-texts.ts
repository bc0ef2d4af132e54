import type { Coupon } from '@app/contracts';
import type { TFunction } from 'i18next';

/** What a coupon gives, in words: ¥100引き, 10%引き, or the free item. */
export const couponBenefitText = (c: Pick<Coupon, 'kind' | 'value' | 'itemText'>, t: TFunction) =>
  c.kind === 'AMOUNT'
    ? t('memberCard.coupons.benefitAmount', { value: c.value.toLocaleString('ja-JP') })
    : c.kind === 'PERCENT'
      ? t('memberCard.coupons.benefitPercent', { value: c.value })
      : t('memberCard.coupons.benefitFree', { item: c.itemText });
