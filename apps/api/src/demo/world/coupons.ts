import { couponBodySchema } from '@app/contracts';
import { friendDirectories, lineAccountServiceLinks } from '../../composition.ts';
import { createDelivery, listSegments, sendDelivery } from '../../modules/deliveries/index.ts';
import { listLineAccountsOfClient } from '../../modules/line-accounts/index.ts';
import {
  claimCoupon,
  createStoreCoupon,
  getOwnMember,
  listStoreCoupons,
  redeemMemberCoupon,
} from '../../modules/members/index.ts';
import type { ServiceContext } from '../../platform/context.ts';
import { addDays, localDay, TOKYO } from '../../platform/dates.ts';
import { demoFriendNames } from '../demo-content.ts';
import { asLiffCaller } from '../liff-caller.ts';
import { at, HOUR_MS } from './clock.ts';
import { lineUserIdOf, simulatorCall } from './simulators.ts';

/**
 * Coupons (issue 33) on the demo store: the manager makes two (a drink ¥100 off this month, a free
 * cake for the ゴールド members' weekend), the owner sends the first in a delivery to the members (a Flex
 * card with 受け取る), eight members claimed it in the mini-app, and the staff used three at the counter.
 */
export async function seedCoupons(
  owner: ServiceContext,
  manager: ServiceContext,
  staff: ServiceContext,
  lineAccountId: number,
  simBaseUrl: string,
): Promise<void> {
  const { data: accounts } = await listLineAccountsOfClient({
    ctx: owner,
    links: lineAccountServiceLinks,
    input: {},
  });
  const service = accounts
    .find((a) => a.id === lineAccountId)
    ?.services.find((s) => s.serviceCode === 'KS-001' && s.storeId !== null && s.liffId !== null);
  if (!service) return;
  if ((await listStoreCoupons({ ctx: owner, input: { lineAccountId } })).length > 0) return;
  const now = owner.clock.now();
  const today = localDay(now, TOKYO);
  const drink = await createStoreCoupon({
    ctx: manager,
    input: {
      lineAccountId,
      ...couponBodySchema.parse({
        name: 'ドリンク100円引きクーポン',
        kind: 'AMOUNT',
        value: 100,
        description: 'お好きなドリンク1杯が100円引きになります。',
        validFrom: addDays(today, -3),
        validTo: addDays(today, 27),
        perMemberLimit: 1,
        totalLimit: 50,
      }),
    },
  });
  await createStoreCoupon({
    ctx: manager,
    input: {
      lineAccountId,
      ...couponBodySchema.parse({
        name: '週末ケーキプレゼント',
        kind: 'FREE_ITEM',
        itemText: '本日のケーキ',
        description: 'ケーキセットをご注文の方に本日のケーキをもう1つ。',
        validFrom: today,
        validTo: addDays(today, 13),
        perMemberLimit: 1,
        totalLimit: 20,
      }),
    },
  });
  const segment = (await listSegments({ ctx: owner, input: { lineAccountId } })).data[0];
  const delivery = await createDelivery({
    ctx: owner,
    input: {
      lineAccountId,
      title: '会員さま限定 ドリンク100円引きクーポン',
      messages: [
        {
          type: 'text',
          text: '会員さま限定のクーポンをお届けします。受け取ってお会計の時に見せてください。',
        },
        { type: 'coupon', couponId: drink.id },
      ],
      audience: segment ? { type: 'SEGMENT', segmentId: segment.id } : { type: 'ALL' },
    },
  });
  await sendDelivery({
    ctx: owner,
    directories: friendDirectories,
    input: { lineAccountId, deliveryId: delivery.id, scheduledAt: null, upToQuota: false },
  });
  // Members who tapped 受け取る (the mini-app, LIFF login at the simulator); three used it since.
  let claimed = 0;
  for (const displayName of demoFriendNames) {
    if (claimed === 8) break;
    const userId = await lineUserIdOf(simBaseUrl, displayName);
    if (!userId) continue;
    const { idToken } = await simulatorCall<{ idToken: string }>(simBaseUrl, '/_sim/liff/login', {
      userId,
      liffId: service.liffId,
    });
    const then = at(owner, new Date(now.getTime() - (8 - claimed) * HOUR_MS));
    const held = await claimCoupon({
      ctx: await asLiffCaller(then, 'member', service.storeId!, idToken),
      input: { storeId: service.storeId!, couponId: drink.id },
    }).catch(() => null); // not a member, or switched off: nothing to claim
    if (!held) continue;
    claimed += 1;
    if (claimed <= 3) {
      const caller = await asLiffCaller(then, 'member', service.storeId!, idToken);
      const { id: memberId } = await getOwnMember({ ctx: caller, input: { storeId: service.storeId! } });
      await redeemMemberCoupon({
        ctx: at(staff, new Date(then.clock.now().getTime() + HOUR_MS / 2)),
        input: { lineAccountId, memberId, claimId: held.claimId },
      });
    }
  }
}
