import type { ShiftClosure, ShiftStaff, StaffShift } from '@app/contracts';
import ChevronLeft from '@mui/icons-material/ChevronLeft';
import ChevronRight from '@mui/icons-material/ChevronRight';
import DownloadOutlined from '@mui/icons-material/DownloadOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { useQueryFailure } from '../../../components/query-failure.tsx';
import { isApiError } from '../../../lib/api-client.ts';
import { useShowFailure } from '../../../lib/translate-message.ts';
import {
  downloadMonthlyCsv,
  monthlyShiftsQueryOptions,
  normalRulesQueryOptions,
  remarksQueryOptions,
  shiftPatternsQueryOptions,
  specialRulesQueryOptions,
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
  countEdits,
  coverageOf,
  daysOf,
  draftFromRequests,
  hasEdits,
  hoursOf,
  noEdits,
  patternValue,
  REST_DAY,
  resetCells,
  saveBodyOf,
  setCell,
  shiftPeriodKey,
  tableStaff,
  type Edits,
  type TablePeriod,
} from '../lib/shift-grid-model.ts';
import { AutoDraftPanel, type AutoDraftMode } from './auto-draft-panel.tsx';
import { CellEditor } from './cell-editor.tsx';
import { ShiftGrid } from './shift-grid.tsx';

/** The grid's height: fixed, so nothing below it moves while the month loads. */
const GRID_HEIGHT = 'max(420px, calc(100vh - 300px))';

export function ShiftTable({
  storeId,
  closure,
  period,
  canManage,
  onPeriodChange,
}: {
  storeId: number;
  closure: ShiftClosure;
  period: TablePeriod;
  canManage: boolean;
  onPeriodChange: (key: string) => void;
}) {
  const { t } = useTranslation();
  const monthly = useQuery(monthlyShiftsQueryOptions(storeId, period.year, period.month));
  const remarks = useQuery(remarksQueryOptions(storeId, period.startDate, period.endDate));
  const weekly = useQuery(normalRulesQueryOptions(storeId));
  const special = useQuery(specialRulesQueryOptions(storeId, period.startDate, period.endDate));
  const patterns = useQuery(shiftPatternsQueryOptions(storeId));
  const failure = useQueryFailure(monthly);

  const title = period.key.includes('-H')
    ? t(`shift.table.half${period.key.endsWith('H1') ? '1' : '2'}`, {
        year: period.year,
        month: period.month,
      })
    : t('shift.table.month', { year: period.year, month: period.month });

  return (
    <Box>
      <Stack direction="row" spacing={1} useFlexGap sx={{ mb: 1.5, flexWrap: 'wrap', alignItems: 'center' }}>
        <IconButton
          aria-label={t('shift.table.previous')}
          onClick={() => onPeriodChange(shiftPeriodKey(period.key, -1))}
        >
          <ChevronLeft />
        </IconButton>
        <Typography variant="h3" component="h2" sx={{ minWidth: 180, textAlign: 'center' }}>
          {title}
        </Typography>
        <IconButton
          aria-label={t('shift.table.next')}
          onClick={() => onPeriodChange(shiftPeriodKey(period.key, 1))}
        >
          <ChevronRight />
        </IconButton>
        {closure.openPeriod && closure.openPeriod.key !== period.key && (
          <Button size="small" onClick={() => onPeriodChange(closure.openPeriod!.key)}>
            {t('shift.table.openPeriod')}
          </Button>
        )}
        {closure.openPeriod?.key === period.key && (
          <Typography variant="body2" color="text.secondary">
            {t('shift.table.closes', { date: closure.openPeriod.closingDate })}
          </Typography>
        )}
      </Stack>
      {monthly.isError ? (
        <Box sx={{ height: GRID_HEIGHT }}>{failure}</Box>
      ) : monthly.data ? (
        <LoadedTable
          key={period.key}
          storeId={storeId}
          period={period}
          division={closure.timeDivisionSetting}
          staff={monthly.data.staff}
          shifts={monthly.data.shifts}
          remarks={remarks.data ?? []}
          weekly={weekly.data ?? []}
          special={special.data ?? []}
          patterns={patterns.data ?? []}
          canManage={canManage}
        />
      ) : (
        <GridSkeleton />
      )}
    </Box>
  );
}

/** The same box the grid takes, so the page does not jump when the month arrives. */
function GridSkeleton() {
  const { t } = useTranslation();
  return (
    <Box aria-busy="true" aria-label={t('common.loading')}>
      <Box sx={{ height: 40, mb: 1.5 }} />
      <Skeleton variant="rounded" sx={{ height: GRID_HEIGHT }} />
    </Box>
  );
}

function LoadedTable({
  storeId,
  period,
  division,
  staff: allStaff,
  shifts,
  remarks: remarkList,
  weekly,
  special,
  patterns,
  canManage,
}: {
  storeId: number;
  period: TablePeriod;
  division: number;
  staff: ShiftStaff[];
  shifts: StaffShift[];
  remarks: { staffId: number; date: string; remark: string }[];
  weekly: Parameters<typeof coverageOf>[3];
  special: Parameters<typeof coverageOf>[4];
  patterns: Parameters<typeof patternValue>[0][];
  canManage: boolean;
}) {
  const { t } = useTranslation();
  const showFailure = useShowFailure();
  const [edits, setEdits] = useState<Edits>(noEdits);
  const [selection, setSelection] = useState<Set<string>>(new Set());
  const [editing, setEditing] = useState<string | null>(null);
  const [errors, setErrors] = useState<Map<string, string>>(new Map());
  const [saveError, setSaveError] = useState<string | null>(null);
  const [confirm, setConfirm] = useState<'approve' | 'unapprove' | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const save = useSaveShiftsMutation(storeId);
  const approve = useApproveDraftsMutation(storeId);
  const saveRemark = useSaveRemarkMutation(storeId);
  const autoDraft = useAutoDraftMutation(storeId);
  const acceptDraft = useAcceptAutoDraftMutation(storeId);
  const [draftMode, setDraftMode] = useState<AutoDraftMode>('FILL_EMPTY');
  const preview = autoDraft.data ?? null;
  const previewing = preview !== null || autoDraft.isPending;

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
  const inPeriod = (s: StaffShift) => s.date >= period.startDate && s.date <= period.endDate;
  const draftCount = shifts.filter((s) => inPeriod(s) && s.status === 'DRAFT').length;
  const approvedCount = shifts.filter((s) => inPeriod(s) && s.status === 'APPROVED').length;
  const requestCount = shifts.filter((s) => inPeriod(s) && s.status === 'REQUEST').length;
  const dirty = hasEdits(edits);

  const change = (next: Edits, touched: Iterable<string>) => {
    setEdits(next);
    setNotice(null);
    const keys = [...touched];
    if (keys.some((k) => errors.has(k))) {
      const rest = new Map(errors);
      for (const k of keys) rest.delete(k);
      setErrors(rest);
    }
  };
  const targets = () => (selection.size > 0 ? selection : new Set<string>());
  const applyValue = (value: typeof REST_DAY, keys: Iterable<string>) => {
    let next = edits;
    let current = cells;
    for (const k of keys) {
      const [staffId, date] = k.split('|');
      next = setCell(next, shifts, current, Number(staffId), date!, value);
      current = buildCells(shifts, next, days);
    }
    change(next, keys);
  };

  const onSave = async () => {
    const { body, cellOfPath } = saveBodyOf(edits, shifts, period.startDate);
    setSaveError(null);
    try {
      const result = await save.mutateAsync(body);
      setEdits(noEdits);
      setErrors(new Map());
      setNotice(t('shift.table.saved', { count: result.updatedIds.length + result.created.length }));
    } catch (error) {
      const text = showFailure(error);
      const marked = new Map<string, string>();
      if (isApiError(error)) {
        for (const e of error.fieldErrors) {
          const cell = cellOfPath.get(e.path) ?? cellOfPath.get(e.path.split('.').slice(0, 2).join('.'));
          if (cell) marked.set(cell, text);
        }
      }
      setErrors(marked);
      setSaveError(marked.size > 0 ? t('shift.table.saveRefusedOnCell', { message: text }) : text);
    }
  };

  const draftWindow = {
    startAtMin: `${period.startDate}T00:00`,
    startAtMax: `${addDay(period.endDate, 1)}T00:00`,
  };
  const onAutoDraft = (mode: AutoDraftMode) => {
    setDraftMode(mode);
    setSaveError(null);
    setNotice(null);
    autoDraft.mutate({ ...draftWindow, mode }, { onError: (error) => setSaveError(showFailure(error)) });
  };
  const onAcceptDraft = async () => {
    if (!preview) return;
    try {
      const result = await acceptDraft.mutateAsync({
        ...draftWindow,
        mode: draftMode,
        fingerprint: preview.fingerprint,
      });
      autoDraft.reset();
      setNotice(t('shift.autoDraft.accepted', { count: result.drafted }));
    } catch (error) {
      setSaveError(showFailure(error));
    }
  };

  const onApprove = async (isApprove: boolean) => {
    try {
      const result = await approve.mutateAsync({
        startAtMin: `${period.startDate}T00:00`,
        startAtMax: `${addDay(period.endDate, 1)}T00:00`,
        isApprove,
      });
      setConfirm(null);
      setNotice(t(isApprove ? 'shift.table.approved' : 'shift.table.unapproved', { count: result.count }));
    } catch (error) {
      setConfirm(null);
      setSaveError(showFailure(error));
    }
  };

  const editingParts = editing?.split('|');
  const editingStaff = editingParts ? staff.find((s) => s.id === Number(editingParts[0])) : undefined;

  return (
    <Box>
      <Box sx={{ mb: 1.5, display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
        {canManage && (
          <>
            <Button
              variant="outlined"
              size="small"
              disabled={requestCount === 0}
              onClick={() => {
                const keys = selection.size > 1 ? selection : null;
                change(draftFromRequests(edits, shifts, cells, keys), keys ?? []);
              }}
            >
              {selection.size > 1 ? t('shift.table.draftSelected') : t('shift.table.draftAll')}
            </Button>
            <Button
              variant="outlined"
              size="small"
              disabled={previewing}
              loading={autoDraft.isPending}
              title={dirty ? t('shift.autoDraft.dirty') : undefined}
              onClick={() => (dirty ? setSaveError(t('shift.autoDraft.dirty')) : onAutoDraft(draftMode))}
            >
              {t('shift.table.autoDraft')}
            </Button>
            <TextField
              select
              size="small"
              label={t('shift.table.applyPattern')}
              value=""
              disabled={selection.size === 0 || patterns.length === 0}
              onChange={(e) => {
                const p = patterns.find((x) => x.id === Number(e.target.value));
                if (p) applyValue(patternValue(p), targets());
              }}
              sx={{ width: 200 }}
            >
              {patterns.map((p) => {
                const v = patternValue(p);
                return (
                  <MenuItem key={p.id} value={p.id}>
                    {p.name} {v.start}-{v.end}
                  </MenuItem>
                );
              })}
            </TextField>
            <Button
              size="small"
              disabled={selection.size === 0}
              onClick={() => applyValue(REST_DAY, targets())}
            >
              {t('shift.table.makeRest')}
            </Button>
            <Button
              size="small"
              disabled={selection.size === 0}
              onClick={() => change(resetCells(edits, shifts, cells, targets()), targets())}
            >
              {t('shift.table.backToRequest')}
            </Button>
            <Box sx={{ flexGrow: 1 }} />
            <Button
              size="small"
              color="inherit"
              disabled={!dirty}
              onClick={() => {
                setEdits(noEdits);
                setErrors(new Map());
                setSaveError(null);
              }}
            >
              {t('shift.table.discard')}
            </Button>
            <Button
              variant="contained"
              size="small"
              disabled={!dirty}
              loading={save.isPending}
              onClick={onSave}
            >
              {t('shift.table.saveAll', { count: countEdits(edits) })}
            </Button>
            <Button
              variant="contained"
              color="success"
              size="small"
              disabled={dirty || previewing || draftCount === 0}
              onClick={() => setConfirm('approve')}
            >
              {t('shift.table.approveAll')}
            </Button>
            <Button
              size="small"
              color="warning"
              disabled={dirty || approvedCount === 0}
              onClick={() => setConfirm('unapprove')}
            >
              {t('shift.table.unapprove')}
            </Button>
          </>
        )}
        {!canManage && <Box sx={{ flexGrow: 1 }} />}
        <Button
          size="small"
          startIcon={<DownloadOutlined />}
          onClick={() => {
            downloadMonthlyCsv(storeId, period.year, period.month).catch((error: unknown) =>
              setSaveError(showFailure(error)),
            );
          }}
        >
          {t('shift.table.csv')}
        </Button>
      </Box>
      <Stack
        direction="row"
        spacing={2}
        useFlexGap
        sx={{ mb: 1, fontSize: 12, alignItems: 'center', flexWrap: 'wrap', rowGap: 0.5 }}
        aria-label={t('shift.table.legend')}
      >
        <Legend className="req" label={t('shift.status.REQUEST')} />
        <Legend className="dft" label={t('shift.status.DRAFT')} />
        <Legend className="apr" label={t('shift.status.APPROVED')} />
        <Typography variant="caption" color="text.secondary">
          {t('shift.table.legendHelp')}
        </Typography>
      </Stack>
      {saveError && (
        <Alert severity="error" sx={{ mb: 1 }} onClose={() => setSaveError(null)}>
          {saveError}
        </Alert>
      )}
      {notice && (
        <Alert severity="success" sx={{ mb: 1 }} onClose={() => setNotice(null)}>
          {notice}
        </Alert>
      )}
      {canManage && preview && (
        <AutoDraftPanel
          result={preview}
          staff={staff}
          mode={draftMode}
          isLoading={autoDraft.isPending}
          isAccepting={acceptDraft.isPending}
          onModeChange={onAutoDraft}
          onAccept={() => void onAcceptDraft()}
          onDiscard={() => autoDraft.reset()}
        />
      )}
      {staff.length === 0 ? (
        <Alert severity="info">{t('shift.table.noStaff')}</Alert>
      ) : (
        <ShiftGrid
          staff={staff}
          days={days}
          cells={cells}
          remarks={remarks}
          errors={errors}
          hours={hours}
          coverage={coverage}
          selection={selection}
          onSelectionChange={setSelection}
          onEdit={(key) => !previewing && setEditing(key)}
          onReset={(keys) => canManage && !previewing && change(resetCells(edits, shifts, cells, keys), keys)}
          height={GRID_HEIGHT}
        />
      )}
      {editing && editingParts && (
        <CellEditor
          key={editing}
          open
          title={t('shift.editor.title', { name: editingStaff?.name ?? '', date: editingParts[1] })}
          list={cells.get(editing)}
          division={division}
          patterns={patterns}
          remark={remarks.get(editing) ?? ''}
          error={errors.get(editing)}
          canManage={canManage}
          isSavingRemark={saveRemark.isPending}
          onApply={(value) => {
            applyValue(value, [editing]);
            setEditing(null);
          }}
          onReset={() => {
            change(resetCells(edits, shifts, cells, [editing]), [editing]);
            setEditing(null);
          }}
          onSaveRemark={(remark) => {
            saveRemark
              .mutateAsync({ staffId: Number(editingParts[0]), date: editingParts[1]!, remark })
              .then(() => setEditing(null))
              .catch((error: unknown) => setSaveError(showFailure(error)));
          }}
          onClose={() => setEditing(null)}
        />
      )}
      <ConfirmDialog
        open={confirm !== null}
        title={confirm === 'approve' ? t('shift.table.approveTitle') : t('shift.table.unapproveTitle')}
        description={
          confirm === 'approve'
            ? t('shift.table.approveConfirm', { count: draftCount })
            : t('shift.table.unapproveConfirm', { count: approvedCount })
        }
        confirmLabel={confirm === 'approve' ? t('shift.table.approveAll') : t('shift.table.unapprove')}
        isDanger={confirm === 'unapprove'}
        isLoading={approve.isPending}
        onConfirm={() => void onApprove(confirm === 'approve')}
        onClose={() => setConfirm(null)}
      />
    </Box>
  );
}

function Legend({ className, label }: { className: 'req' | 'dft' | 'apr'; label: string }) {
  const color = { req: 'warning.main', dft: 'info.main', apr: 'success.main' }[className];
  return (
    <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center' }}>
      <Box
        sx={{
          width: 14,
          height: 14,
          borderLeft: '3px solid',
          borderColor: color,
          bgcolor: color,
          opacity: 0.5,
        }}
      />
      <Typography variant="caption">{label}</Typography>
    </Stack>
  );
}
