import {
  DASHBOARD_MONTHS,
  LINE_FREE_MESSAGE_QUOTA,
  type AgencyDashboard,
  type ClientDashboard,
  type MasterDashboard,
} from '@app/contracts';
import type { ServiceContext } from '../../platform/context.ts';
import { addMonths, parseDay, tokyoDay } from '../../platform/dates.ts';
import { getCommissions } from '../agencies/index.ts';
import { countUnreadAnnouncements } from '../announcements/index.ts';
import { clientFigures } from '../clients/index.ts';
import { accountFriendFigures, countFriendsFollowedSince } from '../friends/index.ts';
import { countActiveLineAccounts } from '../line-accounts/index.ts';
import { memberFiguresOfLineAccount } from '../members/index.ts';
import { staffFiguresOfLineAccount } from '../shift/index.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/** The last DASHBOARD_MONTHS Asia/Tokyo months, the current one last (YYYY-MM). */
function recentMonths(ctx: ServiceContext): string[] {
  const { y, m } = parseDay(tokyoDay(ctx.clock.now()));
  return Array.from({ length: DASHBOARD_MONTHS }, (_, i) => {
    const at = addMonths(y, m, i - (DASHBOARD_MONTHS - 1));
    return `${at.y}-${String(at.m).padStart(2, '0')}`;
  });
}

/**
 * The master's dashboard: each figure comes from the module that owns its data, through its door;
 * a fixed number of queries whatever the size of the platform.
 */
export async function getMasterDashboard({ ctx }: { ctx: ServiceContext }): Promise<MasterDashboard> {
  const clients = await clientFigures({ ctx, input: { months: recentMonths(ctx) } });
  const activeLineAccounts = await countActiveLineAccounts({ ctx });
  const since = new Date(ctx.clock.now().getTime() - 30 * DAY_MS);
  const friendsAddedLast30Days = await countFriendsFollowedSince({ ctx, input: { since } });
  return {
    clientsByStatus: clients.clientsByStatus,
    activeLineAccounts,
    monthlyRecurringFees: clients.monthlyRecurringFees,
    friendsAddedLast30Days,
    months: clients.months,
  };
}

/** The agency's dashboard: its own clients by status and its commission by month. */
export async function getAgencyDashboard({ ctx }: { ctx: ServiceContext }): Promise<AgencyDashboard> {
  const months = recentMonths(ctx);
  const clients = await clientFigures({ ctx, input: { months } });
  const report = await getCommissions({ ctx, input: { from: months[0], to: months.at(-1) } });
  return {
    clientsByStatus: clients.clientsByStatus,
    monthlyRecurringFees: clients.monthlyRecurringFees,
    marginRate: report.marginRate,
    months: report.months.map((m) => ({
      month: m.month,
      clientCount: m.clientCount,
      commission: m.commission,
    })),
  };
}

/** One LINE account's dashboard in the client area; another client's account answers 404. */
export async function getClientDashboard({
  ctx,
  input,
}: {
  ctx: ServiceContext;
  input: { lineAccountId: number; days: number };
}): Promise<ClientDashboard> {
  // First: it checks the account belongs to the client.
  const friends = await accountFriendFigures({ ctx, input });
  const membersOfAccount = await memberFiguresOfLineAccount({ ctx, input });
  const staff = await staffFiguresOfLineAccount({ ctx, input });
  const unreadAnnouncements = await countUnreadAnnouncements({ ctx });
  return {
    lineAccountId: input.lineAccountId,
    days: input.days,
    friends: friends.friends,
    blocked: friends.blocked,
    daily: friends.daily,
    members: membersOfAccount,
    staff,
    unreadAnnouncements,
    messages: { sentThisMonth: friends.sentThisMonth, freeQuota: LINE_FREE_MESSAGE_QUOTA },
  };
}
