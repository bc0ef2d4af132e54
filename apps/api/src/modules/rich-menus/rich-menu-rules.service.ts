import {
  richMenuRuleMessages,
  type RichMenuRuleInput,
  type RichMenuRules,
  type TagUse,
} from '@app/contracts';
import { inTransaction, type Db } from '../../db/client.ts';
import type { ServiceContext } from '../../platform/context.ts';
import { badRequest } from '../../platform/errors.ts';
import { holdSavedSegments, savedSegmentConditions } from '../deliveries/index.ts';
import { areTagsOfAccount, type TagUseDirectory } from '../friends/index.ts';
import { queueMarkAll } from './rich-menu-links.ts';
import {
  linkFigures,
  lineIdsOfMenus,
  listRules,
  replaceRules,
  rulesNamingSegment,
  rulesNamingTag,
} from './rich-menu-rules.repository.ts';
import { accountOf } from './rich-menus.service.ts';

type Ctx = { ctx: ServiceContext };
type AccountInput = { lineAccountId: number };

/** The rules in priority order, the friends still to be linked and the friends per menu. */
export async function getRichMenuRules({
  ctx,
  input,
}: Ctx & { input: AccountInput }): Promise<RichMenuRules> {
  const { scope } = await accountOf(ctx, input.lineAccountId);
  const rules = await listRules(ctx.db, scope);
  return {
    data: rules.map((r) => ({
      id: r.id,
      position: r.position,
      richMenuId: r.richMenuId,
      tagId: r.tagId,
      segmentId: r.segmentId,
    })),
    ...(await linkFigures(ctx.db, scope)),
  };
}

/**
 * Replaces the rules (decision 0059). Every menu, tag and segment named must be the account's, else a 400
 * and nothing changes. The save and a mark-all of the account's following friends are one transaction:
 * the link job then links or unlinks whoever's menu changed.
 */
export async function putRichMenuRules({
  ctx,
  input,
}: Ctx & { input: AccountInput & { rules: RichMenuRuleInput[] } }): Promise<RichMenuRules> {
  const { scope } = await accountOf(ctx, input.lineAccountId);
  const rules = input.rules.map((r) => ({
    richMenuId: r.richMenuId,
    tagId: r.tagId ?? null,
    segmentId: r.segmentId ?? null,
  }));
  const menus = await lineIdsOfMenus(ctx.db, scope);
  if (rules.some((r) => !menus.has(r.richMenuId))) throw badRequest(richMenuRuleMessages.unknownMenu);
  const tagIds = rules.flatMap((r) => (r.tagId === null ? [] : [r.tagId]));
  if (!(await areTagsOfAccount(ctx.db, scope, tagIds))) throw badRequest(richMenuRuleMessages.unknownTag);
  const segmentIds = [...new Set(rules.flatMap((r) => (r.segmentId === null ? [] : [r.segmentId])))];
  const segments = await savedSegmentConditions(ctx.db, scope, segmentIds);
  if (segments.size !== segmentIds.length) throw badRequest(richMenuRuleMessages.unknownSegment);
  await inTransaction(ctx.db, async (tx) => {
    // checked again and held until the save commits: a tag or segment deleted meanwhile is a 400, and a
    // delete that comes later waits and finds the rule (409; decisions 0053, 0059)
    if (!(await areTagsOfAccount(tx, scope, tagIds))) throw badRequest(richMenuRuleMessages.unknownTag);
    if ((await holdSavedSegments(tx, scope, segmentIds)).size !== segmentIds.length)
      throw badRequest(richMenuRuleMessages.unknownSegment);
    await replaceRules(tx, scope, rules, ctx.clock.now());
    await queueMarkAll(tx, scope, ctx.clock.now());
  });
  return getRichMenuRules({ ctx, input });
}

/** Where the rich menu rules name a tag: the friends module refuses the tag's delete (decision 0053). */
export const richMenuTagUses: TagUseDirectory = {
  tagUses: async (db: Db, scope, tagId): Promise<TagUse[]> =>
    (await rulesNamingTag(db, scope, tagId)).map((r) => ({
      kind: 'richMenuRule',
      name: `${r.position + 1}. ${r.name}`,
    })),
};

/** The rules naming a saved segment, as "position. menu" (the segment's delete is refused, decision 0059). */
export async function richMenuRulesUsingSegment(
  db: Db,
  scope: { clientId: number; lineAccountId: number },
  segmentId: number,
): Promise<string[]> {
  return (await rulesNamingSegment(db, scope, segmentId)).map((r) => `${r.position + 1}. ${r.name}`);
}
