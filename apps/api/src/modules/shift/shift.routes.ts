import { shiftEndpoints as e, shiftLiffEndpoints as l } from '@app/contracts';
import type { FastifyInstance } from 'fastify';
import { route } from '../../platform/route.ts';
import * as autoDraft from './auto-draft/auto-draft.service.ts';
import * as hours from './staff/hours.service.ts';
import * as liff from './staff-app/staff-app.service.ts';
import * as rules from './rules/rules.service.ts';
import * as settings from './rules/settings.service.ts';
import * as shifts from './table/shifts.service.ts';
import * as staff from './staff/staff.service.ts';

/** /shift/api/v1: the back-office shift pages and the shift mini-app. */
export function shiftRoutes(app: FastifyInstance) {
  // stores and settings
  route(app, e.listStores, ({ query }, { ctx }) => settings.listStores({ ctx, input: query }));
  route(app, e.getStore, ({ params }, { ctx }) => settings.getStore({ ctx, input: params }));
  route(app, e.getReminderSettings, ({ params }, { ctx }) =>
    settings.getReminderSettings({ ctx, input: params }),
  );
  route(app, e.updateReminderSettings, ({ params, body }, { ctx }) =>
    settings.updateReminderSettings({ ctx, input: { ...params, ...body } }),
  );
  route(app, e.getShiftClosure, ({ params }, { ctx }) => settings.getShiftClosure({ ctx, input: params }));
  route(app, e.updateShiftClosure, ({ params, body }, { ctx }) =>
    settings.updateShiftClosure({ ctx, input: { ...params, changes: body } }),
  );

  // staff and remarks
  route(app, e.createHelper, ({ params, body }, { ctx }) =>
    staff.createHelper({ ctx, input: { ...params, ...body } }),
  );
  route(app, e.listStaff, ({ params, query }, { ctx }) =>
    staff.listStaff({ ctx, input: { ...params, ...query } }),
  );
  route(app, e.updateStaffStatus, ({ params, body }, { ctx }) =>
    staff.updateStaffStatus({ ctx, input: { ...params, ...body } }),
  );
  route(app, e.bulkApproveStaff, ({ params, body }, { ctx }) =>
    staff.bulkApproveStaff({ ctx, input: { ...params, ...body } }),
  );
  route(app, e.bulkDeleteStaff, ({ params, body }, { ctx }) =>
    staff.bulkDeleteStaff({ ctx, input: { ...params, ...body } }),
  );
  route(app, e.getStaff, ({ params }, { ctx }) => staff.getStaff({ ctx, input: params }));
  route(app, e.updateStaff, ({ params, body }, { ctx }) =>
    staff.updateStaff({ ctx, input: { ...params, ...body } }),
  );
  route(app, e.saveRemark, ({ params, body }, { ctx }) =>
    staff.saveRemark({ ctx, input: { ...params, ...body } }),
  );
  route(app, e.listRemarks, ({ params, query }, { ctx }) =>
    staff.listRemarks({ ctx, input: { ...params, ...query } }),
  );
  route(app, e.listRemarksOfDate, ({ params }, { ctx }) => staff.listRemarksOfDate({ ctx, input: params }));
  route(app, e.getRemark, ({ params }, { ctx }) => staff.getRemark({ ctx, input: params }));
  route(app, e.monthlyHours, ({ params, body }, { ctx }) =>
    hours.getMonthlyHours({ ctx, input: { ...params, ...body } }),
  );
  route(app, e.dailyHours, ({ params, body }, { ctx }) =>
    hours.getDailyHours({ ctx, input: { ...params, ...body } }),
  );

  // rules and patterns
  route(app, e.createNormalRules, ({ params, body }, { ctx }) =>
    rules.createNormalRules({ ctx, input: { ...params, ...body } }),
  );
  route(app, e.listNormalRules, ({ params }, { ctx }) => rules.listNormalRules({ ctx, input: params }));
  route(app, e.getNormalRule, ({ params }, { ctx }) => rules.getNormalRule({ ctx, input: params }));
  route(app, e.replaceNormalRules, ({ params, body }, { ctx }) =>
    rules.replaceNormalRules({ ctx, input: { ...params, ...body } }),
  );
  route(app, e.createSpecialRuleGroup, ({ params, body }, { ctx }) =>
    rules.createSpecialRuleGroup({ ctx, input: { ...params, ...body } }),
  );
  route(app, e.listSpecialRuleGroups, ({ params, query }, { ctx }) =>
    rules.listSpecialRuleGroups({ ctx, input: { ...params, ...query } }),
  );
  route(app, e.getSpecialRuleGroup, ({ params }, { ctx }) =>
    rules.getSpecialRuleGroup({ ctx, input: params }),
  );
  route(app, e.updateSpecialRuleGroup, ({ params, body }, { ctx }) =>
    rules.updateSpecialRuleGroup({ ctx, input: { ...params, ...body } }),
  );
  route(app, e.deleteSpecialRuleGroup, ({ params }, { ctx }) =>
    rules.deleteSpecialRuleGroup({ ctx, input: params }),
  );
  route(app, e.listShiftPatterns, ({ params }, { ctx }) => rules.listShiftPatterns({ ctx, input: params }));
  route(app, e.createShiftPattern, ({ params, body }, { ctx }) =>
    rules.createShiftPattern({ ctx, input: { ...params, pattern: body } }),
  );
  route(app, e.getShiftPattern, ({ params }, { ctx }) => rules.getShiftPattern({ ctx, input: params }));
  route(app, e.updateShiftPattern, ({ params, body }, { ctx }) =>
    rules.updateShiftPattern({ ctx, input: { ...params, pattern: body } }),
  );
  route(app, e.deleteShiftPattern, ({ params }, { ctx }) => rules.deleteShiftPattern({ ctx, input: params }));

  // staff shifts
  // The shift reads answer up to a month of shifts as the views build them (route.ts, viewAnswer).
  const view = { viewAnswer: true };
  route(
    app,
    e.monthlyShifts,
    ({ params, query }, { ctx }) => shifts.getMonthlyShifts({ ctx, input: { ...params, ...query } }),
    view,
  );
  route(app, e.monthlyShiftsCsv, async ({ params, query }, { ctx }, reply) => {
    const { csv, filename } = await hours.exportMonthlyShiftsCsv({ ctx, input: { ...params, ...query } });
    void reply
      .type('text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="${filename}"`);
    return csv;
  });
  route(
    app,
    e.dailyShifts,
    ({ params, query }, { ctx }) => shifts.listDailyShifts({ ctx, input: { ...params, ...query } }),
    view,
  );
  route(
    app,
    e.listShifts,
    ({ params, query }, { ctx }) => shifts.listShifts({ ctx, input: { ...params, ...query } }),
    view,
  );
  route(app, e.saveShifts, ({ params, body }, { ctx }) =>
    shifts.saveShifts({ ctx, input: { ...params, ...body } }),
  );
  route(app, e.approveDrafts, ({ params, body }, { ctx }) =>
    shifts.approveDrafts({ ctx, input: { ...params, ...body } }),
  );
  route(app, e.autoDraft, ({ params, body }, { ctx }) =>
    autoDraft.previewAutoDraft({ ctx, input: { ...params, ...body } }),
  );
  route(app, e.acceptAutoDraft, ({ params, body }, { ctx }) =>
    autoDraft.acceptAutoDraft({ ctx, input: { ...params, ...body } }),
  );
  route(app, e.getShift, ({ params }, { ctx }) => shifts.getShift({ ctx, input: params }));
  route(app, e.updateShift, ({ params, body }, { ctx }) =>
    shifts.updateShift({ ctx, input: { ...params, ...body } }),
  );

  // the shift mini-app
  route(app, l.me, ({ params }, request) => liff.getLiffMe({ ctx: request.ctx, input: { ...params } }));
  route(app, l.signUp, ({ params, body }, request) =>
    liff.signUpStaff({ ctx: request.ctx, input: { ...params, ...body } }),
  );
  route(app, l.period, ({ params }, request) =>
    liff.getOpenPeriod({ ctx: request.ctx, input: { ...params } }),
  );
  route(app, l.listRequests, ({ params }, request) =>
    liff.listOwnRequests({ ctx: request.ctx, input: { ...params } }),
  );
  route(app, l.submitRequests, ({ params, body }, request) =>
    liff.submitOwnRequests({ ctx: request.ctx, input: { ...params, ...body } }),
  );
  route(
    app,
    l.myShifts,
    ({ params, query }, request) => liff.listOwnShifts({ ctx: request.ctx, input: { ...params, ...query } }),
    view,
  );
  route(
    app,
    l.upcomingShifts,
    ({ params }, request) => liff.listUpcomingShifts({ ctx: request.ctx, input: { ...params } }),
    view,
  );
  route(app, l.remarks, ({ params }, request) =>
    liff.listOwnRemarks({ ctx: request.ctx, input: { ...params } }),
  );
}
