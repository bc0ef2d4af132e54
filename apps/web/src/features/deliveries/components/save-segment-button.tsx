import type { SegmentConditions } from '@app/contracts';
import BookmarkAddOutlined from '@mui/icons-material/BookmarkAddOutlined';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showToast } from '../../../lib/toast-store.ts';
import { useShowFailure } from '../../../lib/translate-message.ts';
import { useCreateSegmentMutation } from '../api/deliveries.api.ts';

/** Saves the friends list's current conditions as a named segment, to send a delivery to later. */
export function SaveSegmentButton({
  lineAccountId,
  conditions,
}: {
  lineAccountId: number;
  conditions: SegmentConditions;
}) {
  const { t } = useTranslation();
  const showFailure = useShowFailure();
  const [open, setOpen] = useState(false);
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const create = useCreateSegmentMutation(lineAccountId);
  const save = async () => {
    setError(null);
    try {
      await create.mutateAsync({ name, conditions });
      showToast(t('deliveries.segmentSaved', { name: name.trim() }), 'success');
      setOpen(false);
      setName('');
    } catch (failure) {
      setError(showFailure(failure));
    }
  };
  return (
    <>
      <Button startIcon={<BookmarkAddOutlined />} onClick={() => setOpen(true)} data-testid="save-segment">
        {t('deliveries.saveSegment')}
      </Button>
      <Dialog open={open} onClose={() => setOpen(false)} fullWidth maxWidth="xs">
        <DialogTitle>{t('deliveries.saveSegmentTitle')}</DialogTitle>
        <DialogContent>
          <TextField
            autoFocus
            fullWidth
            label={t('deliveries.segmentName')}
            value={name}
            onChange={(e) => setName(e.target.value)}
            helperText={t('deliveries.saveSegmentHelp')}
            sx={{ mt: 1 }}
          />
          {error && (
            <Alert severity="error" sx={{ mt: 1 }}>
              {error}
            </Alert>
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setOpen(false)}>{t('common.cancel')}</Button>
          <Button variant="contained" disabled={create.isPending} onClick={() => void save()}>
            {t('common.save')}
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
