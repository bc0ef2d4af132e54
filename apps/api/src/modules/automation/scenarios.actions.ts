import type { ScenarioAction } from '@app/contracts';
import type { Db } from '../../db/client.ts';
import type { JobContext } from '../../platform/jobs.ts';
import { addTagsToFriend, removeTagsFromFriend } from '../friends/index.ts';
import type { AccountScope } from './automation.repository.ts';
import { enrolInScenario } from './scenarios.enrol.ts';

export type ActionFriend = { friendId: number; lineUserId: string };

/**
 * A step's actions for one friend who got it, in the caller's transaction: the same JSON as the keyword
 * rules' and rich menu taps' actions, in the step's transaction (no LINE call: a step switches no rich
 * menu, see scenarioActionSchema).
 */
export async function runScenarioActions(
  tx: Db,
  ctx: Pick<JobContext, 'log' | 'clock'>,
  scope: AccountScope,
  friend: ActionFriend,
  actions: readonly ScenarioAction[],
): Promise<void> {
  const now = ctx.clock.now();
  for (const action of actions) {
    switch (action.type) {
      case 'tag.add':
        await addTagsToFriend(tx, scope, friend.friendId, [action.tagId], now);
        break;
      case 'tag.remove':
        await removeTagsFromFriend(tx, scope, friend.friendId, [action.tagId]);
        break;
      case 'scenario.start':
        await enrolInScenario(tx, { ...scope, ...friend, scenarioId: action.scenarioId }, now);
        break;
    }
  }
}
