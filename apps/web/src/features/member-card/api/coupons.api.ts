import { memberCouponEndpoints, type CouponBody, type MemberCounterCard } from '@app/contracts';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

const account = (lineAccountId: number) => ({ lineAccountId: String(lineAccountId) });
const couponsKey = (lineAccountId: number) => ['member-card', lineAccountId, 'coupons'] as const;

/** The store's coupons (issue 33). */
export const couponsQueryOptions = (lineAccountId: number) =>
  queryOptions({
    queryKey: couponsKey(lineAccountId),
    queryFn: ({ signal }) =>
      apiRequest(memberCouponEndpoints.list, { params: account(lineAccountId), signal }),
  });

export function useSaveCouponMutation(lineAccountId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number | null; body: CouponBody }) =>
      id === null
        ? apiRequest(memberCouponEndpoints.create, { params: account(lineAccountId), body })
        : apiRequest(memberCouponEndpoints.update, {
            params: { ...account(lineAccountId), couponId: String(id) },
            body,
          }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: couponsKey(lineAccountId) }),
  });
}

/** The counter: the coupons a member holds. */
export const memberCouponsQueryOptions = (lineAccountId: number, memberId: number) =>
  queryOptions({
    queryKey: [...couponsKey(lineAccountId), 'member', memberId],
    queryFn: ({ signal }) =>
      apiRequest(memberCouponEndpoints.ofMember, {
        params: { ...account(lineAccountId), memberId: String(memberId) },
        signal,
      }),
  });

/** The counter: use a held coupon (answers the member's card after it). */
export function useRedeemCouponMutation(lineAccountId: number, memberId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (claimId: number): Promise<MemberCounterCard> =>
      apiRequest(memberCouponEndpoints.redeem, {
        params: { ...account(lineAccountId), memberId: String(memberId), claimId: String(claimId) },
      }),
    onSettled: () =>
      queryClient.invalidateQueries({ queryKey: [...couponsKey(lineAccountId), 'member', memberId] }),
  });
}
