import type { DeliveryImageKind, DeliveryImageUpload } from '@app/contracts';
import ImageOutlined from '@mui/icons-material/ImageOutlined';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useShowFailure } from '../../../lib/translate-message.ts';
import { isTooLargeForLine, useUploadDeliveryImage } from '../api/delivery-images.api.ts';

/**
 * Choose a JPEG or PNG and upload it for an image message or a rich message: the server re-encodes it
 * (decision 0039) and answers its key and size; a refusal is shown in words under the button.
 */
export function ImageUploadButton({
  lineAccountId,
  kind,
  hasImage,
  onUploaded,
  testId,
}: {
  lineAccountId: number;
  kind: DeliveryImageKind;
  hasImage: boolean;
  onUploaded: (image: DeliveryImageUpload) => void;
  testId: string;
}) {
  const { t } = useTranslation();
  const inputId = useId();
  const upload = useUploadDeliveryImage(lineAccountId);
  const showFailure = useShowFailure();
  const [error, setError] = useState<string | null>(null);

  const choose = async (file: File | undefined) => {
    if (!file) return;
    setError(null);
    if (isTooLargeForLine(file)) {
      setError(t('deliveries.images.imageTooLargeHere'));
      return;
    }
    try {
      onUploaded(await upload.mutateAsync({ file, kind }));
    } catch (failure) {
      setError(showFailure(failure));
    }
  };

  return (
    <Stack spacing={0.75} sx={{ alignItems: 'flex-start' }}>
      <Button
        component="label"
        htmlFor={inputId}
        variant="outlined"
        size="small"
        startIcon={<ImageOutlined />}
        disabled={upload.isPending}
      >
        {upload.isPending
          ? t('deliveries.images.uploading')
          : t(hasImage ? 'deliveries.images.changeImage' : 'deliveries.images.chooseImage')}
        <input
          id={inputId}
          hidden
          type="file"
          accept="image/jpeg,image/png"
          data-testid={testId}
          onChange={(e) => {
            void choose(e.target.files?.[0]);
            e.target.value = '';
          }}
        />
      </Button>
      <Typography variant="caption" color="text.secondary">
        {t(kind === 'image' ? 'deliveries.images.imageHelp' : 'deliveries.images.imagemapImageHelp')}
      </Typography>
      {error && (
        <Alert severity="error" sx={{ py: 0 }}>
          {error}
        </Alert>
      )}
    </Stack>
  );
}
