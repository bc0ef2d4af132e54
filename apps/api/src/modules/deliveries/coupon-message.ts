import type { DeliveryCoupon } from '@app/contracts';
import type { messagingApi } from '@line/bot-sdk';
import type { Db } from '../../db/client.ts';
import { couponForMessage, type CouponForMessage } from '../members/index.ts';

/** What the coupon gives, as its card says it: ¥500 OFF, 10% OFF, or the free item. */
export function couponBenefit(coupon: Pick<CouponForMessage, 'kind' | 'value' | 'itemText'>): string {
  if (coupon.kind === 'AMOUNT') return `¥${coupon.value.toLocaleString('ja-JP')} OFF`;
  if (coupon.kind === 'PERCENT') return `${coupon.value}% OFF`;
  return `${coupon.itemText} 無料`;
}

const slashDay = (day: string) => day.replaceAll('-', '/');

/**
 * A coupon message (issue 33) as a Flex bubble: the image, name, benefit, validity (Japan time) and a
 * 受け取る button opening the member mini-app's coupon page through its LIFF URL. The coupon must be the
 * account's member store's (else 422, so a delivery naming another's coupon is never saved).
 */
export async function couponToFlex(db: Db, lineAccountId: number, message: DeliveryCoupon) {
  const coupon = await couponForMessage(db, lineAccountId, message.couponId);
  const benefit = couponBenefit(coupon);
  const body: messagingApi.FlexComponent[] = [
    { type: 'text', text: 'クーポン', size: 'xs', color: '#06C755', weight: 'bold' },
    { type: 'text', text: coupon.name, weight: 'bold', size: 'lg', wrap: true },
    { type: 'text', text: benefit, weight: 'bold', size: 'xl', color: '#D93025', wrap: true },
  ];
  if (coupon.description) {
    body.push({ type: 'text', text: coupon.description, size: 'sm', color: '#555555', wrap: true });
  }
  body.push({
    type: 'text',
    text: `有効期限 ${slashDay(coupon.validFrom)}〜${slashDay(coupon.validTo)}`,
    size: 'xs',
    color: '#777777',
    wrap: true,
  });
  const bubble: messagingApi.FlexBubble = {
    type: 'bubble',
    size: 'kilo',
    ...(coupon.imageUrl
      ? {
          hero: {
            type: 'image',
            url: coupon.imageUrl,
            size: 'full',
            aspectRatio: '20:13',
            aspectMode: 'cover',
          },
        }
      : {}),
    body: { type: 'box', layout: 'vertical', spacing: 'sm', contents: body },
    ...(coupon.claimUrl
      ? {
          footer: {
            type: 'box',
            layout: 'vertical',
            contents: [
              {
                type: 'button',
                style: 'primary',
                height: 'sm',
                action: { type: 'uri', label: '受け取る', uri: coupon.claimUrl },
              },
            ],
          },
        }
      : {}),
  };
  const flex: messagingApi.FlexMessage = {
    type: 'flex',
    altText: `クーポン: ${coupon.name}（${benefit}）`.slice(0, 400),
    contents: bubble,
  };
  return flex;
}
