import type { NormalRule, ShiftStaff, SpecialRuleGroup, TableShift } from '@app/contracts';
import { useMemo, useReducer } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../lib/api-client.ts';
import { useShowFailure } from '../../../lib/translate-message.ts';
import {
  downloadMonthlyCsv,
  useAcceptAutoDraftMutation,
  useApproveDraftsMutation,
  useAutoDraftMutation,
  useSaveRemarkMutation,
  useSaveShiftsMutation,
} from '../api/shift.api.ts';
import {
  addDay,
  autoDraftEdits,
  buildCells,
  cellKey,
  coverageOf,
  daysOf,
  hasEdits,
  hoursOf,
  saveBodyOf,
  tableStaff,
  type CellValue,
  type TablePeriod,
} from './shift-grid-model.ts';
import {
  initialTableState,
  shiftTableReducer,
  type AutoDraftMode,
  type TableModel,
} from './shift-table-state.ts';

/** The loaded month of the table's period and what the store's rules say about it. */
export type ShiftTableInput = {
  storeId: number;
  period: TablePeriod;
  staff: ShiftStaff[];
  shifts: TableShift[];
  remarks: { staffId: number; date: string; remark: string }[];
  weekly: NormalRule[];
  special: SpecialRuleGroup[];
  canManage: boolean;
};

/**
 * The shift table of one period: its state (the reducer of shift-table-state.ts), what the grid shows
 * (cells, hours, coverage, derived from the loaded month and the edits) and the calls to the server,
 * whose outcomes go back into the state. The view only renders it and dispatches.
 */
export function useShiftTable({
  storeId,
  period,
  staff: allStaff,
  shifts,
  remarks: remarkList,
  weekly,
  special,
  canManage,
}: ShiftTableInput) {
  const { t } = useTranslation();
  const showFailure = useShowFailure();
  const [state, dispatch] = useReducer(shiftTableReducer, undefined, initialTableState);
  const save = useSaveShiftsMutation(storeId);
  const approve = useApproveDraftsMutation(storeId);
  const saveRemark = useSaveRemarkMutation(storeId);
  const autoDraft = useAutoDraftMutation(storeId);
  const acceptDraft = useAcceptAutoDraftMutation(storeId);
  const preview = autoDraft.data ?? null;
  const previewing = preview !== null || autoDraft.isPending;
  const { edits, selection, draftMode } = state;

  const days = useMemo(() => daysOf(period), [period]);
  const staff = useMemo(() => tableStaff(allStaff), [allStaff]);
  // while a proposal is shown, the grid shows it (in the draft colour) instead of the manager's edits
  const shownEdits = useMemo(
    () => (preview ? autoDraftEdits(shifts, preview) : edits),
    [preview, shifts, edits],
  );
  const cells = useMemo(() => buildCells(shifts, shownEdits, days), [shifts, shownEdits, days]);
  const remarks = useMemo(
    () => new Map(remarkList.map((r) => [cellKey(r.staffId, r.date), r.remark])),
    [remarkList],
  );
  const hours = useMemo(() => hoursOf(cells), [cells]);
  const coverage = useMemo(
    () =>
      coverageOf(
        days,
        staff.map((s) => s.id),
        cells,
        weekly,
        special,
      ),
    [days, staff, cells, weekly, special],
  );
  const inPeriod = (s: TableShift) => s.date >= period.startDate && s.date <= period.endDate;
  const draftCount = shifts.filter((s) => inPeriod(s) && s.status === 'DRAFT').length;
  const approvedCount = shifts.filter((s) => inPeriod(s) && s.status === 'APPROVED').length;
  const requestCount = shifts.filter((s) => inPeriod(s) && s.status === 'REQUEST').length;
  const dirty = hasEdits(edits);
  const model: TableModel = { shifts, days, cells };

  const applyValue = (value: CellValue, keys: Iterable<string>) =>
    dispatch({ type: 'applyValue', value, keys, model });
  const resetCells = (keys: Iterable<string>) => dispatch({ type: 'resetCells', keys, model });
  /** Drafts the requests of the selection when it holds several cells, else of the whole table. */
  const draftRequests = () =>
    dispatch({ type: 'draftRequests', keys: selection.size > 1 ? selection : null, model });
  const fail = (error: unknown) => dispatch({ type: 'failed', message: showFailure(error) });

  const onSave = async () => {
    const { body, cellOfPath } = saveBodyOf(edits, shifts, period.startDate);
    dispatch({ type: 'saveStarted' });
    try {
      const result = await save.mutateAsync(body);
      dispatch({
        type: 'saved',
        notice: t('shift.table.saved', { count: result.updatedIds.length + result.created.length }),
      });
    } catch (error) {
      const text = showFailure(error);
      const marked = new Map<string, string>();
      if (isApiError(error)) {
        for (const e of error.fieldErrors) {
          const cell = cellOfPath.get(e.path) ?? cellOfPath.get(e.path.split('.').slice(0, 2).join('.'));
          if (cell) marked.set(cell, text);
        }
      }
      const message = marked.size > 0 ? t('shift.table.saveRefusedOnCell', { message: text }) : text;
      dispatch({ type: 'saveRefused', errors: marked, message });
    }
  };

  const draftWindow = {
    startAtMin: `${period.startDate}T00:00`,
    startAtMax: `${addDay(period.endDate, 1)}T00:00`,
  };
  const onAutoDraft = (mode: AutoDraftMode) => {
    dispatch({ type: 'autoDraftStarted', mode });
    autoDraft.mutate({ ...draftWindow, mode }, { onError: fail });
  };
  /** The automatic draft asked for: refused while there are unsaved edits. */
  const onAutoDraftClick = () =>
    dirty ? dispatch({ type: 'failed', message: t('shift.autoDraft.dirty') }) : onAutoDraft(draftMode);
  const onAcceptDraft = async () => {
    if (!preview) return;
    try {
      const result = await acceptDraft.mutateAsync({
        ...draftWindow,
        mode: draftMode,
        fingerprint: preview.fingerprint,
      });
      autoDraft.reset();
      dispatch({ type: 'succeeded', notice: t('shift.autoDraft.accepted', { count: result.drafted }) });
    } catch (error) {
      fail(error);
    }
  };

  const onApprove = async (isApprove: boolean) => {
    try {
      const result = await approve.mutateAsync({
        startAtMin: `${period.startDate}T00:00`,
        startAtMax: `${addDay(period.endDate, 1)}T00:00`,
        isApprove,
      });
      const notice = t(isApprove ? 'shift.table.approved' : 'shift.table.unapproved', {
        count: result.count,
      });
      dispatch({ type: 'approved', notice });
    } catch (error) {
      dispatch({ type: 'approveFailed', message: showFailure(error) });
    }
  };

  const onDownloadCsv = () => {
    downloadMonthlyCsv(storeId, period.year, period.month).catch(fail);
  };

  const onSaveRemark = (cell: string, remark: string) => {
    const [staffId, date] = cell.split('|');
    saveRemark
      .mutateAsync({ staffId: Number(staffId), date: date!, remark })
      .then(() => dispatch({ type: 'closeEditor' }))
      .catch(fail);
  };

  return {
    state,
    dispatch,
    days,
    staff,
    cells,
    remarks,
    hours,
    coverage,
    counts: { draftCount, approvedCount, requestCount },
    dirty,
    preview,
    previewing,
    isSaving: save.isPending,
    isApproving: approve.isPending,
    isSavingRemark: saveRemark.isPending,
    isDrafting: autoDraft.isPending,
    isAcceptingDraft: acceptDraft.isPending,
    applyValue,
    resetCells,
    draftRequests,
    onSave,
    onAutoDraft,
    onAutoDraftClick,
    onAcceptDraft,
    onDiscardDraft: () => autoDraft.reset(),
    onApprove,
    onDownloadCsv,
    onSaveRemark,
    /** The grid opens a cell's editor, except while a proposal is shown. */
    onGridEdit: (cell: string) => !previewing && dispatch({ type: 'openEditor', cell }),
    /** The grid puts cells back to the requests (Delete), for a manager and not while previewing. */
    onGridReset: (keys: Set<string>) => canManage && !previewing && resetCells(keys),
  };
}

export type ShiftTableControls = ReturnType<typeof useShiftTable>;
