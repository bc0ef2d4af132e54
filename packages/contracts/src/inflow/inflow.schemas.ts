import { z } from 'zod';
import { idParamSchema, idSchema, MAX_ID } from '../common/ids.ts';
import { lineAccountParamsSchema } from '../line-accounts/line-accounts.schemas.ts';

export const inflowMessages = {
  nameRequired: 'Enter the route name',
  nameMax: 'The route name is at most 100 characters',
  tagIds: 'Tags must be a list of at most 20 tag ids',
  routeNotFound: 'Route not found',
  tagNotFound: 'Tag not found',
  scenarioId: 'The scenario must be a scenario id or none',
  scenarioNotFound: 'Scenario not found: choose a scenario of this LINE account',
  richMenuId: 'The rich menu must be a rich menu id or none',
  richMenuNotFound: 'Rich menu not found: choose a rich menu of this LINE account',
  days: 'Days must be 7 to 365',
  idTokenInvalid: 'The LINE login could not be verified',
  loginStateInvalid: 'This login link is not valid or has expired; open the route URL again',
} as const;

/** The window before a follow in which a route's visit counts (decision 0038: last touch within 7 days). */
export const INFLOW_ATTRIBUTION_DAYS = 7;

export const inflowRouteParamsSchema = lineAccountParamsSchema.extend({ routeId: idParamSchema });
export const inflowFriendParamsSchema = lineAccountParamsSchema.extend({ friendId: idParamSchema });
export const inflowSlugParamsSchema = z.object({ slug: z.string().max(64) });

/** An id of another module's row, or none (null, the default), with its own text. */
const optionalId = (message: string) =>
  z.number({ error: message }).int(message).positive(message).max(MAX_ID, message).nullable().default(null);

export const inflowRouteBodySchema = z.object({
  name: z
    .string({ error: inflowMessages.nameRequired })
    .trim()
    .min(1, inflowMessages.nameRequired)
    .max(100, inflowMessages.nameMax),
  isActive: z.boolean().default(true),
  tagIds: z.array(idSchema, { error: inflowMessages.tagIds }).max(20, inflowMessages.tagIds).default([]),
  /** A scenario of the account to start for the friend the route brings (none: null). */
  scenarioId: optionalId(inflowMessages.scenarioId),
  /** A rich menu of the account to link to the friend the route brings (none: null). */
  richMenuId: optionalId(inflowMessages.richMenuId),
});
export type InflowRouteBody = z.input<typeof inflowRouteBodySchema>;

export const inflowReportQuerySchema = z.object({
  days: z
    .string({ error: inflowMessages.days })
    .regex(/^\d{1,3}$/, inflowMessages.days)
    .transform(Number)
    .refine((n) => n >= 7 && n <= 365, inflowMessages.days)
    .optional(),
});

/** A route's figures over the period: visits, people, follows and what those friends did after. */
export const inflowFiguresSchema = z.object({
  visits: z.number().int(),
  uniqueVisitors: z.number().int(),
  newFriends: z.number().int(),
  unblocked: z.number().int(),
  blockedLater: z.number().int(),
  members: z.number().int(),
});
export type InflowFigures = z.infer<typeof inflowFiguresSchema>;

export const inflowRouteSchema = z.object({
  id: idSchema,
  name: z.string(),
  isActive: z.boolean(),
  tagIds: z.array(idSchema),
  scenarioId: idSchema.nullable(),
  richMenuId: idSchema.nullable(),
  /** The public URL to print or post: opening it records a visit and leads to adding the account. */
  url: z.string(),
  createdAt: z.string(),
  figures: inflowFiguresSchema,
});
export type InflowRoute = z.infer<typeof inflowRouteSchema>;

/** Per day (Japan's calendar) and route: visits and new friends, for the chart. */
export const inflowSeriesSchema = z.object({
  days: z.array(z.string()),
  routes: z.array(
    z.object({ routeId: idSchema, visits: z.array(z.number().int()), newFriends: z.array(z.number().int()) }),
  ),
});

export const inflowReportSchema = z.object({
  days: z.number().int(),
  attributionDays: z.number().int(),
  routes: z.array(inflowRouteSchema),
  series: inflowSeriesSchema,
});
export type InflowReport = z.infer<typeof inflowReportSchema>;

/** The route a friend came through (their first follow's attribution), or none. */
export const friendInflowSchema = z.object({
  route: z.object({ id: idSchema, name: z.string() }).nullable(),
  attributedAt: z.string().nullable(),
});
export type FriendInflow = z.infer<typeof friendInflowSchema>;

/**
 * The landing's public answer: the account's name, where to add it, and how to identify the user: the
 * LIFF of the account, or (no LIFF) our LINE Login URL, which goes through LINE's login and back.
 */
export const inflowLandingSchema = z.object({
  accountName: z.string(),
  addFriendUrl: z.string().nullable(),
  liffId: z.string().nullable(),
  /** Our URL that sends the visitor through LINE Login (web) when the account has no LIFF; else null. */
  loginUrl: z.string().nullable(),
  lineMode: z.enum(['line', 'simulator']),
});
export type InflowLanding = z.infer<typeof inflowLandingSchema>;

export const inflowVisitBodySchema = z.object({
  /** The LIFF ID token of the visitor (verified with LINE for the account's LINE Login channel); none: anonymous. */
  idToken: z.string().max(4096).optional(),
});
export const inflowVisitResultSchema = z.object({
  addFriendUrl: z.string().nullable(),
  isFriend: z.boolean(),
});

/**
 * LINE Login's redirect back to us: the code and our state, or an error (the user cancelled). LINE may add
 * other parameters (friendship_status_changed, ...): they are ignored.
 */
export const inflowLoginCallbackQuerySchema = z.object({
  code: z.string().max(512).optional(),
  state: z.string().max(256).optional(),
  error: z.string().max(200).optional(),
  error_description: z.string().max(1000).optional(),
});
