import { z } from 'zod';
import { linkStatuses, operationScopes } from '../common/enums.ts';
import { idParamSchema, idQueryParam, idSchema } from '../common/ids.ts';
import { paginationQuerySchema } from '../common/pagination.ts';
import { lineAccountServiceSchema } from '../services/services.schemas.ts';

export const DEFAULT_MAIN_COLOR = '#1C7F09';

export const lineAccountMessages = {
  channelIdRequired: 'Channel ID is required',
  channelId: 'Channel ID must be a number string of at most 32 digits',
  channelSecretRequired: 'Channel secret is required',
  loginChannelIdRequired: 'LINE Login channel ID is required',
  loginChannelId: 'LINE Login channel ID must be a number string of at most 32 digits',
  loginChannelSecretRequired: 'LINE Login channel secret is required',
  secretMax: 'Channel secret cannot exceed 128 characters',
  operationScope: 'Operation scope must be BACK_OFFICE or FRONT_OFFICE',
  mainColor: 'Main color must be a color code like #1C7F09',
  title: 'Title cannot exceed 100 characters',
  logoUrl: 'Logo URL must be a valid URL',
  faviconUrl: 'Favicon URL must be a valid URL',
  nothingToUpdate: 'Send at least one field to update',
  deleteStatus: 'status must be INACTIVE',
  clientId: 'clientId must be a positive integer',
  invalidChannel: 'The channel ID or channel secret is incorrect',
  invalidLoginChannel: 'The LINE Login channel ID or channel secret is incorrect',
  sameChannel: 'The LINE Login channel must be another channel than the Messaging API channel',
  alreadyConnected: 'This LINE account is already connected',
  notFound: 'LINE account not found',
  inactive: 'This LINE account is inactive',
  lineUnavailable: 'LINE could not be reached. Please try again later',
  invalidSignature: 'Invalid signature',
  invalidWebhookBody: 'Webhook body is not a valid LINE webhook request',
  markAsReadTiming: 'markAsReadTiming must be AUTO, OPEN or ANSWER',
} as const;

/**
 * 既読をつけるタイミング: when a user's messages show 既読 in LINE. AUTO leaves it to LINE (its default:
 * read on arrival unless the chat is on); OPEN: when the store opens the conversation in the inbox (or
 * answers it); ANSWER: only when the store answers. OPEN and ANSWER call LINE's mark-as-read with the
 * newest markAsReadToken of the conversation (LINE's markAsReadMode manual, i.e. chat on).
 */
export const markAsReadTimings = ['AUTO', 'OPEN', 'ANSWER'] as const;
export type MarkAsReadTiming = (typeof markAsReadTimings)[number];
export const markAsReadTimingSchema = z.enum(markAsReadTimings, {
  error: lineAccountMessages.markAsReadTiming,
});

const channelIdSchema = (required: string, invalid: string) =>
  z
    .string({ error: required })
    .trim()
    .min(1, required)
    .regex(/^\d{1,32}$/, invalid);

const secretSchema = (required: string) =>
  z.string({ error: required }).trim().min(1, required).max(128, lineAccountMessages.secretMax);

export const operationScopeSchema = z.enum(operationScopes, { error: lineAccountMessages.operationScope });
export const mainColorSchema = z
  .string({ error: lineAccountMessages.mainColor })
  .regex(/^#[0-9A-Fa-f]{6}$/, lineAccountMessages.mainColor)
  .transform((s) => s.toUpperCase());

const urlOrNull = (message: string) =>
  z
    .string({ error: message })
    .trim()
    .max(2000, message)
    .pipe(z.url({ protocol: /^https?$/, error: message }))
    .nullable();

/**
 * POST /line-account: connect a LINE official account with its Messaging API channel (channelId,
 * channelSecret) and its LINE Login channel (for the LIFF mini-apps). The server checks both pairs
 * against LINE and fills the profile from the bot info.
 */
export const createLineAccountBodySchema = z.object({
  channelId: channelIdSchema(lineAccountMessages.channelIdRequired, lineAccountMessages.channelId),
  channelSecret: secretSchema(lineAccountMessages.channelSecretRequired),
  loginChannelId: channelIdSchema(
    lineAccountMessages.loginChannelIdRequired,
    lineAccountMessages.loginChannelId,
  ),
  loginChannelSecret: secretSchema(lineAccountMessages.loginChannelSecretRequired),
  operationScope: operationScopeSchema.default('BACK_OFFICE'),
});
export type CreateLineAccountBody = z.input<typeof createLineAccountBodySchema>;

/** Master POST /line: the same, for the client named in the body. */
export const masterCreateLineAccountBodySchema = createLineAccountBodySchema.extend({
  clientId: z
    .number({ error: lineAccountMessages.clientId })
    .int(lineAccountMessages.clientId)
    .positive(lineAccountMessages.clientId),
});
export type MasterCreateLineAccountBody = z.input<typeof masterCreateLineAccountBodySchema>;

/** PUT /line-account/{lineAccountId}: branding and 既読をつけるタイミング. null clears a field (mainColor: back to the default). */
export const updateLineAccountBodySchema = z
  .object({
    title: z.string().trim().max(100, lineAccountMessages.title).nullable().optional(),
    mainColor: mainColorSchema.nullable().optional(),
    logoUrl: urlOrNull(lineAccountMessages.logoUrl).optional(),
    faviconUrl: urlOrNull(lineAccountMessages.faviconUrl).optional(),
    markAsReadTiming: markAsReadTimingSchema.optional(),
  })
  .refine((body) => Object.values(body).some((v) => v !== undefined), lineAccountMessages.nothingToUpdate);
export type UpdateLineAccountBody = z.input<typeof updateLineAccountBodySchema>;

/** DELETE /line-account/{lineAccountId} {status: INACTIVE}; the body may be left out. */
export const deactivateLineAccountBodySchema = z
  .object({ status: z.literal('INACTIVE', { error: lineAccountMessages.deleteStatus }) })
  .nullish();

export const lineAccountParamsSchema = z.object({ lineAccountId: idParamSchema });
export type LineAccountParams = z.input<typeof lineAccountParamsSchema>;
export const masterLineAccountParamsSchema = z.object({
  lineAccountId: idParamSchema,
  clientId: idParamSchema,
});
export const clientIdParamsSchema = z.object({ clientId: idParamSchema });

/** A LINE account as the API shows it. Channel secrets are never part of it. */
export const lineAccountSchema = z.object({
  id: idSchema,
  clientId: idSchema,
  channelId: z.string(),
  loginChannelId: z.string().nullable(),
  operationScope: operationScopeSchema,
  displayName: z.string(),
  title: z.string().nullable(),
  mainColor: z.string(),
  logoUrl: z.string().nullable(),
  faviconUrl: z.string().nullable(),
  basicId: z.string().nullable(),
  premiumId: z.string().nullable(),
  botId: z.string().nullable(),
  pictureUrl: z.string().nullable(),
  friendUrl: z.string().nullable(),
  qrCodeUrl: z.string().nullable(),
  chatMode: z.string().nullable(),
  markAsReadMode: z.string().nullable(),
  markAsReadTiming: markAsReadTimingSchema,
  webhookUrl: z.string().nullable(),
  webhookStatus: z.boolean(),
  status: z.enum(linkStatuses),
  services: z.array(lineAccountServiceSchema),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type LineAccount = z.infer<typeof lineAccountSchema>;

export const lineAccountListSchema = z.object({ data: z.array(lineAccountSchema) });
export type LineAccountList = z.infer<typeof lineAccountListSchema>;

export const lineBasicIdSchema = z.object({ lineBasicId: z.string().nullable() });

/**
 * Webhook settings of a LINE account. webhookUrl is this product's receiving URL; endpoint and active
 * are what LINE has (null when LINE has no endpoint); webhookStatus is true when they match and are on.
 */
export const webhookSettingsSchema = z.object({
  lineAccountId: idSchema,
  webhookUrl: z.string(),
  endpoint: z.string().nullable(),
  active: z.boolean(),
  webhookStatus: z.boolean(),
});
export type WebhookSettings = z.infer<typeof webhookSettingsSchema>;

/** POST /webhook/{lineAccountId}: registers webhookUrl at LINE, then asks LINE to test it. */
export const webhookSetupResultSchema = webhookSettingsSchema.extend({
  test: z.object({
    success: z.boolean(),
    statusCode: z.number().int(),
    reason: z.string(),
    detail: z.string(),
    timestamp: z.string(),
  }),
});
export type WebhookSetupResult = z.infer<typeof webhookSetupResultSchema>;

/** Search GET /search/api/v1/master/list/line-oa: every client's LINE accounts. */
export const searchLineAccountsQuerySchema = paginationQuerySchema({ defaultLimit: 20 }).extend({
  search: z.string().trim().max(100).optional(),
  status: z.enum(linkStatuses, { error: 'Status must be ACTIVE or INACTIVE' }).optional(),
  clientId: idQueryParam('clientId must be a valid number string').optional(),
});
export type SearchLineAccountsQuery = z.input<typeof searchLineAccountsQuerySchema>;

export const lineAccountListItemSchema = lineAccountSchema.extend({ companyName: z.string() });
export type LineAccountListItem = z.infer<typeof lineAccountListItemSchema>;

export const lineWebhookParamsSchema = z.object({ lineAccountId: idParamSchema });
export const lineWebhookAckSchema = z.object({ success: z.literal(true), accepted: z.number().int() });
