import { friendMessages, type ConversationStatus } from '@app/contracts';
import ArrowBackOutlined from '@mui/icons-material/ArrowBackOutlined';
import CheckCircleOutlined from '@mui/icons-material/CheckCircleOutlined';
import MarkEmailUnreadOutlined from '@mui/icons-material/MarkEmailUnreadOutlined';
import ReplayOutlined from '@mui/icons-material/ReplayOutlined';
import SyncOutlined from '@mui/icons-material/SyncOutlined';
import Alert from '@mui/material/Alert';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useInfiniteQuery, useMutation, useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { DetailList } from '../../../components/data/detail-list.tsx';
import { useQueryFailure } from '../../../components/query-failure.tsx';
import { useShowFailure, useTranslateMessage } from '../../../lib/translate-message.ts';
import {
  friendMessagesQueryOptions,
  useSendMessageMutation,
  useSetManagerNoteMutation,
} from '../api/friends.api.ts';
import {
  conversationQueryOptions,
  useMarkConversationReadMutation,
  useRefreshFriendProfileMutation,
  useUpdateConversationMutation,
} from '../api/inbox.api.ts';
import { AssigneeSelect } from './assignee-select.tsx';
import { conversationName } from './inbox-list.tsx';
import { ManagerNoteForm } from './manager-note-form.tsx';
import { MessageComposer } from './message-composer.tsx';
import { MessageHistory } from './message-history.tsx';

/**
 * One conversation of the inbox: the chat with its message box, 要対応 / 対応済み and the assignee, and
 * beside it what the product knows about the friend (member card, shift staff status, notes). Opening it
 * marks it read.
 */
export function ConversationPane({
  lineAccountId,
  friendId,
  canWork,
  pollMs,
  onBack,
  onMarkUnread,
  replyInsert,
  replySticker,
  replyImage,
}: {
  lineAccountId: number;
  friendId: number;
  canWork: boolean;
  /** How often to ask again on its own: false while the inbox's live stream is open. */
  pollMs: number | false;
  /** A button that sends a sticker as the reply (スタンプ), given the sender. */
  replySticker?: (send: (sticker: { packageId: string; stickerId: string }) => Promise<unknown>) => ReactNode;
  /** A button that sends an image as the reply (画像), given the sender of an uploaded image's key. */
  replyImage?: (send: (imageKey: string) => Promise<unknown>) => ReactNode;
  /** A button that adds text to the reply (テンプレートから挿入), given the friend's name and the adder. */
  replyInsert?: (friendName: string, insert: (text: string) => void) => ReactNode;
  /** Phones: back to the list. */
  onBack: () => void;
  /** 未読にする: the page marks it unread and closes it (an open conversation is read). */
  onMarkUnread?: () => void;
}) {
  const { t } = useTranslation();
  const translate = useTranslateMessage();
  const conversation = useQuery({
    ...conversationQueryOptions(lineAccountId, friendId),
    refetchInterval: pollMs,
  });
  const messages = useInfiniteQuery({
    ...friendMessagesQueryOptions(lineAccountId, friendId),
    refetchInterval: pollMs,
  });
  const markRead = useMarkConversationReadMutation(lineAccountId);
  const update = useUpdateConversationMutation(lineAccountId, friendId);
  const send = useSendMessageMutation(lineAccountId, friendId);
  const saveNote = useSetManagerNoteMutation(lineAccountId);
  const refreshProfile = useRefreshFriendProfileMutation(lineAccountId);
  const showFailure = useShowFailure();
  const failure = useQueryFailure(conversation);
  const unread = conversation.data?.unreadCount ?? 0;
  const { mutate: markAsRead } = markRead;
  // Opened (or a message arrived while open): nothing is unread any more.
  useEffect(() => {
    if (unread > 0) markAsRead(friendId);
  }, [friendId, unread, markAsRead]);
  const setStatus = useMutation({
    mutationFn: (status: ConversationStatus) => update.mutateAsync({ status }),
  });

  if (conversation.isPending) {
    return (
      <Box sx={{ p: 3 }} role="status" aria-label={t('common.loading')}>
        <Skeleton height={48} />
        <Skeleton height={240} />
      </Box>
    );
  }
  if (conversation.isError) return <Box sx={{ p: 2 }}>{failure}</Box>;
  const c = conversation.data;
  const name = conversationName(t, c);
  const isDone = c.status === 'DONE';
  return (
    <Box
      sx={{
        display: 'flex',
        height: '100%',
        minHeight: 0,
        flexDirection: { xs: 'column', lg: 'row' },
        // narrower screens: the friend's panel follows the chat, the whole pane scrolls
        overflowY: { xs: 'auto', lg: 'hidden' },
      }}
      data-testid="conversation-pane"
    >
      <Box
        sx={{
          display: 'flex',
          flexDirection: 'column',
          flex: { xs: '0 0 auto', lg: '1 1 auto' },
          minWidth: 0,
          minHeight: { xs: '100%', lg: 0 },
        }}
      >
        <Box
          sx={{
            display: 'flex',
            alignItems: 'center',
            gap: 1.5,
            px: 2,
            py: 1.25,
            borderBottom: 1,
            borderColor: 'divider',
            flexWrap: 'wrap',
          }}
        >
          <IconButton
            aria-label={t('inbox.back')}
            onClick={onBack}
            sx={{ display: { md: 'none' } }}
            size="small"
          >
            <ArrowBackOutlined />
          </IconButton>
          <Avatar src={c.pictureUrl ?? undefined} alt="" sx={{ width: 36, height: 36 }}>
            {name.slice(0, 1)}
          </Avatar>
          <Box sx={{ minWidth: 0, flexGrow: 1 }}>
            <Typography variant="h3" component="h2" noWrap>
              {name}
            </Typography>
            {!c.isFriend && (
              <Typography variant="caption" color="text.secondary">
                {t(c.followedAt ? 'inbox.blocked' : 'inbox.notFollowing')}
              </Typography>
            )}
          </Box>
          <Chip
            size="small"
            color={isDone ? 'success' : 'warning'}
            variant={isDone ? 'outlined' : 'filled'}
            label={t(`inbox.status.${c.status}`)}
          />
          {canWork && (
            <Button
              size="small"
              variant={isDone ? 'outlined' : 'contained'}
              startIcon={isDone ? <ReplayOutlined /> : <CheckCircleOutlined />}
              loading={setStatus.isPending}
              onClick={() => setStatus.mutate(isDone ? 'NEEDS_REPLY' : 'DONE')}
            >
              {t(isDone ? 'inbox.markNeedsReply' : 'inbox.markDone')}
            </Button>
          )}
          {onMarkUnread && (
            <Button
              size="small"
              variant="text"
              startIcon={<MarkEmailUnreadOutlined />}
              onClick={onMarkUnread}
              data-testid="conversation-mark-unread"
            >
              {t('inbox.markUnread')}
            </Button>
          )}
          <AssigneeSelect
            lineAccountId={lineAccountId}
            assigneeUserId={c.assigneeUserId}
            assigneeName={c.assigneeName}
            isDisabled={!canWork || update.isPending}
            onChange={(assigneeUserId) => update.mutate({ assigneeUserId })}
          />
        </Box>
        <Box sx={{ flexGrow: 1, overflowY: { lg: 'auto' }, px: 2, minHeight: 240 }}>
          <MessageHistory query={messages} friendName={name} friendPictureUrl={c.pictureUrl} />
        </Box>
        {canWork && (
          <Box sx={{ px: 2, py: 1.5, borderTop: 1, borderColor: 'divider' }}>
            <MessageComposer
              onSend={(text) => send.mutateAsync(text)}
              isDisabled={!c.isFriend}
              disabledReason={translate(friendMessages.notFollowing)}
              {...(replyInsert
                ? { insertButton: (insert: (text: string) => void) => replyInsert(c.displayName, insert) }
                : {})}
              {...(replySticker
                ? { stickerButton: replySticker((sticker) => send.mutateAsync({ sticker })) }
                : {})}
              {...(replyImage
                ? { imageButton: replyImage((imageKey) => send.mutateAsync({ imageKey })) }
                : {})}
            />
          </Box>
        )}
      </Box>
      <Box
        component="aside"
        aria-label={t('inbox.aboutFriend')}
        sx={{
          width: { lg: 300 },
          flex: '0 0 auto',
          borderLeft: { lg: 1 },
          borderTop: { xs: 1, lg: 0 },
          borderColor: 'divider',
          p: 2,
          overflowY: 'auto',
        }}
      >
        <Typography variant="overline" component="h3" color="text.secondary">
          {t('inbox.aboutFriend')}
        </Typography>
        <DetailList
          items={[
            {
              label: t('inbox.statusMessage'),
              value: c.statusMessage || t('inbox.noStatusMessage'),
              isWide: true,
            },
            {
              label: t('inbox.memberCard'),
              value: c.member
                ? `${c.member.memberCode ?? '—'} (${t(`inbox.memberStatus.${c.member.status}`, { defaultValue: c.member.status })})`
                : t('inbox.notMember'),
              isWide: true,
            },
            {
              label: t('friends.fields.staffStatus'),
              value: c.staff
                ? t(`friends.staffStatus.${c.staff.status}`, { defaultValue: c.staff.status })
                : t('inbox.notStaff'),
              isWide: true,
            },
          ]}
        />
        {canWork && (
          <Box sx={{ mt: 1 }}>
            <Button
              size="small"
              variant="outlined"
              startIcon={<SyncOutlined />}
              loading={refreshProfile.isPending}
              onClick={() => refreshProfile.mutate(c.friendId)}
              data-testid="refresh-profile"
            >
              {t('inbox.refreshProfile')}
            </Button>
            {refreshProfile.isError && (
              <Alert severity="warning" sx={{ mt: 1 }}>
                {showFailure(refreshProfile.error)}
              </Alert>
            )}
            {refreshProfile.isSuccess && (
              <Alert severity="success" role="status" sx={{ mt: 1 }}>
                {t('inbox.profileRefreshed')}
              </Alert>
            )}
          </Box>
        )}
        <Typography variant="overline" component="h3" color="text.secondary" sx={{ display: 'block', mt: 2 }}>
          {t('friends.fields.managerNotes')}
        </Typography>
        <ManagerNoteForm
          key={`${c.friendId}:${c.managerNotes ?? ''}`}
          managerNotes={c.managerNotes}
          canEdit={canWork}
          onSave={(managerNotes) => saveNote.mutateAsync({ friendId: c.friendId, managerNotes })}
        />
      </Box>
    </Box>
  );
}
