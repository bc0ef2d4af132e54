/**
 * The step-delivery engine as the automation actions see it (decision 0036's `scenario.start`, decision
 * 0037's enrolment): a keyword rule or a rich menu tap puts the friend into a scenario of the same LINE
 * account; a scenario that is off, or that the friend is already in, is left as it is.
 */
import type { ScenarioStarter } from './actions.ts';
import { enrolInScenario } from './scenarios.enrol.ts';
import { findScenario } from './scenarios.repository.ts';

export const scenarioStarter: ScenarioStarter = {
  exists: async (db, scope, scenarioId) => (await findScenario(db, scope, scenarioId)) !== undefined,
  start: async (ctx, friend, scenarioId) => {
    await enrolInScenario(
      ctx.db,
      {
        clientId: ctx.account.clientId,
        lineAccountId: ctx.account.id,
        scenarioId,
        friendId: friend.id,
        lineUserId: friend.lineUserId,
      },
      ctx.clock.now(),
    );
  },
};
