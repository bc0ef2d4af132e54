import { z } from 'zod';
import { failureBodySchema } from '../common/errors.ts';
import { memberStatuses } from '../common/enums.ts';
import { idParamSchema, idSchema } from '../common/ids.ts';
import { paginationQuerySchema } from '../common/pagination.ts';

/* The member service (KS-001): attribute definitions, store member settings and members (SPEC.md 3-5, 8). */

import {
  memberAttributeTypes,
  memberAttributeVisibilities,
  memberCodeShowModes,
  memberFailureReasons,
  memberMessages,
  type MemberAttributeType,
} from './members.messages.ts';

export * from './members.messages.ts';

export const memberStatusSchema = z.enum(memberStatuses, { error: memberMessages.status });

// ---- attribute definitions ----

export const attributeChoiceSchema = z.object({
  id: idSchema,
  attributeId: idSchema,
  value: z.string(),
  displayOrder: z.number().int(),
});
export type AttributeChoice = z.infer<typeof attributeChoiceSchema>;

export const memberAttributeSchema = z.object({
  id: idSchema,
  storeId: idSchema,
  visibility: z.enum(memberAttributeVisibilities),
  label: z.string(),
  type: z.enum(memberAttributeTypes),
  isRequired: z.boolean(),
  displayOrder: z.number().int(),
  internalName: z.string().nullable(),
  isDeletable: z.boolean(),
  /** Members who hold a value of it (deleting is refused when > 0). */
  valueCount: z.number().int(),
  choices: z.array(attributeChoiceSchema),
});
export type MemberAttribute = z.infer<typeof memberAttributeSchema>;

const bool = z.boolean({ error: memberMessages.boolean });
const labelSchema = z
  .string({ error: memberMessages.labelRequired })
  .trim()
  .min(1, memberMessages.labelRequired)
  .max(50, memberMessages.labelMax);
const choiceInputSchema = z.object({
  /** An existing choice keeps its id (and the members who chose it); a new one has none. */
  id: idSchema.optional(),
  value: z
    .string({ error: memberMessages.choiceValueRequired })
    .trim()
    .min(1, memberMessages.choiceValueRequired)
    .max(100, memberMessages.choiceValueMax),
});

/** POST .../member-service/attributes; choices in their display order. */
export const createMemberAttributeBodySchema = z
  .object({
    label: labelSchema,
    type: z.enum(memberAttributeTypes, { error: memberMessages.type }),
    visibility: z.enum(memberAttributeVisibilities, { error: memberMessages.visibility }).default('PUBLIC'),
    isRequired: bool.default(false),
    displayOrder: z
      .number({ error: memberMessages.displayOrder })
      .int(memberMessages.displayOrder)
      .min(0, memberMessages.displayOrder)
      .optional(),
    internalName: z.string().trim().max(50, memberMessages.internalNameMax).nullable().optional(),
    isDeletable: bool.default(true),
    choices: z.array(choiceInputSchema).default([]),
  })
  .superRefine((body, ctx) => checkChoices(body, ctx));
export type CreateMemberAttributeBody = z.input<typeof createMemberAttributeBodySchema>;

/** PUT .../member-service/attributes/{attributeId}: the whole definition again. */
export const updateMemberAttributeBodySchema = createMemberAttributeBodySchema;
export type UpdateMemberAttributeBody = z.input<typeof updateMemberAttributeBodySchema>;

function checkChoices(
  body: { type: MemberAttributeType; choices: { value: string }[] },
  ctx: z.RefinementCtx,
): void {
  const hasChoices = body.type === 'RADIO' || body.type === 'CHECKBOX';
  if (hasChoices && body.choices.length === 0)
    ctx.addIssue({ code: 'custom', path: ['choices'], message: memberMessages.choicesRequired });
  if (!hasChoices && body.choices.length > 0)
    ctx.addIssue({ code: 'custom', path: ['choices'], message: memberMessages.choicesNotAllowed });
  if (new Set(body.choices.map((c) => c.value)).size !== body.choices.length)
    ctx.addIssue({ code: 'custom', path: ['choices'], message: memberMessages.choiceDuplicate });
}

/** PUT .../member-service/attributes/order {attributeIds}: the new order of every attribute. */
export const reorderMemberAttributesBodySchema = z.object({
  attributeIds: z.array(idSchema, { error: memberMessages.orderIds }).min(1, memberMessages.orderIds),
});

export const memberAttributeParamsSchema = z.object({
  lineAccountId: idParamSchema,
  attributeId: idParamSchema,
});

// ---- store member settings ----

export const memberSettingsSchema = z.object({
  storeId: idSchema,
  isShowMemberCard: z.boolean(),
  requireRegistration: z.boolean(),
  memberCodeShowMode: z.enum(memberCodeShowModes),
});
export type MemberSettings = z.infer<typeof memberSettingsSchema>;

export const updateMemberSettingsBodySchema = z.object({
  isShowMemberCard: bool,
  requireRegistration: bool,
  memberCodeShowMode: z.enum(memberCodeShowModes, { error: memberMessages.showMode }),
});
export type UpdateMemberSettingsBody = z.input<typeof updateMemberSettingsBodySchema>;

// ---- members ----

/** One attribute value of a member (SPEC.md 3 "Member attribute value"). */
export const memberValueSchema = z.object({
  attributeId: idSchema,
  label: z.string(),
  type: z.enum(memberAttributeTypes),
  /** Text, the day (YYYY-MM-DD), the choices joined by ", ", or the number as text: for lists and CSV. */
  value: z.string().nullable(),
  numberValue: z.number().nullable(),
  memberAttributeChoice: z.array(z.object({ attributeChoiceId: idSchema, value: z.string() })),
});
export type MemberValue = z.infer<typeof memberValueSchema>;

/** Member list entry (SPEC.md 3): memberId and attributes, with what the list shows of the friend. */
export const memberListEntrySchema = z.object({
  memberId: idSchema,
  friendId: idSchema,
  displayName: z.string(),
  pictureUrl: z.string().nullable(),
  isFriend: z.boolean(),
  status: z.enum(memberStatuses),
  memberCode: z.string(),
  remarks: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  attributes: z.array(
    z.object({
      attributeId: idSchema,
      label: z.string(),
      type: z.enum(memberAttributeTypes),
      value: z.string().nullable(),
    }),
  ),
});
export type MemberListEntry = z.infer<typeof memberListEntrySchema>;

export const memberSortKeys = ['createdAt', 'updatedAt', 'memberCode', 'status', 'displayName'] as const;

/**
 * GET /member (SPEC.md 5): limit 50, page 1; `label` + `value` keep members whose attribute of that
 * label has that value (a choice's value, the number, the day, or text containing it); `search` matches
 * member code, LINE name and text values; `sort` a column or an attribute id; `order` ASC or DESC.
 */
export const listMembersQuerySchema = paginationQuerySchema({ defaultLimit: 50 }).extend({
  lineAccountId: z
    .string({ error: memberMessages.lineAccountIdRequired })
    .min(1, memberMessages.lineAccountIdRequired)
    .pipe(idParamSchema),
  label: z.string().trim().max(50, memberMessages.labelMax).optional(),
  value: z.string().trim().max(100, memberMessages.searchMax).optional(),
  search: z.string().trim().max(100, memberMessages.searchMax).optional(),
  sort: z
    .string()
    .refine(
      (s) => (memberSortKeys as readonly string[]).includes(s) || /^\d{1,9}$/.test(s),
      memberMessages.sort,
    )
    .optional(),
  order: z.enum(['ASC', 'DESC'], { error: memberMessages.order }).optional(),
  status: memberStatusSchema.optional(),
});
export type ListMembersQuery = z.input<typeof listMembersQuerySchema>;

/** SPEC.md 7: GET /member answers data, page, limit (and the totals the pager needs). */
export const memberListSchema = z.object({
  data: z.array(memberListEntrySchema),
  page: z.number().int(),
  limit: z.number().int(),
  totalItems: z.number().int(),
  totalPages: z.number().int(),
});
export type MemberList = z.infer<typeof memberListSchema>;

/** The CSV export takes the list's filters, without paging. */
export const exportMembersQuerySchema = listMembersQuerySchema.omit({ page: true, limit: true });

export const memberDetailSchema = z.object({
  id: idSchema,
  friendId: idSchema,
  storeId: idSchema,
  status: z.enum(memberStatuses),
  memberCode: z.string(),
  remarks: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  friend: z.object({ displayName: z.string(), pictureUrl: z.string().nullable(), isFriend: z.boolean() }),
  values: z.array(memberValueSchema),
});
export type MemberDetail = z.infer<typeof memberDetailSchema>;

export const memberParamsSchema = z.object({ lineAccountId: idParamSchema, memberId: idParamSchema });
export const updateMemberStatusBodySchema = z.object({ status: memberStatusSchema });
export const updateMemberRemarksBodySchema = z.object({
  remarks: z
    .string({ error: memberMessages.remarksMax })
    .trim()
    .max(1000, memberMessages.remarksMax)
    .nullable(),
});

// ---- member mini-app ----

export const memberStoreParamsSchema = z.object({ storeId: idParamSchema });

/** The caller's member as the mini-app sees it (GET /store/{storeId}/members). */
export const liffMemberSchema = z.object({
  id: idSchema,
  status: z.enum(memberStatuses),
  memberCode: z.string(),
  attributes: z.array(memberValueSchema),
});
export type LiffMember = z.infer<typeof liffMemberSchema>;

/** 422 of the member lookup: the failure body with the same member fields (null when there is none). */
export const liffMemberFailureSchema = failureBodySchema.extend({
  reason: z.enum(memberFailureReasons),
  id: idSchema.nullable(),
  status: z.enum(memberStatuses).nullable(),
  memberCode: z.string().nullable(),
  attributes: z.array(memberValueSchema),
});
export type LiffMemberFailure = z.infer<typeof liffMemberFailureSchema>;

/**
 * GET /store/{storeId}/member-state: the member lookup's answer as a 200, for the mini-app to open without a
 * failed call in the console when the caller is simply not a member yet (an expected state). `member` is
 * the card to show; otherwise `problem` says why there is none, with the same fields as the lookup's 422.
 */
export const liffMemberStateSchema = z.object({
  member: liffMemberSchema.nullable(),
  problem: liffMemberFailureSchema
    .pick({
      reason: true,
      message: true,
      errors: true,
      id: true,
      status: true,
      memberCode: true,
      attributes: true,
    })
    .nullable(),
});
export type LiffMemberState = z.infer<typeof liffMemberStateSchema>;

/**
 * POST /store/{storeId}/members/: the whole form, one entry per attribute: attributeId plus either
 * attributeChoiceIds, value or numberValue (SPEC.md 5). The attribute's type decides which is valid.
 */
export const registrationEntrySchema = z
  .object(
    {
      attributeId: idSchema,
      attributeChoiceIds: z.array(idSchema, { error: memberMessages.entryShape }).optional(),
      value: z.string({ error: memberMessages.entryShape }).optional(),
      numberValue: z
        .number({ error: memberMessages.numberValue })
        .finite(memberMessages.numberValue)
        .optional(),
    },
    { error: memberMessages.entryShape },
  )
  .refine(
    (e) => [e.attributeChoiceIds, e.value, e.numberValue].filter((v) => v !== undefined).length === 1,
    memberMessages.entryShape,
  );
export type RegistrationEntry = z.infer<typeof registrationEntrySchema>;
export const registerMemberBodySchema = z.array(registrationEntrySchema, {
  error: memberMessages.entriesRequired,
});
export type RegisterMemberBody = z.input<typeof registerMemberBodySchema>;

// ---- friend search: member conditions ----

/**
 * One member-attribute condition of the friend search: text contains `value` (STRING), number or day
 * in [min, max] (NUMBER, DATE), any of `choiceIds` (RADIO, CHECKBOX), or simply has a value (IMAGE, or
 * nothing else given).
 */
export const memberConditionSchema = z.object({
  attributeId: idSchema,
  value: z.string().trim().max(100, memberMessages.searchMax).optional(),
  min: z.union([z.number(), z.string().max(30)]).optional(),
  max: z.union([z.number(), z.string().max(30)]).optional(),
  choiceIds: z.array(idSchema).max(100).optional(),
});
export type MemberCondition = z.infer<typeof memberConditionSchema>;

/** Uploaded member images: at most 5 MB as sent (JPEG, PNG or WebP by their bytes). */
export const memberImageLimits = {
  maxBytes: 5 * 1024 * 1024,
  maxSide: 2048,
  /** Pixels decoded at most (a 50-megapixel phone photo passes; a decompression bomb does not). */
  maxInputPixels: 50_000_000,
  /** Uploads of one friend to one store in an hour, and images one friend keeps there (unattached ones are swept). */
  perFriendPerHour: 20,
  perFriendHeld: 60,
  /** Uploads to one store in an hour, all its friends together. */
  perStorePerHour: 600,
} as const;
/** The image as a data URL (its label is not trusted: the bytes decide). */
export const uploadMemberImageBodySchema = z.object({
  dataUrl: z
    .string()
    .max(Math.ceil((memberImageLimits.maxBytes * 4) / 3) + 200, memberMessages.imageTooLarge),
});
/** An uploaded image: its key is what a registration entry of an IMAGE attribute names as value. */
export const memberImageSchema = z.object({
  key: z.string(),
  contentType: z.enum(['image/jpeg', 'image/png', 'image/webp']),
  width: z.number().int(),
  height: z.number().int(),
  byteSize: z.number().int(),
});
export type MemberImage = z.infer<typeof memberImageSchema>;
const imageKeySchema = z.string().regex(/^[a-f0-9]{32}$/, memberMessages.imageNotFound);
export const memberImageParamsSchema = memberStoreParamsSchema.extend({ imageKey: imageKeySchema });
export const memberImageOfMemberParamsSchema = memberParamsSchema.extend({ imageKey: imageKeySchema });
