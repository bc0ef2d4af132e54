import type { InflowRoute } from '@app/contracts';
import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showToast } from '../../../lib/toast-store.ts';
import { useShowFailure } from '../../../lib/translate-message.ts';
import { inflowTagsQueryOptions, useCreateRouteMutation, useUpdateRouteMutation } from '../api/inflow.api.ts';

/**
 * A route's form (new or edit): its name, on/off and the tags it puts on the friend it brings. Starting a
 * scenario is not offered until the scenarios feature exists (decision 0038).
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
  const [failure, setFailure] = useState<string | null>(null);
  const tags = useQuery({ ...inflowTagsQueryOptions(lineAccountId), enabled: open });
  const create = useCreateRouteMutation(lineAccountId);
  const update = useUpdateRouteMutation(lineAccountId);
  const showFailure = useShowFailure();
  const options = tags.data?.tags ?? [];
  const isPending = create.isPending || update.isPending;

  const submit = async () => {
    setFailure(null);
    const body = { name, isActive, tagIds };
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
