/** The shift module's door: what other modules and the app may use (STYLE.md "Door"). */
export { shiftStaffDirectory } from './staff/staff.repository.ts';
// For the demo seed, which sets a store up as its manager and staff would.
export { getOpenPeriod, signUpStaff, submitOwnRequests } from './staff-app/staff-app.service.ts';
export { createNormalRules, createShiftPattern, createSpecialRuleGroup } from './rules/rules.service.ts';
export { updateShiftClosure } from './rules/settings.service.ts';
export { approveDrafts, saveShifts } from './table/shifts.service.ts';
export { createHelper, saveRemark, updateStaffStatus } from './staff/staff.service.ts';
export { staffFiguresOfLineAccount } from './shift.figures.ts';
export { staffFactsOf, type StaffFacts } from './staff/notice-facts.ts';
