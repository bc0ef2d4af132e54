import { inArray, sql } from 'drizzle-orm';
import {
  greetings,
  keywordFallbacks,
  keywordRules,
  postbackActions,
  scenarioSteps,
  scenarios,
} from '../../db/schema/automation.ts';
import { jsonArrayValuesIn, type ImageUses } from '../deliveries/index.ts';

/**
 * Which uploads the automation module's messages name (the deliveries module's sweep of unused uploads asks,
 * through `src/composition.ts`): the greeting (both lists), keyword replies, the fallback, postback
 * answers and scenario steps (a removed step too: kept, not worth the risk).
 */
export const automationImageUses: ImageUses = {
  async usedImageKeys(db, { lineAccountIds, keys }) {
    const ids = [...lineAccountIds];
    const found: string[] = [];
    const ask = async (input: Omit<Parameters<typeof jsonArrayValuesIn>[1], 'keys'>) =>
      found.push(...(await jsonArrayValuesIn(db, { ...input, keys })));
    await ask({
      table: greetings,
      columns: [greetings.newFriendMessages, greetings.unblockMessages],
      ofAccounts: inArray(greetings.lineAccountId, ids),
    });
    for (const table of [keywordRules, keywordFallbacks, postbackActions])
      await ask({ table, columns: [table.messages], ofAccounts: inArray(table.lineAccountId, ids) });
    await ask({
      table: scenarioSteps,
      columns: [scenarioSteps.messages],
      ofAccounts: sql`${scenarioSteps.scenarioId} in (select ${scenarios.id} from ${scenarios} where ${inArray(scenarios.lineAccountId, ids)})`,
    });
    return new Set(found);
  },
};
