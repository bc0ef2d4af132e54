/** The shift module's door: what other modules and the app may use (STYLE.md "Door"). */
export { shiftStaffDirectory } from './staff.repository.ts';
