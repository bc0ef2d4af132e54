import { can, inboxFilterSchema, type InboxFilter, type Session } from '@app/contracts';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PageHeader } from '../../components/page-header.tsx';
import { SimulatorLink } from '../../components/simulator-link.tsx';
import {
  inboxQueryOptions,
  inboxUnreadQueryOptions,
  useInboxLiveStream,
  useMarkConversationReadMutation,
  useMarkConversationUnreadMutation,
} from '../../features/friends/api/inbox.api.ts';
import {
  TemplateInsertButton,
  templateReplyText,
} from '../../features/deliveries/components/template-insert-button.tsx';
import { ImageSendButton } from '../../features/deliveries/components/image-send-button.tsx';
import { StickerSendButton } from '../../features/deliveries/components/sticker-send-button.tsx';
import { ConversationPane } from '../../features/friends/components/conversation-pane.tsx';
import { GroupChatList, GroupChatPane } from '../../features/friends/components/group-chats.tsx';
import { InboxList } from '../../features/friends/components/inbox-list.tsx';
import {
  LineAccountGate,
  useLineAccountSelection,
} from '../../features/line-accounts/components/line-account-gate.tsx';

/** The inbox's state in the address: ?filter=&q=&friend= (the open conversation). */
function useInboxParams() {
  const [searchParams, setSearchParams] = useSearchParams();
  const parsed = inboxFilterSchema.safeParse(searchParams.get('filter') ?? 'all');
  const filter: InboxFilter = parsed.success ? parsed.data : 'all';
  const search = searchParams.get('q') ?? '';
  const rawGroup = searchParams.get('group');
  const groupId = rawGroup && /^\d+$/.test(rawGroup) ? Number(rawGroup) : null;
  const isGroups = searchParams.get('view') === 'groups';
  const rawFriend = searchParams.get('friend');
  const friendId = rawFriend && /^\d+$/.test(rawFriend) ? Number(rawFriend) : null;
  const set = (name: string, value: string | null) =>
    setSearchParams((current) => {
      const next = new URLSearchParams(current);
      if (value === null || value === '' || (name === 'filter' && value === 'all')) next.delete(name);
      else next.set(name, value);
      return next;
    });
  return {
    filter,
    search,
    friendId,
    groupId,
    isGroups,
    setGroups: (on: boolean) =>
      setSearchParams((current) => {
        const next = new URLSearchParams(current);
        if (on) next.set('view', 'groups');
        else next.delete('view');
        next.delete('group');
        return next;
      }),
    setGroupId: (id: number | null) => set('group', id === null ? null : String(id)),
    setFilter: (f: InboxFilter) => set('filter', f),
    setSearch: (q: string) => set('q', q),
    setFriendId: (id: number | null) => set('friend', id === null ? null : String(id)),
  };
}

/** A list's unread messages beside its name in the 友だち / グループ・トークルーム switch. */
function UnreadCount({ n }: { n: number }) {
  const { t } = useTranslation();
  if (n <= 0) return null;
  return (
    <Box
      component="span"
      aria-label={t('inbox.unreadCount', { count: n })}
      sx={{
        ml: 0.75,
        px: 0.75,
        minWidth: 20,
        borderRadius: 10,
        bgcolor: 'error.main',
        color: 'error.contrastText',
        fontSize: 12,
        lineHeight: '20px',
      }}
    >
      {n > 99 ? '99+' : n}
    </Box>
  );
}

function Inbox({ lineAccountId, session }: { lineAccountId: number; session: Session }) {
  const { t } = useTranslation();
  const params = useInboxParams();
  const pollMs = useInboxLiveStream(lineAccountId);
  const list = useInfiniteQuery({
    ...inboxQueryOptions(lineAccountId, params.filter, params.search),
    refetchInterval: pollMs,
  });
  const unread = useQuery({ ...inboxUnreadQueryOptions(lineAccountId), refetchInterval: pollMs || 15_000 });
  const isOpen = params.isGroups ? params.groupId !== null : params.friendId !== null;
  const markRead = useMarkConversationReadMutation(lineAccountId);
  const markUnread = useMarkConversationUnreadMutation(lineAccountId);
  // 未読にする on the open conversation closes it: an open conversation is read.
  const toggleRead = (c: { friendId: number; unreadCount: number }) => {
    if (c.unreadCount > 0) return markRead.mutate(c.friendId);
    if (c.friendId === params.friendId) params.setFriendId(null);
    markUnread.mutate(c.friendId);
  };
  return (
    <Paper
      variant="outlined"
      data-live={pollMs === false}
      sx={{
        display: 'flex',
        height: { xs: 'calc(100dvh - 180px)', md: 'calc(100dvh - 200px)' },
        minHeight: 480,
        overflow: 'hidden',
      }}
    >
      <Box
        sx={{
          width: { xs: '100%', md: 340 },
          flexShrink: 0,
          borderRight: { md: 1 },
          borderColor: 'divider',
          display: { xs: isOpen ? 'none' : 'flex', md: 'flex' },
          flexDirection: 'column',
        }}
      >
        <ToggleButtonGroup
          exclusive
          size="small"
          fullWidth
          value={params.isGroups ? 'groups' : 'friends'}
          onChange={(_e, value: string | null) => value && params.setGroups(value === 'groups')}
          aria-label={t('inbox.view.label')}
          sx={{ p: 1, borderBottom: 1, borderColor: 'divider' }}
        >
          <ToggleButton value="friends">
            {t('inbox.view.friends')}
            <UnreadCount n={unread.data?.friends ?? 0} />
          </ToggleButton>
          <ToggleButton value="groups">
            {t('inbox.view.groups')}
            <UnreadCount n={unread.data?.groups ?? 0} />
          </ToggleButton>
        </ToggleButtonGroup>
        <Box sx={{ flex: 1, minHeight: 0 }}>
          {params.isGroups ? (
            <GroupChatList
              lineAccountId={lineAccountId}
              selectedId={params.groupId}
              pollMs={pollMs}
              filter={params.filter}
              onFilter={params.setFilter}
              onOpen={params.setGroupId}
            />
          ) : (
            <InboxList
              query={list}
              filter={params.filter}
              search={params.search}
              selectedFriendId={params.friendId}
              onFilter={params.setFilter}
              onSearch={params.setSearch}
              onOpen={params.setFriendId}
              onToggleRead={toggleRead}
            />
          )}
        </Box>
      </Box>
      <Box
        sx={{ flexGrow: 1, minWidth: 0, display: { xs: isOpen ? 'flex' : 'none', md: 'flex' } }}
        component="section"
        aria-label={t('inbox.conversation')}
      >
        {params.isGroups && params.groupId !== null ? (
          <Box sx={{ flexGrow: 1, minWidth: 0 }}>
            <GroupChatPane
              key={params.groupId}
              lineAccountId={lineAccountId}
              groupId={params.groupId}
              canWork={can(session.role, session.position, 'client.work')}
              pollMs={pollMs}
              onBack={() => params.setGroupId(null)}
            />
          </Box>
        ) : !params.isGroups && params.friendId !== null ? (
          <Box sx={{ flexGrow: 1, minWidth: 0 }}>
            <ConversationPane
              key={params.friendId}
              lineAccountId={lineAccountId}
              friendId={params.friendId}
              canWork={can(session.role, session.position, 'client.work')}
              pollMs={pollMs}
              onBack={() => params.setFriendId(null)}
              onMarkUnread={() => toggleRead({ friendId: params.friendId!, unreadCount: 0 })}
              replySticker={(send) => <StickerSendButton onSend={send} />}
              replyImage={(send) => <ImageSendButton lineAccountId={lineAccountId} onSend={send} />}
              replyInsert={(friendName, insert) => (
                <TemplateInsertButton
                  lineAccountId={lineAccountId}
                  textOnly
                  testIdPrefix="reply-"
                  onPick={(template) => insert(templateReplyText(template, friendName))}
                />
              )}
            />
          </Box>
        ) : (
          <Box sx={{ display: 'grid', placeItems: 'center', flexGrow: 1, p: 3 }}>
            <Typography color="text.secondary">{t('inbox.pick')}</Typography>
          </Box>
        )}
      </Box>
    </Paper>
  );
}

/** /client/inbox?lineAccountId=N: the チャット of one LINE account (the first one when none is named). */
export function ClientInboxPage({ session }: { session: Session }) {
  const { t } = useTranslation();
  const selection = useLineAccountSelection();
  const { selected } = selection;
  return (
    <LineAccountGate
      selection={selection}
      header={
        <PageHeader
          title={t('nav.inbox')}
          subtitle={selected ? t('inbox.subtitle', { name: selected.displayName }) : undefined}
          actions={
            <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
              <SimulatorLink url={session.lineSimulatorUrl} />
              {selection.picker}
            </Box>
          }
        />
      }
    >
      {(account) => <Inbox key={account.id} lineAccountId={account.id} session={session} />}
    </LineAccountGate>
  );
}
