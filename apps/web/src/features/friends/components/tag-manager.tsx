import { tagUseKinds, type FriendTagsBody, type Tag } from '@app/contracts';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import LocalOfferOutlined from '@mui/icons-material/LocalOfferOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import ListSubheader from '@mui/material/ListSubheader';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../lib/api-client.ts';
import { showToast } from '../../../lib/toast-store.ts';
import { useShowFailure } from '../../../lib/translate-message.ts';
import {
  tagsQueryOptions,
  useCreateTagFolderMutation,
  useCreateTagMutation,
  useDeleteTagFolderMutation,
  useDeleteTagMutation,
  useTagFriendsMutation,
} from '../api/tags.api.ts';

type Conditions = NonNullable<FriendTagsBody['conditions']>;

/**
 * タグ管理: the account's tags by folder with their friend counts; owners and managers create and delete
 * tags and folders; staff and up add or remove a tag on every friend the list's conditions find.
 */
export function TagManagerButton({
  lineAccountId,
  canManage,
  canWork,
  conditions,
  matching,
  matchingIsEstimate = false,
}: {
  lineAccountId: number;
  canManage: boolean;
  canWork: boolean;
  /** The friends list's current conditions (what a bulk change reaches). */
  conditions: Conditions;
  /** How many friends they find now. */
  matching: number | undefined;
  /** `matching` is an estimate (a large account's filtered total): shown as 「約 N人」. */
  matchingIsEstimate?: boolean;
}) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="outlined" startIcon={<LocalOfferOutlined />} onClick={() => setOpen(true)}>
        {t('tags.manage')}
      </Button>
      <Dialog open={open} onClose={() => setOpen(false)} fullWidth maxWidth="sm">
        <DialogTitle>{t('tags.manageTitle')}</DialogTitle>
        {open && (
          <TagManagerContent
            lineAccountId={lineAccountId}
            canManage={canManage}
            canWork={canWork}
            conditions={conditions}
            matching={matching}
            matchingIsEstimate={matchingIsEstimate}
          />
        )}
        <DialogActions>
          <Button onClick={() => setOpen(false)}>{t('common.close')}</Button>
        </DialogActions>
      </Dialog>
    </>
  );
}

function TagManagerContent(props: {
  lineAccountId: number;
  canManage: boolean;
  canWork: boolean;
  conditions: Conditions;
  matching: number | undefined;
  matchingIsEstimate: boolean;
}) {
  const { t } = useTranslation();
  const showFailure = useShowFailure();
  const tags = useQuery(tagsQueryOptions(props.lineAccountId));
  const createTag = useCreateTagMutation(props.lineAccountId);
  const createFolder = useCreateTagFolderMutation(props.lineAccountId);
  const deleteTag = useDeleteTagMutation(props.lineAccountId);
  const deleteFolder = useDeleteTagFolderMutation(props.lineAccountId);
  const tagFriends = useTagFriendsMutation(props.lineAccountId);
  const [name, setName] = useState('');
  const [folderId, setFolderId] = useState<number | ''>('');
  const [folderName, setFolderName] = useState('');
  const [bulkTagId, setBulkTagId] = useState<number | ''>('');
  const [error, setError] = useState<string | null>(null);
  /** A tag's delete refused (409): what uses it, each kind and name, from the failure's errors. */
  const [uses, setUses] = useState<string[]>([]);
  const run = async (action: () => Promise<unknown>) => {
    setError(null);
    setUses([]);
    try {
      await action();
    } catch (failure) {
      setError(showFailure(failure));
      if (isApiError(failure) && failure.code === 'CONFLICT')
        setUses(
          failure.fieldErrors
            .filter((u) => (tagUseKinds as readonly string[]).includes(u.path))
            .map((u) => t('tags.useItem', { kind: t(`tags.useKinds.${u.path}`), name: u.message })),
        );
    }
  };
  const folders = tags.data?.folders ?? [];
  const all = tags.data?.tags ?? [];
  const groups: { id: number | null; name: string; tags: Tag[] }[] = [
    ...folders.map((f) => ({ id: f.id, name: f.name, tags: all.filter((tag) => tag.folderId === f.id) })),
    { id: null, name: t('tags.noFolder'), tags: all.filter((tag) => tag.folderId === null) },
  ].filter((g) => g.id !== null || g.tags.length > 0);

  return (
    <DialogContent sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
      {error && (
        <Alert severity="error">
          {error}
          {uses.length > 0 && (
            <Box component="ul" aria-label={t('tags.uses')} sx={{ m: 0, mt: 0.5, pl: 2.5 }}>
              {uses.map((use) => (
                <li key={use}>{use}</li>
              ))}
            </Box>
          )}
        </Alert>
      )}
      {all.length === 0 && folders.length === 0 && !tags.isPending ? (
        <Typography color="text.secondary">{t('tags.none')}</Typography>
      ) : null}
      {groups.map((group) => (
        <List
          key={group.id ?? 'none'}
          dense
          aria-label={group.name}
          subheader={
            <ListSubheader disableSticky sx={{ display: 'flex', alignItems: 'center', px: 0 }}>
              <Box sx={{ flexGrow: 1 }}>{group.name}</Box>
              {props.canManage && group.id !== null && (
                <IconButton
                  size="small"
                  aria-label={t('tags.deleteFolder', { name: group.name })}
                  onClick={() => void run(() => deleteFolder.mutateAsync(group.id!))}
                >
                  <DeleteOutlined fontSize="small" />
                </IconButton>
              )}
            </ListSubheader>
          }
        >
          {group.tags.map((tag) => (
            <ListItem
              key={tag.id}
              disableGutters
              secondaryAction={
                props.canManage ? (
                  <IconButton
                    edge="end"
                    size="small"
                    aria-label={t('tags.delete', { name: tag.name })}
                    onClick={() => void run(() => deleteTag.mutateAsync(tag.id))}
                  >
                    <DeleteOutlined fontSize="small" />
                  </IconButton>
                ) : undefined
              }
            >
              <ListItemText primary={tag.name} secondary={t('tags.count', { count: tag.friendCount })} />
            </ListItem>
          ))}
        </List>
      ))}
      {props.canManage && (
        <>
          <Divider />
          <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'center' }}>
            <TextField
              size="small"
              label={t('tags.name')}
              value={name}
              onChange={(e) => setName(e.target.value)}
            />
            <TextField
              select
              size="small"
              label={t('tags.folder')}
              value={folderId}
              onChange={(e) => setFolderId(e.target.value === '' ? '' : Number(e.target.value))}
              sx={{ minWidth: 160 }}
            >
              <MenuItem value="">{t('tags.noFolder')}</MenuItem>
              {folders.map((f) => (
                <MenuItem key={f.id} value={f.id}>
                  {f.name}
                </MenuItem>
              ))}
            </TextField>
            <Button
              variant="contained"
              onClick={() =>
                void run(async () => {
                  const tag = await createTag.mutateAsync({
                    name,
                    folderId: folderId === '' ? null : folderId,
                  });
                  showToast(t('tags.created', { name: tag.name }), 'success');
                  setName('');
                })
              }
            >
              {t('tags.createTag')}
            </Button>
          </Box>
          <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'center' }}>
            <TextField
              size="small"
              label={t('tags.folderName')}
              value={folderName}
              onChange={(e) => setFolderName(e.target.value)}
            />
            <Button
              variant="outlined"
              onClick={() =>
                void run(async () => {
                  await createFolder.mutateAsync({ name: folderName });
                  setFolderName('');
                })
              }
            >
              {t('tags.createFolder')}
            </Button>
          </Box>
        </>
      )}
      {props.canWork && all.length > 0 && (
        <>
          <Divider />
          <Typography variant="subtitle2" component="h3">
            {t('tags.bulkTitle')}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {t(props.matchingIsEstimate ? 'tags.bulkTargetEstimate' : 'tags.bulkTarget', {
              count: props.matching ?? 0,
            })}
          </Typography>
          <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'center' }}>
            <TextField
              select
              size="small"
              label={t('tags.bulkTag')}
              value={bulkTagId}
              onChange={(e) => setBulkTagId(Number(e.target.value))}
              sx={{ minWidth: 200 }}
              data-testid="bulk-tag"
            >
              {all.map((tag) => (
                <MenuItem key={tag.id} value={tag.id}>
                  {tag.name}
                </MenuItem>
              ))}
            </TextField>
            {(['add', 'remove'] as const).map((action) => (
              <Button
                key={action}
                variant={action === 'add' ? 'contained' : 'outlined'}
                disabled={bulkTagId === ''}
                onClick={() =>
                  void run(async () => {
                    const { changed } = await tagFriends.mutateAsync({
                      action,
                      tagIds: [bulkTagId as number],
                      conditions: props.conditions,
                    });
                    showToast(t('tags.bulkDone', { count: changed }), 'success');
                  })
                }
              >
                {t(action === 'add' ? 'tags.bulkAdd' : 'tags.bulkRemove')}
              </Button>
            ))}
          </Box>
        </>
      )}
    </DialogContent>
  );
}
