import { z } from 'zod';

/**
 * LINE's limits on image messages and rich messages (imagemap), and ours within them (decision 0039).
 * The image is uploaded once, re-encoded by the server and served at our public URL; a message names it by
 * its key. LINE: an image message's original is JPEG or PNG of at most 10 MB, its preview at most 1 MB; an
 * imagemap's image is fetched at baseUrl/{1040,700,460,300,240}, each JPEG or PNG of at most 10 MB, with at
 * most 50 areas and an altText of at most 1500 characters.
 */
export const deliveryImageLimits = {
  /** The uploaded file (LINE's limit for originalContentUrl and every imagemap width). */
  maxBytes: 10 * 1024 * 1024,
  /** LINE's limit for previewImageUrl. */
  previewMaxBytes: 1024 * 1024,
  /** The preview's longer side (LINE shows it in the chat before the original is opened). */
  previewSide: 240,
  /** The original's longer side after re-encoding. */
  maxSide: 2048,
  /** Decoded pixels at most (a bomb of a small file that decodes to gigabytes is refused). */
  maxInputPixels: 50_000_000,
  /** An imagemap's base width and the widths LINE asks for (baseUrl/<width>). */
  imagemapWidth: 1040,
  imagemapWidths: [1040, 700, 460, 300, 240] as const,
  /** Our choice: an imagemap at most twice as tall as wide (LINE OA Manager's tallest is 1040 x 2080). */
  imagemapMaxHeight: 2080,
  /** The narrowest upload an imagemap is made from (it is enlarged to 1040). */
  imagemapMinWidth: 240,
  maxAreas: 50,
  /** Ours within LINE's 1500, like the card-type message's. */
  altText: 400,
  /** A message action's text (LINE: 400). */
  actionText: 400,
  /** A uri action's link (LINE: 1000). */
  uri: 1000,
  /** An area's label, read aloud by accessibility features (LINE: 100). */
  label: 100,
} as const;

export const deliveryImageMessages = {
  imageType: 'The image must be a JPEG or PNG file',
  imageTooLarge: 'The image cannot exceed 10 MB',
  imageUnreadable: 'The image could not be read as JPEG or PNG',
  imageTooBig: 'The image has too many pixels (at most 50 megapixels)',
  imagemapTooNarrow: `A rich message image must be at least ${deliveryImageLimits.imagemapMinWidth} pixels wide`,
  imagemapTooTall: 'A rich message image can be at most twice as tall as it is wide',
  imageNotFound: 'Image not found',
  /** A message names an image that is not an upload of this account (or not of that kind). */
  imageUnknown: 'Upload the image first',
  imageKey: 'imageKey must be the key of an uploaded image',
  imagemapHeight: 'height must be the height of the uploaded rich message image',
  altTextRequired: 'The notification text (altText) is required',
  altTextMax: `The notification text (altText) cannot exceed ${deliveryImageLimits.altText} characters`,
  areasCount: `A rich message has 1 to ${deliveryImageLimits.maxAreas} tap areas`,
  areaBounds: 'Each tap area must lie inside the image (whole pixels, at least 1 x 1)',
  actionType: 'A tap area opens a link (uri) or sends a text (message)',
  uri: `A tap area's link must be an http(s), line: or tel: URL of at most ${deliveryImageLimits.uri} characters`,
  actionTextRequired: 'The text a tap area sends is required',
  actionTextMax: `The text a tap area sends cannot exceed ${deliveryImageLimits.actionText} characters`,
  labelMax: `A tap area's label cannot exceed ${deliveryImageLimits.label} characters`,
} as const;

/** An uploaded image's key: 32 hex characters, random. */
export const deliveryImageKeySchema = z
  .string({ error: deliveryImageMessages.imageKey })
  .regex(/^[a-f0-9]{32}$/, deliveryImageMessages.imageKey);

/** An image message: the uploaded image (original and preview served by us). */
export const deliveryImageSchema = z.object({
  type: z.literal('image'),
  imageKey: deliveryImageKeySchema,
});
export type DeliveryImage = z.output<typeof deliveryImageSchema>;

const pixel = z
  .number({ error: deliveryImageMessages.areaBounds })
  .int(deliveryImageMessages.areaBounds)
  .min(0, deliveryImageMessages.areaBounds);
const linkPattern = /^(https?:\/\/[^\s]+|line:\/\/[^\s]+|tel:[0-9+\-()]+)$/;
const label = z
  .string({ error: deliveryImageMessages.labelMax })
  .trim()
  .max(deliveryImageLimits.label, deliveryImageMessages.labelMax)
  .optional();

export const imagemapActionSchema = z.discriminatedUnion(
  'type',
  [
    z.object({
      type: z.literal('uri'),
      label,
      uri: z
        .string({ error: deliveryImageMessages.uri })
        .trim()
        .max(deliveryImageLimits.uri, deliveryImageMessages.uri)
        .regex(linkPattern, deliveryImageMessages.uri),
    }),
    z.object({
      type: z.literal('message'),
      label,
      text: z
        .string({ error: deliveryImageMessages.actionTextRequired })
        .trim()
        .min(1, deliveryImageMessages.actionTextRequired)
        .max(deliveryImageLimits.actionText, deliveryImageMessages.actionTextMax),
    }),
  ],
  { error: deliveryImageMessages.actionType },
);
export type ImagemapAction = z.output<typeof imagemapActionSchema>;

/** A tap area: its rectangle in the 1040-wide image's pixels and what a tap does (the rich menu's shape). */
export const imagemapAreaSchema = z.object({
  bounds: z.object({ x: pixel, y: pixel, width: pixel.min(1), height: pixel.min(1) }),
  action: imagemapActionSchema,
});
export type ImagemapArea = z.output<typeof imagemapAreaSchema>;

/**
 * A rich message (リッチメッセージ, LINE's imagemap): the uploaded image at 1040 px wide (height: the
 * upload's, re-checked by the server) and up to 50 tap areas inside it.
 */
export const deliveryImagemapSchema = z
  .object({
    type: z.literal('imagemap'),
    imageKey: deliveryImageKeySchema,
    height: z
      .number({ error: deliveryImageMessages.imagemapHeight })
      .int(deliveryImageMessages.imagemapHeight)
      .min(1, deliveryImageMessages.imagemapHeight)
      .max(deliveryImageLimits.imagemapMaxHeight, deliveryImageMessages.imagemapHeight),
    altText: z
      .string({ error: deliveryImageMessages.altTextRequired })
      .trim()
      .min(1, deliveryImageMessages.altTextRequired)
      .max(deliveryImageLimits.altText, deliveryImageMessages.altTextMax),
    areas: z
      .array(imagemapAreaSchema, { error: deliveryImageMessages.areasCount })
      .min(1, deliveryImageMessages.areasCount)
      .max(deliveryImageLimits.maxAreas, deliveryImageMessages.areasCount),
  })
  .superRefine((message, issue) => {
    message.areas.forEach(({ bounds: b }, index) => {
      if (b.x + b.width > deliveryImageLimits.imagemapWidth || b.y + b.height > message.height) {
        issue.addIssue({
          code: 'custom',
          message: deliveryImageMessages.areaBounds,
          path: ['areas', index, 'bounds'],
        });
      }
    });
  });
export type DeliveryImagemap = z.output<typeof deliveryImagemapSchema>;

export const deliveryImageKinds = ['image', 'imagemap'] as const;
export type DeliveryImageKind = (typeof deliveryImageKinds)[number];

/** The upload: a data URL (JSON, like the rich menu and member images) and what it is for. */
export const uploadDeliveryImageBodySchema = z.object({
  kind: z.enum(deliveryImageKinds, { error: 'kind must be image or imagemap' }),
  dataUrl: z.string({ error: deliveryImageMessages.imageType }).min(1, deliveryImageMessages.imageType),
});
export type UploadDeliveryImageBody = z.input<typeof uploadDeliveryImageBodySchema>;

/** An uploaded image; `url`: what the composer shows (the preview, or the imagemap at 1040), same origin. */
export const deliveryImageUploadSchema = z.object({
  key: z.string(),
  kind: z.enum(deliveryImageKinds),
  contentType: z.enum(['image/jpeg', 'image/png']),
  width: z.number().int(),
  height: z.number().int(),
  byteSize: z.number().int(),
  url: z.string(),
});
export type DeliveryImageUpload = z.infer<typeof deliveryImageUploadSchema>;

/** The public file variants: an image message's original and preview, an imagemap's widths. */
export const deliveryImageVariants = ['original', 'preview', '1040', '700', '460', '300', '240'] as const;
export const deliveryMediaParamsSchema = z.object({
  key: deliveryImageKeySchema,
  variant: z.enum(deliveryImageVariants, { error: deliveryImageMessages.imageNotFound }),
});

/** The public path of an uploaded image's files (LINE fetches them; no session). */
export const DELIVERY_MEDIA_PATH = '/line-media';
/** Where LINE (and the composer) fetch an image: `${appUrl}/line-media/<key>/<variant>`. */
export const deliveryMediaUrl = (appUrl: string, key: string, variant: string) =>
  `${appUrl}${DELIVERY_MEDIA_PATH}/${key}/${variant}`;
