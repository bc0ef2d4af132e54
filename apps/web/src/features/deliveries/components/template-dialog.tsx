import type { DeliveryMessage } from '@app/contracts';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showToast } from '../../../lib/toast-store.ts';
import { useShowFailure } from '../../../lib/translate-message.ts';
import { useSaveTemplate } from '../api/templates.api.ts';
import Box from '@mui/material/Box';
import { LineChatPreview } from './line-chat-preview.tsx';
import { MessageListEditor } from './message-list-editor.tsx';

export type TemplateDraft = {
  id: number | null;
  name: string;
  folder: string | null;
  messages: DeliveryMessage[];
};

/**
 * A template's name, folder and (with `editMessages`) its messages, saved as a new template (id null) or
 * over one. テンプレートとして保存 from the composer opens it with the composed messages and no editor.
 */
export function TemplateDialog({
  lineAccountId,
  initial,
  editMessages,
  onClose,
  accountName = '',
}: {
  lineAccountId: number;
  /** The account's LINE name, shown on the preview's chat. */
  accountName?: string;
  initial: TemplateDraft;
  editMessages: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const showFailure = useShowFailure();
  const [name, setName] = useState(initial.name);
  const [folder, setFolder] = useState(initial.folder ?? '');
  const [messages, setMessages] = useState<DeliveryMessage[]>(initial.messages);
  const [error, setError] = useState<string | null>(null);
  const save = useSaveTemplate(lineAccountId);
  const submit = async () => {
    setError(null);
    try {
      const saved = await save.mutateAsync({
        id: initial.id,
        body: { name, folder: folder.trim() || null, messages },
      });
      showToast(t('templates.saved', { name: saved.name }), 'success');
      onClose();
    } catch (failure) {
      setError(showFailure(failure));
    }
  };
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth={editMessages ? 'md' : 'xs'}>
      <DialogTitle>
        {t(initial.id === null ? (editMessages ? 'templates.new' : 'templates.saveTitle') : 'templates.edit')}
      </DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ mt: 1 }}>
          <TextField
            autoFocus
            label={t('templates.name')}
            value={name}
            onChange={(e) => setName(e.target.value)}
            slotProps={{ htmlInput: { 'data-testid': 'template-name' } }}
          />
          <TextField
            label={t('templates.folder')}
            value={folder}
            onChange={(e) => setFolder(e.target.value)}
            helperText={t('templates.folderHelp')}
          />
          {editMessages && (
            <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 300px' } }}>
              {/* the account's uploads: image and rich messages (decision 0039), as in the composer */}
              <MessageListEditor
                value={messages}
                onChange={setMessages}
                lineAccountId={lineAccountId}
                nameInsert
                testIdPrefix="template-"
              />
              <LineChatPreview accountName={accountName} messages={messages} />
            </Box>
          )}
          {error && <Alert severity="error">{error}</Alert>}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('common.cancel')}</Button>
        <Button
          variant="contained"
          disabled={save.isPending}
          onClick={() => void submit()}
          data-testid="template-save"
        >
          {t('common.save')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
