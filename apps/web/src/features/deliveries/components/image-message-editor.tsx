import { deliveryMediaUrl, type DeliveryImage } from '@app/contracts';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { ImageUploadButton } from './image-upload-button.tsx';

/** A new image message: no image yet (the composer's save refuses it until one is chosen). */
export const newImageMessage = (): DeliveryImage => ({ type: 'image', imageKey: '' });

/** The image an image message shows in the composer: its server-made preview (same origin). */
export const imagePreviewSrc = (imageKey: string) => deliveryMediaUrl('', imageKey, 'preview');

/** An image message (画像): choose a file; the server re-encodes it and makes LINE's preview image. */
export function ImageMessageEditor({
  value,
  index,
  lineAccountId,
  onChange,
}: {
  value: DeliveryImage;
  index: number;
  lineAccountId: number;
  onChange: (value: DeliveryImage) => void;
}) {
  const { t } = useTranslation();
  return (
    <Stack spacing={1} sx={{ flex: 1, minWidth: 0 }} data-testid={`message-image-${index}`}>
      <Typography variant="subtitle2">{t('deliveries.images.imageLabel', { n: index + 1 })}</Typography>
      {value.imageKey ? (
        <Box
          component="img"
          src={imagePreviewSrc(value.imageKey)}
          alt={t('deliveries.images.imagePreviewAlt')}
          sx={{ maxWidth: 240, maxHeight: 240, borderRadius: 1, border: 1, borderColor: 'divider' }}
        />
      ) : (
        <Typography variant="body2" color="text.secondary">
          {t('deliveries.images.noImage')}
        </Typography>
      )}
      <ImageUploadButton
        lineAccountId={lineAccountId}
        kind="image"
        hasImage={Boolean(value.imageKey)}
        testId={`image-file-${index}`}
        onUploaded={(image) => onChange({ type: 'image', imageKey: image.key })}
      />
    </Stack>
  );
}
