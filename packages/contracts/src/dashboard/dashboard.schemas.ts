import { z } from 'zod';
import { contractStatusSchema } from '../common/enums.ts';
import { idSchema } from '../common/ids.ts';

export const dashboardMessages = {
  days: 'days must be 30 or 90',
} as const;

const count = z.number().int().nonnegative();
/** Integer yen. */
const yen = z.number().int().nonnegative();

/** How many clients are in each contract status (every status present, zero included). */
export const clientsByStatusSchema = z.array(z.object({ status: contractStatusSchema, count }));
export type ClientsByStatus = z.infer<typeof clientsByStatusSchema>;

/** Months the dashboards chart: the last 12 Asia/Tokyo months, the current one last. */
export const DASHBOARD_MONTHS = 12;

/**
 * GET /master/api/v1/dashboard. Months: clients whose contract first became ACTIVE in the month, and
 * the monthly fees of the clients ACTIVE in it (the agencies' commission rule, docs/decisions/0010).
 */
export const masterDashboardSchema = z.object({
  clientsByStatus: clientsByStatusSchema,
  activeLineAccounts: count,
  /** Sum of the monthly fees of the ACTIVE clients. */
  monthlyRecurringFees: yen,
  /** Friends who followed a LINE account of any client in the last 30 days (blocked since included). */
  friendsAddedLast30Days: count,
  months: z.array(z.object({ month: z.string(), newClients: count, monthlyFees: yen })),
});
export type MasterDashboard = z.infer<typeof masterDashboardSchema>;

/** GET /agency/api/v1/dashboard: the agency's own clients and its commission by month. */
export const agencyDashboardSchema = z.object({
  clientsByStatus: clientsByStatusSchema,
  /** Sum of the monthly fees of its ACTIVE clients. */
  monthlyRecurringFees: yen,
  marginRate: z.number(),
  months: z.array(z.object({ month: z.string(), clientCount: count, commission: yen })),
});
export type AgencyDashboard = z.infer<typeof agencyDashboardSchema>;

export const dashboardDays = [30, 90] as const;

/** ?days=30|90 (default 30): the span of the client dashboard's chart. */
export const clientDashboardQuerySchema = z.object({
  days: z
    .enum(['30', '90'], { error: dashboardMessages.days })
    .optional()
    .transform((d) => (d === '90' ? 90 : 30)),
});

/**
 * LINE's free message allowance of the free communication plan (コミュニケーションプラン, 200 a month).
 * The product does not know an account's paid plan yet, so the dashboard measures against this one.
 */
export const LINE_FREE_MESSAGE_QUOTA = 200;

/** GET /client/api/v1/line-account/:lineAccountId/dashboard: figures of one LINE account. */
export const clientDashboardSchema = z.object({
  lineAccountId: idSchema,
  days: z.number().int(),
  /** Friends following now, and those who blocked the account. */
  friends: count,
  blocked: count,
  /** One entry per Asia/Tokyo day, oldest first, today last: follows, blocks and friends at the day's end. */
  daily: z.array(z.object({ date: z.string(), newFriends: count, blocks: count, friends: count })),
  /** Members of the account's member store (null: the member service is not linked). */
  members: z.object({ active: count, inactive: count }).nullable(),
  /** Shift staff of the account's shift store (null: the shift service is not linked). */
  staff: z.object({ approved: count, pending: count }).nullable(),
  /** Published announcements the signed-in user has not opened. */
  unreadAnnouncements: count,
  /** Messages the account sent to friends this Asia/Tokyo month, against LINE's free allowance. */
  messages: z.object({ sentThisMonth: count, freeQuota: count }),
});
export type ClientDashboard = z.infer<typeof clientDashboardSchema>;
