import type { PostbackAction } from '@app/contracts';
import AddOutlined from '@mui/icons-material/AddOutlined';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showToast } from '../../../lib/toast-store.ts';
import { useShowFailure } from '../../../lib/translate-message.ts';
import { useRemovePostbackActionMutation, useSavePostbackActionMutation } from '../api/automation.api.ts';
import { AutomationActionsEditor, type AutomationChoices } from './automation-actions-editor.tsx';
import type { MessageListEditor } from './greeting-form.tsx';

function PostbackDialog({
  lineAccountId,
  action,
  onClose,
  editor,
  choices,
}: {
  lineAccountId: number;
  action: PostbackAction | null;
  onClose: () => void;
  editor: MessageListEditor;
  choices: AutomationChoices;
}) {
  const { t } = useTranslation();
  const showFailure = useShowFailure();
  const save = useSavePostbackActionMutation(lineAccountId);
  const [name, setName] = useState(action?.name ?? '');
  const [messages, setMessages] = useState(action?.messages ?? []);
  const [actions, setActions] = useState(action?.actions ?? []);
  const [error, setError] = useState<string | null>(null);
  const submit = async () => {
    setError(null);
    try {
      await save.mutateAsync({ id: action?.id ?? null, body: { name, messages, actions } });
      showToast(t('automation.postbacks.saved', { name }), 'success');
      onClose();
    } catch (failure) {
      setError(showFailure(failure));
    }
  };
  return (
    <Dialog open onClose={onClose} maxWidth="md" fullWidth aria-labelledby="postback-title">
      <DialogTitle id="postback-title">
        {action ? t('automation.postbacks.editTitle') : t('automation.postbacks.newTitle')}
      </DialogTitle>
      <DialogContent>
        <Stack spacing={2.5} sx={{ pt: 1 }}>
          {error && <Alert severity="error">{error}</Alert>}
          <TextField
            label={t('automation.postbacks.name')}
            value={name}
            onChange={(e) => setName(e.target.value)}
            required
            slotProps={{ htmlInput: { maxLength: 50 } }}
          />
          <Box>
            <Typography variant="subtitle2" component="h3" sx={{ mb: 1 }}>
              {t('automation.postbacks.reply')}
            </Typography>
            {editor({ value: messages, onChange: setMessages, testIdPrefix: 'postback-' })}
          </Box>
          <Box>
            <Typography variant="subtitle2" component="h3" sx={{ mb: 1 }}>
              {t('automation.keywords.actions')}
            </Typography>
            <AutomationActionsEditor value={actions} onChange={setActions} choices={choices} />
          </Box>
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('common.cancel')}</Button>
        <Button variant="contained" onClick={() => void submit()} disabled={save.isPending}>
          {t('automation.save')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** What rich menu areas with a postback do: a free reply and actions (tags, the friend's menu, notices). */
export function PostbackActionsPanel({
  lineAccountId,
  items,
  canEdit,
  editor,
  choices,
}: {
  lineAccountId: number;
  items: PostbackAction[];
  canEdit: boolean;
  editor: MessageListEditor;
  choices: AutomationChoices;
}) {
  const { t } = useTranslation();
  const [editing, setEditing] = useState<PostbackAction | 'new' | null>(null);
  const remove = useRemovePostbackActionMutation(lineAccountId);
  const summary = (a: PostbackAction) =>
    [
      a.messages.length ? t('automation.postbacks.replies', { count: a.messages.length }) : null,
      ...a.actions.map((x) => t(`automation.actionTypes.${x.type}`)),
    ]
      .filter(Boolean)
      .join('・');
  return (
    <Card>
      <CardContent>
        <Stack sx={{ alignItems: 'center', justifyContent: 'space-between' }} direction="row">
          <Typography variant="subtitle1" component="h3">
            {t('automation.postbacks.title')}
          </Typography>
          {canEdit && (
            <Button variant="contained" startIcon={<AddOutlined />} onClick={() => setEditing('new')}>
              {t('automation.postbacks.add')}
            </Button>
          )}
        </Stack>
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          {t('automation.postbacks.help')}
        </Typography>
        {items.length === 0 ? (
          <Typography variant="body2" sx={{ mt: 2 }}>
            {t('automation.postbacks.empty')}
          </Typography>
        ) : (
          <List>
            {items.map((a) => (
              <ListItem
                key={a.id}
                divider
                secondaryAction={
                  canEdit && (
                    <>
                      <IconButton
                        aria-label={t('automation.keywords.edit', { name: a.name })}
                        onClick={() => setEditing(a)}
                      >
                        <EditOutlined />
                      </IconButton>
                      <IconButton
                        aria-label={t('automation.keywords.remove', { name: a.name })}
                        onClick={() => remove.mutate(a.id)}
                      >
                        <DeleteOutlined />
                      </IconButton>
                    </>
                  )
                }
              >
                <ListItemText primary={a.name} secondary={summary(a)} />
              </ListItem>
            ))}
          </List>
        )}
      </CardContent>
      {editing && (
        <PostbackDialog
          lineAccountId={lineAccountId}
          action={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
          editor={editor}
          choices={choices}
        />
      )}
    </Card>
  );
}
