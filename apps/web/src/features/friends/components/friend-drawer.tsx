import { friendMessages, inflowEndpoints } from '@app/contracts';
import CloseOutlined from '@mui/icons-material/CloseOutlined';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { DetailList } from '../../../components/data/detail-list.tsx';
import { apiRequest } from '../../../lib/api-client.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { useTranslateMessage } from '../../../lib/translate-message.ts';
import {
  friendMessagesQueryOptions,
  friendQueryOptions,
  useSendMessageMutation,
  useSetManagerNoteMutation,
} from '../api/friends.api.ts';
import { FriendRichMenuTaps } from './friend-rich-menu-taps.tsx';
import { FriendKindChips, FriendStatusChip } from './friend-status-chip.tsx';
import { FriendTags } from './friend-tags.tsx';
import { ManagerNoteForm } from './manager-note-form.tsx';
import { MessageComposer } from './message-composer.tsx';
import { MessageHistory } from './message-history.tsx';
import { useQueryFailure } from '../../../components/query-failure.tsx';

/** While the drawer is open the chat is asked for new messages this often. */
export const MESSAGE_POLL_MS = 4000;

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <Box component="section" sx={{ px: 3, py: 2 }}>
      <Typography variant="overline" component="h3" color="text.secondary" sx={{ display: 'block', mb: 1 }}>
        {title}
      </Typography>
      {children}
    </Box>
  );
}

/** The buttons of other features the page puts in the message box (as the inbox's: スタンプ, 画像). */
type ReplyButtons = {
  replySticker?:
    | ((send: (sticker: { packageId: string; stickerId: string }) => Promise<unknown>) => React.ReactNode)
    | undefined;
  replyImage?: ((send: (imageKey: string) => Promise<unknown>) => React.ReactNode) | undefined;
};

/** A friend's drawer: profile, 対応メモ, the トーク history and a message box. */
export function FriendDrawer({
  lineAccountId,
  friendId,
  canWork,
  onClose,
  extra,
  replySticker,
  replyImage,
}: {
  lineAccountId: number;
  friendId: number | null;
  /** May write notes and send messages. */
  canWork: boolean;
  onClose: () => void;
  /** A section another feature adds, composed by the page (the scenarios the friend is in). */
  extra?: { title: string; content: React.ReactNode };
} & ReplyButtons) {
  return (
    <Drawer
      anchor="right"
      open={friendId !== null}
      onClose={onClose}
      // Above the app bar (which sits above permanent drawers).
      sx={{ zIndex: (theme) => theme.zIndex.modal }}
      slotProps={{ paper: { sx: { width: { xs: '100%', sm: 520 } } } }}
    >
      {friendId !== null && (
        <FriendDrawerContent
          lineAccountId={lineAccountId}
          friendId={friendId}
          canWork={canWork}
          onClose={onClose}
          extra={extra}
          replySticker={replySticker}
          replyImage={replyImage}
        />
      )}
    </Drawer>
  );
}

function FriendDrawerContent({
  lineAccountId,
  friendId,
  canWork,
  onClose,
  extra,
  replySticker,
  replyImage,
}: {
  lineAccountId: number;
  friendId: number;
  canWork: boolean;
  onClose: () => void;
  extra?: { title: string; content: React.ReactNode };
} & ReplyButtons) {
  const { t } = useTranslation();
  const translate = useTranslateMessage();
  const friend = useQuery(friendQueryOptions(lineAccountId, friendId));
  const messages = useInfiniteQuery({
    ...friendMessagesQueryOptions(lineAccountId, friendId),
    refetchInterval: MESSAGE_POLL_MS,
  });
  const saveNote = useSetManagerNoteMutation(lineAccountId);
  const send = useSendMessageMutation(lineAccountId, friendId);
  const friendFailure = useQueryFailure(friend);
  // the route the friend came through (流入経路, decision 0038)
  const inflowRoute = useQuery({
    queryKey: ['inflow', lineAccountId, 'friend', friendId],
    queryFn: ({ signal }) =>
      apiRequest(inflowEndpoints.friendRoute, {
        params: { lineAccountId: String(lineAccountId), friendId: String(friendId) },
        signal,
      }),
  });

  if (friend.isPending) {
    return (
      <Box sx={{ p: 3 }} role="status" aria-label={t('common.loading')}>
        <Skeleton variant="circular" width={64} height={64} />
        <Skeleton height={40} />
        <Skeleton height={120} />
      </Box>
    );
  }
  if (friend.isError) {
    return (
      <Box sx={{ p: 2 }}>
        <Box sx={{ display: 'flex', justifyContent: 'flex-end' }}>
          <IconButton aria-label={t('common.close')} onClick={onClose}>
            <CloseOutlined />
          </IconButton>
        </Box>
        {friendFailure}
      </Box>
    );
  }
  const f = friend.data;
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', height: '100%' }} data-testid="friend-drawer">
      <Box
        sx={{
          display: 'flex',
          alignItems: 'center',
          gap: 2,
          px: 3,
          py: 2,
          borderBottom: 1,
          borderColor: 'divider',
        }}
      >
        <Avatar src={f.pictureUrl ?? undefined} alt="" sx={{ width: 56, height: 56 }}>
          {f.displayName.slice(0, 1)}
        </Avatar>
        <Box sx={{ minWidth: 0, flexGrow: 1 }}>
          <Typography variant="h3" component="h2" noWrap>
            {f.displayName}
          </Typography>
          <Box sx={{ display: 'flex', gap: 0.75, mt: 0.5, flexWrap: 'wrap' }}>
            <FriendStatusChip friend={f} />
            <FriendKindChips friend={f} />
          </Box>
        </Box>
        <IconButton aria-label={t('common.close')} onClick={onClose}>
          <CloseOutlined />
        </IconButton>
      </Box>
      <Box sx={{ flexGrow: 1, overflowY: 'auto' }}>
        <Section title={t('friends.drawer.profile')}>
          <DetailList
            items={[
              { label: t('friends.fields.statusMessage'), value: f.statusMessage, isWide: true },
              { label: t('friends.fields.followedAt'), value: f.followedAt && formatDateTime(f.followedAt) },
              ...(!f.isFriend && f.unfollowedAt
                ? [{ label: t('friends.fields.unfollowedAt'), value: formatDateTime(f.unfollowedAt) }]
                : []),
              ...(f.member ? [{ label: t('friends.fields.memberCode'), value: f.member.memberCode }] : []),
              ...(f.staff
                ? [
                    {
                      label: t('friends.fields.staffStatus'),
                      value: t(`friends.staffStatus.${f.staff.status}`, { defaultValue: f.staff.status }),
                    },
                  ]
                : []),
              { label: t('inflow.friendRoute'), value: inflowRoute.data?.route?.name ?? t('inflow.noRoute') },
              { label: t('friends.fields.lineUserId'), value: f.lineUserId, isWide: true },
            ]}
          />
        </Section>
        <Divider />
        <Section title={t('tags.title')}>
          <FriendTags lineAccountId={lineAccountId} friend={f} canWork={canWork} />
        </Section>
        <Divider />
        <Section title={t('friends.drawer.richMenuTaps')}>
          <FriendRichMenuTaps lineAccountId={lineAccountId} friendId={f.id} />
        </Section>
        <Divider />
        {extra && (
          <>
            <Section title={extra.title}>{extra.content}</Section>
            <Divider />
          </>
        )}
        <Section title={t('friends.fields.managerNotes')}>
          <ManagerNoteForm
            key={`${f.id}:${f.managerNotes ?? ''}`}
            managerNotes={f.managerNotes}
            canEdit={canWork}
            onSave={(managerNotes) => saveNote.mutateAsync({ friendId: f.id, managerNotes })}
          />
        </Section>
        <Divider />
        <Section title={t('friends.drawer.history')}>
          <MessageHistory query={messages} friendName={f.displayName} friendPictureUrl={f.pictureUrl} />
        </Section>
      </Box>
      {canWork && (
        <Box sx={{ px: 3, py: 2, borderTop: 1, borderColor: 'divider', bgcolor: 'background.paper' }}>
          <MessageComposer
            onSend={(text) => send.mutateAsync(text)}
            isDisabled={!f.isFriend}
            disabledReason={translate(friendMessages.notFollowing)}
            {...(replySticker
              ? { stickerButton: replySticker((sticker) => send.mutateAsync({ sticker })) }
              : {})}
            {...(replyImage ? { imageButton: replyImage((imageKey) => send.mutateAsync({ imageKey })) } : {})}
          />
        </Box>
      )}
    </Box>
  );
}
