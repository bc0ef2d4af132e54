import type { InflowRoute } from '@app/contracts';
import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showToast } from '../../../lib/toast-store.ts';
import { useShowFailure } from '../../../lib/translate-message.ts';
import {
  inflowRichMenusQueryOptions,
  inflowScenariosQueryOptions,
  inflowTagsQueryOptions,
  useCreateRouteMutation,
  useUpdateRouteMutation,
} from '../api/inflow.api.ts';

/**
 * A route's form (new or edit): its name, on/off and what it does to the friend it brings: tags, a scenario
 * to start and a rich menu to show (decision 0038 and its addendum; none by default).
 */
export function RouteDialog({
  lineAccountId,
  route,
  open,
  onClose,
}: {
  lineAccountId: number;
  route: InflowRoute | null;
  open: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [name, setName] = useState(route?.name ?? '');
  const [isActive, setIsActive] = useState(route?.isActive ?? true);
  const [tagIds, setTagIds] = useState<number[]>(route?.tagIds ?? []);
  const [scenarioId, setScenarioId] = useState<number | null>(route?.scenarioId ?? null);
  const [richMenuId, setRichMenuId] = useState<number | null>(route?.richMenuId ?? null);
  const [failure, setFailure] = useState<string | null>(null);
  const tags = useQuery({ ...inflowTagsQueryOptions(lineAccountId), enabled: open });
  const scenarios = useQuery({ ...inflowScenariosQueryOptions(lineAccountId), enabled: open });
  const richMenus = useQuery({ ...inflowRichMenusQueryOptions(lineAccountId), enabled: open });
  const create = useCreateRouteMutation(lineAccountId);
  const update = useUpdateRouteMutation(lineAccountId);
  const showFailure = useShowFailure();
  const options = tags.data?.tags ?? [];
  const isPending = create.isPending || update.isPending;

  const submit = async () => {
    setFailure(null);
    const body = { name, isActive, tagIds, scenarioId, richMenuId };
    try {
      if (route) await update.mutateAsync({ routeId: route.id, body });
      else await create.mutateAsync(body);
      showToast(t(route ? 'inflow.saved' : 'inflow.created'), 'success');
      onClose();
    } catch (error) {
      setFailure(showFailure(error));
    }
  };

  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="sm">
      <DialogTitle>{t(route ? 'inflow.editTitle' : 'inflow.newTitle')}</DialogTitle>
      <DialogContent>
        <Stack spacing={2.5} sx={{ pt: 1 }}>
          {failure && <Alert severity="error">{failure}</Alert>}
          <TextField
            label={t('inflow.name')}
            placeholder={t('inflow.namePlaceholder')}
            value={name}
            onChange={(e) => setName(e.target.value)}
            required
            autoFocus
            slotProps={{ htmlInput: { maxLength: 100 } }}
          />
          <FormControlLabel
            control={<Switch checked={isActive} onChange={(e) => setIsActive(e.target.checked)} />}
            label={t('inflow.active')}
          />
          <Autocomplete
            multiple
            options={options.map((o) => o.id)}
            value={tagIds.filter((id) => options.length === 0 || options.some((o) => o.id === id))}
            getOptionLabel={(id) => options.find((o) => o.id === id)?.name ?? String(id)}
            onChange={(_e, value) => setTagIds(value)}
            renderInput={(params) => (
              <TextField {...params} label={t('inflow.tags')} helperText={t('inflow.tagsHelp')} />
            )}
          />
          <TextField
            select
            label={t('inflow.scenario')}
            helperText={t('inflow.scenarioHelp')}
            slotProps={{ inputLabel: { shrink: true }, select: { displayEmpty: true } }}
            value={scenarioId ?? ''}
            onChange={(e) => setScenarioId(e.target.value === '' ? null : Number(e.target.value))}
          >
            <MenuItem value="">{t('inflow.none')}</MenuItem>
            {scenarioId !== null && !scenarios.data?.data.some((s) => s.id === scenarioId) && (
              <MenuItem value={scenarioId}>{scenarios.data ? t('inflow.removedChoice') : '…'}</MenuItem>
            )}
            {(scenarios.data?.data ?? []).map((s) => (
              <MenuItem key={s.id} value={s.id}>
                {s.enabled ? s.name : t('inflow.scenarioOff', { name: s.name })}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            select
            label={t('inflow.richMenu')}
            helperText={t('inflow.richMenuHelp')}
            slotProps={{ inputLabel: { shrink: true }, select: { displayEmpty: true } }}
            value={richMenuId ?? ''}
            onChange={(e) => setRichMenuId(e.target.value === '' ? null : Number(e.target.value))}
          >
            <MenuItem value="">{t('inflow.none')}</MenuItem>
            {richMenuId !== null && !richMenus.data?.data.some((m) => m.id === richMenuId) && (
              <MenuItem value={richMenuId}>{richMenus.data ? t('inflow.removedChoice') : '…'}</MenuItem>
            )}
            {(richMenus.data?.data ?? []).map((m) => (
              <MenuItem key={m.id} value={m.id}>
                {m.name}
              </MenuItem>
            ))}
          </TextField>
          <Typography variant="body2" color="text.secondary">
            {t('inflow.attributionHelp')}
          </Typography>
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('common.cancel')}</Button>
        <Button variant="contained" onClick={() => void submit()} disabled={isPending || !name.trim()}>
          {t('inflow.save')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
