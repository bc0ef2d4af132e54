import type { ShiftPattern } from '@app/contracts';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  editableShiftOf,
  isLocked,
  isOvernight,
  patternValue,
  timeOptions,
  type CellShift,
  type CellValue,
} from '../lib/shift-grid-model.ts';
import { shiftText } from './shift-grid-row.tsx';

const statusColor = { REQUEST: 'warning', DRAFT: 'info', APPROVED: 'success' } as const;

/**
 * Edits one cell: start and end in steps of the time division (an end at or before the start is the
 * next day), rest, a pattern; back to the staff's request; the day's remark (saved at once).
 */
export function CellEditor({
  open,
  title,
  list,
  division,
  patterns,
  remark,
  error,
  canManage,
  isSavingRemark,
  onApply,
  onReset,
  onSaveRemark,
  onClose,
}: {
  open: boolean;
  title: string;
  list: CellShift[] | undefined;
  division: number;
  patterns: ShiftPattern[];
  remark: string;
  error: string | undefined;
  canManage: boolean;
  isSavingRemark: boolean;
  onApply: (value: CellValue) => void;
  onReset: () => void;
  onSaveRemark: (remark: string) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const titleId = useId();
  const target = editableShiftOf(list);
  const locked = isLocked(list);
  const [start, setStart] = useState(target && !target.isRest ? target.start : '10:00');
  const [end, setEnd] = useState(target && !target.isRest ? target.end : '15:00');
  const [isRest, setIsRest] = useState(target?.isRest ?? false);
  const [remarkText, setRemarkText] = useState(remark);
  const options = timeOptions(division);
  const withCurrent = (value: string) => (options.includes(value) ? options : [value, ...options]);
  const misaligned = ![start, end].every((v) => options.includes(v));
  const same = start === end && !isRest;

  return (
    <Dialog open={open} onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="xs">
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <DialogContent>
        <Stack spacing={2}>
          <Box
            role="group"
            sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}
            aria-label={t('shift.editor.current')}
          >
            {(list ?? []).length === 0 && (
              <Typography variant="body2" color="text.secondary">
                {t('shift.editor.empty')}
              </Typography>
            )}
            {(list ?? []).map((c) => (
              <Chip
                key={c.key}
                size="small"
                color={statusColor[c.status]}
                variant={c.status === 'REQUEST' ? 'outlined' : 'filled'}
                label={`${t(`shift.status.${c.status}`)} ${shiftText(c, t('shift.cell.rest'))}${c.original ? ` (${t('shift.cell.original')} ${c.original})` : ''}`}
              />
            ))}
          </Box>
          {error && <Alert severity="error">{error}</Alert>}
          {locked ? (
            <Alert severity="info">{t('shift.editor.locked')}</Alert>
          ) : (
            canManage && (
              <>
                <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                  <TextField
                    select
                    label={t('shift.editor.start')}
                    value={start}
                    onChange={(e) => setStart(e.target.value)}
                    disabled={isRest}
                    size="small"
                    slotProps={{ select: { native: true } }}
                    sx={{ width: 120 }}
                  >
                    {withCurrent(start).map((o) => (
                      <option key={o} value={o}>
                        {o}
                      </option>
                    ))}
                  </TextField>
                  <Typography>-</Typography>
                  <TextField
                    select
                    label={t('shift.editor.end')}
                    value={end}
                    onChange={(e) => setEnd(e.target.value)}
                    disabled={isRest}
                    size="small"
                    slotProps={{ select: { native: true } }}
                    sx={{ width: 120 }}
                  >
                    {withCurrent(end).map((o) => (
                      <option key={o} value={o}>
                        {o}
                      </option>
                    ))}
                  </TextField>
                  {!isRest && isOvernight(start, end) && !same && (
                    <Chip size="small" label={t('shift.editor.overnight')} />
                  )}
                </Stack>
                <FormControlLabel
                  control={<Checkbox checked={isRest} onChange={(e) => setIsRest(e.target.checked)} />}
                  label={t('shift.editor.rest')}
                />
                {misaligned && !isRest && (
                  <Alert severity="warning">{t('shift.editor.misaligned', { minutes: division })}</Alert>
                )}
                {patterns.length > 0 && (
                  <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
                    {patterns.map((p) => {
                      const v = patternValue(p);
                      return (
                        <Button
                          key={p.id}
                          size="small"
                          variant="outlined"
                          onClick={() => {
                            setStart(v.start);
                            setEnd(v.end);
                            setIsRest(false);
                          }}
                        >
                          {p.name} {v.start}-{v.end}
                        </Button>
                      );
                    })}
                  </Box>
                )}
              </>
            )
          )}
          <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
            <TextField
              label={t('shift.editor.remark')}
              value={remarkText}
              onChange={(e) => setRemarkText(e.target.value)}
              size="small"
              fullWidth
              multiline
              maxRows={3}
              disabled={!canManage}
              slotProps={{ htmlInput: { maxLength: 1000 } }}
            />
            {canManage && (
              <Button
                onClick={() => onSaveRemark(remarkText)}
                disabled={!remarkText.trim() || remarkText === remark}
                loading={isSavingRemark}
                sx={{ flexShrink: 0, whiteSpace: 'nowrap' }}
              >
                {t('shift.editor.saveRemark')}
              </Button>
            )}
          </Stack>
        </Stack>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        {canManage &&
          !locked &&
          (list ?? []).some((c) => c.isDirty || (c.status === 'DRAFT' && c.isRequested)) && (
            <Button color="inherit" onClick={onReset} sx={{ mr: 'auto' }}>
              {t('shift.editor.backToRequest')}
            </Button>
          )}
        <Button onClick={onClose}>{t('common.cancel')}</Button>
        {canManage && !locked && (
          <Button
            variant="contained"
            disabled={!isRest && (misaligned || same)}
            onClick={() =>
              onApply(isRest ? { start: '00:00', end: '00:00', isRest: true } : { start, end, isRest: false })
            }
          >
            {t('shift.editor.apply')}
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}
