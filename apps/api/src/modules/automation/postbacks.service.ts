import {
  keywordReplyMessages,
  postbackData,
  type PostbackAction,
  type lineAccountParamsSchema,
  type postbackActionBodySchema,
} from '@app/contracts';
import type { z } from 'zod';
import { inTransaction } from '../../db/client.ts';
import type { ServiceContext } from '../../platform/context.ts';
import { notFound } from '../../platform/errors.ts';
import { checkMessageUploads } from '../deliveries/index.ts';
import { checkActions, type ScenarioStarter } from './actions.ts';
import { accountOf } from './keyword-replies.service.ts';
import {
  deletePostbackRow,
  findPostbackRow,
  insertPostbackRow,
  listPostbackRows,
  updatePostbackRow,
  type PostbackActionRow,
} from './keyword-replies.repository.ts';

type Ctx = { ctx: ServiceContext; scenarios?: ScenarioStarter | null };
type AccountInput = z.output<typeof lineAccountParamsSchema>;
type Body = z.output<typeof postbackActionBodySchema>;
type PostbackInput = AccountInput & { postbackId: number };

const toView = (row: PostbackActionRow): PostbackAction => ({
  id: row.id,
  name: row.name,
  messages: row.messages,
  actions: row.actions,
  data: postbackData(row.id),
  updatedAt: row.updatedAt.toISOString(),
});

/** What rich menu postback areas of the account do (decision 0036: data `automation:postback:<id>`). */
export async function listPostbackActions({ ctx, input }: Ctx & { input: AccountInput }) {
  const { scope } = await accountOf(ctx, input.lineAccountId);
  return { items: (await listPostbackRows(ctx.db, scope)).map(toView) };
}

export async function createPostbackAction({
  ctx,
  input,
  scenarios = null,
}: Ctx & { input: AccountInput & Body }): Promise<PostbackAction> {
  const { scope } = await accountOf(ctx, input.lineAccountId);
  // checked inside the save's transaction, the tags held there: a tag's delete waits (decision 0053)
  const row = await inTransaction(ctx.db, async (tx) => {
    await checkActions(tx, scope, input.actions, scenarios);
    // its images: uploads of this account, held until the answer is written (decisions 0039, 0056)
    await checkMessageUploads(tx, scope.lineAccountId, input.messages);
    return insertPostbackRow(tx, {
      ...scope,
      name: input.name,
      messages: input.messages,
      actions: input.actions,
      updatedAt: ctx.clock.now(),
    });
  });
  return toView(row);
}

export async function updatePostbackAction({
  ctx,
  input,
  scenarios = null,
}: Ctx & { input: PostbackInput & Body }): Promise<PostbackAction> {
  const { scope } = await accountOf(ctx, input.lineAccountId);
  if (!(await findPostbackRow(ctx.db, scope, input.postbackId))) {
    throw notFound(keywordReplyMessages.postbackNotFound);
  }
  const row = await inTransaction(ctx.db, async (tx) => {
    await checkActions(tx, scope, input.actions, scenarios);
    await checkMessageUploads(tx, scope.lineAccountId, input.messages);
    return updatePostbackRow(tx, scope, input.postbackId, {
      name: input.name,
      messages: input.messages,
      actions: input.actions,
      updatedAt: ctx.clock.now(),
    });
  });
  if (!row) throw notFound(keywordReplyMessages.postbackNotFound);
  return toView(row);
}

export async function removePostbackAction({ ctx, input }: Ctx & { input: PostbackInput }) {
  const { scope } = await accountOf(ctx, input.lineAccountId);
  if (!(await deletePostbackRow(ctx.db, scope, input.postbackId))) {
    throw notFound(keywordReplyMessages.postbackNotFound);
  }
  return { success: true as const };
}
