import type { ShiftPattern } from '@app/contracts';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { useShiftTable, type ShiftTableInput } from '../lib/use-shift-table.ts';
import { AutoDraftPanel } from './auto-draft-panel.tsx';
import { CellEditor } from './cell-editor.tsx';
import { ShiftGrid } from './shift-grid.tsx';
import { GRID_HEIGHT } from './shift-grid-styles.ts';
import { ShiftTableToolbar } from './shift-table-toolbar.tsx';
import { formatDate } from '../../../lib/format.ts';

/**
 * The loaded table of one period: the toolbar, the legend, what the last call said, the automatic
 * draft's proposal, the grid, the cell editor and the approval's confirmation. Its state and calls are
 * useShiftTable's.
 */
export function ShiftTableView({
  division,
  patterns,
  ...input
}: ShiftTableInput & { division: number; patterns: ShiftPattern[] }) {
  const { t } = useTranslation();
  const { canManage } = input;
  const table = useShiftTable(input);
  const { state, dispatch, staff, days, cells, remarks, hours, coverage, preview } = table;
  const { selection, focus, editing, errors, saveError, notice, confirm, draftMode } = state;
  const { draftCount, approvedCount } = table.counts;

  const editingParts = editing?.split('|');
  const editingStaff = editingParts ? staff.find((s) => s.id === Number(editingParts[0])) : undefined;

  return (
    <Box>
      <ShiftTableToolbar table={table} patterns={patterns} canManage={canManage} />
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
        <Alert severity="error" sx={{ mb: 1 }} onClose={() => dispatch({ type: 'dismissFailure' })}>
          {saveError}
        </Alert>
      )}
      {notice && (
        <Alert severity="success" sx={{ mb: 1 }} onClose={() => dispatch({ type: 'dismissNotice' })}>
          {notice}
        </Alert>
      )}
      {canManage && preview && (
        <AutoDraftPanel
          result={preview}
          staff={staff}
          mode={draftMode}
          isLoading={table.isDrafting}
          isAccepting={table.isAcceptingDraft}
          onModeChange={table.onAutoDraft}
          onAccept={() => void table.onAcceptDraft()}
          onDiscard={table.onDiscardDraft}
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
          focus={focus}
          onGridAction={dispatch}
          onEdit={table.onGridEdit}
          onReset={table.onGridReset}
          height={GRID_HEIGHT}
        />
      )}
      {editing && editingParts && (
        <CellEditor
          key={editing}
          open
          title={t('shift.editor.title', {
            name: editingStaff?.name ?? '',
            date: formatDate(editingParts[1]),
          })}
          list={cells.get(editing)}
          division={division}
          patterns={patterns}
          remark={remarks.get(editing) ?? ''}
          error={errors.get(editing)}
          canManage={canManage}
          isSavingRemark={table.isSavingRemark}
          onApply={(value) => {
            table.applyValue(value, [editing]);
            dispatch({ type: 'closeEditor' });
          }}
          onReset={() => {
            table.resetCells([editing]);
            dispatch({ type: 'closeEditor' });
          }}
          onSaveRemark={(remark) => table.onSaveRemark(editing, remark)}
          onClose={() => dispatch({ type: 'closeEditor' })}
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
        isLoading={table.isApproving}
        onConfirm={() => void table.onApprove(confirm === 'approve')}
        onClose={() => dispatch({ type: 'confirm', confirm: null })}
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
