import { randomUUID } from 'node:crypto';
import {
  approveDraftBodySchema,
  createClientBodySchema,
  createAnnouncementBodySchema,
  createLineAccountBodySchema,
  createMemberAttributeBodySchema,
  createNormalRulesBodySchema,
  createSpecialRuleGroupBodySchema,
  richMenuObjectSchema,
  saveRemarkBodySchema,
  saveShiftBodySchema,
  shiftPatternBodySchema,
  submitRequestsBodySchema,
} from '@app/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config/env.ts';
import { inTransaction, type Db } from '../db/client.ts';
import { demoStateOf, seedDemoData, type SeedResult } from '../db/seed.ts';
import { systemClock, type Clock } from '../platform/clock.ts';
import type { Actor, ServiceContext } from '../platform/context.ts';
import { addDays, addMonths, formatDay, monthRange, parseDay, tokyoDay } from '../platform/dates.ts';
import { createMailer } from '../platform/mail.ts';
import { createAnnouncement, listAnnouncements } from '../modules/announcements/index.ts';
import { changeContractStatus, createClient, listClients } from '../modules/clients/index.ts';
import {
  findFriendOfLineUser,
  recordFollow,
  recordIncomingMessage,
  recordUnfollow,
  sendFriendMessage,
  setFriendManagerNote,
} from '../modules/friends/index.ts';
import { createLineAccount, listLineAccountsOfClient } from '../modules/line-accounts/index.ts';
import {
  confirmSubscription,
  initPayment,
  listSubscriptionPrices,
  listSubscriptions,
  saveCard,
  setSubscriptionPrice,
} from '../modules/payments/index.ts';
import {
  createRichMenu,
  layoutRichMenu,
  listRichMenusOfAccount,
  renderRichMenuImage,
  setDefaultRichMenu,
  type RenderInput,
} from '../modules/rich-menus/index.ts';
import {
  createMemberAttribute,
  registerOwnMember,
  uploadOwnImage,
  updateMemberRemarks,
  updateMemberSettings,
  updateMemberStatus,
} from '../modules/members/index.ts';
import { createSetting, listSettings } from '../modules/notifications/index.ts';
import { linkService } from '../modules/services/index.ts';
import {
  approveDrafts,
  createHelper,
  createNormalRules,
  createShiftPattern,
  createSpecialRuleGroup,
  getOpenPeriod,
  saveRemark,
  saveShifts,
  signUpStaff,
  submitOwnRequests,
  updateShiftClosure,
  updateStaffStatus,
} from '../modules/shift/index.ts';
import { findUserByEmail, type UserRow } from '../modules/users/index.ts';
import {
  demoAnnouncements,
  demoClientHistory,
  demoConversations,
  demoFriendNames,
  demoNotes,
} from './demo-content.ts';
import { asLiffCaller } from './liff-caller.ts';
import { friendDirectories } from '../composition.ts';

export type DemoWorldDeps = { db: Db; config: Config; log: FastifyBaseLogger; clock?: Clock };

export type DemoWorldResult = SeedResult & {
  /** The demo client's LINE account, when the simulator was there to connect it. */
  lineAccount: { id: number; channelId: string } | null;
};

const DAY_MS = 24 * 60 * 60 * 1000;
const HOUR_MS = 60 * 60 * 1000;

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
  if (lineAccount) await seedRichMenu(ownerCtx, lineAccount.id);
  if (lineAccount) await seedMemberStore(ownerCtx, lineAccount, deps.config.line.apiBaseUrl);
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

/**
 * The account's default rich menu, as a manager makes it in the editor: an image (drawn here as a
 * designer would), three tap areas on it (a message, the menu page, a phone call), then set as default.
 */
async function seedRichMenu(ctx: ServiceContext, lineAccountId: number): Promise<void> {
  const { data: menus } = await listRichMenusOfAccount({ ctx, input: { lineAccountId } });
  if (menus.length > 0) return;
  const labels = ['予約する', 'メニュー', 'お店に電話'];
  const design: RenderInput = {
    width: 2500,
    height: 843,
    rows: [labels.map((label) => ({ label, ratio: 1, gap: 24 }))],
    border: { top: 40, bottom: 40, left: 40, right: 40 },
  };
  const image = renderRichMenuImage(design);
  const [boxes] = layoutRichMenu(design).itemBoxes;
  const actions = [
    { type: 'message' as const, label: '予約する', text: '予約したいです' },
    { type: 'uri' as const, label: 'メニュー', uri: 'https://example.com/demo-shop/menu' },
    { type: 'uri' as const, label: 'お店に電話', uri: 'tel:0612345678' },
  ];
  const menu = await createRichMenu({
    ctx,
    input: {
      lineAccountId,
      richMenu: richMenuObjectSchema.parse({
        name: '基本メニュー',
        size: { width: design.width, height: design.height },
        selected: true,
        chatBarText: 'メニュー',
        areas: boxes!.map((bounds, index) => ({ bounds, action: actions[index]! })),
      }),
      image: `data:${image.contentType};base64,${image.data.toString('base64')}`,
    },
  });
  await setDefaultRichMenu({ ctx, input: { lineAccountId, richMenuId: menu.id } });
}

/** One announcement in each status: draft, scheduled, published and archived. */
async function seedAnnouncements(ctx: ServiceContext): Promise<void> {
  const existing = await listAnnouncements({ ctx, input: { page: 1, limit: 1 } });
  if (existing.pagination.totalItems > 0) return;
  const now = ctx.clock.now().getTime();
  const at = (days: number) => new Date(now + days * DAY_MS).toISOString();
  for (const a of demoAnnouncements) {
    await createAnnouncement({
      ctx,
      input: createAnnouncementBodySchema.parse({
        title: a.title,
        content: a.content,
        type: a.type,
        ...(a.publishInDays !== null ? { publishAt: at(a.publishInDays) } : {}),
        ...(a.archiveInDays !== null ? { archiveAt: at(a.archiveInDays) } : {}),
      }),
    });
  }
}

/** The same context at another moment: what the master did months ago, done on a clock set back. */
const at = (ctx: ServiceContext, when: Date): ServiceContext => ({ ...ctx, clock: { now: () => when } });

/** Day 10 of the Tokyo month `monthsAgo` months before now, at noon in Tokyo. */
function monthsAgo(ctx: ServiceContext, n: number): Date {
  const { y, m } = parseDay(tokyoDay(ctx.clock.now()));
  const month = addMonths(y, m, -n);
  const day = formatDay(month.y, month.m, Math.min(10, parseDay(tokyoDay(ctx.clock.now())).d));
  return new Date(`${day}T12:00:00+09:00`);
}

/**
 * Clients signed up by the master over the last months, under the demo agency or direct, made ACTIVE
 * (and some cancelled or suspended) as the master's contract-status changes do, on a clock set back:
 * the dashboards' months of new clients, fees and commission have history to chart.
 */
async function seedClientHistory(ctx: ServiceContext, agencyId: number | null): Promise<void> {
  const first = demoClientHistory[0];
  const found = await listClients({ ctx, input: { query: { page: 1, limit: 1, search: first.name } } });
  if (found.pagination.totalItems > 0) return;
  for (const [index, c] of demoClientHistory.entries()) {
    const activeAt = monthsAgo(ctx, c.activeMonthsAgo);
    const [prefecture, city, addressOther] = c.city;
    const created = await createClient({
      ctx: at(ctx, new Date(activeAt.getTime() - 7 * DAY_MS)),
      input: createClientBodySchema.parse({
        ...(c.ofAgency && agencyId !== null ? { agencyId } : {}),
        client: {
          companyName: c.name,
          companyNameKana: c.kana,
          address: { postalCode: '100-0001', prefecture, city, addressOther },
          monthlyFee: c.fee,
          paymentStatus: 'ACTIVE',
        },
        contactPerson: {
          lastName: '担当',
          firstName: `${index + 1}郎`,
          email: `history-${index + 1}@demo.example`,
          phoneNumber: '03-0000-0000',
        },
        user: {
          lastName: '担当',
          firstName: `${index + 1}郎`,
          email: `history-${index + 1}@demo.example`,
          password: `${randomUUID()}-Aa1`,
        },
      }),
    });
    await changeContractStatus({
      ctx: at(ctx, activeAt),
      input: { id: created.id, to: 'ACTIVE', via: 'status' },
    });
    if ('cancelledMonthsAgo' in c) {
      await changeContractStatus({
        ctx: at(ctx, monthsAgo(ctx, c.cancelledMonthsAgo)),
        input: { id: created.id, to: 'CANCELLED', via: 'cancel' },
      });
    }
    if ('suspendedMonthsAgo' in c) {
      await changeContractStatus({
        ctx: at(ctx, monthsAgo(ctx, c.suspendedMonthsAgo)),
        input: { id: created.id, to: 'SUSPENDED', via: 'status' },
      });
    }
  }
}

type SimChannelView = {
  channelId: string;
  channelSecret: string;
  loginChannel: { channelId: string; channelSecret: string };
};
type SimUserView = { userId: string; displayName: string; pictureUrl: string; language: string };

/**
 * The simulator started beside the API (npm start runs both at once) may still be starting: wait for
 * it a little, and leave the LINE part for the next start if it never answers.
 */
async function waitForSimulator(
  baseUrl: string,
  log: FastifyBaseLogger,
  name = 'LINE simulator',
): Promise<boolean> {
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    const ok = await fetch(`${baseUrl}/_sim/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return true;
    await new Promise((r) => setTimeout(r, 250));
  }
  log.warn({ baseUrl }, `${name} not reachable: its part of the demo is left for the next start`);
  return false;
}

async function simulatorCall<T>(baseUrl: string, path: string, body: unknown): Promise<T> {
  const response = await fetch(`${baseUrl}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`LINE simulator ${path}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

/**
 * The demo client's LINE account: a channel made at the simulator and connected as a user connects
 * one (createLineAccount checks it at LINE and registers the webhook), then friends who followed over
 * the last weeks (some blocked since), a conversation with a few of them, and the managers' notes.
 */
async function seedLineAccount(ctx: ServiceContext, simBaseUrl: string) {
  const { data: accounts } = await listLineAccountsOfClient({ ctx, input: {} });
  const existing = accounts[0];
  if (existing) return { id: existing.id, channelId: existing.channelId };
  if (!(await waitForSimulator(simBaseUrl, ctx.log))) return null;

  const channel = await simulatorCall<SimChannelView>(simBaseUrl, '/_sim/channels', {
    displayName: 'デモ商店 梅田店',
  });
  const account = await createLineAccount({
    ctx,
    input: createLineAccountBodySchema.parse({
      channelId: channel.channelId,
      channelSecret: channel.channelSecret,
      loginChannelId: channel.loginChannel.channelId,
      loginChannelSecret: channel.loginChannel.channelSecret,
    }),
  });
  const scope = { clientId: account.clientId, lineAccountId: account.id };

  const now = ctx.clock.now().getTime();
  for (const [index, name] of demoFriendNames.entries()) {
    const isBlocked = index % 9 === 8; // a few of them, spread through the list
    const user = await simulatorCall<SimUserView>(simBaseUrl, '/_sim/users', {
      displayName: name,
      ...(isBlocked ? { blockedOf: [channel.channelId] } : { friendOf: [channel.channelId] }),
    });
    // Followed over the last 60 days, the oldest first, as the webhook would have recorded them.
    const followedAt = new Date(now - (60 - Math.floor((index * 60) / demoFriendNames.length)) * DAY_MS);
    const profile = {
      displayName: user.displayName,
      pictureUrl: user.pictureUrl,
      statusMessage: null,
      language: user.language,
    };
    await inTransaction(ctx.db, async (tx) => {
      await recordFollow(tx, { scope, lineUserId: user.userId, profile, now: followedAt });
      if (isBlocked) {
        await recordUnfollow(tx, {
          scope,
          lineUserId: user.userId,
          now: new Date(followedAt.getTime() + 3 * DAY_MS),
        });
      }
    });
    const friend = await findFriendOfLineUser(ctx.db, scope, user.userId);
    if (!friend) continue;
    const conversation = demoConversations[index];
    if (conversation && !isBlocked) {
      for (const [turn, line] of conversation.entries()) {
        if (line.from === 'user') {
          await inTransaction(ctx.db, (tx) =>
            recordIncomingMessage(tx, {
              scope,
              lineUserId: user.userId,
              profile,
              message: { id: `${Date.now()}${index}${turn}`.slice(0, 18), type: 'text', text: line.text },
            }),
          );
        } else {
          // Queued like a manager's reply: the push job delivers it to the simulator.
          await sendFriendMessage({
            ctx,
            input: { lineAccountId: account.id, friendId: friend.id, text: line.text },
          });
        }
      }
    }
    const note = demoNotes[index];
    if (note) {
      await setFriendManagerNote({
        ctx,
        directories: friendDirectories,
        input: { lineAccountId: account.id, friendId: friend.id, managerNotes: note },
      });
    }
  }
  return { id: account.id, channelId: account.channelId };
}

/**
 * Notification groups as the owner sets them up: the shop's two managers (friends of the account) hear
 * of new friends, member registrations and shift requests; a shift leader, who is shift staff, of
 * confirmed shifts and reminders. Made before the services are seeded, so the events of their seeding
 * reach the groups for real (pushed to the simulator once the job runner runs) and fill the delivery log.
 */
async function seedNotificationGroups(
  ctx: ServiceContext,
  lineAccountId: number,
  simBaseUrl: string,
): Promise<void> {
  if ((await listSettings({ ctx, input: { lineAccountId } })).data.length > 0) return;
  const clientId = ctx.actor!.clientId!;
  const scope = { clientId, lineAccountId };
  const friendIdOf = async (name: string) => {
    const userId = await lineUserIdOf(simBaseUrl, name);
    return userId ? (await findFriendOfLineUser(ctx.db, scope, userId))?.id : undefined;
  };
  const managers = (await Promise.all(demoFriendNames.slice(-2).map((name) => friendIdOf(name)))).filter(
    (id): id is number => id !== undefined,
  );
  const leader = await friendIdOf(demoFriendNames[0]);
  if (managers.length > 0) {
    await createSetting({
      ctx,
      input: {
        lineAccountId,
        label: '店長・副店長',
        friendIds: managers,
        topics: [
          'NEW_FRIEND',
          'LINE_UNBLOCK_EVENT',
          'MEMBERSHIP_REGISTRATION',
          'SHIFT_SUBMITTED',
          'SHIFT_EDITED',
          'SHIFT_SUBMISSION_COMPLETE',
        ],
      },
    });
  }
  if (leader) {
    await createSetting({
      ctx,
      input: {
        lineAccountId,
        label: 'シフトリーダー',
        friendIds: [leader],
        topics: ['SHIFT_CONFIRMED', 'SHIFT_SUBMISSION_REMIND', 'SHIFT_MEMBER_STAFF_APPROVED'],
      },
    });
  }
}

const SHIFT_SERVICE = 'KS-002';
const STAFF_ON_LINE = 11;
const STILL_PENDING = 3;

/** A shift of a store-local (Tokyo) day, as ISO instants. */
const shiftOn = (day: string, from: string, to: string) => ({
  startAt: `${day}T${from}:00+09:00`,
  endAt: `${day}T${to}:00+09:00`,
});

/**
 * The shift service on the demo account, set up as a store runs it: the manager links the service and
 * publishes monthly closure, weekly and special rules; eleven friends sign up in the mini-app (LIFF
 * login at the simulator), eight are approved and three still wait; a helper without LINE; requests
 * for the open period from most of them; last month's shifts drafted and approved.
 */
async function seedShiftStore(
  ctx: ServiceContext,
  lineAccount: { id: number; channelId: string },
  simBaseUrl: string,
): Promise<void> {
  const { data: accounts } = await listLineAccountsOfClient({ ctx, input: {} });
  const account = accounts.find((a) => a.id === lineAccount.id);
  if (!account || account.services.some((s) => s.serviceCode === SHIFT_SERVICE)) return;
  const link = await linkService({
    ctx,
    input: { lineAccountId: account.id, clientId: account.clientId, serviceCode: SHIFT_SERVICE },
  });
  const storeId = link.storeId!;
  await updateShiftClosure({
    ctx,
    input: {
      storeId,
      changes: { pattern: 'FULL_MONTH', dayOfMonth: 25, isPublished: true, timeDivisionSetting: 30 },
    },
  });
  const weekly = [1, 2, 3, 4, 5, 6, 7].flatMap((dayOfWeek) => [
    { dayOfWeek, shiftStartTime: '10:00', shiftEndTime: '15:00', staffCount: dayOfWeek >= 6 ? 3 : 2 },
    { dayOfWeek, shiftStartTime: '15:00', shiftEndTime: '21:00', staffCount: dayOfWeek >= 6 ? 4 : 3 },
  ]);
  await createNormalRules({
    ctx,
    input: { storeId, ...createNormalRulesBodySchema.parse({ schedules: weekly }) },
  });
  // The presets the manager applies in the shift table.
  for (const pattern of [
    { name: '早番', startHour: 10, startMinute: 0, endHour: 15, endMinute: 0 },
    { name: '遅番', startHour: 15, startMinute: 0, endHour: 21, endMinute: 0 },
    { name: '通し', startHour: 10, startMinute: 0, endHour: 21, endMinute: 0 },
  ]) {
    await createShiftPattern({ ctx, input: { storeId, pattern: shiftPatternBodySchema.parse(pattern) } });
  }
  const today = tokyoDay(ctx.clock.now());
  const { y, m } = parseDay(today);
  const yearEnd = formatDay(y, 12, 31);
  await createSpecialRuleGroup({
    ctx,
    input: {
      storeId,
      ...createSpecialRuleGroupBodySchema.parse({
        label: '年末の営業',
        schedules: [
          { ...toSpecial(shiftOn(yearEnd, '10:00', '18:00')), staffCount: 4 },
          { ...toSpecial(shiftOn(addDays(yearEnd, 1), '10:00', '18:00')), staffCount: 0, isRest: true },
        ],
      }),
    },
  });

  // Friends who sign up in the mini-app: the simulator logs them in to the LIFF app, as LINE would.
  const signedUp: { friendId: number; staffId: number; idToken: string }[] = [];
  for (const name of demoFriendNames) {
    if (signedUp.length === STAFF_ON_LINE) break;
    const userId = await lineUserIdOf(simBaseUrl, name);
    if (!userId) continue;
    const { idToken } = await simulatorCall<{ idToken: string }>(simBaseUrl, '/_sim/liff/login', {
      userId,
      liffId: link.liffId,
    });
    const caller = await asLiffCaller(ctx, 'shift', storeId, idToken);
    const me = await signUpStaff({
      ctx: caller,
      input: { storeId, employeeNumber: `S${101 + signedUp.length}` },
    });
    if (me.staff) signedUp.push({ friendId: me.friend.id, staffId: me.staff.id, idToken });
  }
  const approved = signedUp.slice(0, signedUp.length - STILL_PENDING);
  for (const staff of approved) {
    await updateStaffStatus({ ctx, input: { storeId, friendId: staff.friendId, status: 'APPROVED' } });
  }
  const helper = await createHelper({ ctx, input: { storeId, name: '応援 スタッフ' } });

  // Requests for the open period from all approved staff but one (the reminders have someone to remind).
  const open = await getOpenPeriod({
    ctx: await asLiffCaller(ctx, 'shift', storeId, approved[0]!.idToken),
    input: { storeId },
  });
  if (open.period) {
    for (const [index, staff] of approved.slice(0, -1).entries()) {
      const days = [0, 2, 4, 7, 9, 11, 14, 16].map((n) => addDays(open.period!.startDate, n + (index % 2)));
      await submitOwnRequests({
        ctx: await asLiffCaller(ctx, 'shift', storeId, staff.idToken),
        input: {
          storeId,
          ...submitRequestsBodySchema.parse({
            requests: days.map((day, i) =>
              i % 2 === index % 2 ? shiftOn(day, '10:00', '15:00') : shiftOn(day, '15:00', '21:00'),
            ),
          }),
        },
      });
    }
  }

  // Last month and this one: drafted from the weekly rules' shape and approved (staff see this month's
  // in the mini-app: their own and everyone's for the next 14 days).
  const people = [...approved.map((s) => s.staffId), helper.id];
  for (const { y: year, m: monthOfYear } of [addMonths(y, m, -1), { y, m }]) {
    const month = monthRange(year, monthOfYear);
    const toCreate = [];
    for (let day = month.startDate; day <= month.endDate; day = addDays(day, 1)) {
      const n = parseDay(day).d;
      toCreate.push({ staffId: people[n % people.length]!, ...shiftOn(day, '10:00', '15:00') });
      toCreate.push({ staffId: people[(n + 3) % people.length]!, ...shiftOn(day, '15:00', '21:00') });
    }
    await saveShifts({
      ctx,
      input: { storeId, ...saveShiftBodySchema.parse({ date: month.startDate, toCreate }) },
    });
    await approveDrafts({
      ctx,
      input: {
        storeId,
        ...approveDraftBodySchema.parse({
          startAtMin: `${month.startDate}T00:00:00+09:00`,
          startAtMax: `${month.endDate}T23:59:59+09:00`,
        }),
      },
    });
  }
  // The manager's notes on some staff days (the mini-app shows each staff member their own).
  for (const [index, remark] of [
    '新人研修（10時に集合）',
    '棚卸しの日です',
    '早めの出勤をお願いします',
  ].entries()) {
    await saveRemark({
      ctx,
      input: {
        storeId,
        staffId: approved[index]!.staffId,
        ...saveRemarkBodySchema.parse({ date: addDays(today, 2 + index * 3), remark }),
      },
    });
  }
}

const MEMBER_SERVICE = 'KS-001';
const MEMBERS_ON_LINE = 24;

/**
 * The member service on the demo account, as a store runs it: the owner links it, defines attributes
 * of every type and the member card; friends register in the mini-app (LIFF login at the simulator)
 * with every kind of value; the staff keep remarks on some; one member is switched off.
 */
async function seedMemberStore(
  ctx: ServiceContext,
  lineAccount: { id: number; channelId: string },
  simBaseUrl: string,
): Promise<void> {
  const { data: accounts } = await listLineAccountsOfClient({ ctx, input: {} });
  const account = accounts.find((a) => a.id === lineAccount.id);
  if (!account || account.services.some((s) => s.serviceCode === MEMBER_SERVICE)) return;
  const link = await linkService({
    ctx,
    input: { lineAccountId: account.id, clientId: account.clientId, serviceCode: MEMBER_SERVICE },
  });
  const storeId = link.storeId!;
  const lineAccountId = account.id;
  await updateMemberSettings({
    ctx,
    input: { lineAccountId, isShowMemberCard: true, requireRegistration: true, memberCodeShowMode: 'QRCODE' },
  });
  const define = (body: Record<string, unknown>) =>
    createMemberAttribute({ ctx, input: { lineAccountId, ...createMemberAttributeBodySchema.parse(body) } });
  const name = await define({ label: 'お名前', type: 'STRING', isRequired: true, internalName: 'name' });
  const birthday = await define({
    label: '生年月日',
    type: 'DATE',
    isRequired: true,
    internalName: 'birthday',
  });
  const gender = await define({
    label: '性別',
    type: 'RADIO',
    isRequired: true,
    choices: [{ value: '女性' }, { value: '男性' }, { value: '回答しない' }],
  });
  const visits = await define({ label: '月の来店回数', type: 'NUMBER' });
  const likes = await define({
    label: '好きなメニュー',
    type: 'CHECKBOX',
    choices: [{ value: 'コーヒー' }, { value: '紅茶' }, { value: 'ケーキ' }, { value: 'ランチ' }],
  });
  const photo = await define({ label: 'プロフィール写真', type: 'IMAGE' });
  await define({ label: 'スタッフメモ', type: 'STRING', visibility: 'PRIVATE', isDeletable: false });

  const registered: number[] = [];
  for (const [index, displayName] of demoFriendNames.entries()) {
    if (registered.length === MEMBERS_ON_LINE) break;
    if (index % 4 === 3) continue; // some friends never register
    const userId = await lineUserIdOf(simBaseUrl, displayName);
    if (!userId) continue;
    const { idToken } = await simulatorCall<{ idToken: string }>(simBaseUrl, '/_sim/liff/login', {
      userId,
      liffId: link.liffId,
    });
    const year = 1960 + ((index * 7) % 45);
    const auth = { storeId };
    // Registered a day or a few after following (the list's 登録日 spread as in a real store).
    const friend = await findFriendOfLineUser(ctx.db, { clientId: account.clientId, lineAccountId }, userId);
    const followedAt = friend?.followedAt?.getTime() ?? ctx.clock.now().getTime();
    const then = at(
      ctx,
      new Date(
        Math.min(ctx.clock.now().getTime(), followedAt + ((index % 4) + 1) * DAY_MS - (index % 7) * HOUR_MS),
      ),
    );
    // Every third member uploaded a photo from the mini-app, as a customer does.
    const image =
      registered.length % 3 === 0
        ? await uploadOwnImage({
            ctx: await asLiffCaller(then, 'member', storeId, idToken),
            input: { ...auth, dataUrl: await demoPhoto(registered.length) },
          })
        : null;
    const member = await registerOwnMember({
      ctx: await asLiffCaller(then, 'member', storeId, idToken),
      input: {
        storeId,
        entries: [
          { attributeId: name.id, value: displayName },
          {
            attributeId: birthday.id,
            value: `${year}-${String((index % 12) + 1).padStart(2, '0')}-${String((index % 27) + 1).padStart(2, '0')}`,
          },
          { attributeId: gender.id, attributeChoiceIds: [gender.choices[index % 3]!.id] },
          ...(index % 5 === 4 ? [] : [{ attributeId: visits.id, numberValue: (index * 3) % 13 }]),
          {
            attributeId: likes.id,
            attributeChoiceIds: likes.choices.filter((_, i) => (index * 7 + i * 3) % 5 < 2).map((c) => c.id),
          },
          ...(image ? [{ attributeId: photo.id, value: image.key }] : []),
        ],
      },
    });
    registered.push(member.id);
  }
  const remarks = ['ケーキの予約が多い常連さん', '誕生日月にクーポン送付済み', 'アレルギー: くるみ'];
  for (const [i, text] of remarks.entries()) {
    const memberId = registered[i * 3];
    if (memberId) await updateMemberRemarks({ ctx, input: { lineAccountId, memberId, remarks: text } });
  }
  const last = registered.at(-1);
  if (last) await updateMemberStatus({ ctx, input: { lineAccountId, memberId: last, status: 'INACTIVE' } });
}

const toSpecial = (s: { startAt: string; endAt: string }) => ({
  shiftStartDateTime: s.startAt,
  shiftEndDateTime: s.endAt,
});

/** A member's demo photo: a drawn latte (cup, saucer, leaf) in a colour of the member's own. */
async function demoPhoto(n: number): Promise<string> {
  const hues = [24, 200, 130, 340, 45, 270];
  const hue = hues[n % hues.length]!;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="480" height="360">
    <rect width="480" height="360" fill="hsl(${hue},45%,86%)"/>
    <ellipse cx="240" cy="250" rx="170" ry="48" fill="#fff" opacity="0.9"/>
    <circle cx="240" cy="190" r="110" fill="#fff"/>
    <circle cx="240" cy="190" r="92" fill="hsl(28,45%,${40 + (n % 3) * 6}%)"/>
    <path d="M240 120 C200 160 200 220 240 260 C280 220 280 160 240 120Z" fill="#f4e7d3"/>
    <path d="M240 130 L240 250" stroke="hsl(28,45%,45%)" stroke-width="4"/>
    <path d="M350 170 q50 0 40 40 q-8 26 -46 24" fill="none" stroke="#fff" stroke-width="16"/>
  </svg>`;
  const { default: sharp } = await import('sharp');
  const data = await sharp(Buffer.from(svg)).jpeg({ quality: 82 }).toBuffer();
  return `data:image/jpeg;base64,${data.toString('base64')}`;
}

/** A demo friend's LINE user id at the simulator, when they still follow the account. */
async function lineUserIdOf(simBaseUrl: string, displayName: string): Promise<string | undefined> {
  const response = await fetch(`${simBaseUrl}/_sim/users`);
  const { users } = (await response.json()) as {
    users: { userId: string; displayName: string; friendships: { state: string }[] }[];
  };
  const user = users.find((u) => u.displayName === displayName);
  return user?.friendships.some((f) => f.state === 'friend') ? user.userId : undefined;
}

/**
 * Payments, on the payments simulator only (never real Stripe): the operator's prices, and the demo
 * account's card (tokenized as the browser does, with the publishable key), its member service paid by
 * card and its shift service by invoice, so the billing page has a card, subscriptions and history.
 */
async function seedPayments(
  masterCtx: ServiceContext,
  ownerCtx: ServiceContext,
  lineAccount: { id: number } | null,
): Promise<void> {
  const sim = ownerCtx.config.payments;
  if (!(await waitForSimulator(sim.simulatorUrl!, ownerCtx.log, 'payments simulator'))) return;
  const { data: prices } = await listSubscriptionPrices({ ctx: masterCtx });
  for (const [serviceCode, recurringAmount] of [
    ['KS-001', 5500],
    ['KS-002', 3300],
  ] as const) {
    if (!prices.some((p) => p.serviceCode === serviceCode)) {
      await setSubscriptionPrice({ ctx: masterCtx, input: { serviceCode, recurringAmount } });
    }
  }
  if (!lineAccount) return;
  const { data: subscriptions } = await listSubscriptions({
    ctx: ownerCtx,
    input: { lineAccountId: lineAccount.id },
  });
  if (subscriptions.length > 0) return;
  const init = await initPayment({ ctx: ownerCtx, input: { lineAccountId: lineAccount.id } });
  // The browser's part (Stripe.js's two calls), against the simulator with the publishable key.
  const browserCall = async (path: string, fields: Record<string, string>) => {
    const response = await fetch(`${sim.simulatorUrl}${path}`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${init.publishableKey}`,
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: new URLSearchParams(fields),
    });
    if (!response.ok) throw new Error(`payments simulator ${path}: ${response.status}`);
    return (await response.json()) as { id: string };
  };
  const pm = await browserCall('/v1/payment_methods', {
    type: 'card',
    'card[number]': '3566002020360505',
    'card[exp_month]': '12',
    'card[exp_year]': String(new Date().getFullYear() + 3),
    'card[cvc]': '123',
    'billing_details[name]': 'TARO YAMADA',
  });
  await browserCall(`/v1/setup_intents/${init.setupIntentId}/confirm`, {
    payment_method: pm.id,
    client_secret: init.clientSecret,
  });
  await saveCard({
    ctx: ownerCtx,
    input: { lineAccountId: lineAccount.id, setupIntentId: init.setupIntentId },
  });
  const input = { lineAccountId: lineAccount.id, requestKey: `demo-${lineAccount.id}` };
  await confirmSubscription({
    ctx: ownerCtx,
    input: { ...input, serviceCode: 'KS-001', paymentType: 'CREDIT' },
  });
  await confirmSubscription({
    ctx: ownerCtx,
    input: { ...input, serviceCode: 'KS-002', paymentType: 'INVOICE' },
  });
}
