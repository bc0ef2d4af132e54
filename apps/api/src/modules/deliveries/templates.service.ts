import { templateMessages, type MessageTemplate, type templateBodySchema } from '@app/contracts';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { inTransaction, type Db } from '../../db/client.ts';
import { messageTemplates } from '../../db/schema/deliveries.ts';
import { requireActor, type ServiceContext } from '../../platform/context.ts';
import { notFound } from '../../platform/errors.ts';
import type { AccountScope } from './deliveries.repository.ts';
import { accountOf } from './deliveries.service.ts';
import { checkMessageUploads } from './delivery-images.ts';

/**
 * Templates (定型文): named message lists of an account, inserted into a delivery's composer, the greeting
 * editor or a chat reply; a template is copied where it is inserted (a later edit changes nothing sent).
 * Its image and rich messages name uploads of the account (decision 0039), checked when it is saved.
 */

type Ctx = { ctx: ServiceContext };
type AccountInput = { lineAccountId: number };
type TemplateInput = AccountInput & { templateId: number };
type TemplateBody = z.output<typeof templateBodySchema>;
type TemplateRow = typeof messageTemplates.$inferSelect;

const ofAccount = (scope: AccountScope, id: number) =>
  and(
    eq(messageTemplates.id, id),
    eq(messageTemplates.clientId, scope.clientId),
    eq(messageTemplates.lineAccountId, scope.lineAccountId),
  );

const toView = (row: TemplateRow): MessageTemplate => ({
  id: row.id,
  lineAccountId: row.lineAccountId,
  name: row.name,
  folder: row.folder,
  messages: row.messages,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

/** Every template of the account (an account keeps tens, not thousands): folders first, by name. */
export async function listTemplates({ ctx, input }: Ctx & { input: AccountInput }) {
  const { scope } = await accountOf(ctx, input.lineAccountId);
  const rows = await ctx.db
    .select()
    .from(messageTemplates)
    .where(
      and(
        eq(messageTemplates.clientId, scope.clientId),
        eq(messageTemplates.lineAccountId, scope.lineAccountId),
      ),
    )
    .orderBy(
      sql`${messageTemplates.folder} asc nulls last`,
      asc(messageTemplates.name),
      asc(messageTemplates.id),
    );
  return { data: rows.map(toView) };
}

/** A template written straight (the demo seed); the route's createTemplate checks the caller first. */
export async function insertTemplate(db: Db, values: typeof messageTemplates.$inferInsert) {
  const [row] = await db.insert(messageTemplates).values(values).returning();
  return toView(row!);
}

export async function createTemplate({ ctx, input }: Ctx & { input: AccountInput & TemplateBody }) {
  const { scope } = await accountOf(ctx, input.lineAccountId);
  const now = ctx.clock.now();
  return inTransaction(ctx.db, async (tx) => {
    // its uploads held until the row is in (the sweep passes them over, decision 0056)
    await checkMessageUploads(tx, scope.lineAccountId, input.messages);
    return insertTemplate(tx, {
      ...scope,
      name: input.name,
      folder: input.folder,
      messages: input.messages,
      createdBy: requireActor(ctx).userId,
      createdAt: now,
      updatedAt: now,
    });
  });
}

export async function changeTemplate({ ctx, input }: Ctx & { input: TemplateInput & TemplateBody }) {
  const { scope } = await accountOf(ctx, input.lineAccountId);
  const [row] = await inTransaction(ctx.db, async (tx) => {
    await checkMessageUploads(tx, scope.lineAccountId, input.messages);
    return tx
      .update(messageTemplates)
      .set({
        name: input.name,
        folder: input.folder,
        messages: input.messages,
        updatedAt: ctx.clock.now(),
      })
      .where(ofAccount(scope, input.templateId))
      .returning();
  });
  if (!row) throw notFound(templateMessages.notFound);
  return toView(row);
}

export async function removeTemplate({ ctx, input }: Ctx & { input: TemplateInput }) {
  const { scope } = await accountOf(ctx, input.lineAccountId);
  const rows = await ctx.db
    .delete(messageTemplates)
    .where(ofAccount(scope, input.templateId))
    .returning({ id: messageTemplates.id });
  if (rows.length === 0) throw notFound(templateMessages.notFound);
  return { success: true as const };
}
