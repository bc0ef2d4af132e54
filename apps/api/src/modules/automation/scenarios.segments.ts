import { friendMessages } from '@app/contracts';
import { sql, type SQL } from 'drizzle-orm';
import { scenarioEnrolments, scenarios } from '../../db/schema/automation.ts';
import { badRequest } from '../../platform/errors.ts';
import type { ScenarioDirectory } from '../friends/index.ts';
import { areAllOfAccount } from '../../platform/tenancy.ts';

/**
 * The segment builder's シナリオ conditions (issue 28): the friends running through a scenario (ACTIVE) or
 * who finished it (COMPLETED: its last step done; a stop is neither), one set per scenario named.
 */
export const scenarioDirectory: ScenarioDirectory = {
  scenarioSets: async (db, scope, c) => {
    const running = c.inScenarios ?? [];
    const finished = c.finishedScenarios ?? [];
    if (!(await areAllOfAccount(db, scenarios, scope, [...running, ...finished]))) {
      throw badRequest(friendMessages.unknownScenario);
    }
    const enrolled = (scenarioId: number, status: 'ACTIVE' | 'COMPLETED'): SQL =>
      sql`select ${scenarioEnrolments.friendId} as friend_id from ${scenarioEnrolments} where ${scenarioEnrolments.scenarioId} = ${scenarioId} and ${scenarioEnrolments.lineAccountId} = ${scope.lineAccountId} and ${scenarioEnrolments.status} = ${status}`;
    return [
      ...running.map((id) => enrolled(id, 'ACTIVE')),
      ...finished.map((id) => enrolled(id, 'COMPLETED')),
    ];
  },
};
