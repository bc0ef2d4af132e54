/** The automation module's door: what other modules and the demo seed may use (STYLE.md "Door"). */
export { getGreeting, setGreeting } from './automation.service.ts';
// 応答メッセージ and rich menu postbacks (decision 0036): the webhook module hands over texts and postbacks
export { queuePostbackAnswer, queueTextAnswer } from './keyword-replies.sending.ts';
export { createKeywordRule, setKeywordFallback } from './keyword-replies.service.ts';
export { createPostbackAction, listPostbackActions } from './postbacks.service.ts';
export type { ScenarioStarter } from './actions.ts';
// step delivery: start a scenario for a friend (keyword rules, rich menu taps, other scenarios)
// (and an inflow route's scenario, decision 0038's addendum, which checks it with isScenarioOfAccount)
export { enrolInScenario, isScenarioOfAccount, placeInScenario, type EnrolInput } from './scenarios.enrol.ts';
export { createScenario, listScenarios } from './scenarios.service.ts';
export { queueScenarioTick } from './scenarios.sending.ts';
// the friend search's シナリオ conditions (src/composition.ts hands them to the friends module)
export { scenarioDirectory } from './scenarios.segments.ts';
// what a tag's delete checks (src/composition.ts hands it to the friends module)
export { automationTagUses, scenariosUsingSegment } from './tag-uses.ts';
// the deliveries module's sweep of unused uploads asks which its messages name (src/composition.ts)
export { automationImageUses } from './image-uses.ts';
