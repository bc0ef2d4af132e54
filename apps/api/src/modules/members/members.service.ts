import {
  memberMessages,
  type exportMembersQuerySchema,
  type listMembersQuerySchema,
  type MemberDetail,
  type MemberList,
  type RegistrationEntry,
  type MemberListEntry,
  type updateMemberRemarksBodySchema,
  type updateMemberStatusBodySchema,
} from '@app/contracts';
import type { SQL } from 'drizzle-orm';
import type { z } from 'zod';
import { inTransaction, type Db } from '../../db/client.ts';
import { toCsv } from '../../platform/csv.ts';
import type { ServiceContext } from '../../platform/context.ts';
import { badRequest, notFound } from '../../platform/errors.ts';
import { loadMemberStore, scopeOf, type MemberScope } from './member-store.ts';
import {
  attributeSort,
  attributeValueSet,
  isMemberColumn,
  listMembers,
  memberColumnSort,
  noFriends,
} from './member-search.repository.ts';
import {
  findAttribute,
  findAttributeByLabel,
  findMember,
  listAttributes,
  listValuesOfMembers,
  updateMember,
  deleteValuesOf,
  findImagesOfFriend,
  insertValues,
  listChoices,
  type AttributeRow,
  type MemberWithFriend,
} from './members.repository.ts';
import { toValueViews, valueText } from './members.views.ts';
import { checkEntries } from './member-app.service.ts';

type Ctx = { ctx: ServiceContext };
type AccountInput = { lineAccountId: number };
type MemberInput = AccountInput & { memberId: number };
type ListInput = z.output<typeof exportMembersQuerySchema>;

/** The label/value filter as a set of friends; a label no attribute has matches nobody. */
async function attributeFilter(db: Db, scope: MemberScope, input: ListInput): Promise<SQL | undefined> {
  if (!input.label) return undefined;
  const attribute = await findAttributeByLabel(db, scope, input.label);
  if (!attribute) return noFriends;
  const hasChoices = attribute.type === 'RADIO' || attribute.type === 'CHECKBOX';
  const choices = hasChoices && input.value ? await listChoices(db, scope.clientId, [attribute.id]) : [];
  return attributeValueSet(attribute, choices, input.value);
}

/** A column, or an attribute's value (sort is an attribute id). */
async function sortOf(db: Db, scope: MemberScope, input: ListInput) {
  const order = input.order ?? 'DESC';
  const sort = input.sort ?? 'createdAt';
  if (isMemberColumn(sort)) return { column: memberColumnSort(sort), order, nullsLast: false };
  const attribute = await findAttribute(db, scope, Number(sort));
  if (!attribute) throw badRequest(memberMessages.sort);
  return { column: attributeSort(attribute), order, nullsLast: true };
}

function toListEntry(
  row: MemberWithFriend,
  attributes: AttributeRow[],
  values: Awaited<ReturnType<typeof listValuesOfMembers>>,
): MemberListEntry {
  const own = values.filter((v) => v.memberId === row.id);
  return {
    memberId: row.id,
    friendId: row.friendId,
    displayName: row.displayName,
    pictureUrl: row.pictureUrl,
    isFriend: row.isFriend,
    status: row.status,
    memberCode: row.memberCode,
    remarks: row.remarks,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    attributes: attributes.map((a) => {
      const value = own.find((v) => v.attributeId === a.id);
      return { attributeId: a.id, label: a.label, type: a.type, value: value ? valueText(a, value) : null };
    }),
  };
}

async function listEntries(ctx: ServiceContext, input: ListInput, page?: { page: number; limit: number }) {
  const store = await loadMemberStore(ctx, input.lineAccountId);
  const scope = scopeOf(store);
  const [attributeSet, sort, attributes] = await Promise.all([
    attributeFilter(ctx.db, scope, input),
    sortOf(ctx.db, scope, input),
    listAttributes(ctx.db, scope),
  ]);
  const { rows, total } = await listMembers(
    ctx.db,
    scope,
    { status: input.status, attributeSet, search: input.search, sort },
    page ? { limit: page.limit, offset: (page.page - 1) * page.limit } : undefined,
  );
  const values = await listValuesOfMembers(
    ctx.db,
    scope.clientId,
    rows.map((r) => r.id),
  );
  return { entries: rows.map((r) => toListEntry(r, attributes, values)), total, attributes };
}

export async function listStoreMembers({
  ctx,
  input,
}: Ctx & { input: z.output<typeof listMembersQuerySchema> }): Promise<MemberList> {
  const { entries, total } = await listEntries(ctx, input, input);
  return {
    data: entries,
    page: input.page,
    limit: input.limit,
    totalItems: total,
    totalPages: Math.max(1, Math.ceil(total / input.limit)),
  };
}

const statusLabel = { ACTIVE: '有効', INACTIVE: '無効' } as const;

/** The filtered list as CSV: UTF-8 with a BOM and CRLF (Excel reads the Japanese), one column per attribute. */
export async function exportMembersCsv({ ctx, input }: Ctx & { input: ListInput }) {
  const { entries, attributes } = await listEntries(ctx, input);
  const header = [
    '会員番号',
    'LINE表示名',
    'ステータス',
    '登録日時',
    '備考',
    ...attributes.map((a) => a.label),
  ];
  const lines = entries.map((e) => [
    e.memberCode,
    e.displayName,
    statusLabel[e.status],
    e.createdAt,
    e.remarks,
    ...attributes.map((a) => e.attributes.find((v) => v.attributeId === a.id)?.value ?? null),
  ]);
  const day = ctx.clock.now().toISOString().slice(0, 10);
  return {
    csv: toCsv([header, ...lines]),
    filename: `members-${input.lineAccountId}-${day}.csv`,
  };
}

async function detail(db: Db, scope: MemberScope, memberId: number): Promise<MemberDetail> {
  const row = await findMember(db, scope, memberId);
  if (!row) throw notFound(memberMessages.memberNotFound);
  const [attributes, values] = await Promise.all([
    listAttributes(db, scope),
    listValuesOfMembers(db, scope.clientId, [row.id]),
  ]);
  return {
    id: row.id,
    friendId: row.friendId,
    storeId: row.storeId,
    status: row.status,
    memberCode: row.memberCode,
    remarks: row.remarks,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    friend: { displayName: row.displayName, pictureUrl: row.pictureUrl, isFriend: row.isFriend },
    values: toValueViews(attributes, values),
  };
}

export async function getStoreMember({ ctx, input }: Ctx & { input: MemberInput }) {
  const store = await loadMemberStore(ctx, input.lineAccountId);
  return detail(ctx.db, scopeOf(store), input.memberId);
}

export async function updateMemberStatus({
  ctx,
  input,
}: Ctx & { input: MemberInput & z.output<typeof updateMemberStatusBodySchema> }) {
  const store = await loadMemberStore(ctx, input.lineAccountId);
  const scope = scopeOf(store);
  await detail(ctx.db, scope, input.memberId);
  await updateMember(ctx.db, scope, input.memberId, { status: input.status, updatedAt: ctx.clock.now() });
  return detail(ctx.db, scope, input.memberId);
}

export async function updateMemberRemarks({
  ctx,
  input,
}: Ctx & { input: MemberInput & z.output<typeof updateMemberRemarksBodySchema> }) {
  const store = await loadMemberStore(ctx, input.lineAccountId);
  const scope = scopeOf(store);
  await detail(ctx.db, scope, input.memberId);
  await updateMember(ctx.db, scope, input.memberId, {
    remarks: input.remarks || null,
    updatedAt: ctx.clock.now(),
  });
  return detail(ctx.db, scope, input.memberId);
}

/**
 * The back office's own values of a member: the PRIVATE attributes (never asked in the mini-app). The
 * entries replace every PRIVATE value at once, checked as the mini-app's form is (all or nothing); an
 * IMAGE entry may name only an image the member uploaded.
 */
export async function updateMemberPrivateValues({
  ctx,
  input,
}: Ctx & { input: MemberInput & { entries: RegistrationEntry[] } }) {
  const store = await loadMemberStore(ctx, input.lineAccountId);
  const scope = scopeOf(store);
  const member = await detail(ctx.db, scope, input.memberId);
  await inTransaction(ctx.db, async (tx) => {
    const attributes = await listAttributes(tx, scope);
    const choices = await listChoices(
      tx,
      scope.clientId,
      attributes.map((a) => a.id),
    );
    const keys = input.entries.flatMap((e) => (e.value?.trim() ? [e.value.trim()] : []));
    const images = new Set(
      (await findImagesOfFriend(tx, scope, member.friendId, [...new Set(keys)], { forShare: true })).map(
        (r) => r.key,
      ),
    );
    const values = checkEntries(input.entries, attributes, choices, false, images, 'PRIVATE');
    await deleteValuesOf(
      tx,
      scope,
      member.id,
      attributes.filter((a) => a.visibility === 'PRIVATE').map((a) => a.id),
    );
    await insertValues(tx, scope, member, values);
    await updateMember(tx, scope, member.id, { updatedAt: ctx.clock.now() });
  });
  return detail(ctx.db, scope, input.memberId);
}
