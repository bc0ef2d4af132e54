/** The agencies module's door: what other modules may use (STYLE.md "Door"). */
export { getCommissions } from './agencies.service.ts';
