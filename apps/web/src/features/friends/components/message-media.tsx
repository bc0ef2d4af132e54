import type { Message, MessageMediaView } from '@app/contracts';
import InsertDriveFileOutlined from '@mui/icons-material/InsertDriveFileOutlined';
import PlaceOutlined from '@mui/icons-material/PlaceOutlined';
import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import Dialog from '@mui/material/Dialog';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

/** 1.2 MB, 340 KB, 12 B: a file's size as the chat shows it. */
export function formatFileSize(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
  if (bytes >= 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${bytes} B`;
}

/**
 * An image, video, audio or file of the トーク, either way: the image's preview (click to enlarge), a
 * player, or the file's name and size to download; while it is fetched from LINE or LINE still prepares a
 * video or audio (準備中), or when LINE no longer had it or fetching failed, a sentence says so.
 */
export function MessageMedia({ media }: { media: MessageMediaView }) {
  const { t } = useTranslation();
  const [isOpen, setOpen] = useState(false);
  const kindName = t(`inbox.kind.${media.kind}`);
  if (
    media.status === 'PENDING' ||
    media.status === 'PREPARING' ||
    media.status === 'EXPIRED' ||
    media.status === 'FAILED'
  ) {
    return (
      <Typography
        variant="body2"
        component="p"
        data-testid="message-media-status"
        data-status={media.status}
        sx={{ m: 0, fontStyle: 'italic' }}
      >
        {t(`inbox.media.${media.status}.${media.kind}`)}
      </Typography>
    );
  }
  const url = media.url ?? '';
  switch (media.kind) {
    case 'image':
      return (
        <>
          <ButtonBase
            onClick={() => setOpen(true)}
            aria-label={t('inbox.media.enlarge')}
            sx={{ display: 'block', borderRadius: 1.5, overflow: 'hidden' }}
          >
            <Box
              component="img"
              data-testid="message-image"
              src={media.previewUrl ?? url}
              alt={kindName}
              sx={{ display: 'block', maxWidth: 240, maxHeight: 240, minWidth: 48, minHeight: 48 }}
            />
          </ButtonBase>
          <Dialog open={isOpen} onClose={() => setOpen(false)} maxWidth="lg" aria-label={kindName}>
            <Box
              component="img"
              src={url}
              alt={kindName}
              onClick={() => setOpen(false)}
              sx={{ display: 'block', maxWidth: '100%', maxHeight: '85vh', cursor: 'zoom-out' }}
            />
          </Dialog>
        </>
      );
    case 'video':
      return (
        <Box
          component="video"
          data-testid="message-video"
          controls
          preload="metadata"
          src={url}
          {...(media.previewUrl ? { poster: media.previewUrl } : {})}
          aria-label={kindName}
          sx={{ display: 'block', maxWidth: 280, maxHeight: 240, borderRadius: 1.5 }}
        />
      );
    case 'audio':
      return (
        <Box
          component="audio"
          data-testid="message-audio"
          controls
          preload="metadata"
          src={url}
          aria-label={kindName}
          sx={{ display: 'block', maxWidth: 280 }}
        />
      );
    default:
      return (
        <Link
          href={url}
          download={media.fileName ?? true}
          data-testid="message-file"
          color="inherit"
          sx={{ display: 'flex', alignItems: 'center', gap: 1 }}
        >
          <InsertDriveFileOutlined fontSize="small" />
          <span>
            {media.fileName ?? kindName}
            {media.size !== null && (
              <Typography component="span" variant="caption" sx={{ ml: 1 }}>
                {formatFileSize(media.size)}
              </Typography>
            )}
          </span>
        </Link>
      );
  }
}

/** A location the friend sent: its name and address, and a link that opens the place on a map. */
export function MessageLocation({ location }: { location: NonNullable<Message['location']> }) {
  const { t } = useTranslation();
  const query = `${location.latitude},${location.longitude}`;
  return (
    <Box data-testid="message-location" sx={{ display: 'flex', gap: 0.75, alignItems: 'flex-start' }}>
      <PlaceOutlined fontSize="small" sx={{ mt: 0.25 }} />
      <Box>
        {location.title && (
          <Typography variant="body2" sx={{ fontWeight: 600 }}>
            {location.title}
          </Typography>
        )}
        {location.address && <Typography variant="body2">{location.address}</Typography>}
        <Link
          href={`https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(query)}`}
          target="_blank"
          rel="noopener noreferrer"
          color="inherit"
          variant="body2"
        >
          {t('inbox.location.open')}
        </Link>
      </Box>
    </Box>
  );
}
