import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config/env.ts';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { demoWorld, lineAccounts } from '../db/schema/index.ts';
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

export type DemoWorldDeps = {
  db: Db;
  config: Config;
  log: FastifyBaseLogger;
  clock?: Clock;
  /** Called after each part of the world is written (the tests interrupt the seed there, as a crash would). */
  afterPart?: (part: string) => void | Promise<void>;
};

export type DemoWorldResult = SeedResult & {
  /** The demo client's LINE account, when the simulator was there to connect it. */
  lineAccount: { id: number; channelId: string } | null;
};

/**
 * The demo world's version, kept in its marker (table demo_world) when every part is written. Bump it
 * when a part is added or changed: a data folder whose marker names an older version runs the parts
 * again on its next start (each finds what is already there and adds what is missing).
 */
export const DEMO_WORLD_VERSION = 1;

/**
 * The demo world of `npm start` and the end-to-end fixtures: the tenants and logins (db/seed.ts), then
 * everything a visitor should find on the pages, written through the modules' doors as a user's actions
 * would. Each part checks whether it is already there, so a second run changes nothing; once all are
 * written, a marker makes later runs skip them.
 */
export async function seedDemoWorld(deps: DemoWorldDeps): Promise<DemoWorldResult | undefined> {
  const logins = await seedDemoLogins(deps);
  if (!logins) return undefined;
  return { ...logins, lineAccount: await writeDemoWorld(deps) };
}

/**
 * The demo's tenants and logins (what the start banner prints), written once. Only into an empty
 * database (or the demo's own, on a restart): a database with real tenants is never touched, whatever
 * SEED_DEMO says (undefined then).
 */
export async function seedDemoLogins(deps: DemoWorldDeps): Promise<SeedResult | undefined> {
  if ((await demoStateOf(deps.db)) === 'foreign') {
    deps.log.warn('The database holds tenants that are not the demo: the demo is not written.');
    return undefined;
  }
  return seedDemoData(deps.db);
}

/** Whether the marker says the current demo world is complete. */
export async function demoWorldComplete(db: Db): Promise<boolean> {
  const [marker] = await db.select({ version: demoWorld.version }).from(demoWorld).limit(1);
  return marker?.version === DEMO_WORLD_VERSION;
}

/**
 * Everything but the logins (seedDemoLogins first): skipped when the marker says it is complete,
 * otherwise each part in turn, then the marker. A run interrupted part-way (a crash, a stop) leaves no
 * marker, so the next run writes the missing parts.
 */
export async function writeDemoWorld(deps: DemoWorldDeps): Promise<DemoWorldResult['lineAccount']> {
  const owner = await userOrThrow(deps.db, 'owner@demo.example');
  if (await demoWorldComplete(deps.db)) {
    const [account] = await deps.db
      .select({ id: lineAccounts.id, channelId: lineAccounts.channelId })
      .from(lineAccounts)
      .where(eq(lineAccounts.clientId, owner.clientId!))
      .orderBy(lineAccounts.id)
      .limit(1);
    return account ?? null;
  }
  const part = async (name: string, write: () => Promise<unknown>) => {
    await write();
    await deps.afterPart?.(name);
  };
  const master = await userOrThrow(deps.db, 'master@demo.example');
  await part('announcements', () => seedAnnouncements(contextOf(deps, master)));
  const agencyUser = await userOrThrow(deps.db, 'agency@demo.example');
  await part('client-history', () => seedClientHistory(contextOf(deps, master), agencyUser.agencyId));
  const ownerCtx = contextOf(deps, owner);
  let lineAccount: DemoWorldResult['lineAccount'] = null;
  if (deps.config.line.isSimulator) {
    await part('line-account', async () => {
      lineAccount = await seedLineAccount(ownerCtx, deps.config.line.apiBaseUrl);
    });
  }
  const simUrl = deps.config.line.apiBaseUrl;
  // Before the services: the sign-ups, requests and registrations below are delivered to its groups.
  const account = lineAccount as DemoWorldResult['lineAccount'];
  if (account) {
    await part('notification-groups', () => seedNotificationGroups(ownerCtx, account.id, simUrl));
    await part('shift-store', () => seedShiftStore(ownerCtx, account, simUrl));
  }
  if (deps.config.payments.isSimulator) {
    await part('payments', () => seedPayments(contextOf(deps, master), ownerCtx, account));
  }
  if (account) {
    await part('member-store', () => seedMemberStore(ownerCtx, account, simUrl));
    const staff = contextOf(deps, await userOrThrow(deps.db, 'staff@demo.example'));
    const manager = contextOf(deps, await userOrThrow(deps.db, 'manager@demo.example'));
    await part('member-card', () => seedMemberCard(ownerCtx, staff, manager, account.id));
    await part('deliveries', () => seedDeliveries(ownerCtx, account.id));
    await part('tags', () => seedTags(ownerCtx, account.id));
    await part('greeting', () => seedGreeting(ownerCtx, account.id));
    await part('templates', () => seedTemplates(ownerCtx, account.id));
    // coupons (issue 33): made, sent in a delivery to the members, claimed and some used
    await part('coupons', () => seedCoupons(ownerCtx, manager, staff, account.id, simUrl));
    // 応答メッセージ and the rich menu action, then the rich menu whose fourth area runs it (decision 0036)
    await part('rich-menu', async () => {
      const coupon = await seedKeywordReplies(ownerCtx, account.id);
      await seedRichMenu(ownerCtx, account.id, coupon);
    });
    await part('scenarios', () => seedScenarios(ownerCtx, account.id));
    await part('inflow-routes', () => seedInflowRoutes(ownerCtx, account.id));
  }
  // Complete only with its LINE account when the simulator is the LINE (it may not have answered yet).
  if (account || !deps.config.line.isSimulator) {
    await deps.db
      .insert(demoWorld)
      .values({ id: 1, version: DEMO_WORLD_VERSION })
      .onConflictDoUpdate({
        target: demoWorld.id,
        set: { version: DEMO_WORLD_VERSION, completedAt: new Date() },
      });
  }
  return account;
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
