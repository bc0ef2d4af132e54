import type { AutoDraftResult, ShiftStaff } from '@app/contracts';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { AutoDraftMode } from '../lib/shift-table-state.ts';

const clock = (instant: string) => instant.slice(11, 16);
const hours = (minutes: number) => (Math.round((minutes / 60) * 10) / 10).toString();

/**
 * The automatic draft's preview beside the grid: totals, every slot left short with its reasons (by name),
 * each staff member's hours and request fulfilment, and accept / discard.
 */
export function AutoDraftPanel({
  result,
  staff,
  mode,
  isLoading,
  isAccepting,
  onModeChange,
  onAccept,
  onDiscard,
}: {
  result: AutoDraftResult;
  staff: ShiftStaff[];
  mode: AutoDraftMode;
  isLoading: boolean;
  isAccepting: boolean;
  onModeChange: (mode: AutoDraftMode) => void;
  onAccept: () => void;
  onDiscard: () => void;
}) {
  const { t } = useTranslation();
  const short = result.slots.filter((s) => s.assigned < s.required);
  const names = new Map(staff.map((s) => [s.id, s.name]));
  const rows = result.staff.filter((s) => s.requestedMinutes > 0 || s.plannedMinutes > 0);
  return (
    <Paper variant="outlined" sx={{ p: 2, mb: 1.5 }} role="region" aria-label={t('shift.autoDraft.title')}>
      <Typography variant="h3" component="h3" sx={{ mb: 2 }}>
        {t('shift.autoDraft.title')}
      </Typography>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center', mb: 1 }}>
        <TextField
          select
          size="small"
          label={t('shift.autoDraft.mode')}
          value={mode}
          disabled={isLoading || isAccepting}
          onChange={(e) => onModeChange(e.target.value as AutoDraftMode)}
          sx={{ width: 420, maxWidth: '100%' }}
        >
          <MenuItem value="FILL_EMPTY">{t('shift.autoDraft.FILL_EMPTY')}</MenuItem>
          <MenuItem value="REDRAFT">{t('shift.autoDraft.REDRAFT')}</MenuItem>
        </TextField>
        <Box sx={{ flexGrow: 1 }} />
        <Button size="small" color="inherit" onClick={onDiscard} disabled={isAccepting}>
          {t('shift.autoDraft.discard')}
        </Button>
        <Button
          variant="contained"
          size="small"
          loading={isAccepting}
          disabled={isLoading || (result.proposed.length === 0 && result.toRequest.length === 0)}
          onClick={onAccept}
        >
          {t('shift.autoDraft.accept')}
        </Button>
      </Box>
      <Typography variant="body2" color="text.secondary">
        {t('shift.autoDraft.intro')}
      </Typography>
      <Typography variant="body2" sx={{ mt: 0.5, fontWeight: 600 }} data-testid="auto-draft-totals">
        {t('shift.autoDraft.totals', {
          shifts: result.totals.proposedShifts,
          hours: hours(result.totals.proposedMinutes),
          required: result.totals.required,
          filled: result.totals.filled,
          fillable: result.totals.fillable,
        })}
        {result.totals.over > 0 && ` ／ ${t('shift.autoDraft.over', { over: result.totals.over })}`}
      </Typography>
      {result.proposed.length === 0 && result.toRequest.length === 0 && (
        <Alert severity="info" sx={{ mt: 1 }}>
          {t('shift.autoDraft.nothing')}
        </Alert>
      )}
      <Box sx={{ display: 'flex', gap: 2, mt: 1, flexWrap: 'wrap', alignItems: 'flex-start' }}>
        <Box sx={{ flex: '1 1 360px', maxHeight: 260, overflow: 'auto' }}>
          <Typography variant="subtitle2" component="h4">
            {short.length > 0
              ? t('shift.autoDraft.unfilled', { count: short.length })
              : t('shift.autoDraft.allFilled')}
          </Typography>
          <Box
            component="ul"
            sx={{ m: 0, pl: 2.5 }}
            aria-label={t('shift.autoDraft.unfilled', { count: short.length })}
          >
            {short.map((s) => (
              <li key={`${s.date}-${s.startAt}`}>
                <Typography variant="body2" sx={{ fontWeight: 600 }}>
                  {t('shift.autoDraft.slot', {
                    date: s.date.slice(5).replace('-', '/'),
                    start: clock(s.startAt),
                    end: clock(s.endAt),
                    assigned: s.assigned,
                    required: s.required,
                  })}
                </Typography>
                <Box component="ul" sx={{ m: 0, pl: 2 }}>
                  {s.reasons.map((r, i) => (
                    <Typography component="li" variant="body2" key={i} color="text.secondary">
                      {r.text}
                    </Typography>
                  ))}
                </Box>
              </li>
            ))}
          </Box>
        </Box>
        <Box sx={{ flex: '1 1 360px', maxHeight: 260, overflow: 'auto' }}>
          <Typography variant="subtitle2" component="h4">
            {t('shift.autoDraft.staff')}
          </Typography>
          <Table size="small" aria-label={t('shift.autoDraft.staff')}>
            <TableHead>
              <TableRow>
                <TableCell>{t('shift.autoDraft.name')}</TableCell>
                <TableCell align="right">{t('shift.autoDraft.proposed')}</TableCell>
                <TableCell align="right">{t('shift.autoDraft.planned')}</TableCell>
                <TableCell align="right">{t('shift.autoDraft.rate')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.map((s) => (
                <TableRow key={s.staffId}>
                  <TableCell>{names.get(s.staffId) ?? s.name}</TableCell>
                  <TableCell align="right">{hours(s.proposedMinutes)}</TableCell>
                  <TableCell align="right">{hours(s.plannedMinutes)}</TableCell>
                  <TableCell align="right">
                    {s.fulfilmentRate === null ? '-' : `${Math.round(s.fulfilmentRate * 100)}%`}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Box>
      </Box>
    </Paper>
  );
}
