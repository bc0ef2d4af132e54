import { deliveryImageEndpoints } from '@app/contracts';
import type { FastifyInstance } from 'fastify';
import { route } from '../../platform/route.ts';
import { getDeliveryMedia, uploadDeliveryImage } from './delivery-images.ts';

/** A 10 MB image as a base64 data URL in JSON is about 13.4 MB; past 15 MB the request is cut off (413). */
const imageBodyLimit = 15 * 1024 * 1024;

/** The upload of a message's image (client area, decision 0039). */
export function deliveryImageRoutes(app: FastifyInstance) {
  route(
    app,
    deliveryImageEndpoints.upload,
    async ({ params, body }, { ctx }) => uploadDeliveryImage({ ctx, input: { ...params, ...body } }),
    { bodyLimit: imageBodyLimit },
  );
}

/**
 * The public files LINE fetches (`/line-media/<key>/<variant>`): a key's files never change, so they are
 * cached for a year; nosniff and a sandboxing CSP as every uploaded image we serve; any site may show
 * them (cross-origin resource policy), as LINE's chat and the simulator's page do.
 */
export function deliveryMediaRoutes(app: FastifyInstance) {
  route(app, deliveryImageEndpoints.media, async ({ params }, { ctx }, reply) => {
    const file = await getDeliveryMedia({ ctx, input: params });
    void reply
      .type(file.contentType)
      .header('cache-control', 'public, max-age=31536000, immutable')
      .header('x-content-type-options', 'nosniff')
      .header('cross-origin-resource-policy', 'cross-origin')
      .header('content-security-policy', "default-src 'none'; sandbox");
    return file.data;
  });
}
