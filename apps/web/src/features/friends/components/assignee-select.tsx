import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { inboxAssigneesQueryOptions } from '../api/inbox.api.ts';

/**
 * 担当者 of a conversation, a group or a room: a user of the client, or nobody (said in words, 担当者なし).
 * The users are the inbox's assignee choices of the account; the current assignee is shown by the name the
 * conversation gives while they load, or when that user is no longer among them.
 */
export function AssigneeSelect({
  lineAccountId,
  assigneeUserId,
  assigneeName,
  isDisabled,
  onChange,
}: {
  lineAccountId: number;
  assigneeUserId: number | null;
  assigneeName: string | null;
  isDisabled: boolean;
  onChange: (assigneeUserId: number | null) => void;
}) {
  const { t } = useTranslation();
  const assignees = useQuery(inboxAssigneesQueryOptions(lineAccountId));
  const choices = assignees.data?.data ?? [];
  const current =
    assigneeUserId !== null && !choices.some((u) => u.id === assigneeUserId)
      ? [{ id: assigneeUserId, name: assigneeName ?? '—' }]
      : [];
  return (
    <TextField
      select
      size="small"
      label={t('inbox.assignee')}
      value={assigneeUserId ?? ''}
      disabled={isDisabled}
      onChange={(e) => onChange(e.target.value === '' ? null : Number(e.target.value))}
      slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
      sx={{ minWidth: 160 }}
    >
      <MenuItem value="">{t('inbox.nobody')}</MenuItem>
      {[...current, ...choices].map((u) => (
        <MenuItem key={u.id} value={u.id}>
          {u.name}
        </MenuItem>
      ))}
    </TextField>
  );
}
