import { shiftHoursEndpoints } from './hours.endpoints.ts';
import { shiftRuleEndpoints } from './rules.endpoints.ts';
import { shiftSettingsEndpoints } from './settings.endpoints.ts';
import { staffShiftEndpoints } from './shifts.endpoints.ts';
import { shiftStaffEndpoints } from './staff.endpoints.ts';

export { SHIFT_PREFIX } from './shift.paths.ts';

/**
 * The shift service for back-office users (SPEC.md 7, Shift service): the store's client users
 * (OWNER and MANAGER manage, STAFF reads) and MASTER with x-client-id. Another client's store answers 404.
 * Each sub-domain's endpoints sit beside its schemas; the mini-app's are in liff.endpoints.ts.
 */
export const shiftEndpoints = {
  ...shiftSettingsEndpoints,
  ...shiftStaffEndpoints,
  ...shiftHoursEndpoints,
  ...shiftRuleEndpoints,
  ...staffShiftEndpoints,
};
