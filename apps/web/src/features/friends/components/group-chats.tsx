import type { GroupChat, GroupChatKind, InboxFilter } from '@app/contracts';
import ArrowBack from '@mui/icons-material/ArrowBack';
import CheckCircleOutlined from '@mui/icons-material/CheckCircleOutlined';
import ReplayOutlined from '@mui/icons-material/ReplayOutlined';
import Avatar from '@mui/material/Avatar';
import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../lib/format.ts';
import {
  groupChatQueryOptions,
  groupChatsQueryOptions,
  groupMessagesQueryOptions,
  useMarkGroupReadMutation,
  useSendGroupMessageMutation,
  useUpdateGroupMutation,
} from '../api/groups.api.ts';
import { AssigneeSelect } from './assignee-select.tsx';
import { InboxFilterButtons, previewText } from './inbox-list.tsx';
import { MessageComposer } from './message-composer.tsx';

/** A group's name, or what it is when LINE gives none (a room has no name). */
const groupName = (t: TFunction, g: Pick<GroupChat, 'name' | 'kind'>) =>
  g.name.trim() || t(`inbox.groups.kind.${g.kind}`);

export function GroupKindChip({ kind }: { kind: GroupChatKind }) {
  const { t } = useTranslation();
  return (
    <Chip
      size="small"
      variant="outlined"
      color={kind === 'group' ? 'primary' : 'secondary'}
      label={t(`inbox.groups.kind.${kind}`)}
    />
  );
}

/** The inbox's groups and rooms, newest first, each with its badge (グループ / トークルーム). */
export function GroupChatList({
  lineAccountId,
  selectedId,
  pollMs,
  filter,
  onFilter,
  onOpen,
}: {
  lineAccountId: number;
  selectedId: number | null;
  pollMs: number | false;
  filter: InboxFilter;
  onFilter: (filter: InboxFilter) => void;
  onOpen: (id: number) => void;
}) {
  const { t } = useTranslation();
  const list = useQuery({ ...groupChatsQueryOptions(lineAccountId, filter), refetchInterval: pollMs });
  const rows = list.data?.data ?? [];
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', minHeight: 0, height: '100%' }}>
      <Box sx={{ p: 1.5 }}>
        <InboxFilterButtons filter={filter} onFilter={onFilter} />
      </Box>
      <List
        disablePadding
        aria-label={t('inbox.groups.list')}
        sx={{ overflowY: 'auto', flexGrow: 1, borderTop: 1, borderColor: 'divider' }}
      >
        {!list.isPending && rows.length === 0 && (
          <ListItem>
            <Typography color="text.secondary" sx={{ p: 1.5 }}>
              {filter === 'all' ? t('inbox.groups.empty') : t('inbox.empty')}
            </Typography>
          </ListItem>
        )}
        {rows.map((g) => (
          <ListItem key={g.id} disablePadding>
            <ListItemButton
              selected={g.id === selectedId}
              onClick={() => onOpen(g.id)}
              divider
              data-testid={`group-${g.id}`}
            >
              <Badge color="error" badgeContent={g.unreadCount} sx={{ mr: 1.5 }}>
                <Avatar src={g.pictureUrl ?? undefined} alt="" />
              </Badge>
              <Box sx={{ minWidth: 0, flexGrow: 1 }}>
                <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                  <Typography noWrap sx={{ fontWeight: g.unreadCount ? 700 : 400 }}>
                    {groupName(t, g)}
                  </Typography>
                  <GroupKindChip kind={g.kind} />
                  {g.status === 'NEEDS_REPLY' && (
                    <Chip size="small" color="warning" label={t('inbox.status.NEEDS_REPLY')} />
                  )}
                  {g.assigneeName && <Chip size="small" variant="outlined" label={g.assigneeName} />}
                </Stack>
                <Typography variant="body2" color="text.secondary" noWrap>
                  {previewText(t, g.lastMessagePreview) ||
                    t('inbox.groups.members', { count: g.memberCount })}
                </Typography>
                <Typography variant="caption" color="text.secondary">
                  {formatDateTime(g.lastMessageAt)}
                  {g.leftAt ? ` · ${t('inbox.groups.left')}` : ''}
                </Typography>
              </Box>
            </ListItemButton>
          </ListItem>
        ))}
      </List>
    </Box>
  );
}

/** One group or room: its members, its messages with their senders, and the answer box. */
export function GroupChatPane({
  lineAccountId,
  groupId,
  canWork,
  pollMs,
  onBack,
}: {
  lineAccountId: number;
  groupId: number;
  canWork: boolean;
  pollMs: number | false;
  onBack: () => void;
}) {
  const { t } = useTranslation();
  const detail = useQuery({ ...groupChatQueryOptions(lineAccountId, groupId), refetchInterval: pollMs });
  const history = useQuery({ ...groupMessagesQueryOptions(lineAccountId, groupId), refetchInterval: pollMs });
  const markRead = useMarkGroupReadMutation(lineAccountId);
  const send = useSendGroupMessageMutation(lineAccountId, groupId);
  const update = useUpdateGroupMutation(lineAccountId, groupId);
  const unread = detail.data?.unreadCount ?? 0;
  useEffect(() => {
    if (unread > 0) markRead.mutate(groupId);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per arrival of unread messages
  }, [groupId, unread]);
  const group = detail.data;
  if (!group) return null;
  const isDone = group.status === 'DONE';
  const messages = [...(history.data?.data ?? [])].reverse();
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', height: '100%', minWidth: 0 }}>
      <Box sx={{ p: 2, borderBottom: 1, borderColor: 'divider' }}>
        {/* wraps: the name keeps its width, the status and 担当者 go under it when the pane is narrow */}
        <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
          <IconButton aria-label={t('inbox.back')} onClick={onBack} sx={{ display: { md: 'none' } }}>
            <ArrowBack />
          </IconButton>
          <Avatar src={group.pictureUrl ?? undefined} alt="" />
          <Typography variant="h6" component="h2" noWrap>
            {groupName(t, group)}
          </Typography>
          <GroupKindChip kind={group.kind} />
          {group.leftAt ? <Chip size="small" label={t('inbox.groups.left')} /> : null}
          <Box sx={{ flexGrow: 1 }} />
          <Chip
            size="small"
            color={isDone ? 'success' : 'warning'}
            variant={isDone ? 'outlined' : 'filled'}
            label={t(`inbox.status.${group.status}`)}
          />
          {canWork && (
            <Button
              size="small"
              variant={isDone ? 'outlined' : 'contained'}
              startIcon={isDone ? <ReplayOutlined /> : <CheckCircleOutlined />}
              loading={update.isPending}
              onClick={() => update.mutate({ status: isDone ? 'NEEDS_REPLY' : 'DONE' })}
              sx={{ flexShrink: 0 }}
            >
              {t(isDone ? 'inbox.markNeedsReply' : 'inbox.markDone')}
            </Button>
          )}
          <AssigneeSelect
            lineAccountId={lineAccountId}
            assigneeUserId={group.assigneeUserId}
            assigneeName={group.assigneeName}
            isDisabled={!canWork || update.isPending}
            onChange={(assigneeUserId) => update.mutate({ assigneeUserId })}
          />
        </Stack>
        <Box
          sx={{ mt: 1, display: 'flex', flexWrap: 'wrap', gap: 0.5 }}
          aria-label={t('inbox.groups.memberList')}
        >
          {group.members.map((m) => (
            <Chip
              key={m.lineUserId}
              size="small"
              avatar={<Avatar src={m.pictureUrl ?? undefined} alt="" />}
              label={
                (m.displayName || t('inbox.noName')) +
                (m.friendId ? ` · ${t('inbox.groups.friend')}` : '') +
                (m.leftAt ? ` · ${t('inbox.groups.memberLeft')}` : '')
              }
              variant={m.leftAt ? 'outlined' : 'filled'}
            />
          ))}
        </Box>
      </Box>
      <Box sx={{ flexGrow: 1, overflowY: 'auto', p: 2 }} aria-label={t('inbox.groups.history')}>
        {messages.map((m) => {
          const mine = m.source === 'system';
          return (
            <Box
              key={m.id}
              sx={{ display: 'flex', justifyContent: mine ? 'flex-end' : 'flex-start', mb: 1.5 }}
            >
              <Box sx={{ maxWidth: '75%' }}>
                {!mine ? (
                  <Typography variant="caption" color="text.secondary">
                    {m.sender?.displayName || t('inbox.noName')}
                  </Typography>
                ) : null}
                <Box
                  sx={{
                    px: 1.5,
                    py: 1,
                    borderRadius: 2,
                    bgcolor: mine ? 'primary.main' : 'action.hover',
                    color: mine ? 'primary.contrastText' : 'text.primary',
                    whiteSpace: 'pre-wrap',
                  }}
                >
                  {m.unsentAt ? t('inbox.unsent') : previewText(t, m.contents)}
                </Box>
                <Typography variant="caption" color="text.secondary">
                  {formatDateTime(m.timestamp)}
                </Typography>
              </Box>
            </Box>
          );
        })}
      </Box>
      {canWork ? (
        <Box sx={{ p: 2, borderTop: 1, borderColor: 'divider' }}>
          <MessageComposer
            onSend={(text) => send.mutateAsync({ text })}
            isDisabled={group.leftAt !== null}
            {...(group.leftAt ? { disabledReason: t('inbox.groups.cannotSend') } : {})}
          />
        </Box>
      ) : null}
    </Box>
  );
}
