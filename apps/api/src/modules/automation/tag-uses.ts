import type { TagUse } from '@app/contracts';
import { and, eq, isNull, or, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { keywordRules, postbackActions, scenarioSteps, scenarios } from '../../db/schema/automation.ts';
import type { Db } from '../../db/client.ts';
import type { TagUseDirectory } from '../friends/index.ts';

/** `jsonb @> value`: the JSON column contains the value (a list holding the id, or an action naming it). */
const contains = (column: unknown, value: unknown) => sql`${column} @> ${JSON.stringify(value)}::jsonb`;

/**
 * Where automation names a tag (decision 0053-tag-delete): a scenario's trigger, stop tags, a live step's
 * conditions (its tags, or the has / lacks tags of the conditions written in it) or actions; a keyword rule's or rich menu tap's actions. The friends module refuses the tag's
 * delete while any is listed.
 */
export const automationTagUses: TagUseDirectory = {
  tagUses: async (db, scope, tagId) => {
    const tagAction = [{ tagId }];
    const ofAccount = (t: { clientId: PgColumn; lineAccountId: PgColumn }) =>
      and(eq(t.clientId, scope.clientId), eq(t.lineAccountId, scope.lineAccountId));
    const usingStep = db
      .select({ one: sql`1` })
      .from(scenarioSteps)
      .where(
        and(
          eq(scenarioSteps.scenarioId, scenarios.id),
          isNull(scenarioSteps.removedAt),
          or(
            contains(sql`${scenarioSteps.conditions} -> 'hasTagIds'`, [tagId]),
            contains(sql`${scenarioSteps.conditions} -> 'lacksTagIds'`, [tagId]),
            // conditions written in the step (the segment builder's has / lacks tags)
            contains(sql`${scenarioSteps.conditions} -> 'segmentConditions' -> 'hasTags'`, [tagId]),
            contains(sql`${scenarioSteps.conditions} -> 'segmentConditions' -> 'lacksTags'`, [tagId]),
            contains(scenarioSteps.actions, tagAction),
          ),
        ),
      );
    const [scenarioRows, ruleRows, tapRows] = await Promise.all([
      db
        .select({ name: scenarios.name })
        .from(scenarios)
        .where(
          and(
            ofAccount(scenarios),
            or(
              eq(scenarios.triggerTagId, tagId),
              contains(scenarios.stopTagIds, [tagId]),
              sql`exists (${usingStep})`,
            ),
          ),
        )
        .orderBy(scenarios.id),
      db
        .select({ name: keywordRules.name })
        .from(keywordRules)
        .where(and(ofAccount(keywordRules), contains(keywordRules.actions, tagAction)))
        .orderBy(keywordRules.position),
      db
        .select({ name: postbackActions.name })
        .from(postbackActions)
        .where(and(ofAccount(postbackActions), contains(postbackActions.actions, tagAction)))
        .orderBy(postbackActions.id),
    ]);
    return [
      ...scenarioRows.map((r): TagUse => ({ kind: 'scenario', name: r.name })),
      ...ruleRows.map((r): TagUse => ({ kind: 'keywordRule', name: r.name })),
      ...tapRows.map((r): TagUse => ({ kind: 'postbackAction', name: r.name })),
    ];
  },
};

/** The scenarios (names) with a live step whose condition is the saved segment: its delete is refused. */
export async function scenariosUsingSegment(
  db: Db,
  scope: { clientId: number; lineAccountId: number },
  segmentId: number,
): Promise<string[]> {
  const rows = await db
    .select({ name: scenarios.name })
    .from(scenarios)
    .where(
      and(
        eq(scenarios.clientId, scope.clientId),
        eq(scenarios.lineAccountId, scope.lineAccountId),
        sql`exists (${db
          .select({ one: sql`1` })
          .from(scenarioSteps)
          .where(
            and(
              eq(scenarioSteps.scenarioId, scenarios.id),
              isNull(scenarioSteps.removedAt),
              sql`${scenarioSteps.conditions} -> 'segmentId' = ${JSON.stringify(segmentId)}::jsonb`,
            ),
          )})`,
      ),
    )
    .orderBy(scenarios.id);
  return rows.map((r) => r.name);
}
