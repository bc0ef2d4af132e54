import { z } from 'zod';
import { idParamSchema, idSchema } from '../common/ids.ts';
import { deliveryMessageSchema, segmentConditionsSchema } from '../deliveries/deliveries.schemas.ts';
import { lineAccountParamsSchema } from '../line-accounts/line-accounts.schemas.ts';

export const scenarioMessages = {
  notFound: 'Scenario not found',
  friendNotFound: 'Friend not found',
  nameRequired: 'Scenario name is required',
  nameMax: 'Scenario name cannot exceed 50 characters',
  trigger: 'trigger must be FOLLOW, MEMBER_REGISTERED, TAG_ADDED, RANK_REACHED or MANUAL',
  triggerTag: 'A scenario started by a tag names that tag (triggerTagId), and only then',
  triggerRank:
    'A scenario started by a rank names that rank (triggerRank, 1 to 30 characters), and only then',
  steps: 'A scenario has 1 to 30 steps',
  stepMessages: 'A step has 1 to 5 messages',
  delayAmount: 'A delay is a whole number from 0 to 365 (days), 8760 (hours) or 525600 (minutes)',
  delayUnit: 'delay unit must be MINUTES, HOURS or DAYS',
  delayFrom: 'delay from must be TRIGGER or PREVIOUS',
  timeOfDay: 'Time of day must be HH:MM (00:00 to 23:59, Japan time)',
  tagIds: 'tagIds must be a list of at most 20 tag ids',
  actions: 'A step has at most 5 actions',
  action: 'action type must be tag.add, tag.remove, richMenu.switch or scenario.start',
  stepId: 'A step id must be a step of this scenario',
  unknownTag: 'A tag of the scenario is not a tag of this LINE account',
  segmentId: 'segmentId must be a saved segment id or null',
  unknownSegment: 'A step names a saved segment that is not of this LINE account',
  unknownScenario: 'A scenario.start action names a scenario that is not of this LINE account',
  scenarioOff: 'Turn the scenario on before starting it for a friend',
  friendBlocked: 'This friend has blocked the LINE account',
  alreadyEnrolled: 'This friend is already in this scenario',
} as const;

export const scenarioTriggers = [
  'FOLLOW',
  'MEMBER_REGISTERED',
  'TAG_ADDED',
  'RANK_REACHED',
  'MANUAL',
] as const;
export type ScenarioTrigger = (typeof scenarioTriggers)[number];
export const delayUnits = ['MINUTES', 'HOURS', 'DAYS'] as const;
export type DelayUnit = (typeof delayUnits)[number];
export const enrolmentStatuses = ['ACTIVE', 'COMPLETED', 'STOPPED'] as const;
export type EnrolmentStatus = (typeof enrolmentStatuses)[number];
/** Why an enrolment stopped before its last step. */
export const stopReasons = ['BLOCKED', 'TAG', 'MEMBER', 'SCENARIO_OFF'] as const;
export type StopReason = (typeof stopReasons)[number];

const positiveId = (message: string) => z.number({ error: message }).int(message).positive(message);
const tagIdList = z
  .array(positiveId(scenarioMessages.tagIds), { error: scenarioMessages.tagIds })
  .max(20, scenarioMessages.tagIds);

const MAX_DELAY = { MINUTES: 525_600, HOURS: 8_760, DAYS: 365 } as const;

/**
 * When a step falls due: `amount` units after the trigger (enrolment) or after the previous step; with
 * `timeOfDay` at that time of day in Japan time (days: on the day `amount` days later; minutes and hours:
 * the first such time at or after the delay).
 */
export const stepDelaySchema = z
  .object({
    amount: z
      .number({ error: scenarioMessages.delayAmount })
      .int(scenarioMessages.delayAmount)
      .min(0, scenarioMessages.delayAmount),
    unit: z.enum(delayUnits, { error: scenarioMessages.delayUnit }),
    from: z.enum(['TRIGGER', 'PREVIOUS'], { error: scenarioMessages.delayFrom }).default('PREVIOUS'),
    timeOfDay: z
      .string({ error: scenarioMessages.timeOfDay })
      .regex(/^([01]\d|2[0-3]):[0-5]\d$/, scenarioMessages.timeOfDay)
      .nullable()
      .default(null),
  })
  .refine((d) => d.amount <= MAX_DELAY[d.unit], { message: scenarioMessages.delayAmount, path: ['amount'] });
export type StepDelay = z.output<typeof stepDelaySchema>;

/**
 * Send the step only to friends who carry every tag of hasTagIds and none of lacksTagIds, with
 * segmentId whom that saved segment (セグメント) finds, and with segmentConditions whom those conditions
 * (the friends page's segment builder, written in the step and not saved as a segment) find, when the
 * step falls due; others skip it.
 */
export const stepConditionsSchema = z.object({
  hasTagIds: tagIdList.default([]),
  lacksTagIds: tagIdList.default([]),
  segmentId: positiveId(scenarioMessages.segmentId).nullable().default(null),
  segmentConditions: segmentConditionsSchema.nullable().default(null),
});
export type StepConditions = z.output<typeof stepConditionsSchema>;

/**
 * What a step does besides its messages (the same JSON as the keyword rules' and rich menu taps'
 * actions). A step does not switch rich menus yet: that is a LINE call per friend, which a step's
 * transaction for 500 friends must not make (the keyword rules' executor makes it for one friend).
 */
export const scenarioActionSchema = z.discriminatedUnion(
  'type',
  [
    z.object({ type: z.literal('tag.add'), tagId: positiveId(scenarioMessages.tagIds) }),
    z.object({ type: z.literal('tag.remove'), tagId: positiveId(scenarioMessages.tagIds) }),
    z.object({ type: z.literal('scenario.start'), scenarioId: positiveId(scenarioMessages.action) }),
  ],
  { error: scenarioMessages.action },
);
export type ScenarioAction = z.output<typeof scenarioActionSchema>;

export const scenarioStepBodySchema = z.object({
  /** An existing step's id keeps its place in friends' progress; omitted: a new step. */
  id: positiveId(scenarioMessages.stepId).optional(),
  delay: stepDelaySchema,
  conditions: stepConditionsSchema.default({
    hasTagIds: [],
    lacksTagIds: [],
    segmentId: null,
    segmentConditions: null,
  }),
  messages: z
    .array(deliveryMessageSchema, { error: scenarioMessages.stepMessages })
    .max(5, scenarioMessages.stepMessages),
  actions: z
    .array(scenarioActionSchema, { error: scenarioMessages.actions })
    .max(5, scenarioMessages.actions)
    .default([]),
});
export type ScenarioStepBody = z.input<typeof scenarioStepBodySchema>;

/** POST .../scenarios and PUT .../scenarios/{scenarioId}. */
export const scenarioBodySchema = z
  .object({
    name: z
      .string({ error: scenarioMessages.nameRequired })
      .trim()
      .min(1, scenarioMessages.nameRequired)
      .max(50, scenarioMessages.nameMax),
    enabled: z.boolean().default(false),
    trigger: z.enum(scenarioTriggers, { error: scenarioMessages.trigger }),
    /** TAG_ADDED: the tag whose adding to a friend (by hand, bulk, an action, a route) starts the scenario. */
    triggerTagId: positiveId(scenarioMessages.triggerTag).nullable().default(null),
    /** RANK_REACHED: the member card rank (its name) whose reaching, upwards, starts the scenario. */
    triggerRank: z
      .string({ error: scenarioMessages.triggerRank })
      .trim()
      .min(1, scenarioMessages.triggerRank)
      .max(30, scenarioMessages.triggerRank)
      .nullable()
      .default(null),
    /** Stop conditions besides blocking (always): a tag added, registered as a member. */
    stopTagIds: tagIdList.default([]),
    stopOnMember: z.boolean().default(false),
    steps: z
      .array(scenarioStepBodySchema, { error: scenarioMessages.steps })
      .min(1, scenarioMessages.steps)
      .max(30, scenarioMessages.steps),
  })
  .refine((b) => (b.trigger === 'TAG_ADDED') === (b.triggerTagId !== null), {
    message: scenarioMessages.triggerTag,
    path: ['triggerTagId'],
  })
  .refine((b) => (b.trigger === 'RANK_REACHED') === (b.triggerRank !== null), {
    message: scenarioMessages.triggerRank,
    path: ['triggerRank'],
  });
export type ScenarioBody = z.input<typeof scenarioBodySchema>;

export const scenarioStepSchema = z.object({
  id: idSchema,
  position: z.number().int(),
  delay: z.object({
    amount: z.number().int(),
    unit: z.enum(delayUnits),
    from: z.enum(['TRIGGER', 'PREVIOUS']),
    timeOfDay: z.string().nullable(),
  }),
  conditions: z.object({
    hasTagIds: z.array(idSchema),
    lacksTagIds: z.array(idSchema),
    /** A saved segment the friend must be in when the step falls due (null: none; a deleted one finds nobody). */
    segmentId: idSchema.nullable(),
    /** Conditions written in the step (unsaved, the segment builder's), evaluated when it falls due. */
    segmentConditions: segmentConditionsSchema.nullable(),
  }),
  messages: z.array(deliveryMessageSchema),
  actions: z.array(scenarioActionSchema),
  /** Friends the step was handed to LINE for, and friends whose conditions skipped it. */
  sentCount: z.number().int(),
  skippedCount: z.number().int(),
  /** Friends who tapped a link of the step (each push names its friend, decision 0060), each once. */
  clickedFriends: z.number().int(),
});
export type ScenarioStep = z.infer<typeof scenarioStepSchema>;

export const scenarioStatsSchema = z.object({
  enrolled: z.number().int(),
  active: z.number().int(),
  completed: z.number().int(),
  stopped: z.number().int(),
});
export type ScenarioStats = z.infer<typeof scenarioStatsSchema>;

export const scenarioSchema = z.object({
  id: idSchema,
  lineAccountId: idSchema,
  name: z.string(),
  enabled: z.boolean(),
  trigger: z.enum(scenarioTriggers),
  triggerTagId: idSchema.nullable(),
  triggerRank: z.string().nullable(),
  stopTagIds: z.array(idSchema),
  stopOnMember: z.boolean(),
  steps: z.array(scenarioStepSchema),
  stats: scenarioStatsSchema,
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Scenario = z.infer<typeof scenarioSchema>;

export const scenarioListSchema = z.object({ data: z.array(scenarioSchema) });
export type ScenarioList = z.infer<typeof scenarioListSchema>;

export const scenarioParamsSchema = lineAccountParamsSchema.extend({ scenarioId: idParamSchema });
export type ScenarioParams = z.input<typeof scenarioParamsSchema>;
export const friendScenarioParamsSchema = lineAccountParamsSchema.extend({ friendId: idParamSchema });

/** A friend's place in a scenario (the friend drawer). */
export const friendEnrolmentSchema = z.object({
  scenarioId: idSchema,
  scenarioName: z.string(),
  status: z.enum(enrolmentStatuses),
  stopReason: z.enum(stopReasons).nullable(),
  enrolledAt: z.string(),
  /** Steps sent or skipped so far, of stepCount. */
  stepsDone: z.number().int(),
  stepCount: z.number().int(),
  nextStepPosition: z.number().int().nullable(),
  nextDueAt: z.string().nullable(),
});
export type FriendEnrolment = z.infer<typeof friendEnrolmentSchema>;
export const friendEnrolmentListSchema = z.object({ data: z.array(friendEnrolmentSchema) });
export type FriendEnrolmentList = z.infer<typeof friendEnrolmentListSchema>;

/** POST .../scenarios/{scenarioId}/enrolments: start the scenario for a friend by hand. */
export const enrolFriendBodySchema = z.object({ friendId: positiveId(scenarioMessages.friendNotFound) });
