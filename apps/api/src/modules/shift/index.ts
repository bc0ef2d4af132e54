/** The shift module's door: what other modules and the app may use (STYLE.md "Door"). */
export { shiftStaffDirectory } from './staff.repository.ts';
// For the demo seed, which sets a store up as its manager and staff would.
export { getOpenPeriod, signUpStaff, submitOwnRequests } from './liff.service.ts';
export { createNormalRules, createShiftPattern, createSpecialRuleGroup } from './rules.service.ts';
export { updateShiftClosure } from './settings.service.ts';
export { approveDrafts, saveShifts } from './shifts.service.ts';
export { createHelper, saveRemark, updateStaffStatus } from './staff.service.ts';
export { staffFiguresOfLineAccount } from './shift.figures.ts';
