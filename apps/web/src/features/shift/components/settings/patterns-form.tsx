import type { ShiftPattern } from '@app/contracts';
import AddOutlined from '@mui/icons-material/AddOutlined';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  useCreatePatternMutation,
  useDeletePatternMutation,
  useUpdatePatternMutation,
} from '../../api/shift.api.ts';
import { patternValue } from '../../lib/shift-grid-model.ts';
import { isNext, TimeSelect, useSaveState } from './settings-fields.tsx';

/** The store's shift patterns (named start and end times the table applies): list, add, change, delete. */
export function PatternsForm({
  storeId,
  patterns,
  canManage,
}: {
  storeId: number;
  patterns: ShiftPattern[];
  canManage: boolean;
}) {
  const { t } = useTranslation();
  const create = useCreatePatternMutation(storeId);
  const update = useUpdatePatternMutation(storeId);
  const remove = useDeletePatternMutation(storeId);
  const { run, note } = useSaveState();
  const empty = { name: '', start: '10:00', end: '15:00' };
  const [draft, setDraft] = useState(empty);
  /** The pattern whose values are in the form (null: the form adds a new one). */
  const [editing, setEditing] = useState<number | null>(null);
  return (
    <Box>
      <Stack spacing={1}>
        {patterns.length === 0 && (
          <Typography color="text.secondary">{t('shift.settings.noPatterns')}</Typography>
        )}
        {patterns.map((p) => {
          const v = patternValue(p);
          return (
            <Stack key={p.id} direction="row" spacing={2} sx={{ alignItems: 'center' }}>
              <Typography sx={{ minWidth: 120 }}>{p.name}</Typography>
              <Typography color="text.secondary">
                {v.start}-{p.endDayDiff === 1 ? t('shift.settings.nextDayPrefix') : ''}
                {v.end}
              </Typography>
              {canManage && (
                <IconButton
                  aria-label={t('shift.settings.editPattern', { name: p.name })}
                  onClick={() => {
                    setEditing(p.id);
                    setDraft({ name: p.name, start: v.start, end: v.end });
                  }}
                >
                  <EditOutlined />
                </IconButton>
              )}
              {canManage && (
                <IconButton
                  aria-label={t('shift.settings.deletePattern', { name: p.name })}
                  onClick={() => void run(() => remove.mutateAsync(p.id))}
                >
                  <DeleteOutlined />
                </IconButton>
              )}
            </Stack>
          );
        })}
      </Stack>
      {canManage && (
        <Box sx={{ display: 'flex', gap: 1, mt: 2, alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
          <TextField
            size="small"
            label={t('shift.settings.patternName')}
            value={draft.name}
            onChange={(e) => setDraft({ ...draft, name: e.target.value })}
            sx={{ width: 200 }}
          />
          <TimeSelect
            label={t('shift.editor.start')}
            value={draft.start}
            disabled={false}
            onChange={(start) => setDraft({ ...draft, start })}
          />
          <TimeSelect
            label={t('shift.editor.end')}
            value={draft.end}
            disabled={false}
            onChange={(end) => setDraft({ ...draft, end })}
          />
          <Button
            startIcon={editing === null ? <AddOutlined /> : undefined}
            variant={editing === null ? 'text' : 'contained'}
            loading={create.isPending || update.isPending}
            onClick={() =>
              void run(async () => {
                const body = {
                  name: draft.name,
                  startHour: Number(draft.start.slice(0, 2)),
                  startMinute: Number(draft.start.slice(3, 5)),
                  endHour: Number(draft.end.slice(0, 2)),
                  endMinute: Number(draft.end.slice(3, 5)),
                  endDayDiff: isNext(draft.start, draft.end) ? (1 as const) : (0 as const),
                };
                if (editing === null) await create.mutateAsync(body);
                else await update.mutateAsync({ id: editing, ...body });
                setDraft(empty);
                setEditing(null);
              })
            }
          >
            {t(editing === null ? 'shift.settings.addPattern' : 'shift.settings.savePattern')}
          </Button>
          {editing !== null && (
            <Button
              onClick={() => {
                setEditing(null);
                setDraft(empty);
              }}
            >
              {t('shift.settings.cancelEdit')}
            </Button>
          )}
        </Box>
      )}
      {note}
    </Box>
  );
}
