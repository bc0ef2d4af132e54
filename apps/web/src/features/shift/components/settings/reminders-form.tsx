import type { ReminderSettings } from '@app/contracts';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showEmptyChoice } from '../../../../components/form/form-fields.tsx';
import { useUpdateRemindersMutation } from '../../api/shift.api.ts';
import { halfHourTimes, numberOptions, useSaveState } from './settings-fields.tsx';

/** The three reminders before or after the closing day, each a day gap and a time (or off). */
export function RemindersForm({
  storeId,
  settings,
  canManage,
}: {
  storeId: number;
  settings: ReminderSettings;
  canManage: boolean;
}) {
  const { t } = useTranslation();
  const update = useUpdateRemindersMutation(storeId);
  const { run, note } = useSaveState();
  const [rows, setRows] = useState(
    [0, 1, 2].map((i) => ({
      time: settings.reminders[i]?.time ?? '',
      dayGap: String(settings.reminders[i]?.dayGap ?? ''),
    })),
  );
  return (
    <Box>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {t('shift.settings.remindersHelp')}
      </Typography>
      <Stack spacing={2}>
        {rows.map((row, i) => (
          <Stack
            key={i}
            direction="row"
            spacing={2}
            useFlexGap
            sx={{ alignItems: 'center', flexWrap: 'wrap' }}
          >
            {/* on a phone the name takes its own line and the two selects share the next */}
            <Typography
              sx={{ width: { sm: 100 }, flexBasis: { xs: '100%', sm: 'auto' }, whiteSpace: 'nowrap' }}
            >
              {t('shift.settings.reminder', { n: i + 1 })}
            </Typography>
            <TextField
              select
              size="small"
              label={t('shift.settings.dayGap')}
              value={row.dayGap}
              disabled={!canManage}
              onChange={(e) => setRows(rows.map((r, j) => (j === i ? { ...r, dayGap: e.target.value } : r)))}
              slotProps={showEmptyChoice}
              sx={{ width: 170 }}
            >
              <MenuItem value="">{t('shift.settings.off')}</MenuItem>
              {numberOptions(-30, 30).map((n) => (
                <MenuItem key={n} value={String(n)}>
                  {n < 0
                    ? t('shift.settings.daysBefore', { n: -n })
                    : n === 0
                      ? t('shift.settings.closingDay')
                      : t('shift.settings.daysAfter', { n })}
                </MenuItem>
              ))}
            </TextField>
            <TextField
              select
              size="small"
              label={t('shift.settings.time')}
              value={row.time}
              disabled={!canManage}
              onChange={(e) => setRows(rows.map((r, j) => (j === i ? { ...r, time: e.target.value } : r)))}
              slotProps={showEmptyChoice}
              sx={{ width: 130 }}
            >
              <MenuItem value="">{t('shift.settings.off')}</MenuItem>
              {[...halfHourTimes, '24:00'].map((h) => (
                <MenuItem key={h} value={h}>
                  {h}
                </MenuItem>
              ))}
            </TextField>
          </Stack>
        ))}
      </Stack>
      {canManage && (
        <Button
          variant="contained"
          sx={{ mt: 2 }}
          loading={update.isPending}
          onClick={() =>
            void run(() =>
              update.mutateAsync({
                reminders: rows.map((r) =>
                  r.time && r.dayGap !== ''
                    ? { time: r.time, dayGap: Number(r.dayGap) }
                    : { time: null, dayGap: null },
                ),
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
