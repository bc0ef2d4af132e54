import { z } from 'zod';
import { allow, defineEndpoint, publicAccess } from '../common/endpoint.ts';
import { CLIENT_PREFIX } from '../area-prefixes.ts';
import { lineAccountParamsSchema } from '../line-accounts/line-accounts.schemas.ts';
import {
  DELIVERY_MEDIA_PATH,
  deliveryImageUploadSchema,
  deliveryMediaParamsSchema,
  uploadDeliveryImageBodySchema,
} from './delivery-images.schemas.ts';

const tags = ['deliveries'];

/** Images of image messages and rich messages (decision 0039): the upload, and the files LINE fetches. */
export const deliveryImageEndpoints = {
  upload: defineEndpoint({
    tags,
    access: allow('client.work'),
    clientScoped: true,
    method: 'POST',
    path: `${CLIENT_PREFIX}/line-account/:lineAccountId/delivery-images`,
    summary:
      'Upload the image of an image message or a rich message (JPEG or PNG, at most 10 MB; re-encoded, preview or imagemap widths made)',
    params: lineAccountParamsSchema,
    body: uploadDeliveryImageBodySchema,
    responses: { 201: deliveryImageUploadSchema },
  }),
  media: defineEndpoint({
    tags,
    access: publicAccess,
    method: 'GET',
    path: `${DELIVERY_MEDIA_PATH}/:key/:variant`,
    summary:
      "An uploaded image's file as LINE fetches it: original, preview, or an imagemap width (1040, 700, 460, 300, 240)",
    params: deliveryMediaParamsSchema,
    produces: ['image/jpeg', 'image/png'],
    responses: { 200: z.any() },
  }),
} as const;
