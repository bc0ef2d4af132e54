import type { NormalRule } from '@app/contracts';
import AddOutlined from '@mui/icons-material/AddOutlined';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useReplaceNormalRulesMutation } from '../../api/shift.api.ts';
import { isNext, TimeSelect, useSaveState, type RuleRow } from './settings-fields.tsx';

/** The weekly rules: per weekday, the slots to staff and how many people each needs (or closed). */
export function WeeklyRulesForm({
  storeId,
  rules,
  canManage,
}: {
  storeId: number;
  rules: NormalRule[];
  canManage: boolean;
}) {
  const { t } = useTranslation();
  const replace = useReplaceNormalRulesMutation(storeId);
  const { run, note } = useSaveState();
  const weekdays = t('shift.weekdays', { returnObjects: true }) as unknown as string[];
  const [byDay, setByDay] = useState<RuleRow[][]>(() =>
    [1, 2, 3, 4, 5, 6, 7].map((d) =>
      rules
        .filter((r) => r.dayOfWeek === String(d))
        .map((r) => ({
          start: r.shiftStartTime.slice(0, 5),
          end: r.shiftEndTime.slice(0, 5),
          staffCount: String(r.staffCount),
          isRest: r.isRest,
        })),
    ),
  );
  const setRow = (d: number, i: number, change: Partial<RuleRow>) =>
    setByDay(
      byDay.map((rows, j) => (j === d ? rows.map((r, k) => (k === i ? { ...r, ...change } : r)) : rows)),
    );
  return (
    <Box>
      <Stack spacing={1.5}>
        {byDay.map((rows, d) => (
          <Stack
            key={d}
            direction={{ xs: 'column', sm: 'row' }}
            spacing={{ xs: 1, sm: 2 }}
            sx={{ alignItems: { xs: 'stretch', sm: 'flex-start' } }}
          >
            <Typography sx={{ width: 32, pt: 1, fontWeight: 600 }}>{weekdays[d]}</Typography>
            <Stack spacing={1.5} sx={{ flexGrow: 1 }}>
              {rows.length === 0 && (
                <Typography variant="body2" color="text.secondary" sx={{ pt: 1 }}>
                  {t('shift.settings.noSlots')}
                </Typography>
              )}
              {rows.map((r, i) => (
                <Stack
                  key={i}
                  direction="row"
                  spacing={1}
                  useFlexGap
                  sx={{ alignItems: 'center', flexWrap: 'wrap' }}
                >
                  <TimeSelect
                    label={t('shift.editor.start')}
                    value={r.start}
                    disabled={!canManage}
                    onChange={(start) => setRow(d, i, { start })}
                  />
                  <TimeSelect
                    label={t('shift.editor.end')}
                    value={r.end}
                    disabled={!canManage}
                    onChange={(end) => setRow(d, i, { end })}
                  />
                  {isNext(r.start, r.end) && (
                    <Typography variant="caption">{t('shift.editor.overnight')}</Typography>
                  )}
                  <TextField
                    size="small"
                    type="number"
                    label={t('shift.settings.staffCount')}
                    value={r.staffCount}
                    disabled={!canManage}
                    onChange={(e) => setRow(d, i, { staffCount: e.target.value })}
                    sx={{ width: { xs: 90, sm: 100 } }}
                    slotProps={{ htmlInput: { min: 0 } }}
                  />
                  <FormControlLabel
                    control={
                      <Checkbox
                        checked={r.isRest}
                        disabled={!canManage}
                        onChange={(e) => setRow(d, i, { isRest: e.target.checked })}
                      />
                    }
                    label={t('shift.settings.closed')}
                  />
                  {canManage && (
                    <IconButton
                      aria-label={t('common.delete')}
                      onClick={() =>
                        setByDay(byDay.map((rs, j) => (j === d ? rs.filter((_, k) => k !== i) : rs)))
                      }
                    >
                      <DeleteOutlined />
                    </IconButton>
                  )}
                </Stack>
              ))}
            </Stack>
            {canManage && (
              <Button
                size="small"
                startIcon={<AddOutlined />}
                sx={{ alignSelf: { xs: 'flex-start', sm: 'auto' }, flexShrink: 0 }}
                onClick={() =>
                  setByDay(
                    byDay.map((rs, j) =>
                      j === d
                        ? [...rs, { start: '10:00', end: '15:00', staffCount: '1', isRest: false }]
                        : rs,
                    ),
                  )
                }
              >
                {t('shift.settings.addSlot')}
              </Button>
            )}
          </Stack>
        ))}
      </Stack>
      {canManage && (
        <Button
          variant="contained"
          sx={{ mt: 2 }}
          loading={replace.isPending}
          onClick={() =>
            void run(() =>
              replace.mutateAsync(
                byDay.flatMap((rows, d) =>
                  rows.map((r) => ({
                    dayOfWeek: String(d + 1) as '1',
                    shiftStartTime: r.start,
                    shiftEndTime: r.end,
                    shiftEndDayDiff: isNext(r.start, r.end) ? 1 : 0,
                    staffCount: Number(r.staffCount),
                    isRest: r.isRest,
                  })),
                ),
              ),
            )
          }
        >
          {t('common.save')}
        </Button>
      )}
      {note}
    </Box>
  );
}
