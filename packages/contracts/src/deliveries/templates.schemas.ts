import { z } from 'zod';
import { idParamSchema, idSchema } from '../common/ids.ts';
import { lineAccountParamsSchema } from '../line-accounts/line-accounts.schemas.ts';
import { deliveryMessageSchema, deliveryMessages } from './deliveries.schemas.ts';

/** The friend-name placeholder of a text message: each friend's LINE name when sent (decision 0040). */
export const FRIEND_NAME_PLACEHOLDER = '{name}';

/** True when a message list has a text with the friend-name placeholder (sent as one push per friend). */
export const hasFriendNamePlaceholder = (messages: readonly { type: string; text?: unknown }[]): boolean =>
  messages.some(
    (m) => m.type === 'text' && typeof m.text === 'string' && m.text.includes(FRIEND_NAME_PLACEHOLDER),
  );

/** A text with the placeholder filled in (a friend's name, or the preview's sample name). */
export const fillFriendName = (text: string, name: string): string =>
  text.split(FRIEND_NAME_PLACEHOLDER).join(name);

export const templateMessages = {
  notFound: 'Template not found',
  nameRequired: 'Template name is required',
  nameMax: 'Template name cannot exceed 50 characters',
  folderMax: 'Folder name cannot exceed 30 characters',
} as const;

export const templateParamsSchema = lineAccountParamsSchema.extend({ templateId: idParamSchema });

/** A template (定型文): named messages of an account, inserted into a delivery, a greeting or a chat reply. */
export const templateBodySchema = z.object({
  name: z
    .string({ error: templateMessages.nameRequired })
    .trim()
    .min(1, templateMessages.nameRequired)
    .max(50, templateMessages.nameMax),
  /** An optional folder to group templates by (free text; empty or absent: none). */
  folder: z
    .string({ error: templateMessages.folderMax })
    .trim()
    .max(30, templateMessages.folderMax)
    .nullish()
    .transform((f) => (f ? f : null)),
  messages: z
    .array(deliveryMessageSchema, { error: deliveryMessages.messagesCount })
    .min(1, deliveryMessages.messagesCount)
    .max(5, deliveryMessages.messagesCount),
});
export type TemplateBody = z.input<typeof templateBodySchema>;

export const templateSchema = z.object({
  id: idSchema,
  lineAccountId: idSchema,
  name: z.string(),
  folder: z.string().nullable(),
  messages: z.array(deliveryMessageSchema),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type MessageTemplate = z.infer<typeof templateSchema>;

export const templateListSchema = z.object({ data: z.array(templateSchema) });
