import { randomInt } from 'node:crypto';
import {
  memberMessages,
  type FieldError,
  type LiffMember,
  type LiffMemberState,
  type MemberFailureReason,
  type MemberSettings,
  type RegistrationEntry,
} from '@app/contracts';
import { inTransaction, type Db } from '../../db/client.ts';
import type { ServiceContext } from '../../platform/context.ts';
import { recordDomainEvent } from '../../platform/domain-events.ts';
import { AppError, validationError } from '../../platform/errors.ts';
import { requireLiffCaller } from '../../platform/liff.ts';
import { attributeViews } from './attributes.service.ts';
import { scopeOf, type MemberScope, type MemberStoreRow } from './member-store.ts';
import {
  deleteValuesOf,
  findImagesOfFriend,
  findMemberByFriend,
  findSettings,
  insertMember,
  insertValues,
  listAttributes,
  listChoices,
  listValuesOfMembers,
  updateMember,
  type AttributeRow,
  type ChoiceRow,
  type MemberRow,
  type NewValue,
} from './members.repository.ts';
import { toSettingsView, toValueViews } from './members.views.ts';

/** The store of the path; the caller comes on ctx.liff (platform/liff.ts: token, store and friendship). */
export type LiffInput = { storeId: number };
type Ctx = { ctx: ServiceContext };

const failure = (reason: MemberFailureReason, message: string, member?: LiffMember, errors?: FieldError[]) =>
  new AppError('UNPROCESSABLE', message, errors, {
    reason,
    id: member?.id ?? null,
    status: member?.status ?? null,
    memberCode: member?.memberCode ?? null,
    attributes: member?.attributes ?? [],
  });

/** The caller and the member store, as the access check identified them. */
export function identifyFriend(ctx: ServiceContext) {
  const { store, friend } = requireLiffCaller(ctx);
  return { store, friend };
}

async function memberView(db: Db, scope: MemberScope, member: MemberRow): Promise<LiffMember> {
  const [attributes, values] = await Promise.all([
    listAttributes(db, scope),
    listValuesOfMembers(db, scope.clientId, [member.id]),
  ]);
  return {
    id: member.id,
    status: member.status,
    memberCode: member.memberCode,
    attributes: toValueViews(
      attributes.filter((a) => a.visibility === 'PUBLIC'),
      values,
    ),
  };
}

const publicRequired = (attributes: AttributeRow[]) =>
  attributes.filter((a) => a.visibility === 'PUBLIC' && a.isRequired);

/**
 * GET /store/{storeId}/members: the caller's member card data, or 422 with the reason: not following,
 * no member, an INACTIVE member (not registered), or a required attribute without a value (added after
 * they registered) while the store requires registration.
 */
export async function getOwnMember({ ctx }: Ctx & { input: LiffInput }): Promise<LiffMember> {
  const { store, friend } = identifyFriend(ctx);
  const scope = scopeOf(store);
  const member = await findMemberByFriend(ctx.db, scope, friend.id);
  if (!member) throw failure('MEMBER_NOT_FOUND', memberMessages.memberNotFound);
  const view = await memberView(ctx.db, scope, member);
  if (member.status !== 'ACTIVE') throw failure('NOT_REGISTERED', memberMessages.notRegistered, view);
  const settings = toSettingsView(store.id, await findSettings(ctx.db, scope));
  if (settings.requireRegistration) {
    const missing = publicRequired(await listAttributes(ctx.db, scope)).filter(
      (a) => !view.attributes.some((v) => v.attributeId === a.id),
    );
    if (missing.length > 0)
      throw failure(
        'REQUIRED_ATTRIBUTES',
        memberMessages.requiredAttributes,
        view,
        missing.map((a) => ({ path: `attributes.${a.id}`, message: memberMessages.required })),
      );
  }
  return view;
}

/**
 * GET /store/{storeId}/member-state: getOwnMember's answer as a 200 (the card, or the reason there is none),
 * so that a friend who is not a member yet opens the mini-app without a failed call.
 */
export async function getOwnMemberState(args: Ctx & { input: LiffInput }): Promise<LiffMemberState> {
  try {
    return { member: await getOwnMember(args), problem: null };
  } catch (error) {
    if (!(error instanceof AppError) || error.code !== 'UNPROCESSABLE' || !error.details) throw error;
    const details = error.details as Omit<NonNullable<LiffMemberState['problem']>, 'message' | 'errors'>;
    return {
      member: null,
      problem: {
        ...details,
        message: error.message,
        ...(error.fieldErrors ? { errors: error.fieldErrors } : {}),
      },
    };
  }
}

const isCalendarDay = (s: string) => {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(s);
  if (!m) return false;
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return d.getUTCFullYear() === Number(m[1]) && d.getUTCMonth() === Number(m[2]) - 1;
};

/** YYYY-MM-DD of a parseable date string (a calendar day, or an instant's UTC day). */
function dayOf(value: string): string | null {
  const trimmed = value.trim();
  if (isCalendarDay(trimmed)) return trimmed;
  const time = Date.parse(trimmed);
  return trimmed && !Number.isNaN(time) ? new Date(time).toISOString().slice(0, 10) : null;
}

/**
 * Check the form against the PUBLIC definitions: each entry must suit its attribute's type. Answers the
 * values to store, or every field's error (path attributes.<id>) with the first one as the message.
 */
export function checkEntries(
  entries: RegistrationEntry[],
  attributes: AttributeRow[],
  choices: ChoiceRow[],
  requireAll: boolean,
  ownImages: Set<string>,
  visibility: AttributeRow['visibility'] = 'PUBLIC',
): NewValue[] {
  const errors: FieldError[] = [];
  const values: NewValue[] = [];
  const seen = new Set<number>();
  const fail = (attributeId: number, message: string) =>
    errors.push({ path: `attributes.${attributeId}`, message });
  for (const entry of entries) {
    const attribute = attributes.find((a) => a.id === entry.attributeId && a.visibility === visibility);
    if (!attribute) {
      fail(entry.attributeId, memberMessages.entryUnknown);
      continue;
    }
    if (seen.has(attribute.id)) {
      fail(attribute.id, memberMessages.entryDuplicate);
      continue;
    }
    seen.add(attribute.id);
    const base = {
      attributeId: attribute.id,
      value: null,
      numberValue: null,
      dateValue: null,
      choiceIds: [],
    };
    const own = choices.filter((c) => c.attributeId === attribute.id).map((c) => c.id);
    switch (attribute.type) {
      case 'STRING': {
        if (entry.value === undefined) fail(attribute.id, memberMessages.valueWrongKind);
        else if (entry.value.length > 500) fail(attribute.id, memberMessages.stringMax);
        else if (entry.value.trim()) values.push({ ...base, value: entry.value.trim() });
        break;
      }
      case 'NUMBER': {
        if (entry.numberValue === undefined) fail(attribute.id, memberMessages.numberValue);
        else values.push({ ...base, numberValue: entry.numberValue });
        break;
      }
      case 'DATE': {
        if (entry.value === undefined) fail(attribute.id, memberMessages.invalidDate);
        else if (entry.value.trim() === '') break;
        else {
          const day = dayOf(entry.value);
          if (!day) fail(attribute.id, memberMessages.invalidDate);
          else values.push({ ...base, dateValue: day });
        }
        break;
      }
      case 'RADIO': {
        const ids = entry.attributeChoiceIds;
        if (!ids) fail(attribute.id, memberMessages.radioOne);
        else if (ids.length === 0) break;
        else if (ids.length !== 1 || !own.includes(ids[0]!)) fail(attribute.id, memberMessages.radioOne);
        else values.push({ ...base, choiceIds: ids });
        break;
      }
      case 'CHECKBOX': {
        const ids = entry.attributeChoiceIds;
        if (!ids || ids.some((id) => !own.includes(id)) || new Set(ids).size !== ids.length)
          fail(attribute.id, memberMessages.checkboxChoices);
        else if (ids.length > 0) values.push({ ...base, choiceIds: ids });
        break;
      }
      case 'IMAGE': {
        // The key of an image this friend uploaded to this store (POST /images); nothing else.
        if (entry.value === undefined) fail(attribute.id, memberMessages.imageValue);
        else if (entry.value.trim() === '') break;
        else if (!ownImages.has(entry.value.trim())) fail(attribute.id, memberMessages.imageValue);
        else values.push({ ...base, value: entry.value.trim() });
        break;
      }
    }
  }
  if (errors.length > 0) throw validationError(errors[0]!.message, errors);
  if (requireAll) {
    const missing = publicRequired(attributes).filter((a) => !values.some((v) => v.attributeId === a.id));
    if (missing.length > 0)
      throw new AppError(
        'UNPROCESSABLE',
        memberMessages.requiredAttributes,
        missing.map((a) => ({ path: `attributes.${a.id}`, message: memberMessages.required })),
      );
  }
  return values;
}

/** Ten random digits: unrelated to any other member's code. */
const newMemberCode = () =>
  String(randomInt(0, 100_000)).padStart(5, '0') + String(randomInt(0, 100_000)).padStart(5, '0');

async function createMember(tx: Db, store: MemberStoreRow, friendId: number, now: Date) {
  const scope = scopeOf(store);
  for (let attempt = 0; attempt < 8; attempt++) {
    const row = await insertMember(tx, {
      ...scope,
      friendId,
      memberCode: newMemberCode(),
      status: 'ACTIVE',
      createdAt: now,
      updatedAt: now,
    });
    if (row) return { member: row, created: true };
    // Taken: the friend registered meanwhile (use that), or the code (draw again).
    const existing = await findMemberByFriend(tx, scope, friendId, { forUpdate: true });
    if (existing) return { member: existing, created: false };
  }
  throw new AppError('SERVICE_UNAVAILABLE', 'No member code could be issued. Please try again later');
}

/**
 * POST /store/{storeId}/members/: register, or replace own PUBLIC values with the form's, all or
 * nothing. The first registration records MEMBERSHIP_REGISTRATION in the same transaction.
 */
export async function registerOwnMember({
  ctx,
  input,
}: Ctx & { input: LiffInput & { entries: RegistrationEntry[] } }): Promise<LiffMember> {
  const { store, friend } = identifyFriend(ctx);
  const scope = scopeOf(store);
  return inTransaction(ctx.db, async (tx) => {
    const attributes = await listAttributes(tx, scope);
    const choices = await listChoices(
      tx,
      scope.clientId,
      attributes.map((a) => a.id),
    );
    const existing = await findMemberByFriend(tx, scope, friend.id, { forUpdate: true });
    if (existing && existing.status !== 'ACTIVE')
      throw failure('NOT_REGISTERED', memberMessages.notRegistered);
    const settings = toSettingsView(store.id, await findSettings(tx, scope));
    const imageIds = new Set(attributes.filter((a) => a.type === 'IMAGE').map((a) => a.id));
    const imageKeys = input.entries.flatMap((e) =>
      imageIds.has(e.attributeId) && e.value?.trim() ? [e.value.trim()] : [],
    );
    const ownImages = new Set(
      (await findImagesOfFriend(tx, scope, friend.id, [...new Set(imageKeys)], { forShare: true })).map(
        (r) => r.key,
      ),
    );
    const values = checkEntries(input.entries, attributes, choices, settings.requireRegistration, ownImages);
    const now = ctx.clock.now();
    const { member, created } = existing
      ? { member: existing, created: false }
      : await createMember(tx, store, friend.id, now);
    await deleteValuesOf(
      tx,
      scope,
      member.id,
      attributes.filter((a) => a.visibility === 'PUBLIC').map((a) => a.id),
    );
    await insertValues(tx, scope, member, values);
    if (!created) await updateMember(tx, scope, member.id, { updatedAt: now });
    if (created) {
      await recordDomainEvent(tx, {
        topic: 'MEMBERSHIP_REGISTRATION',
        clientId: store.clientId,
        lineAccountId: store.lineAccountId,
        storeId: store.id,
        payload: { memberId: member.id, friendId: friend.id, memberCode: member.memberCode },
      });
    }
    return memberView(tx, scope, member);
  });
}

/** GET /store/{storeId}: the store member settings. */
export async function getLiffSettings({ ctx }: Ctx & { input: LiffInput }): Promise<MemberSettings> {
  const { store } = identifyFriend(ctx);
  return toSettingsView(store.id, await findSettings(ctx.db, scopeOf(store)));
}

/** GET /store/{storeId}/attributes: the registration form (PUBLIC definitions with choices). */
export async function listLiffAttributes({ ctx }: Ctx & { input: LiffInput }) {
  const { store } = identifyFriend(ctx);
  const views = await attributeViews(ctx.db, scopeOf(store));
  return views.filter((a) => a.visibility === 'PUBLIC').map(({ valueCount: _count, ...rest }) => rest);
}
