import {
  keywordReplyMessages,
  type KeywordFallback,
  type KeywordReplies,
  type KeywordRule,
  type AutomationSendList,
  type keywordFallbackBodySchema,
  type keywordOrderBodySchema,
  type keywordRuleBodySchema,
  type lineAccountParamsSchema,
} from '@app/contracts';
import type { z } from 'zod';
import { inTransaction } from '../../db/client.ts';
import { requireClientId, type ServiceContext } from '../../platform/context.ts';
import { badRequest, notFound } from '../../platform/errors.ts';
import { checkMessageUploads } from '../deliveries/index.ts';
import { getLineAccountRowOrThrow } from '../line-accounts/index.ts';
import { checkActions, type ScenarioStarter } from './actions.ts';
import type { AccountScope } from './automation.repository.ts';
import {
  deleteRuleRow,
  findFallbackRow,
  findRuleRow,
  insertRuleRow,
  listRuleRows,
  listSendRows,
  nextRulePosition,
  updateRuleRow,
  upsertFallbackRow,
  type KeywordFallbackRow,
  type KeywordRuleRow,
} from './keyword-replies.repository.ts';

type Ctx = { ctx: ServiceContext; scenarios?: ScenarioStarter | null };
type AccountInput = z.output<typeof lineAccountParamsSchema>;
type RuleBody = z.output<typeof keywordRuleBodySchema>;

export async function accountOf(ctx: ServiceContext, lineAccountId: number) {
  const clientId = requireClientId(ctx);
  const account = await getLineAccountRowOrThrow(ctx, clientId, lineAccountId);
  return { scope: { clientId, lineAccountId: account.id } satisfies AccountScope, account };
}

const toRuleView = (row: KeywordRuleRow): KeywordRule => ({
  id: row.id,
  position: row.position,
  name: row.name,
  keywords: row.keywords,
  timeWindow: row.timeWindow ?? null,
  days: row.days,
  outOfHours: row.outOfHours,
  enabled: row.enabled,
  messages: row.messages,
  actions: row.actions,
  updatedAt: row.updatedAt.toISOString(),
});

const toFallbackView = (row: KeywordFallbackRow | undefined): KeywordFallback => ({
  enabled: row?.enabled ?? false,
  messages: row?.messages ?? [],
  updatedAt: row?.updatedAt.toISOString() ?? null,
});

async function repliesOf(ctx: ServiceContext, lineAccountId: number): Promise<KeywordReplies> {
  const { scope, account } = await accountOf(ctx, lineAccountId);
  return {
    rules: (await listRuleRows(ctx.db, scope)).map(toRuleView),
    fallback: toFallbackView(await findFallbackRow(ctx.db, scope)),
    chatMode: account.chatMode,
  };
}

/** The 応答メッセージ tab: rules by priority, the fallback and LINE's response mode of the account. */
export async function listKeywordReplies({ ctx, input }: Ctx & { input: AccountInput }) {
  return repliesOf(ctx, input.lineAccountId);
}

const ruleValues = (body: RuleBody, now: Date) => ({
  name: body.name,
  keywords: body.keywords,
  timeWindow: body.timeWindow,
  days: [...body.days].sort((a, b) => a - b),
  outOfHours: body.outOfHours,
  enabled: body.enabled,
  messages: body.messages,
  actions: body.actions,
  updatedAt: now,
});

export async function createKeywordRule({
  ctx,
  input,
  scenarios = null,
}: Ctx & { input: AccountInput & RuleBody }): Promise<KeywordRule> {
  const { scope } = await accountOf(ctx, input.lineAccountId);
  // checked inside the save's transaction, the tags held there: a tag's delete waits (decision 0053)
  const row = await inTransaction(ctx.db, async (tx) => {
    await checkActions(tx, scope, input.actions, scenarios);
    // its images: uploads of this account, held until the rule is written (decisions 0039, 0056)
    await checkMessageUploads(tx, scope.lineAccountId, input.messages);
    return insertRuleRow(tx, {
      ...scope,
      position: await nextRulePosition(tx, scope),
      ...ruleValues(input, ctx.clock.now()),
    });
  });
  return toRuleView(row);
}

export async function updateKeywordRule({
  ctx,
  input,
  scenarios = null,
}: Ctx & { input: AccountInput & { ruleId: number } & RuleBody }): Promise<KeywordRule> {
  const { scope } = await accountOf(ctx, input.lineAccountId);
  if (!(await findRuleRow(ctx.db, scope, input.ruleId))) throw notFound(keywordReplyMessages.ruleNotFound);
  const row = await inTransaction(ctx.db, async (tx) => {
    await checkActions(tx, scope, input.actions, scenarios);
    await checkMessageUploads(tx, scope.lineAccountId, input.messages);
    return updateRuleRow(tx, scope, input.ruleId, ruleValues(input, ctx.clock.now()));
  });
  if (!row) throw notFound(keywordReplyMessages.ruleNotFound);
  return toRuleView(row);
}

export async function removeKeywordRule({ ctx, input }: Ctx & { input: AccountInput & { ruleId: number } }) {
  const { scope } = await accountOf(ctx, input.lineAccountId);
  if (!(await deleteRuleRow(ctx.db, scope, input.ruleId))) throw notFound(keywordReplyMessages.ruleNotFound);
  return { success: true as const };
}

/** New priorities: the body lists every rule of the account once, first wins. */
export async function reorderKeywordRules({
  ctx,
  input,
}: Ctx & { input: AccountInput & z.output<typeof keywordOrderBodySchema> }): Promise<KeywordReplies> {
  const { scope } = await accountOf(ctx, input.lineAccountId);
  await inTransaction(ctx.db, async (tx) => {
    const rows = await listRuleRows(tx, scope);
    const ids = new Set(rows.map((r) => r.id));
    const listed = new Set(input.ruleIds);
    if (
      listed.size !== input.ruleIds.length ||
      listed.size !== ids.size ||
      input.ruleIds.some((id) => !ids.has(id))
    ) {
      throw badRequest(keywordReplyMessages.order);
    }
    for (const [index, id] of input.ruleIds.entries()) {
      await updateRuleRow(tx, scope, id, { position: index + 1 });
    }
  });
  return repliesOf(ctx, input.lineAccountId);
}

export async function setKeywordFallback({
  ctx,
  input,
}: Ctx & { input: AccountInput & z.output<typeof keywordFallbackBodySchema> }): Promise<KeywordFallback> {
  const { scope } = await accountOf(ctx, input.lineAccountId);
  const row = await inTransaction(ctx.db, async (tx) => {
    await checkMessageUploads(tx, scope.lineAccountId, input.messages);
    return upsertFallbackRow(tx, scope, {
      enabled: input.enabled,
      messages: input.messages,
      updatedAt: ctx.clock.now(),
    });
  });
  return toFallbackView(row);
}

/** The latest 50 automated sends with how each went (free reply or counted push), and the totals. */
export async function listAutomationSends({
  ctx,
  input,
}: Ctx & { input: AccountInput }): Promise<AutomationSendList> {
  const { scope } = await accountOf(ctx, input.lineAccountId);
  const { items, counts } = await listSendRows(ctx.db, scope, 50);
  const total = (via: string) => counts.find((c) => c.via === via)?.n ?? 0;
  return {
    items: items.map((row) => ({
      id: row.id,
      kind: row.kind,
      sourceName: row.sourceName,
      friendId: row.friendId,
      friendName: row.friendName,
      via: row.via,
      sentAt: row.sentAt.toISOString(),
    })),
    replyCount: total('REPLY'),
    pushCount: total('PUSH'),
  };
}
