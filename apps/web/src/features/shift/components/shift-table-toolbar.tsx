import type { ShiftPattern } from '@app/contracts';
import DownloadOutlined from '@mui/icons-material/DownloadOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { countEdits, patternValue, REST_DAY } from '../lib/shift-grid-model.ts';
import type { ShiftTableControls } from '../lib/use-shift-table.ts';

/**
 * The buttons above the grid: drafts from requests, the automatic draft, a pattern or a rest day for the
 * selection, back to the requests, discard and save, approve and take back; the CSV for everyone.
 */
export function ShiftTableToolbar({
  table,
  patterns,
  canManage,
}: {
  table: ShiftTableControls;
  patterns: ShiftPattern[];
  canManage: boolean;
}) {
  const { t } = useTranslation();
  const { selection } = table.state;
  const { dirty, previewing } = table;
  const { draftCount, approvedCount, requestCount } = table.counts;
  return (
    <Box sx={{ mb: 1.5, display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
      {canManage && (
        <>
          <Button variant="outlined" size="small" disabled={requestCount === 0} onClick={table.draftRequests}>
            {selection.size > 1 ? t('shift.table.draftSelected') : t('shift.table.draftAll')}
          </Button>
          <Button
            variant="outlined"
            size="small"
            disabled={previewing}
            loading={table.isDrafting}
            title={dirty ? t('shift.autoDraft.dirty') : undefined}
            onClick={table.onAutoDraftClick}
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
              if (p) table.applyValue(patternValue(p), selection);
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
            onClick={() => table.applyValue(REST_DAY, selection)}
          >
            {t('shift.table.makeRest')}
          </Button>
          <Button size="small" disabled={selection.size === 0} onClick={() => table.resetCells(selection)}>
            {t('shift.table.backToRequest')}
          </Button>
          <Box sx={{ flexGrow: 1 }} />
          <Button
            size="small"
            color="inherit"
            disabled={!dirty}
            onClick={() => table.dispatch({ type: 'discard' })}
          >
            {t('shift.table.discard')}
          </Button>
          <Button
            variant="contained"
            size="small"
            disabled={!dirty}
            loading={table.isSaving}
            onClick={table.onSave}
          >
            {t('shift.table.saveAll', { count: countEdits(table.state.edits) })}
          </Button>
          <Button
            variant="contained"
            color="success"
            size="small"
            disabled={dirty || previewing || draftCount === 0}
            onClick={() => table.dispatch({ type: 'confirm', confirm: 'approve' })}
          >
            {t('shift.table.approveAll')}
          </Button>
          <Button
            size="small"
            color="warning"
            disabled={dirty || approvedCount === 0}
            onClick={() => table.dispatch({ type: 'confirm', confirm: 'unapprove' })}
          >
            {t('shift.table.unapprove')}
          </Button>
        </>
      )}
      {!canManage && <Box sx={{ flexGrow: 1 }} />}
      <Button size="small" startIcon={<DownloadOutlined />} onClick={table.onDownloadCsv}>
        {t('shift.table.csv')}
      </Button>
    </Box>
  );
}
