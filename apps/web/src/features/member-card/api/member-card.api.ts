import {
  memberCardEndpoints,
  type MemberCounterActionBody,
  type MemberCounterCard,
  type MemberProgramBody,
} from '@app/contracts';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

const keys = { ofAccount: (lineAccountId: number) => ['member-card', lineAccountId] as const };
const account = (lineAccountId: number) => ({ lineAccountId: String(lineAccountId) });

export const memberProgramQueryOptions = (lineAccountId: number) =>
  queryOptions({
    queryKey: [...keys.ofAccount(lineAccountId), 'program'],
    queryFn: ({ signal }) =>
      apiRequest(memberCardEndpoints.getProgram, { params: account(lineAccountId), signal }),
  });

export function useSaveProgramMutation(lineAccountId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: MemberProgramBody) =>
      apiRequest(memberCardEndpoints.putProgram, { params: account(lineAccountId), body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: keys.ofAccount(lineAccountId) }),
  });
}

/** The counter: a card by its code (a scan or the typed number). */
export function useScanMutation(lineAccountId: number) {
  return useMutation({
    mutationFn: (memberCode: string) =>
      apiRequest(memberCardEndpoints.scan, { params: { ...account(lineAccountId), memberCode } }),
  });
}

/** One tap at the counter; answers the member's card as it is after it. */
export function useCounterActionMutation(lineAccountId: number) {
  return useMutation({
    mutationFn: ({
      memberId,
      body,
    }: {
      memberId: number;
      body: MemberCounterActionBody;
    }): Promise<MemberCounterCard> =>
      apiRequest(memberCardEndpoints.act, {
        params: { ...account(lineAccountId), memberId: String(memberId) },
        body,
      }),
  });
}

export function useReverseMutation(lineAccountId: number) {
  return useMutation({
    mutationFn: ({ memberId, entryId }: { memberId: number; entryId: number }): Promise<MemberCounterCard> =>
      apiRequest(memberCardEndpoints.reverse, {
        params: { ...account(lineAccountId), memberId: String(memberId), entryId: String(entryId) },
        body: {},
      }),
  });
}
