import {
  buildPath,
  expandTableShift,
  shiftEndpoints,
  type NormalRuleInput,
  type ReminderSettingsBody,
  type SaveShiftBody,
  type UpdateShiftClosureBody,
} from '@app/contracts';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest, downloadFile } from '../../../lib/api-client.ts';

/* The shift service's back-office calls the shift pages use. */

export const shiftKeys = {
  all: ['shift'] as const,
  store: (storeId: number) => ['shift', storeId] as const,
};

const storeParams = (storeId: number) => ({ storeId: String(storeId) });

export const shiftStoresQueryOptions = () =>
  queryOptions({
    queryKey: [...shiftKeys.all, 'stores'],
    queryFn: ({ signal }) => apiRequest(shiftEndpoints.listStores, { query: { limit: 100 }, signal }),
  });

export const shiftClosureQueryOptions = (storeId: number) =>
  queryOptions({
    queryKey: [...shiftKeys.store(storeId), 'closure'],
    queryFn: ({ signal }) =>
      apiRequest(shiftEndpoints.getShiftClosure, { params: storeParams(storeId), signal }),
  });

export const monthlyShiftsQueryOptions = (storeId: number, year: number, month: number) =>
  queryOptions({
    queryKey: [...shiftKeys.store(storeId), 'monthly', year, month],
    // the answer's compact rows (contracts' shift-table.ts) back as the table's shifts
    queryFn: async ({ signal }) => {
      const answer = await apiRequest(shiftEndpoints.monthlyShifts, {
        params: storeParams(storeId),
        query: { year, month },
        signal,
      });
      return {
        ...answer,
        shifts: answer.shifts.map((row) => expandTableShift(row, answer.days, answer.storeId)),
      };
    },
  });

export const remarksQueryOptions = (storeId: number, startDate: string, endDate: string) =>
  queryOptions({
    queryKey: [...shiftKeys.store(storeId), 'remarks', startDate, endDate],
    queryFn: ({ signal }) =>
      apiRequest(shiftEndpoints.listRemarks, {
        params: storeParams(storeId),
        query: { startDate, endDate },
        signal,
      }),
  });

export const normalRulesQueryOptions = (storeId: number) =>
  queryOptions({
    queryKey: [...shiftKeys.store(storeId), 'normal-rules'],
    queryFn: ({ signal }) =>
      apiRequest(shiftEndpoints.listNormalRules, { params: storeParams(storeId), signal }),
  });

export const specialRulesQueryOptions = (storeId: number, startDate: string, endDate: string) =>
  queryOptions({
    queryKey: [...shiftKeys.store(storeId), 'special-rules', startDate, endDate],
    queryFn: ({ signal }) =>
      apiRequest(shiftEndpoints.listSpecialRuleGroups, {
        params: storeParams(storeId),
        query: { startAtMin: `${startDate}T00:00`, startAtMax: `${endDate}T23:59` },
        signal,
      }),
  });

export const shiftPatternsQueryOptions = (storeId: number) =>
  queryOptions({
    queryKey: [...shiftKeys.store(storeId), 'patterns'],
    queryFn: ({ signal }) =>
      apiRequest(shiftEndpoints.listShiftPatterns, { params: storeParams(storeId), signal }),
  });

export function useSaveShiftsMutation(storeId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SaveShiftBody) =>
      apiRequest(shiftEndpoints.saveShifts, { params: storeParams(storeId), body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [...shiftKeys.store(storeId), 'monthly'] }),
  });
}

type AutoDraftBody = { startAtMin: string; startAtMax: string; mode: 'FILL_EMPTY' | 'REDRAFT' };

/** The automatic draft's preview: saves nothing (a mutation, as it is asked for by a click). */
export function useAutoDraftMutation(storeId: number) {
  return useMutation({
    mutationFn: (body: AutoDraftBody) =>
      apiRequest(shiftEndpoints.autoDraft, { params: storeParams(storeId), body }),
  });
}

export function useAcceptAutoDraftMutation(storeId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AutoDraftBody & { fingerprint: string }) =>
      apiRequest(shiftEndpoints.acceptAutoDraft, { params: storeParams(storeId), body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [...shiftKeys.store(storeId), 'monthly'] }),
  });
}

export function useApproveDraftsMutation(storeId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { startAtMin: string; startAtMax: string; isApprove: boolean }) =>
      apiRequest(shiftEndpoints.approveDrafts, { params: storeParams(storeId), body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [...shiftKeys.store(storeId), 'monthly'] }),
  });
}

export function useSaveRemarkMutation(storeId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ staffId, ...body }: { staffId: number; date: string; remark: string }) =>
      apiRequest(shiftEndpoints.saveRemark, {
        params: { storeId: String(storeId), staffId: String(staffId) },
        body,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [...shiftKeys.store(storeId), 'remarks'] }),
  });
}

export const shiftStaffQueryOptions = (storeId: number, status: 'PENDING' | 'APPROVED') =>
  queryOptions({
    queryKey: [...shiftKeys.store(storeId), 'staff', status],
    queryFn: ({ signal }) =>
      apiRequest(shiftEndpoints.listStaff, {
        params: storeParams(storeId),
        query: { status, limit: 100 },
        signal,
      }),
  });

/** After a staff change: the staff lists and the shift table (its rows are the approved staff). */
const useStaffChanged = (storeId: number) => {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: shiftKeys.store(storeId) });
};

export function useBulkApproveStaffMutation(storeId: number) {
  const changed = useStaffChanged(storeId);
  return useMutation({
    mutationFn: (staffIds: number[]) =>
      apiRequest(shiftEndpoints.bulkApproveStaff, { params: storeParams(storeId), body: { staffIds } }),
    onSuccess: changed,
  });
}

export function useBulkDeleteStaffMutation(storeId: number) {
  const changed = useStaffChanged(storeId);
  return useMutation({
    mutationFn: (staffIds: number[]) =>
      apiRequest(shiftEndpoints.bulkDeleteStaff, { params: storeParams(storeId), body: { staffIds } }),
    onSuccess: changed,
  });
}

export function useCreateHelperMutation(storeId: number) {
  const changed = useStaffChanged(storeId);
  return useMutation({
    mutationFn: (name: string) =>
      apiRequest(shiftEndpoints.createHelper, { params: storeParams(storeId), body: { name } }),
    onSuccess: changed,
  });
}

/** A staff member's own caps for the automatic draft (null: the store's) and target hours a month. */
export const staffCapKeys = [
  'maxHoursPerDay',
  'maxHoursPerWeek',
  'maxHoursPerMonth',
  'targetHoursPerMonth',
] as const;
export type StaffCapKey = (typeof staffCapKeys)[number];

export function useUpdateStaffMutation(storeId: number) {
  const changed = useStaffChanged(storeId);
  return useMutation({
    mutationFn: ({
      staffId,
      ...body
    }: {
      staffId: number;
      employeeNumber: string | null;
      managerNotes: string | null;
    } & Partial<Record<StaffCapKey, number | null>>) =>
      apiRequest(shiftEndpoints.updateStaff, {
        params: { storeId: String(storeId), staffId: String(staffId) },
        body,
      }),
    onSuccess: changed,
  });
}

export const reminderSettingsQueryOptions = (storeId: number) =>
  queryOptions({
    queryKey: [...shiftKeys.store(storeId), 'reminders'],
    queryFn: ({ signal }) =>
      apiRequest(shiftEndpoints.getReminderSettings, { params: storeParams(storeId), signal }),
  });

export const allSpecialRulesQueryOptions = (storeId: number) =>
  queryOptions({
    queryKey: [...shiftKeys.store(storeId), 'special-rules', 'all'],
    queryFn: ({ signal }) =>
      apiRequest(shiftEndpoints.listSpecialRuleGroups, { params: storeParams(storeId), query: {}, signal }),
  });

/** A settings change: everything of the store is read again (periods, rules, patterns may change). */
const useStoreChanged = (storeId: number) => {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: shiftKeys.store(storeId) });
};

export function useUpdateClosureMutation(storeId: number) {
  const changed = useStoreChanged(storeId);
  return useMutation({
    mutationFn: (body: UpdateShiftClosureBody) =>
      apiRequest(shiftEndpoints.updateShiftClosure, { params: storeParams(storeId), body }),
    onSuccess: changed,
  });
}

export function useUpdateRemindersMutation(storeId: number) {
  const changed = useStoreChanged(storeId);
  return useMutation({
    mutationFn: (body: ReminderSettingsBody) =>
      apiRequest(shiftEndpoints.updateReminderSettings, { params: storeParams(storeId), body }),
    onSuccess: changed,
  });
}

export function useReplaceNormalRulesMutation(storeId: number) {
  const changed = useStoreChanged(storeId);
  return useMutation({
    mutationFn: (scheduleNormalRules: NormalRuleInput[]) =>
      apiRequest(shiftEndpoints.replaceNormalRules, {
        params: storeParams(storeId),
        body: { scheduleNormalRules },
      }),
    onSuccess: changed,
  });
}

export function useCreatePatternMutation(storeId: number) {
  const changed = useStoreChanged(storeId);
  return useMutation({
    mutationFn: (body: {
      name: string;
      startHour: number;
      startMinute: number;
      endHour: number;
      endMinute: number;
      endDayDiff: 0 | 1;
    }) => apiRequest(shiftEndpoints.createShiftPattern, { params: storeParams(storeId), body }),
    onSuccess: changed,
  });
}

export function useUpdatePatternMutation(storeId: number) {
  const changed = useStoreChanged(storeId);
  return useMutation({
    mutationFn: ({
      id,
      ...body
    }: {
      id: number;
      name: string;
      startHour: number;
      startMinute: number;
      endHour: number;
      endMinute: number;
      endDayDiff: 0 | 1;
    }) =>
      apiRequest(shiftEndpoints.updateShiftPattern, {
        params: { storeId: String(storeId), id: String(id) },
        body,
      }),
    onSuccess: changed,
  });
}

export function useDeletePatternMutation(storeId: number) {
  const changed = useStoreChanged(storeId);
  return useMutation({
    mutationFn: (id: number) =>
      apiRequest(shiftEndpoints.deleteShiftPattern, { params: { storeId: String(storeId), id: String(id) } }),
    onSuccess: changed,
  });
}

export function useCreateSpecialGroupMutation(storeId: number) {
  const changed = useStoreChanged(storeId);
  return useMutation({
    mutationFn: (body: {
      label: string;
      schedules: {
        shiftStartDateTime: string;
        shiftEndDateTime: string;
        staffCount: number;
        isRest: boolean;
      }[];
    }) => apiRequest(shiftEndpoints.createSpecialRuleGroup, { params: storeParams(storeId), body }),
    onSuccess: changed,
  });
}

/** Renames a group and replaces its rules (PUT special-rule/:id). */
export function useUpdateSpecialGroupMutation(storeId: number) {
  const changed = useStoreChanged(storeId);
  return useMutation({
    mutationFn: ({
      id,
      ...body
    }: {
      id: number;
      label: string;
      specialRules: {
        shiftStartDateTime: string;
        shiftEndDateTime: string;
        staffCount: number;
        isRest: boolean;
      }[];
    }) =>
      apiRequest(shiftEndpoints.updateSpecialRuleGroup, {
        params: { storeId: String(storeId), id: String(id) },
        body,
      }),
    onSuccess: changed,
  });
}

export function useDeleteSpecialGroupMutation(storeId: number) {
  const changed = useStoreChanged(storeId);
  return useMutation({
    mutationFn: (id: number) =>
      apiRequest(shiftEndpoints.deleteSpecialRuleGroup, {
        params: { storeId: String(storeId), id: String(id) },
      }),
    onSuccess: changed,
  });
}

/** Downloads the API's monthly CSV (UTF-8 with BOM) as a file. */
export function downloadMonthlyCsv(storeId: number, year: number, month: number): Promise<void> {
  const url = `${buildPath(shiftEndpoints.monthlyShiftsCsv.path, storeParams(storeId))}?year=${year}&month=${month}`;
  return downloadFile(url, { filename: `shift-${year}-${String(month).padStart(2, '0')}.csv` });
}
