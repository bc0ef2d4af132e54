import type { Message } from '@app/contracts';
import ErrorOutlineOutlined from '@mui/icons-material/ErrorOutlineOutlined';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { StickerImage } from '../../../components/sticker-image.tsx';
import { formatDateTime } from '../../../lib/format.ts';
import { MessageLocation, MessageMedia } from './message-media.tsx';

/**
 * One message of the トーク: the friend's own (source user) on the left in grey, the account's
 * (source system) on the right in the theme colour, with its delivery state. A message LINE did not
 * take shows LINE's reason and whether it will be retried (QUEUED with a reason: the outbox retries).
 */
export function MessageBubble({
  message,
  friendName,
  friendPictureUrl,
}: {
  message: Pick<
    Message,
    'id' | 'contents' | 'source' | 'delivery' | 'deliveryError' | 'createdAt' | 'sentAt'
  > &
    Partial<
      Pick<Message, 'type' | 'unsentAt' | 'timestamp' | 'fromDelivery' | 'sticker' | 'media' | 'location'>
    >;
  friendName: string;
  friendPictureUrl: string | null;
}) {
  const { t } = useTranslation();
  const isFromFriend = message.source === 'user';
  const isFailed = message.delivery === 'FAILED';
  const isRetrying = message.delivery === 'QUEUED' && Boolean(message.deliveryError);
  // a kind of message the chat cannot draw yet is named in words ([imagemap] → リッチメッセージ)
  const kind = message.type && message.type !== 'text' ? message.type : null;
  // a sticker (either way) is drawn, on no bubble of its own
  const sticker = !message.unsentAt ? (message.sticker ?? null) : null;
  // an image, video, audio or file is shown (or why it is not); a location links to a map
  const media = !message.unsentAt ? (message.media ?? null) : null;
  const location = !message.unsentAt ? (message.location ?? null) : null;
  const isPicture =
    media !== null && (media.status === 'STORED' || media.status === 'EXTERNAL') && media.kind !== 'file';
  const bubble = (
    <Box
      data-testid="message-bubble"
      data-source={message.source}
      sx={{
        display: 'flex',
        gap: 1,
        alignItems: 'flex-end',
        flexDirection: isFromFriend ? 'row' : 'row-reverse',
      }}
    >
      {isFromFriend && (
        <Avatar src={friendPictureUrl ?? undefined} alt="" sx={{ width: 28, height: 28 }}>
          {friendName.slice(0, 1)}
        </Avatar>
      )}
      <Box
        sx={{
          maxWidth: '78%',
          px: 1.5,
          py: 1,
          borderRadius: 2.5,
          borderBottomLeftRadius: isFromFriend ? 4 : undefined,
          borderBottomRightRadius: isFromFriend ? undefined : 4,
          bgcolor: sticker
            ? 'transparent'
            : isPicture
              ? 'transparent'
              : isFromFriend
                ? 'action.selected'
                : isFailed
                  ? 'error.light'
                  : 'primary.main',
          color: isFromFriend ? 'text.primary' : isFailed ? 'error.contrastText' : 'primary.contrastText',
          whiteSpace: 'pre-wrap',
          wordBreak: 'break-word',
          ...(isPicture ? { p: 0 } : {}),
        }}
      >
        {media && <MessageMedia media={media} />}
        {location && <MessageLocation location={location} />}
        {sticker && (
          <Box role="img" aria-label={t('inbox.kind.sticker')} data-testid="message-sticker">
            <StickerImage stickerId={sticker.stickerId} size={96} />
          </Box>
        )}
        <Typography
          variant="body2"
          component="p"
          sx={{
            m: 0,
            fontStyle: message.unsentAt || kind ? 'italic' : undefined,
            ...(sticker || media || location ? { display: 'none' } : {}),
          }}
        >
          {message.unsentAt
            ? t('inbox.unsent')
            : kind
              ? t(`inbox.kind.${kind}`, { defaultValue: t('inbox.kind.other') })
              : message.contents}
        </Typography>
      </Box>
      <Box
        sx={{
          display: 'flex',
          flexDirection: 'column',
          alignItems: isFromFriend ? 'flex-start' : 'flex-end',
          color: 'text.secondary',
          minWidth: 0,
          flexShrink: 0,
        }}
      >
        {!isFromFriend && message.fromDelivery && (
          <Typography
            variant="caption"
            data-testid="from-delivery"
            title={message.fromDelivery.title}
            sx={{ lineHeight: 1.3, fontWeight: 600, maxWidth: 120 }}
            noWrap
          >
            {t('templates.fromDelivery', { title: message.fromDelivery.title })}
          </Typography>
        )}
        {!isFromFriend && (
          <Typography
            variant="caption"
            color={isFailed ? 'error' : 'text.secondary'}
            sx={{ display: 'flex', alignItems: 'center', gap: 0.25, lineHeight: 1.3 }}
            title={message.deliveryError ?? undefined}
          >
            {isFailed && <ErrorOutlineOutlined sx={{ fontSize: 14 }} />}
            {isRetrying ? t('friends.retrying') : t(`friends.delivery.${message.delivery}`)}
          </Typography>
        )}
        <Typography variant="caption" sx={{ lineHeight: 1.3, fontSize: '0.7rem' }}>
          {formatDateTime(
            isFromFriend ? (message.timestamp ?? message.createdAt) : (message.sentAt ?? message.createdAt),
          )}
        </Typography>
      </Box>
    </Box>
  );
  if (isFromFriend || !(isFailed || isRetrying)) return bubble;
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', alignItems: 'flex-end', gap: 0.25 }}>
      {bubble}
      <Typography
        data-testid="delivery-error"
        variant="caption"
        color={isFailed ? 'error' : 'text.secondary'}
        sx={{ maxWidth: '78%', textAlign: 'right', lineHeight: 1.35, wordBreak: 'break-word' }}
      >
        {t(isFailed ? 'friends.deliveryNote.failed' : 'friends.deliveryNote.retrying')}
        {message.deliveryError && `: ${message.deliveryError}`}
      </Typography>
    </Box>
  );
}
