import {
  approveDraftBodySchema,
  createNormalRulesBodySchema,
  createSpecialRuleGroupBodySchema,
  saveRemarkBodySchema,
  saveShiftBodySchema,
  shiftPatternBodySchema,
  submitRequestsBodySchema,
} from '@app/contracts';
import type { ServiceContext } from '../../platform/context.ts';
import { addDays, addMonths, formatDay, monthRange, parseDay, tokyoDay } from '../../platform/dates.ts';
import { lineAccountServiceLinks } from '../../composition.ts';
import { listLineAccountsOfClient } from '../../modules/line-accounts/index.ts';
import { linkService } from '../../modules/services/index.ts';
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
} from '../../modules/shift/index.ts';
import { demoFriendNames } from '../demo-content.ts';
import { lineUserIdOf, simulatorCall } from './simulators.ts';
import { asLiffCaller } from '../liff-caller.ts';

const SHIFT_SERVICE = 'KS-002';
const STAFF_ON_LINE = 11;
const STILL_PENDING = 3;

/** A shift of a store-local (Tokyo) day, as ISO instants. */
const shiftOn = (day: string, from: string, to: string) => ({
  startAt: `${day}T${from}:00+09:00`,
  endAt: `${day}T${to}:00+09:00`,
});

const toSpecial = (s: { startAt: string; endAt: string }) => ({
  shiftStartDateTime: s.startAt,
  shiftEndDateTime: s.endAt,
});

/**
 * The shift service on the demo account, set up as a store runs it: the manager links the service and
 * publishes monthly closure, weekly and special rules; eleven friends sign up in the mini-app (LIFF
 * login at the simulator), eight are approved and three still wait; a helper without LINE; requests
 * for the open period from most of them; last month's shifts drafted and approved.
 */
export async function seedShiftStore(
  ctx: ServiceContext,
  lineAccount: { id: number; channelId: string },
  simBaseUrl: string,
): Promise<void> {
  const { data: accounts } = await listLineAccountsOfClient({
    ctx,
    links: lineAccountServiceLinks,
    input: {},
  });
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
