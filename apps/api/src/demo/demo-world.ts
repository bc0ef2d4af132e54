import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config/env.ts';
import type { Db } from '../db/client.ts';
import { demoStateOf, seedDemoData, type SeedResult } from '../db/seed.ts';
import { systemClock, type Clock } from '../platform/clock.ts';
import type { Actor, ServiceContext } from '../platform/context.ts';
import { createMailer } from '../platform/mail.ts';
import { findUserByEmail, type UserRow } from '../modules/users/index.ts';
import { seedAnnouncements } from './world/announcements.ts';
import { seedDeliveries } from './world/deliveries.ts';
import { seedTags } from './world/tags.ts';
import { seedGreeting } from './world/greeting.ts';
import { seedTemplates } from './world/templates.ts';
import { seedKeywordReplies } from './world/keyword-replies.ts';
import { seedScenarios } from './world/scenarios.ts';
import { seedInflowRoutes } from './world/inflow-routes.ts';
import { seedClientHistory } from './world/client-history.ts';
import { seedLineAccount } from './world/line-account.ts';
import { seedMemberCard } from './world/member-card.ts';
import { seedCoupons } from './world/coupons.ts';
import { seedMemberStore } from './world/member-store.ts';
import { seedNotificationGroups } from './world/notification-groups.ts';
import { seedPayments } from './world/payments.ts';
import { seedRichMenu } from './world/rich-menu.ts';
import { seedShiftStore } from './world/shift-store.ts';

export type DemoWorldDeps = { db: Db; config: Config; log: FastifyBaseLogger; clock?: Clock };

export type DemoWorldResult = SeedResult & {
  /** The demo client's LINE account, when the simulator was there to connect it. */
  lineAccount: { id: number; channelId: string } | null;
};

/**
 * The demo world of `npm start` and the end-to-end fixtures: the tenants and logins (db/seed.ts), then
 * everything a visitor should find on the pages, written through the modules' doors as a user's actions
 * would. Each part checks whether it is already there, so a second run changes nothing.
 */
export async function seedDemoWorld(deps: DemoWorldDeps): Promise<DemoWorldResult | undefined> {
  // Only into an empty database (or the demo's own, on a restart): a database with real tenants is
  // never touched, whatever SEED_DEMO says.
  if ((await demoStateOf(deps.db)) === 'foreign') {
    deps.log.warn('The database holds tenants that are not the demo: the demo is not written.');
    return undefined;
  }
  const base = await seedDemoData(deps.db);
  const master = await userOrThrow(deps.db, 'master@demo.example');
  const owner = await userOrThrow(deps.db, 'owner@demo.example');
  await seedAnnouncements(contextOf(deps, master));
  const agencyUser = await userOrThrow(deps.db, 'agency@demo.example');
  await seedClientHistory(contextOf(deps, master), agencyUser.agencyId);
  const ownerCtx = contextOf(deps, owner);
  const lineAccount = deps.config.line.isSimulator
    ? await seedLineAccount(ownerCtx, deps.config.line.apiBaseUrl)
    : null;
  // Before the services: the sign-ups, requests and registrations below are delivered to its groups.
  if (lineAccount) {
    await seedNotificationGroups(ownerCtx, lineAccount.id, deps.config.line.apiBaseUrl);
  }
  if (lineAccount) await seedShiftStore(ownerCtx, lineAccount, deps.config.line.apiBaseUrl);
  if (deps.config.payments.isSimulator) {
    await seedPayments(contextOf(deps, master), ownerCtx, lineAccount);
  }
  if (lineAccount) await seedMemberStore(ownerCtx, lineAccount, deps.config.line.apiBaseUrl);
  if (lineAccount) {
    const staff = contextOf(deps, await userOrThrow(deps.db, 'staff@demo.example'));
    const manager = contextOf(deps, await userOrThrow(deps.db, 'manager@demo.example'));
    await seedMemberCard(ownerCtx, staff, manager, lineAccount.id);
  }
  if (lineAccount) await seedDeliveries(ownerCtx, lineAccount.id);
  if (lineAccount) await seedTags(ownerCtx, lineAccount.id);
  if (lineAccount) await seedGreeting(ownerCtx, lineAccount.id);
  if (lineAccount) await seedTemplates(ownerCtx, lineAccount.id);
  if (lineAccount) {
    // coupons (issue 33): made, sent in a delivery to the members, claimed and some used
    const staff = contextOf(deps, await userOrThrow(deps.db, 'staff@demo.example'));
    const manager = contextOf(deps, await userOrThrow(deps.db, 'manager@demo.example'));
    await seedCoupons(ownerCtx, manager, staff, lineAccount.id, deps.config.line.apiBaseUrl);
  }
  // 応答メッセージ and the rich menu action, then the rich menu whose fourth area runs it (decision 0036)
  if (lineAccount) {
    const coupon = await seedKeywordReplies(ownerCtx, lineAccount.id);
    await seedRichMenu(ownerCtx, lineAccount.id, coupon);
  }
  if (lineAccount) await seedScenarios(ownerCtx, lineAccount.id);
  if (lineAccount) await seedInflowRoutes(ownerCtx, lineAccount.id);
  return { ...base, lineAccount };
}

async function userOrThrow(db: Db, email: string): Promise<UserRow> {
  const user = await findUserByEmail(db, email);
  if (!user) throw new Error(`demo user ${email} missing`);
  return user;
}

/** What a request of this user would carry: the seed acts as the demo users do. */
function contextOf(deps: DemoWorldDeps, user: UserRow): ServiceContext {
  const clock = deps.clock ?? systemClock;
  const actor: Actor = {
    userId: user.id,
    sessionId: 0,
    role: user.role,
    position: user.position,
    clientId: user.clientId,
    agencyId: user.agencyId,
  };
  return {
    db: deps.db,
    config: deps.config,
    mailer: createMailer(deps.config, { clock }),
    clock,
    log: deps.log,
    requestId: `demo-seed-${randomUUID()}`,
    ip: '127.0.0.1',
    userAgent: 'demo seed',
    actor,
    clientId: user.clientId,
  };
}
