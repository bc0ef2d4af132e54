import type { ShiftClosure } from '@app/contracts';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useUpdateClosureMutation } from '../../api/shift.api.ts';
import { numberOptions, useSaveState } from './settings-fields.tsx';
import { formatDate } from '../../../../lib/format.ts';

/** Closure and publishing: the period pattern, its closing days, the time division, the draft rules. */
export function ClosureForm({
  storeId,
  closure,
  canManage,
}: {
  storeId: number;
  closure: ShiftClosure;
  canManage: boolean;
}) {
  const { t } = useTranslation();
  const update = useUpdateClosureMutation(storeId);
  const { run, note } = useSaveState();
  const [v, setV] = useState(closure);
  const select = (
    label: string,
    value: number | string,
    options: (number | string)[],
    onChange: (x: string) => void,
    render?: (x: number | string) => string,
  ) => (
    <TextField
      select
      size="small"
      label={label}
      value={value}
      onChange={(e) => onChange(e.target.value)}
      disabled={!canManage}
      sx={{ width: 200, maxWidth: '100%' }}
    >
      {options.map((o) => (
        <MenuItem key={o} value={o}>
          {render ? render(o) : o}
        </MenuItem>
      ))}
    </TextField>
  );
  return (
    <Box>
      <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', rowGap: 2 }}>
        {select(
          t('shift.settings.pattern'),
          v.pattern,
          ['FULL_MONTH', 'HALF_MONTH'],
          (x) => setV({ ...v, pattern: x as ShiftClosure['pattern'] }),
          (x) => t(`shift.settings.patterns.${x}`),
        )}
        {v.pattern === 'FULL_MONTH' ? (
          select(
            t('shift.settings.dayOfMonth'),
            v.dayOfMonth,
            numberOptions(1, 28),
            (x) => setV({ ...v, dayOfMonth: Number(x) }),
            (x) => t('shift.settings.day', { day: x }),
          )
        ) : (
          <>
            {select(
              t('shift.settings.firstHalfDate'),
              v.firstHalfDate,
              numberOptions(16, 31),
              (x) => setV({ ...v, firstHalfDate: Number(x) }),
              (x) => t('shift.settings.day', { day: x }),
            )}
            {select(
              t('shift.settings.secondHalfDate'),
              v.secondHalfDate,
              numberOptions(1, 15),
              (x) => setV({ ...v, secondHalfDate: Number(x) }),
              (x) => t('shift.settings.day', { day: x }),
            )}
          </>
        )}
        {select(
          t('shift.settings.timeDivision'),
          v.timeDivisionSetting,
          [1, 15, 30],
          (x) => setV({ ...v, timeDivisionSetting: Number(x) }),
          (x) => t('shift.settings.minutes', { minutes: x }),
        )}
      </Box>
      <FormControlLabel
        sx={{ mt: 1 }}
        control={
          <Switch
            checked={v.isPublished}
            onChange={(e) => setV({ ...v, isPublished: e.target.checked })}
            disabled={!canManage}
          />
        }
        label={t('shift.settings.isPublished')}
      />
      <Typography variant="subtitle2" component="h3" sx={{ mt: 2, mb: 1.5 }}>
        {t('shift.settings.draftRules')}
      </Typography>
      <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', rowGap: 2 }}>
        {select(
          t('shift.settings.minRestHours'),
          v.minRestHours,
          numberOptions(0, 24),
          (x) => setV({ ...v, minRestHours: Number(x) }),
          (x) => t('shift.settings.hours', { hours: x }),
        )}
        {(
          [
            ['maxHoursPerDay', 24],
            ['maxHoursPerWeek', 168],
            ['maxHoursPerMonth', 744],
          ] as const
        ).map(([key, max]) => (
          <TextField
            key={key}
            size="small"
            type="number"
            label={t(`shift.settings.${key}`)}
            placeholder={t('shift.settings.noCap')}
            value={v[key] ?? ''}
            disabled={!canManage}
            onChange={(e) =>
              setV({ ...v, [key]: e.target.value === '' ? null : Math.trunc(Number(e.target.value)) })
            }
            slotProps={{ htmlInput: { min: 1, max }, inputLabel: { shrink: true } }}
            sx={{ width: 170 }}
          />
        ))}
      </Box>
      <FormControlLabel
        sx={{ mt: 1 }}
        control={
          <Switch
            checked={v.allowMultipleShiftsPerDay}
            onChange={(e) => setV({ ...v, allowMultipleShiftsPerDay: e.target.checked })}
            disabled={!canManage}
          />
        }
        label={t('shift.settings.allowMultipleShiftsPerDay')}
      />
      <Typography variant="body2" color="text.secondary">
        {closure.openPeriod
          ? t('shift.settings.openPeriod', {
              start: formatDate(closure.openPeriod.startDate),
              end: formatDate(closure.openPeriod.endDate),
              closing: formatDate(closure.openPeriod.closingDate),
            })
          : t('shift.settings.noOpenPeriod')}
      </Typography>
      {canManage && (
        <Button
          variant="contained"
          sx={{ mt: 2 }}
          loading={update.isPending}
          onClick={() =>
            void run(() =>
              update.mutateAsync({
                pattern: v.pattern,
                dayOfMonth: v.dayOfMonth,
                firstHalfDate: v.firstHalfDate,
                secondHalfDate: v.secondHalfDate,
                timeDivisionSetting: v.timeDivisionSetting,
                isPublished: v.isPublished,
                minRestHours: v.minRestHours,
                maxHoursPerDay: v.maxHoursPerDay,
                maxHoursPerWeek: v.maxHoursPerWeek,
                maxHoursPerMonth: v.maxHoursPerMonth,
                allowMultipleShiftsPerDay: v.allowMultipleShiftsPerDay,
              }),
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
