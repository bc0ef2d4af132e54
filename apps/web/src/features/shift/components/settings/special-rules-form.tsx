import type { SpecialRuleGroup } from '@app/contracts';
import AddOutlined from '@mui/icons-material/AddOutlined';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
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
import {
  useCreateSpecialGroupMutation,
  useDeleteSpecialGroupMutation,
  useUpdateSpecialGroupMutation,
} from '../../api/shift.api.ts';
import { addDay, localTime } from '../../lib/shift-grid-model.ts';
import { isNext, TimeSelect, useSaveState, type RuleRow } from './settings-fields.tsx';

/** Special rules: labelled groups of dated slots that replace the weekly rules on their dates. */
export function SpecialRulesForm({
  storeId,
  groups,
  canManage,
}: {
  storeId: number;
  groups: SpecialRuleGroup[];
  canManage: boolean;
}) {
  const { t } = useTranslation();
  const create = useCreateSpecialGroupMutation(storeId);
  const update = useUpdateSpecialGroupMutation(storeId);
  const remove = useDeleteSpecialGroupMutation(storeId);
  /** The group whose label and rules are in the form (null: the form adds a new one). */
  const [editing, setEditing] = useState<number | null>(null);
  const { run, note } = useSaveState();
  const [label, setLabel] = useState('');
  const [rows, setRows] = useState<(RuleRow & { date: string })[]>([]);
  return (
    <Box>
      <Stack spacing={1.5}>
        {groups.length === 0 && (
          <Typography color="text.secondary">{t('shift.settings.noSpecial')}</Typography>
        )}
        {groups.map((g) => (
          <Box key={g.id}>
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
              <Typography sx={{ fontWeight: 600 }}>{g.label}</Typography>
              {canManage && (
                <IconButton
                  aria-label={t('shift.settings.editGroup', { label: g.label })}
                  onClick={() => {
                    setEditing(g.id);
                    setLabel(g.label);
                    setRows(
                      g.specialRules.map((r) => ({
                        date: r.shiftStartDateTime.slice(0, 10),
                        start: localTime(r.shiftStartDateTime),
                        end: localTime(r.shiftEndDateTime),
                        staffCount: String(r.staffCount),
                        isRest: r.isRest,
                      })),
                    );
                  }}
                >
                  <EditOutlined />
                </IconButton>
              )}
              {canManage && (
                <IconButton
                  aria-label={t('shift.settings.deleteGroup', { label: g.label })}
                  onClick={() => void run(() => remove.mutateAsync(g.id))}
                >
                  <DeleteOutlined />
                </IconButton>
              )}
            </Stack>
            {g.specialRules.map((r) => (
              <Typography key={r.id} variant="body2" color="text.secondary">
                {r.shiftStartDateTime.slice(0, 10)} {localTime(r.shiftStartDateTime)}-
                {localTime(r.shiftEndDateTime)}{' '}
                {r.isRest ? t('shift.settings.closed') : t('shift.settings.people', { count: r.staffCount })}
              </Typography>
            ))}
          </Box>
        ))}
      </Stack>
      {canManage && (
        <Box sx={{ mt: 2, pt: 2, borderTop: 1, borderColor: 'divider' }}>
          <TextField
            size="small"
            label={t('shift.settings.groupLabel')}
            value={label}
            onChange={(e) => setLabel(e.target.value)}
            sx={{ mb: 1.5, width: 320, maxWidth: '100%' }}
          />
          <Stack spacing={1}>
            {rows.map((r, i) => {
              const set = (change: Partial<RuleRow & { date: string }>) =>
                setRows(rows.map((x, j) => (j === i ? { ...x, ...change } : x)));
              return (
                <Stack
                  key={i}
                  direction="row"
                  spacing={1}
                  useFlexGap
                  sx={{ alignItems: 'center', flexWrap: 'wrap' }}
                >
                  <TextField
                    size="small"
                    type="date"
                    label={t('shift.settings.date')}
                    value={r.date}
                    onChange={(e) => set({ date: e.target.value })}
                    slotProps={{ inputLabel: { shrink: true } }}
                    sx={{ width: 170 }}
                  />
                  <TimeSelect
                    label={t('shift.editor.start')}
                    value={r.start}
                    disabled={false}
                    onChange={(start) => set({ start })}
                  />
                  <TimeSelect
                    label={t('shift.editor.end')}
                    value={r.end}
                    disabled={false}
                    onChange={(end) => set({ end })}
                  />
                  <TextField
                    size="small"
                    type="number"
                    label={t('shift.settings.staffCount')}
                    value={r.staffCount}
                    onChange={(e) => set({ staffCount: e.target.value })}
                    sx={{ width: 100 }}
                  />
                  <FormControlLabel
                    control={
                      <Checkbox checked={r.isRest} onChange={(e) => set({ isRest: e.target.checked })} />
                    }
                    label={t('shift.settings.closed')}
                  />
                  <IconButton
                    aria-label={t('common.delete')}
                    onClick={() => setRows(rows.filter((_, j) => j !== i))}
                  >
                    <DeleteOutlined />
                  </IconButton>
                </Stack>
              );
            })}
          </Stack>
          <Stack direction="row" spacing={1} sx={{ mt: 1 }}>
            <Button
              size="small"
              startIcon={<AddOutlined />}
              onClick={() =>
                setRows([
                  ...rows,
                  {
                    date: new Date().toISOString().slice(0, 10),
                    start: '10:00',
                    end: '15:00',
                    staffCount: '1',
                    isRest: false,
                  },
                ])
              }
            >
              {t('shift.settings.addSlot')}
            </Button>
            <Button
              variant="contained"
              size="small"
              loading={create.isPending || update.isPending}
              onClick={() =>
                void run(async () => {
                  const rules = rows.map((r) => ({
                    shiftStartDateTime: `${r.date}T${r.start}`,
                    shiftEndDateTime: `${isNext(r.start, r.end) ? addDay(r.date, 1) : r.date}T${r.end}`,
                    staffCount: Number(r.staffCount),
                    isRest: r.isRest,
                  }));
                  if (editing === null) await create.mutateAsync({ label, schedules: rules });
                  else await update.mutateAsync({ id: editing, label, specialRules: rules });
                  setLabel('');
                  setRows([]);
                  setEditing(null);
                })
              }
            >
              {t(editing === null ? 'shift.settings.addGroup' : 'shift.settings.saveGroup')}
            </Button>
            {editing !== null && (
              <Button
                size="small"
                onClick={() => {
                  setEditing(null);
                  setLabel('');
                  setRows([]);
                }}
              >
                {t('shift.settings.cancelEdit')}
              </Button>
            )}
          </Stack>
        </Box>
      )}
      {note}
    </Box>
  );
}
