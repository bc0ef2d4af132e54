import {
  notificationTopics,
  topicLabels,
  type MessageSetting,
  type NotificationRecipient,
  type NotificationTopic,
} from '@app/contracts';
import AddOutlined from '@mui/icons-material/AddOutlined';
import Autocomplete from '@mui/material/Autocomplete';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { isApiError } from '../../../lib/api-client.ts';
import { toFieldPath } from '../../../lib/form-errors.ts';
import { markErrorShown } from '../../../lib/query-meta.ts';
import { showToast } from '../../../lib/toast-store.ts';
import {
  recipientsQueryOptions,
  useDeleteSettingMutation,
  useSaveSettingMutation,
} from '../api/notifications.api.ts';

/** Names as a Japanese reader looks for them: kana in 五十音 order (hiragana and katakana together). */
const byName = new Intl.Collator('ja', { numeric: true });

/** The recipients in the picker's order: the Japanese syllabary's, by display name. */
export const inKanaOrder = <T extends { displayName: string }>(list: T[]): T[] =>
  [...list].sort((a, b) => byName.compare(a.displayName, b.displayName));

type Draft = {
  id: number | null;
  label: string;
  friends: NotificationRecipient[];
  topics: NotificationTopic[];
};

function GroupDialog({
  lineAccountId,
  initial,
  onClose,
}: {
  lineAccountId: number;
  initial: Draft;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const candidates = useQuery(recipientsQueryOptions(lineAccountId));
  const save = useSaveSettingMutation(lineAccountId);
  const options = inKanaOrder([
    ...draft.friends,
    ...(candidates.data?.data ?? []).filter((c) => !draft.friends.some((f) => f.friendId === c.friendId)),
  ]);
  const typeLabel = (r: NotificationRecipient) => t(`notifications.groups.type.${r.recipientType}`);
  const submit = async () => {
    setErrors({});
    setFormError(null);
    try {
      await save.mutateAsync({
        id: draft.id,
        body: { label: draft.label, friendIds: draft.friends.map((f) => f.friendId), topics: draft.topics },
      });
      showToast(t('notifications.groups.saved'), 'success');
      onClose();
    } catch (failure) {
      if (!isApiError(failure)) throw failure;
      markErrorShown(failure);
      const byField = Object.fromEntries(failure.fieldErrors.map((f) => [toFieldPath(f.path), f.message]));
      setErrors(byField);
      if (Object.keys(byField).length === 0) setFormError(failure.message);
    }
  };
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm">
      <DialogTitle>
        {t(draft.id === null ? 'notifications.groups.create' : 'notifications.groups.edit')}
      </DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <TextField
            label={t('notifications.groups.label')}
            value={draft.label}
            onChange={(e) => setDraft({ ...draft, label: e.target.value })}
            error={Boolean(errors.label)}
            helperText={errors.label ?? ' '}
          />
          <Autocomplete
            multiple
            options={options}
            value={draft.friends}
            loading={candidates.isPending}
            isOptionEqualToValue={(a, b) => a.friendId === b.friendId}
            getOptionLabel={(o) => o.displayName}
            groupBy={typeLabel}
            onChange={(_, value) => setDraft({ ...draft, friends: value })}
            renderOption={(props, option) => {
              const { key, ...rest } = props as typeof props & { key: string };
              return (
                <li key={key} {...rest}>
                  <Avatar src={option.pictureUrl ?? undefined} alt="" sx={{ width: 24, height: 24, mr: 1 }} />
                  {option.displayName}
                </li>
              );
            }}
            renderInput={(params) => (
              <TextField
                {...params}
                label={t('notifications.groups.recipients')}
                error={Boolean(errors.friendIds)}
                helperText={errors.friendIds ?? t('notifications.groups.recipientsHelp')}
              />
            )}
          />
          <FormControl error={Boolean(errors.topics)} component="fieldset">
            <FormLabel component="legend">{t('notifications.groups.topics')}</FormLabel>
            <FormGroup>
              {notificationTopics.map((topic) => (
                <FormControlLabel
                  key={topic}
                  control={
                    <Checkbox
                      checked={draft.topics.includes(topic)}
                      onChange={(e) =>
                        setDraft({
                          ...draft,
                          topics: e.target.checked
                            ? [...draft.topics, topic]
                            : draft.topics.filter((x) => x !== topic),
                        })
                      }
                    />
                  }
                  label={topicLabels[topic]}
                />
              ))}
            </FormGroup>
            {errors.topics && <FormHelperText>{errors.topics}</FormHelperText>}
          </FormControl>
          {formError && <Typography color="error">{formError}</Typography>}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('common.cancel')}</Button>
        <Button variant="contained" onClick={() => void submit()} disabled={save.isPending}>
          {t('common.save')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** Notification groups: who hears of which topics. */
export function GroupList({
  lineAccountId,
  groups,
  canManage,
}: {
  lineAccountId: number;
  groups: MessageSetting[];
  canManage: boolean;
}) {
  const { t } = useTranslation();
  const [editing, setEditing] = useState<Draft | null>(null);
  const [removing, setRemoving] = useState<MessageSetting | null>(null);
  const remove = useDeleteSettingMutation(lineAccountId);
  return (
    <Stack spacing={2}>
      {canManage && (
        <Box>
          <Button
            variant="contained"
            startIcon={<AddOutlined />}
            onClick={() => setEditing({ id: null, label: '', friends: [], topics: [] })}
          >
            {t('notifications.groups.create')}
          </Button>
        </Box>
      )}
      {groups.length === 0 && (
        <Card sx={{ p: 3 }}>
          <Typography color="text.secondary">{t('notifications.groups.empty')}</Typography>
        </Card>
      )}
      {groups.map((group) => (
        <Card key={group.lineMessageSettingId} sx={{ p: 2 }}>
          <Stack direction="row" sx={{ alignItems: 'flex-start', gap: 2, flexWrap: 'wrap' }}>
            <Box sx={{ flex: 1, minWidth: 220 }}>
              <Typography variant="subtitle1" component="h3">
                {group.label}
              </Typography>
              <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 0.5, my: 1 }}>
                {group.friends.map((f) => (
                  <Chip
                    key={f.friendId}
                    avatar={<Avatar src={f.pictureUrl ?? undefined} alt="" />}
                    label={`${f.displayName}（${t(`notifications.groups.type.${f.recipientType}`)}）`}
                    variant={f.isFriend ? 'filled' : 'outlined'}
                  />
                ))}
              </Stack>
              <Typography variant="body2" color="text.secondary">
                {group.topics.map((x) => topicLabels[x]).join('、')}
              </Typography>
            </Box>
            {canManage && (
              <Stack direction="row" spacing={1}>
                <Button
                  variant="outlined"
                  onClick={() =>
                    setEditing({
                      id: group.lineMessageSettingId,
                      label: group.label,
                      friends: group.friends,
                      topics: group.topics,
                    })
                  }
                >
                  {t('common.edit')}
                </Button>
                <Button color="error" onClick={() => setRemoving(group)}>
                  {t('common.delete')}
                </Button>
              </Stack>
            )}
          </Stack>
        </Card>
      ))}
      {editing && (
        <GroupDialog lineAccountId={lineAccountId} initial={editing} onClose={() => setEditing(null)} />
      )}
      <ConfirmDialog
        open={removing !== null}
        title={t('notifications.groups.deleteTitle')}
        description={t('notifications.groups.deleteDescription', { label: removing?.label ?? '' })}
        confirmLabel={t('common.delete')}
        isDanger
        isLoading={remove.isPending}
        onConfirm={() => {
          if (!removing) return;
          void remove.mutateAsync(removing.lineMessageSettingId).then(() => {
            showToast(t('notifications.groups.deleted'), 'success');
            setRemoving(null);
          });
        }}
        onClose={() => setRemoving(null)}
      />
    </Stack>
  );
}
