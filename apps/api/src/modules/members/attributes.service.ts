import {
  memberMessages,
  type createMemberAttributeBodySchema,
  type MemberAttribute,
  type MemberSettings,
  type reorderMemberAttributesBodySchema,
  type updateMemberSettingsBodySchema,
} from '@app/contracts';
import type { z } from 'zod';
import { inTransaction, type Db } from '../../db/client.ts';
import type { ServiceContext } from '../../platform/context.ts';
import { badRequest, conflict, notFound } from '../../platform/errors.ts';
import { loadMemberStore, scopeOf, type MemberScope } from './member-store.ts';
import {
  choicesInUse,
  deleteAttribute as deleteAttributeRow,
  deleteChoices,
  findAttribute,
  findAttributeByLabel,
  findSettings,
  insertAttribute,
  insertChoices,
  listAttributes,
  listChoices,
  nextDisplayOrder,
  updateAttribute as updateAttributeRow,
  updateChoice,
  upsertSettings,
  valueCounts,
} from './members.repository.ts';
import { toAttributeView, toSettingsView } from './members.views.ts';

type Ctx = { ctx: ServiceContext };
type AccountInput = { lineAccountId: number };
type AttributeInput = AccountInput & { attributeId: number };
type AttributeBody = z.output<typeof createMemberAttributeBodySchema>;

/** The store's attribute definitions with choices and value counts (three queries). */
export async function attributeViews(db: Db, scope: MemberScope): Promise<MemberAttribute[]> {
  const rows = await listAttributes(db, scope);
  const ids = rows.map((r) => r.id);
  const [choices, counts] = await Promise.all([
    listChoices(db, scope.clientId, ids),
    valueCounts(db, scope.clientId, ids),
  ]);
  return rows.map((r) => toAttributeView(r, choices, counts.get(r.id) ?? 0));
}

async function attributeView(db: Db, scope: MemberScope, id: number): Promise<MemberAttribute> {
  const view = (await attributeViews(db, scope)).find((a) => a.id === id);
  if (!view) throw notFound(memberMessages.attributeNotFound);
  return view;
}

export async function listMemberAttributes({ ctx, input }: Ctx & { input: AccountInput }) {
  const store = await loadMemberStore(ctx, input.lineAccountId);
  return attributeViews(ctx.db, scopeOf(store));
}

async function assertLabelFree(db: Db, scope: MemberScope, label: string, exceptId?: number) {
  const other = await findAttributeByLabel(db, scope, label);
  if (other && other.id !== exceptId) throw conflict(memberMessages.labelTaken);
}

export async function createMemberAttribute({
  ctx,
  input,
}: Ctx & { input: AccountInput & AttributeBody }): Promise<MemberAttribute> {
  const store = await loadMemberStore(ctx, input.lineAccountId);
  const scope = scopeOf(store);
  return inTransaction(ctx.db, async (tx) => {
    await assertLabelFree(tx, scope, input.label);
    const row = await insertAttribute(tx, {
      ...scope,
      label: input.label,
      type: input.type,
      visibility: input.visibility,
      isRequired: input.isRequired,
      displayOrder: input.displayOrder ?? (await nextDisplayOrder(tx, scope)),
      internalName: input.internalName || null,
      isDeletable: input.isDeletable,
    });
    await insertChoices(
      tx,
      input.choices.map((c, i) => ({
        clientId: scope.clientId,
        attributeId: row.id,
        value: c.value,
        displayOrder: i,
      })),
    );
    return attributeView(tx, scope, row.id);
  });
}

/**
 * Change a definition and its choices: choices sent with their id are kept (and renamed, reordered),
 * new ones added, missing ones removed. A choice members chose cannot be removed, and the type of an
 * attribute members hold values of cannot change.
 */
export async function updateMemberAttribute({
  ctx,
  input,
}: Ctx & { input: AttributeInput & AttributeBody }): Promise<MemberAttribute> {
  const store = await loadMemberStore(ctx, input.lineAccountId);
  const scope = scopeOf(store);
  return inTransaction(ctx.db, async (tx) => {
    const current = await findAttribute(tx, scope, input.attributeId);
    if (!current) throw notFound(memberMessages.attributeNotFound);
    await assertLabelFree(tx, scope, input.label, current.id);
    const counts = await valueCounts(tx, scope.clientId, [current.id]);
    if (current.type !== input.type && (counts.get(current.id) ?? 0) > 0)
      throw conflict(memberMessages.typeChangeInUse);
    const existing = await listChoices(tx, scope.clientId, [current.id]);
    const keptIds = input.choices.flatMap((c) => (c.id ? [c.id] : []));
    if (keptIds.some((id) => !existing.some((c) => c.id === id)))
      throw badRequest(memberMessages.choiceNotFound);
    const removed = existing.filter((c) => !keptIds.includes(c.id)).map((c) => c.id);
    if ((await choicesInUse(tx, scope.clientId, removed)).length > 0)
      throw conflict(memberMessages.choiceInUse);
    await deleteChoices(tx, scope.clientId, removed);
    for (const [i, choice] of input.choices.entries()) {
      if (choice.id)
        await updateChoice(tx, scope.clientId, choice.id, { value: choice.value, displayOrder: i });
    }
    await insertChoices(
      tx,
      input.choices.flatMap((c, i) =>
        c.id ? [] : [{ clientId: scope.clientId, attributeId: current.id, value: c.value, displayOrder: i }],
      ),
    );
    await updateAttributeRow(tx, scope, current.id, {
      label: input.label,
      type: input.type,
      visibility: input.visibility,
      isRequired: input.isRequired,
      ...(input.displayOrder !== undefined ? { displayOrder: input.displayOrder } : {}),
      internalName: input.internalName || null,
      isDeletable: input.isDeletable,
      updatedAt: ctx.clock.now(),
    });
    return attributeView(tx, scope, current.id);
  });
}

/** Refused for an attribute marked not deletable, and for one members hold values of. */
export async function deleteMemberAttribute({ ctx, input }: Ctx & { input: AttributeInput }) {
  const store = await loadMemberStore(ctx, input.lineAccountId);
  const scope = scopeOf(store);
  return inTransaction(ctx.db, async (tx) => {
    const current = await findAttribute(tx, scope, input.attributeId);
    if (!current) throw notFound(memberMessages.attributeNotFound);
    if (!current.isDeletable) throw conflict(memberMessages.notDeletable);
    const counts = await valueCounts(tx, scope.clientId, [current.id]);
    if ((counts.get(current.id) ?? 0) > 0) throw conflict(memberMessages.deleteInUse);
    await deleteAttributeRow(tx, scope, current.id);
    return { success: true as const };
  });
}

export async function reorderMemberAttributes({
  ctx,
  input,
}: Ctx & { input: AccountInput & z.output<typeof reorderMemberAttributesBodySchema> }) {
  const store = await loadMemberStore(ctx, input.lineAccountId);
  const scope = scopeOf(store);
  return inTransaction(ctx.db, async (tx) => {
    const rows = await listAttributes(tx, scope);
    const ids = input.attributeIds;
    const isPermutation =
      ids.length === rows.length && new Set(ids).size === ids.length && rows.every((r) => ids.includes(r.id));
    if (!isPermutation) throw badRequest(memberMessages.orderIds);
    const now = ctx.clock.now();
    for (const [i, id] of ids.entries())
      await updateAttributeRow(tx, scope, id, { displayOrder: i, updatedAt: now });
    return attributeViews(tx, scope);
  });
}

// ---- store member settings ----

export async function getMemberSettings({
  ctx,
  input,
}: Ctx & { input: AccountInput }): Promise<MemberSettings> {
  const store = await loadMemberStore(ctx, input.lineAccountId);
  return toSettingsView(store.id, await findSettings(ctx.db, scopeOf(store)));
}

export async function updateMemberSettings({
  ctx,
  input,
}: Ctx & { input: AccountInput & z.output<typeof updateMemberSettingsBodySchema> }): Promise<MemberSettings> {
  const store = await loadMemberStore(ctx, input.lineAccountId);
  const row = await upsertSettings(ctx.db, scopeOf(store), {
    isShowMemberCard: input.isShowMemberCard,
    requireRegistration: input.requireRegistration,
    memberCodeShowMode: input.memberCodeShowMode,
    updatedAt: ctx.clock.now(),
  });
  return toSettingsView(store.id, row);
}
