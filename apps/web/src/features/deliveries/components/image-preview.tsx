import type { DeliveryImage, DeliveryImagemap } from '@app/contracts';
import Box from '@mui/material/Box';
import { useTranslation } from 'react-i18next';
import { imagePreviewSrc } from './image-message-editor.tsx';
import { imagemapSrc } from './imagemap-editor.tsx';

/**
 * An image message or a rich message in the phone preview: the picture as LINE shows it in a chat (the
 * preview image; the rich message full width with its tap areas faintly outlined), a grey block until an
 * image is chosen.
 */
export function ImagePreview({ message }: { message: DeliveryImage | DeliveryImagemap }) {
  const { t } = useTranslation();
  const isMap = message.type === 'imagemap';
  const label = isMap
    ? t('deliveries.images.imagemapPreviewLabel', { altText: message.altText })
    : t('deliveries.images.imagePreviewLabel');
  const ratio = isMap ? `1040 / ${message.height}` : undefined;
  return (
    <Box
      role="img"
      aria-label={label}
      data-testid={isMap ? 'preview-imagemap' : 'preview-image'}
      sx={{
        position: 'relative',
        width: isMap ? 'calc(100% - 38px)' : 'auto',
        maxWidth: isMap ? 'calc(100% - 38px)' : '70%',
        borderRadius: '14px',
        overflow: 'hidden',
        bgcolor: message.imageKey ? 'transparent' : 'rgba(255,255,255,0.6)',
        ...(message.imageKey
          ? {}
          : { width: isMap ? 'calc(100% - 38px)' : 160, aspectRatio: ratio ?? '4 / 3' }),
      }}
    >
      {message.imageKey && (
        <Box
          component="img"
          src={isMap ? imagemapSrc(message.imageKey) : imagePreviewSrc(message.imageKey)}
          alt=""
          sx={{ display: 'block', width: '100%', maxHeight: isMap ? 'none' : 240, objectFit: 'cover' }}
        />
      )}
      {isMap &&
        message.areas.map((area, no) => (
          <Box
            key={no}
            sx={{
              position: 'absolute',
              left: `${(area.bounds.x / 1040) * 100}%`,
              top: `${(area.bounds.y / message.height) * 100}%`,
              width: `${(area.bounds.width / 1040) * 100}%`,
              height: `${(area.bounds.height / message.height) * 100}%`,
              outline: '1px dashed rgba(255,255,255,0.8)',
              outlineOffset: -1,
            }}
          />
        ))}
    </Box>
  );
}
