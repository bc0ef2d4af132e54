import ImageOutlined from '@mui/icons-material/ImageOutlined';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isTooLargeForLine, useUploadDeliveryImage } from '../api/delivery-images.api.ts';

/**
 * 画像 in the chat's reply box: choose a JPEG or PNG; it is uploaded as an image message's image (the
 * composer's upload: re-encoded, a preview made, decision 0039) and its key handed to `onSend`. A file
 * past LINE's size is refused here in words; a refusal of the server is shown by the app's toast.
 */
export function ImageSendButton({
  lineAccountId,
  onSend,
  disabled = false,
}: {
  lineAccountId: number;
  onSend: (imageKey: string) => Promise<unknown>;
  disabled?: boolean;
}) {
  const { t } = useTranslation();
  const inputId = useId();
  const upload = useUploadDeliveryImage(lineAccountId);
  const [isSending, setSending] = useState(false);
  const [tooLarge, setTooLarge] = useState(false);

  const choose = async (file: File | undefined) => {
    if (!file) return;
    setTooLarge(isTooLargeForLine(file));
    if (isTooLargeForLine(file)) return;
    setSending(true);
    try {
      const image = await upload.mutateAsync({ file, kind: 'image' });
      await onSend(image.key);
    } catch {
      // the request's failure is shown by the app's toast
    } finally {
      setSending(false);
    }
  };

  return (
    <>
      <Button
        component="label"
        htmlFor={inputId}
        size="small"
        startIcon={<ImageOutlined />}
        disabled={disabled || isSending}
        loading={isSending}
        data-testid="reply-image"
      >
        {t('inbox.image')}
        <input
          id={inputId}
          hidden
          type="file"
          accept="image/jpeg,image/png"
          data-testid="reply-image-file"
          onChange={(e) => {
            void choose(e.target.files?.[0]);
            e.target.value = '';
          }}
        />
      </Button>
      {tooLarge && (
        <Typography variant="caption" color="error" role="alert">
          {t('deliveries.images.imageTooLargeHere')}
        </Typography>
      )}
    </>
  );
}
