/** The automation module's door: what other modules and the demo seed may use (STYLE.md "Door"). */
export { getGreeting, setGreeting } from './automation.service.ts';
// step delivery: start a scenario for a friend (keyword rules, rich menu taps, other scenarios)
export { enrolInScenario, placeInScenario, type EnrolInput } from './scenarios.enrol.ts';
export { createScenario, listScenarios } from './scenarios.service.ts';
export { queueScenarioTick } from './scenarios.sending.ts';
