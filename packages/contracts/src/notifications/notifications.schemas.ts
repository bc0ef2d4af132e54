import { z } from 'zod';
import { idParamSchema, idSchema } from '../common/ids.ts';
import { notificationTopics } from '../common/enums.ts';
import { pageSchema, paginationQuerySchema } from '../common/pagination.ts';

/**
 * Notifications (SPEC.md 3, 4, 5 and 7): a template per topic and LINE account, notification groups
 * (message settings) of recipients and topics, and the delivery log. Every domain event of a topic
 * becomes a LINE message to the recipients of the groups subscribing to it (docs/decisions/0015).
 */
export type NotificationTopic = (typeof notificationTopics)[number];
export const notificationTopicSchema = z.enum(notificationTopics);
export const recipientTypes = ['MANAGER', 'STAFF'] as const;
export type RecipientType = (typeof recipientTypes)[number];
export const deliveryStatuses = ['QUEUED', 'SENT', 'FAILED', 'SKIPPED'] as const;
export type DeliveryStatus = (typeof deliveryStatuses)[number];

export const notificationLimits = {
  /** LINE's limit for one text message. */
  maxContent: 5000,
  maxLabel: 50,
  maxRecipients: 1000,
} as const;

/** SPEC.md 5 gives their meaning; the wording is ours (natural Japanese). */
export const notificationMessages = {
  contentRequired: '本文を入力してください',
  contentTooLong: `本文は${notificationLimits.maxContent}文字以内で入力してください`,
  unknownPlaceholder: 'このトピックでは使えない差し込み項目が含まれています',
  labelRequired: 'グループ名を入力してください',
  labelTooLong: `グループ名は${notificationLimits.maxLabel}文字以内で入力してください`,
  recipientRequired: '通知先を1人以上設定してください',
  topicRequired: '通知するトピックを1つ以上設定してください',
  recipientsTooMany: `通知先は${notificationLimits.maxRecipients}人までです`,
  recipientNotFound: 'このLINEアカウントの友だちではない通知先が含まれています',
  topic: 'トピックが正しくありません',
  settingNotFound: '通知グループが見つかりません',
} as const;

/** What a placeholder stands for; `{key}` in a template. */
export const notificationPlaceholders = {
  friendName: '友だちの名前',
  staffName: 'スタッフの名前',
  storeName: '店舗名',
  accountName: 'LINEアカウント名',
  dateTime: '日時',
  period: '期間',
  memberCode: '会員番号',
  rankName: '会員ランク',
  link: 'リンク（管理者には管理画面、スタッフにはスタッフ用ミニアプリ）',
} as const;
export type NotificationPlaceholder = keyof typeof notificationPlaceholders;

/** The placeholders each topic can fill. */
export const topicPlaceholders: Record<NotificationTopic, readonly NotificationPlaceholder[]> = {
  NEW_FRIEND: ['friendName', 'accountName', 'dateTime', 'link'],
  LINE_UNBLOCK_EVENT: ['friendName', 'accountName', 'dateTime', 'link'],
  MEMBERSHIP_REGISTRATION: ['friendName', 'memberCode', 'storeName', 'dateTime', 'link'],
  SHIFT_SUBMITTED: ['staffName', 'storeName', 'period', 'dateTime', 'link'],
  SHIFT_EDITED: ['staffName', 'storeName', 'dateTime', 'link'],
  SHIFT_SUBMISSION_REMIND: ['storeName', 'period', 'dateTime', 'link'],
  SHIFT_SUBMISSION_COMPLETE: ['storeName', 'period', 'dateTime', 'link'],
  SHIFT_CONFIRMED: ['storeName', 'period', 'dateTime', 'link'],
  SHIFT_MEMBER_STAFF_APPROVED: ['staffName', 'storeName', 'dateTime', 'link'],
  MEMBER_RANK_CHANGED: ['friendName', 'memberCode', 'rankName', 'storeName', 'dateTime', 'link'],
};

/** Japanese names of the topics, for screens. */
export const topicLabels: Record<NotificationTopic, string> = {
  SHIFT_SUBMITTED: 'シフト希望の提出',
  SHIFT_EDITED: 'シフトの変更',
  SHIFT_SUBMISSION_REMIND: 'シフト提出のリマインド',
  SHIFT_SUBMISSION_COMPLETE: '全員のシフト提出完了',
  SHIFT_CONFIRMED: 'シフトの確定',
  NEW_FRIEND: '新しい友だち',
  LINE_UNBLOCK_EVENT: 'ブロック解除',
  MEMBERSHIP_REGISTRATION: '会員登録',
  SHIFT_MEMBER_STAFF_APPROVED: 'スタッフ登録の承認',
  MEMBER_RANK_CHANGED: '会員ランクの変更',
};

/** The default template of each topic (used until the client saves its own). */
export const defaultTemplates: Record<NotificationTopic, string> = {
  NEW_FRIEND: '{accountName}に新しい友だちが追加されました。\n名前: {friendName}\n日時: {dateTime}\n{link}',
  LINE_UNBLOCK_EVENT: '{friendName}さんが{accountName}のブロックを解除しました。\n日時: {dateTime}\n{link}',
  MEMBERSHIP_REGISTRATION:
    '{storeName}に新しい会員が登録されました。\n名前: {friendName}\n会員番号: {memberCode}\n日時: {dateTime}\n{link}',
  SHIFT_SUBMITTED: '{staffName}さんが{period}のシフト希望を提出しました。\n店舗: {storeName}\n{link}',
  SHIFT_EDITED: '{staffName}さんのシフトが変更されました（{dateTime}）。\n店舗: {storeName}\n{link}',
  SHIFT_SUBMISSION_REMIND:
    '{storeName}の{period}のシフト希望の提出期限が近づいています。まだの方は提出をお願いします。\n締め切り: {dateTime}\n{link}',
  SHIFT_SUBMISSION_COMPLETE: '{storeName}の{period}のシフト希望がスタッフ全員から提出されました。\n{link}',
  SHIFT_CONFIRMED: '{storeName}の{period}のシフトが確定しました。確認をお願いします。\n{link}',
  SHIFT_MEMBER_STAFF_APPROVED:
    '{staffName}さんが{storeName}のスタッフとして承認されました。シフト希望の提出ができます。\n{link}',
  MEMBER_RANK_CHANGED:
    '{friendName}さん、{storeName}の会員ランクが「{rankName}」になりました。\n会員番号: {memberCode}\n{link}',
};

/** The placeholders a text uses (`{key}`). */
export const placeholdersIn = (content: string): string[] =>
  [...content.matchAll(/\{([^{}\s]*)\}/g)].map((m) => m[1]!);

/** Placeholders a template of the topic may not use. */
export const unknownPlaceholders = (topic: NotificationTopic, content: string): string[] => {
  const allowed: readonly string[] = topicPlaceholders[topic];
  return placeholdersIn(content).filter((key) => !allowed.includes(key));
};

/** Fill a template: unknown or empty values become an empty string. */
export const renderTemplate = (content: string, values: Partial<Record<NotificationPlaceholder, string>>) =>
  content.replace(/\{([^{}\s]*)\}/g, (_, key: string) => values[key as NotificationPlaceholder] ?? '');

export const notificationAccountParamsSchema = z.object({ lineAccountId: idParamSchema });
export const notificationSettingParamsSchema = z.object({
  lineAccountId: idParamSchema,
  lineMessageSettingId: idParamSchema,
});

const topicField = z.enum(notificationTopics, { message: notificationMessages.topic });

export const lineMessageTemplateSchema = z.object({
  topic: notificationTopicSchema,
  content: z.string(),
  /** The template is on: false sends nothing for the topic. */
  isEnable: z.boolean(),
  /** The topic is on (POST /topics/toggle). */
  topicEnable: z.boolean(),
  /** The content is the product's default (never saved). */
  isDefault: z.boolean(),
  placeholders: z.array(z.object({ key: z.string(), label: z.string() })),
});
export type LineMessageTemplate = z.infer<typeof lineMessageTemplateSchema>;
export const lineMessageTemplateListSchema = z.object({ data: z.array(lineMessageTemplateSchema) });

export const updateTemplateBodySchema = z
  .object({
    topic: topicField,
    content: z
      .string({ message: notificationMessages.contentRequired })
      .trim()
      .min(1, notificationMessages.contentRequired)
      .max(notificationLimits.maxContent, notificationMessages.contentTooLong),
    isEnable: z.boolean().optional(),
  })
  .superRefine((body, issue) => {
    if (unknownPlaceholders(body.topic, body.content).length > 0) {
      issue.addIssue({ code: 'custom', path: ['content'], message: notificationMessages.unknownPlaceholder });
    }
  });
export type UpdateTemplateBody = z.input<typeof updateTemplateBodySchema>;

export const toggleTopicBodySchema = z.object({ topic: topicField, isEnable: z.boolean() });

export const notificationRecipientSchema = z.object({
  friendId: idSchema,
  displayName: z.string(),
  pictureUrl: z.string().nullable(),
  recipientType: z.enum(recipientTypes),
  /** false: blocked the account; notices to it are skipped. */
  isFriend: z.boolean(),
});
export type NotificationRecipient = z.infer<typeof notificationRecipientSchema>;

export const messageSettingSchema = z.object({
  lineMessageSettingId: idSchema,
  label: z.string(),
  friends: z.array(notificationRecipientSchema),
  topics: z.array(notificationTopicSchema),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type MessageSetting = z.infer<typeof messageSettingSchema>;
export const messageSettingListSchema = z.object({ data: z.array(messageSettingSchema) });

const labelField = z
  .string({ message: notificationMessages.labelRequired })
  .trim()
  .min(1, notificationMessages.labelRequired)
  .max(notificationLimits.maxLabel, notificationMessages.labelTooLong);
const friendIdsField = z
  .array(idSchema, { message: notificationMessages.recipientRequired })
  .min(1, notificationMessages.recipientRequired)
  .max(notificationLimits.maxRecipients, notificationMessages.recipientsTooMany)
  .transform((ids) => [...new Set(ids)]);
const topicsField = z
  .array(topicField, { message: notificationMessages.topicRequired })
  .min(1, notificationMessages.topicRequired)
  .transform((topics) => [...new Set(topics)]);

export const createMessageSettingBodySchema = z.object({
  label: labelField,
  friendIds: friendIdsField,
  topics: topicsField,
});
export type CreateMessageSettingBody = z.input<typeof createMessageSettingBodySchema>;
export const updateMessageSettingBodySchema = createMessageSettingBodySchema.partial();

export const recipientCandidatesSchema = z.object({ data: z.array(notificationRecipientSchema) });

export const deliveryLogQuerySchema = paginationQuerySchema({ defaultLimit: 50 });
export const deliveryLogEntrySchema = z.object({
  id: idSchema,
  topic: notificationTopicSchema,
  friendId: idSchema,
  displayName: z.string(),
  status: z.enum(deliveryStatuses),
  error: z.string().nullable(),
  text: z.string(),
  createdAt: z.string(),
  sentAt: z.string().nullable(),
});
export type DeliveryLogEntry = z.infer<typeof deliveryLogEntrySchema>;
export const deliveryLogSchema = pageSchema(deliveryLogEntrySchema);
