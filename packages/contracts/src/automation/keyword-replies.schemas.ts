import { z } from 'zod';
import { idParamSchema, idSchema } from '../common/ids.ts';
import { deliveryMessageSchema } from '../deliveries/deliveries.schemas.ts';
import { lineAccountParamsSchema } from '../line-accounts/line-accounts.schemas.ts';

/** Texts of the keyword replies, postback actions and automation actions (応答メッセージ, decision 0036). */
export const keywordReplyMessages = {
  name: 'Name is required (at most 50 characters)',
  keywords: 'A rule has 1 to 10 keywords of at most 100 characters',
  match: 'Match must be EXACT or CONTAINS',
  time: 'Times are HH:MM (00:00 to 23:59)',
  window: 'A time window needs a start and an end that differ',
  days: 'Choose at least one day of the week (0 = Sunday to 6 = Saturday)',
  messages: 'At most 5 reply messages',
  actions: 'At most 10 actions',
  nothingToDo: 'A rule needs reply messages or actions',
  actionType: 'Action type must be tag.add, tag.remove, richMenu.switch, notify or scenario.start',
  fallbackMessages: 'A fallback reply that is on needs 1 to 5 messages',
  order: 'The order must list every rule of the account once',
  ruleNotFound: '応答メッセージが見つかりません',
  postbackNotFound: 'ポストバックアクションが見つかりません',
  tagNotFound: 'タグが見つかりません',
  richMenuNotFound: 'リッチメニューが見つかりません',
  groupNotFound: '通知グループが見つかりません',
  scenarioUnavailable: 'シナリオが見つかりません',
} as const;

const m = keywordReplyMessages;

export const keywordMatchTypes = ['EXACT', 'CONTAINS'] as const;
export type KeywordMatchType = (typeof keywordMatchTypes)[number];

/**
 * What a keyword rule, a rich menu postback (and later a scenario step) may do besides replying: one
 * discriminated union on `type`. `scenario.start` names a scenario of the same LINE account (400
 * シナリオが見つかりません otherwise) and puts the friend into it (step delivery, decision 0037).
 */
export const automationActionSchema = z.discriminatedUnion(
  'type',
  [
    z.object({ type: z.literal('tag.add'), tagId: idSchema }),
    z.object({ type: z.literal('tag.remove'), tagId: idSchema }),
    /** LINE's per-user rich menu: link one of the account's menus (our id), or null to unlink. */
    z.object({ type: z.literal('richMenu.switch'), richMenuId: idSchema.nullable() }),
    z.object({ type: z.literal('notify'), notificationGroupId: idSchema }),
    z.object({ type: z.literal('scenario.start'), scenarioId: idSchema }),
  ],
  { error: m.actionType },
);
export type AutomationAction = z.output<typeof automationActionSchema>;
export const automationActionTypes = [
  'tag.add',
  'tag.remove',
  'richMenu.switch',
  'notify',
  'scenario.start',
] as const;

const actionList = z.array(automationActionSchema, { error: m.actions }).max(10, m.actions);
const replyList = z.array(deliveryMessageSchema, { error: m.messages }).max(5, m.messages);

const hhmm = z.string({ error: m.time }).regex(/^([01]\d|2[0-3]):[0-5]\d$/, m.time);

/** An active time window in Japan time; start after end crosses midnight (22:00 to 06:00). */
export const timeWindowSchema = z
  .object({ start: hhmm, end: hhmm }, { error: m.window })
  .refine((w) => w.start !== w.end, m.window);
export type TimeWindow = z.output<typeof timeWindowSchema>;

export const keywordSchema = z.object({
  text: z.string({ error: m.keywords }).trim().min(1, m.keywords).max(100, m.keywords),
  match: z.enum(keywordMatchTypes, { error: m.match }),
});
export type Keyword = z.output<typeof keywordSchema>;

export const keywordRuleBodySchema = z
  .object({
    name: z.string({ error: m.name }).trim().min(1, m.name).max(50, m.name),
    keywords: z.array(keywordSchema, { error: m.keywords }).min(1, m.keywords).max(10, m.keywords),
    /** null: at any time. */
    timeWindow: timeWindowSchema.nullable().default(null),
    /** Days of the week in Japan time, 0 = Sunday; all seven: every day. */
    days: z
      .array(z.number({ error: m.days }).int(m.days).min(0, m.days).max(6, m.days), { error: m.days })
      .min(1, m.days)
      .max(7, m.days)
      .refine((d) => new Set(d).size === d.length, m.days)
      .default([0, 1, 2, 3, 4, 5, 6]),
    /** An out-of-hours rule: it runs in chat mode too (the others only in bot mode). */
    outOfHours: z.boolean().default(false),
    enabled: z.boolean().default(true),
    messages: replyList,
    actions: actionList.default([]),
  })
  .refine((r) => r.messages.length + r.actions.length > 0, { message: m.nothingToDo, path: ['messages'] });
export type KeywordRuleBody = z.input<typeof keywordRuleBodySchema>;

export const keywordRuleSchema = z.object({
  id: idSchema,
  position: z.number().int(),
  name: z.string(),
  keywords: z.array(keywordSchema),
  timeWindow: timeWindowSchema.nullable(),
  days: z.array(z.number().int()),
  outOfHours: z.boolean(),
  enabled: z.boolean(),
  messages: z.array(deliveryMessageSchema),
  actions: z.array(automationActionSchema),
  updatedAt: z.string(),
});
export type KeywordRule = z.infer<typeof keywordRuleSchema>;

export const keywordFallbackBodySchema = z
  .object({ enabled: z.boolean(), messages: replyList })
  .refine((f) => !f.enabled || f.messages.length > 0, { message: m.fallbackMessages, path: ['messages'] });
export type KeywordFallbackBody = z.input<typeof keywordFallbackBodySchema>;
export const keywordFallbackSchema = z.object({
  enabled: z.boolean(),
  messages: z.array(deliveryMessageSchema),
  updatedAt: z.string().nullable(),
});
export type KeywordFallback = z.infer<typeof keywordFallbackSchema>;

/** The 応答メッセージ tab: rules by priority, the fallback, and the account's 応答モード at LINE. */
export const keywordRepliesSchema = z.object({
  rules: z.array(keywordRuleSchema),
  fallback: keywordFallbackSchema,
  chatMode: z.string().nullable(),
});
export type KeywordReplies = z.infer<typeof keywordRepliesSchema>;

export const keywordRuleParamsSchema = lineAccountParamsSchema.extend({ ruleId: idParamSchema });
export type KeywordRuleParams = z.input<typeof keywordRuleParamsSchema>;
export const keywordOrderBodySchema = z.object({
  ruleIds: z.array(idSchema, { error: m.order }).max(500, m.order),
});

/** A rich menu area's postback handled by us: `data` is `automation:postback:<id>` (decision 0036). */
export const POSTBACK_DATA_PREFIX = 'automation:postback:';
export const postbackData = (id: number) => `${POSTBACK_DATA_PREFIX}${id}`;

export const postbackActionBodySchema = z
  .object({
    name: z.string({ error: m.name }).trim().min(1, m.name).max(50, m.name),
    messages: replyList,
    actions: actionList.default([]),
  })
  .refine((r) => r.messages.length + r.actions.length > 0, { message: m.nothingToDo, path: ['messages'] });
export type PostbackActionBody = z.input<typeof postbackActionBodySchema>;
export const postbackActionSchema = z.object({
  id: idSchema,
  name: z.string(),
  messages: z.array(deliveryMessageSchema),
  actions: z.array(automationActionSchema),
  /** What to put in the rich menu area's postback `data`. */
  data: z.string(),
  updatedAt: z.string(),
});
export type PostbackAction = z.infer<typeof postbackActionSchema>;
export const postbackActionListSchema = z.object({ items: z.array(postbackActionSchema) });
export const postbackActionParamsSchema = lineAccountParamsSchema.extend({ postbackId: idParamSchema });

export const automationSendKinds = ['GREETING', 'KEYWORD', 'FALLBACK', 'POSTBACK'] as const;
/** REPLY: LINE's reply API with the event's token (free); PUSH: counts against the month's quota. */
export const automationSendVias = ['REPLY', 'PUSH'] as const;
export const automationSendSchema = z.object({
  id: idSchema,
  kind: z.enum(automationSendKinds),
  sourceName: z.string(),
  friendId: idSchema,
  friendName: z.string(),
  via: z.enum(automationSendVias),
  sentAt: z.string(),
});
export type AutomationSend = z.infer<typeof automationSendSchema>;
export const automationSendListSchema = z.object({
  items: z.array(automationSendSchema),
  replyCount: z.number().int(),
  pushCount: z.number().int(),
});
export type AutomationSendList = z.infer<typeof automationSendListSchema>;
