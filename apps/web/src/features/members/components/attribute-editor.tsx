import {
  memberAttributeTypes,
  type CreateMemberAttributeBody,
  type MemberAttribute,
  type MemberAttributeType,
} from '@app/contracts';
import ArrowDownwardOutlined from '@mui/icons-material/ArrowDownwardOutlined';
import ArrowUpwardOutlined from '@mui/icons-material/ArrowUpwardOutlined';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import DragIndicatorOutlined from '@mui/icons-material/DragIndicatorOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText, useTranslateMessage } from '../../../lib/translate-message.ts';
import { isApiError } from '../../../lib/api-client.ts';
import {
  useDeleteAttributeMutation,
  useReorderAttributesMutation,
  useSaveAttributeMutation,
} from '../api/members.api.ts';

type Draft = {
  label: string;
  type: MemberAttributeType;
  visibility: 'PUBLIC' | 'PRIVATE';
  isRequired: boolean;
  isDeletable: boolean;
  internalName: string;
  /** One choice a line; an existing choice keeps its id while its line stays. */
  choices: { id?: number; value: string }[];
};

const draftOf = (a: MemberAttribute | null): Draft => ({
  label: a?.label ?? '',
  type: a?.type ?? 'STRING',
  visibility: a?.visibility ?? 'PUBLIC',
  isRequired: a?.isRequired ?? false,
  isDeletable: a?.isDeletable ?? true,
  internalName: a?.internalName ?? '',
  choices: a?.choices.map((c) => ({ id: c.id, value: c.value })) ?? [],
});

function AttributeDialog(props: {
  lineAccountId: number;
  attribute: MemberAttribute | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const translate = useTranslateMessage();
  const [draft, setDraft] = useState<Draft>(() => draftOf(props.attribute));
  const save = useSaveAttributeMutation(props.lineAccountId);
  const hasChoices = draft.type === 'RADIO' || draft.type === 'CHECKBOX';
  const fieldError = (path: string) =>
    isApiError(save.error)
      ? save.error.fieldErrors.find((e) => e.path === `body.${path}`)?.message
      : undefined;
  const submit = () => {
    const body: CreateMemberAttributeBody = {
      label: draft.label,
      type: draft.type,
      visibility: draft.visibility,
      isRequired: draft.isRequired,
      isDeletable: draft.isDeletable,
      internalName: draft.internalName || null,
      choices: hasChoices ? draft.choices.filter((c) => c.value.trim()) : [],
    };
    save.mutate({ id: props.attribute?.id ?? null, body }, { onSuccess: props.onClose });
  };
  return (
    <Dialog open onClose={props.onClose} fullWidth maxWidth="sm">
      <DialogTitle>
        {props.attribute ? t('members.attributes.edit') : t('members.attributes.add')}
      </DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <TextField
            label={t('members.attributes.label')}
            value={draft.label}
            required
            onChange={(e) => setDraft({ ...draft, label: e.target.value })}
            error={!!fieldError('label')}
            helperText={translate(fieldError('label'))}
          />
          <TextField
            select
            label={t('members.attributes.type')}
            value={draft.type}
            onChange={(e) => setDraft({ ...draft, type: e.target.value as MemberAttributeType })}
          >
            {memberAttributeTypes.map((type) => (
              <MenuItem key={type} value={type}>
                {t(`members.types.${type}`)}
              </MenuItem>
            ))}
          </TextField>
          {hasChoices ? (
            <TextField
              label={t('members.attributes.choices')}
              multiline
              minRows={3}
              value={draft.choices.map((c) => c.value).join('\n')}
              onChange={(e) => {
                const lines = e.target.value.split('\n');
                setDraft({
                  ...draft,
                  choices: lines.map((value, i) => ({
                    ...(draft.choices[i]?.id ? { id: draft.choices[i].id } : {}),
                    value,
                  })),
                });
              }}
              error={!!fieldError('choices')}
              helperText={translate(fieldError('choices')) || t('members.attributes.choicesHelp')}
            />
          ) : null}
          <TextField
            select
            label={t('members.attributes.visibility')}
            value={draft.visibility}
            onChange={(e) => setDraft({ ...draft, visibility: e.target.value as Draft['visibility'] })}
          >
            <MenuItem value="PUBLIC">{t('members.visibility.PUBLIC')}</MenuItem>
            <MenuItem value="PRIVATE">{t('members.visibility.PRIVATE')}</MenuItem>
          </TextField>
          <TextField
            label={t('members.attributes.internalName')}
            value={draft.internalName}
            onChange={(e) => setDraft({ ...draft, internalName: e.target.value })}
          />
          <FormControlLabel
            control={
              <Switch
                checked={draft.isRequired}
                onChange={(e) => setDraft({ ...draft, isRequired: e.target.checked })}
              />
            }
            label={t('members.attributes.required')}
          />
          <FormControlLabel
            control={
              <Switch
                checked={!draft.isDeletable}
                onChange={(e) => setDraft({ ...draft, isDeletable: !e.target.checked })}
              />
            }
            label={t('members.attributes.locked')}
          />
          {save.isError && !isApiError(save.error) ? (
            <Typography color="error">{errorText(save.error, t)}</Typography>
          ) : null}
          {isApiError(save.error) && save.error.fieldErrors.length === 0 ? (
            <Typography color="error" role="alert">
              {translate(save.error.message)}
            </Typography>
          ) : null}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={props.onClose}>{t('common.cancel')}</Button>
        <Button variant="contained" onClick={submit} disabled={save.isPending}>
          {t('common.save')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** The store's attribute definitions: add, edit (type, required, choices, visibility), order, delete. */
export function AttributeEditor(props: {
  lineAccountId: number;
  attributes: MemberAttribute[];
  canManage: boolean;
}) {
  const { t } = useTranslation();
  const translate = useTranslateMessage();
  const [editing, setEditing] = useState<MemberAttribute | null | 'new'>(null);
  const [dragged, setDragged] = useState<number | null>(null);
  const remove = useDeleteAttributeMutation(props.lineAccountId);
  const reorder = useReorderAttributesMutation(props.lineAccountId);
  const ids = props.attributes.map((a) => a.id);
  const move = (from: number, to: number) => {
    if (to < 0 || to >= ids.length || from === to) return;
    const next = [...ids];
    const [id] = next.splice(from, 1);
    next.splice(to, 0, id!);
    reorder.mutate(next);
  };
  return (
    <Card>
      <Box sx={{ display: 'flex', alignItems: 'center', p: 2 }}>
        <Typography variant="h6" component="h2" sx={{ flex: 1 }}>
          {t('members.attributes.title')}
        </Typography>
        {props.canManage ? (
          <Button variant="contained" onClick={() => setEditing('new')}>
            {t('members.attributes.add')}
          </Button>
        ) : null}
      </Box>
      {remove.isError ? (
        <Typography color="error" role="alert" sx={{ px: 2 }}>
          {translate(remove.error.message)}
        </Typography>
      ) : null}
      <List dense>
        {props.attributes.map((a, index) => (
          <ListItem
            key={a.id}
            draggable={props.canManage}
            onDragStart={() => setDragged(index)}
            onDragOver={(e) => e.preventDefault()}
            onDrop={() => {
              if (dragged !== null) move(dragged, index);
              setDragged(null);
            }}
            secondaryAction={
              props.canManage ? (
                <Box>
                  <IconButton
                    aria-label={t('members.attributes.up')}
                    onClick={() => move(index, index - 1)}
                    disabled={index === 0}
                  >
                    <ArrowUpwardOutlined fontSize="small" />
                  </IconButton>
                  <IconButton
                    aria-label={t('members.attributes.down')}
                    onClick={() => move(index, index + 1)}
                    disabled={index === ids.length - 1}
                  >
                    <ArrowDownwardOutlined fontSize="small" />
                  </IconButton>
                  <IconButton aria-label={t('members.attributes.edit')} onClick={() => setEditing(a)}>
                    <EditOutlined fontSize="small" />
                  </IconButton>
                  <IconButton
                    aria-label={t('common.delete')}
                    onClick={() => remove.mutate(a.id)}
                    disabled={!a.isDeletable}
                  >
                    <DeleteOutlined fontSize="small" />
                  </IconButton>
                </Box>
              ) : null
            }
            sx={{ borderTop: '1px solid', borderColor: 'divider', pr: 22 }}
          >
            {props.canManage ? (
              <DragIndicatorOutlined
                fontSize="small"
                sx={{ mr: 1, color: 'text.disabled', cursor: 'grab' }}
              />
            ) : null}
            <ListItemText
              primary={
                <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
                  {a.label}
                  <Chip size="small" label={t(`members.types.${a.type}`)} />
                  {a.isRequired ? (
                    <Chip
                      size="small"
                      color="error"
                      variant="outlined"
                      label={t('members.attributes.required')}
                    />
                  ) : null}
                  {a.visibility === 'PRIVATE' ? (
                    <Chip size="small" label={t('members.visibility.PRIVATE')} />
                  ) : null}
                </Box>
              }
              secondary={[
                a.choices.map((c) => c.value).join(' / '),
                t('members.attributes.valueCount', { count: a.valueCount }),
              ]
                .filter(Boolean)
                .join(' ・ ')}
            />
          </ListItem>
        ))}
      </List>
      {editing !== null ? (
        <AttributeDialog
          lineAccountId={props.lineAccountId}
          attribute={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
        />
      ) : null}
    </Card>
  );
}
