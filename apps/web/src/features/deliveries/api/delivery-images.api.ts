import {
  deliveryImageEndpoints,
  deliveryImageLimits,
  type DeliveryImageKind,
  type DeliveryImageUpload,
} from '@app/contracts';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

const readAsDataUrl = (file: File) =>
  new Promise<string>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () =>
      typeof reader.result === 'string'
        ? resolve(reader.result)
        : reject(new Error('The file could not be read'));
    reader.onerror = () => reject(reader.error ?? new Error('The file could not be read'));
    reader.readAsDataURL(file);
  });

/** A file is too large to send (LINE's 10 MB): said before the upload, so 13 MB of base64 is not sent for a 400. */
export const isTooLargeForLine = (file: File) => file.size > deliveryImageLimits.maxBytes;

/** Upload the image of an image message or a rich message; the server re-encodes it (decision 0039). */
export function useUploadDeliveryImage(lineAccountId: number) {
  return useMutation({
    mutationFn: async ({
      file,
      kind,
    }: {
      file: File;
      kind: DeliveryImageKind;
    }): Promise<DeliveryImageUpload> =>
      apiRequest(deliveryImageEndpoints.upload, {
        params: { lineAccountId: String(lineAccountId) },
        body: { kind, dataUrl: await readAsDataUrl(file) },
      }),
  });
}
