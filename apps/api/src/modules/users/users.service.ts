import {
  errorMessages,
  paginationInfo,
  userMessages,
  type BackOfficeUser,
  type Position,
  type Role,
  type changePasswordBodySchema,
  type clientSignupBodySchema,
  type createMasterUserBodySchema,
  type createUserBodySchema,
  type listMasterUsersQuerySchema,
  type updateUserBodySchema,
} from '@app/contracts';
import type { z } from 'zod';
import { inTransaction, type Db } from '../../db/client.ts';
import { recordAudit } from '../../platform/audit.ts';
import { requireActor, tenantScopeOf, type ServiceContext } from '../../platform/context.ts';
import { hashPassword, randomToken, verifyPassword } from '../../platform/crypto.ts';
import { badRequest, conflict, forbidden, notFound } from '../../platform/errors.ts';
import { deleteUserSessions } from '../../platform/sessions.ts';
import {
  issueEmailChangeCancelLink,
  issueSetPasswordLink,
  issueVerifyEmailLink,
  revokeAuthTokens,
} from '../../platform/auth-tokens.ts';
import { findAgencyTenant, findClientTenant, tenantNamesOf } from '../../platform/tenancy.ts';
import {
  emailChangeMail,
  emailChangeNoticeMail,
  invitationMail,
  signupWithKnownAddressMail,
  verifyEmailMail,
} from './users.mails.ts';
import {
  countOtherOwners,
  deleteUserRow,
  findScopedUser,
  findScopedUserForUpdate,
  getUserOrThrow,
  hasMasterUser,
  insertUser,
  isEmailInUse,
  listUsers as listUserRows,
  toBackOfficeUserView,
  updateUser as updateUserRow,
  type UserRow,
  type UserScope,
} from './users.repository.ts';

const INVITE_TTL_HOURS = 72;

async function getScopedUserForUpdateOrThrow(db: Db, scope: UserScope, id: number): Promise<UserRow> {
  const user = await findScopedUserForUpdate(db, scope, id);
  if (!user) throw notFound(userMessages.userNotFound);
  return user;
}

function tenantOf(user: Pick<UserRow, 'clientId' | 'agencyId'>) {
  return { clientId: user.clientId, agencyId: user.agencyId };
}

export async function listUsers({
  ctx,
  input,
}: {
  ctx: ServiceContext;
  input: {
    query: Partial<z.output<typeof listMasterUsersQuerySchema>> & { page: number; limit: number };
  };
}) {
  const { rows, total } = await listUserRows(ctx.db, tenantScopeOf(ctx), input.query);
  const names = await tenantNamesOf(ctx.db, {
    clientIds: rows.map((r) => r.clientId),
    agencyIds: rows.map((r) => r.agencyId),
  });
  const tenantNameOf = (row: UserRow) =>
    (row.clientId !== null ? names.clients.get(row.clientId) : undefined) ??
    (row.agencyId !== null ? names.agencies.get(row.agencyId) : undefined) ??
    null;
  return {
    data: rows.map((row) => ({ ...toBackOfficeUserView(row), tenantName: tenantNameOf(row) })),
    pagination: paginationInfo(input.query.page, input.query.limit, total),
  };
}

export async function getUser({ ctx, input }: { ctx: ServiceContext; input: { id: number } }) {
  const user = await findScopedUser(ctx.db, tenantScopeOf(ctx), input.id);
  if (!user) throw notFound(userMessages.userNotFound);
  return toBackOfficeUserView(user);
}

type NewUser = z.output<typeof createUserBodySchema> & {
  role: Role;
  clientId: number | null;
  agencyId: number | null;
};

/** A user without a usable password, and an invitation whose link sets it (and proves the address). */
async function inviteUser(ctx: ServiceContext, tx: Db, user: NewUser): Promise<UserRow> {
  if (await isEmailInUse(tx, user.email)) throw conflict(errorMessages.emailTaken);
  const row = await insertUser(tx, {
    email: user.email,
    passwordHash: await hashPassword(randomToken()),
    role: user.role,
    position: user.position,
    firstName: user.firstName,
    lastName: user.lastName,
    firstNameKana: user.firstNameKana ?? null,
    lastNameKana: user.lastNameKana ?? null,
    phoneNumber: user.phoneNumber ?? null,
    clientId: user.clientId,
    agencyId: user.agencyId,
    masterId: user.role === 'MASTER' ? 1 : null,
  });
  const link = await issueSetPasswordLink(ctx, tx, row.id, INVITE_TTL_HOURS * 3600_000);
  await ctx.mailer.enqueue(tx, invitationMail(row.email, link, INVITE_TTL_HOURS));
  await recordAudit(tx, ctx, {
    action: 'user.create',
    targetType: 'user',
    targetId: row.id,
    ...tenantOf(row),
    after: toBackOfficeUserView(row),
  });
  return row;
}

/** Client or agency area: a user of the request's tenant (a CLIENT user of the client, an AGENCY user of the agency). */
export async function createUser({
  ctx,
  input,
}: {
  ctx: ServiceContext;
  input: { body: z.output<typeof createUserBodySchema> };
}): Promise<BackOfficeUser> {
  const scope = tenantScopeOf(ctx);
  if ('all' in scope) throw forbidden();
  return inTransaction(ctx.db, async (tx) => {
    const row = await inviteUser(ctx, tx, {
      ...input.body,
      role: 'clientId' in scope ? 'CLIENT' : 'AGENCY',
      clientId: 'clientId' in scope ? scope.clientId : null,
      agencyId: 'agencyId' in scope ? scope.agencyId : null,
    });
    return toBackOfficeUserView(row);
  });
}

/** Master area: a user of any role; the client or agency named must exist. */
export async function createMasterUser({
  ctx,
  input,
}: {
  ctx: ServiceContext;
  input: z.output<typeof createMasterUserBodySchema>;
}): Promise<BackOfficeUser> {
  return inTransaction(ctx.db, async (tx) => {
    if (input.clientId !== undefined && !(await findClientTenant(tx, input.clientId))) {
      throw notFound(errorMessages.clientNotFound);
    }
    if (input.agencyId !== undefined && !(await findAgencyTenant(tx, input.agencyId))) {
      throw notFound(errorMessages.agencyNotFound);
    }
    const row = await inviteUser(ctx, tx, {
      ...input,
      clientId: input.clientId ?? null,
      agencyId: input.agencyId ?? null,
    });
    return toBackOfficeUserView(row);
  });
}

/** How long the first master's set-password link works (printed once by `npm run create-master`). */
export const FIRST_MASTER_LINK_HOURS = 24;

/**
 * The operator's first MASTER user on a database that has none (`npm run create-master`): no password
 * anyone knows, and a single-use set-password link answered to the operator's terminal, not mailed (mail
 * may not work yet). Refused once a MASTER user exists: more are invited from the master area.
 */
export async function createFirstMaster({
  ctx,
  input,
}: {
  ctx: ServiceContext;
  input: { email: string; lastName: string; firstName: string };
}): Promise<{ user: BackOfficeUser; link: string }> {
  return inTransaction(ctx.db, async (tx) => {
    if (await hasMasterUser(tx)) throw conflict(userMessages.masterExists);
    if (await isEmailInUse(tx, input.email)) throw conflict(errorMessages.emailTaken);
    const row = await insertUser(tx, {
      email: input.email,
      passwordHash: await hashPassword(randomToken()),
      role: 'MASTER',
      position: 'OWNER',
      firstName: input.firstName,
      lastName: input.lastName,
      clientId: null,
      agencyId: null,
      masterId: 1,
    });
    const link = await issueSetPasswordLink(ctx, tx, row.id, FIRST_MASTER_LINK_HOURS * 3600_000);
    await recordAudit(tx, ctx, {
      action: 'user.create',
      targetType: 'user',
      targetId: row.id,
      after: toBackOfficeUserView(row),
    });
    return { user: toBackOfficeUserView(row), link };
  });
}

/** A tenant keeps at least one OWNER: refuse to demote or delete the last one. */
async function assertOwnerRemains(tx: Db, user: UserRow, nextPosition: Position | null): Promise<void> {
  if (user.position !== 'OWNER' || nextPosition === 'OWNER') return;
  if ((await countOtherOwners(tx, user)) === 0) throw conflict(userMessages.lastOwner);
}

export async function updateUser({
  ctx,
  input,
}: {
  ctx: ServiceContext;
  input: { id: number; body: z.output<typeof updateUserBodySchema> };
}): Promise<BackOfficeUser> {
  const actor = requireActor(ctx);
  const scope = tenantScopeOf(ctx);
  return inTransaction(ctx.db, async (tx) => {
    const user = await getScopedUserForUpdateOrThrow(tx, scope, input.id);
    const { position, ...fields } = input.body;
    if (position !== undefined && position !== user.position) {
      // Nobody changes their own position: no raising oneself, no locking oneself out by accident.
      if (user.id === actor.userId) throw forbidden(userMessages.ownPosition);
      await assertOwnerRemains(tx, user, position);
    }
    await updateUserRow(tx, user.id, { ...fields, ...(position !== undefined ? { position } : {}) });
    const after = await getUserOrThrow(tx, user.id);
    await recordAudit(tx, ctx, {
      action: 'user.update',
      targetType: 'user',
      targetId: user.id,
      ...tenantOf(user),
      before: toBackOfficeUserView(user),
      after: toBackOfficeUserView(after),
    });
    return toBackOfficeUserView(after);
  });
}

/** Delete a user; their sessions end with them. */
export async function deleteUser({
  ctx,
  input,
}: {
  ctx: ServiceContext;
  input: { id: number };
}): Promise<void> {
  const actor = requireActor(ctx);
  const scope = tenantScopeOf(ctx);
  await inTransaction(ctx.db, async (tx) => {
    const user = await getScopedUserForUpdateOrThrow(tx, scope, input.id);
    if (user.id === actor.userId) throw conflict(userMessages.ownDelete);
    await assertOwnerRemains(tx, user, null);
    await deleteUserSessions(tx, user.id);
    await deleteUserRow(tx, user.id);
    await recordAudit(tx, ctx, {
      action: 'user.delete',
      targetType: 'user',
      targetId: user.id,
      ...tenantOf(user),
      before: toBackOfficeUserView(user),
    });
  });
}

/** Keep the new address pending and mail it a verification link; the login address changes when it is opened. */
async function startEmailChange(ctx: ServiceContext, tx: Db, user: UserRow, email: string) {
  if (email === user.email) throw badRequest(userMessages.sameEmail);
  if (await isEmailInUse(tx, email)) throw conflict(errorMessages.emailTaken);
  await updateUserRow(tx, user.id, { pendingEmail: email });
  const link = await issueVerifyEmailLink(ctx, tx, user.id);
  await ctx.mailer.enqueue(tx, emailChangeMail(email, link, ctx.language));
  // The current address is told, with the way back (a stolen session alone must not take the account).
  const cancelLink = await issueEmailChangeCancelLink(ctx, tx, user.id, user.email);
  await ctx.mailer.enqueue(tx, emailChangeNoticeMail(user.email, email, cancelLink, ctx.language));
  const after = await getUserOrThrow(tx, user.id);
  await recordAudit(tx, ctx, {
    action: 'user.email.change',
    targetType: 'user',
    targetId: user.id,
    ...tenantOf(user),
    before: toBackOfficeUserView(user),
    after: toBackOfficeUserView(after),
  });
  return toBackOfficeUserView(after);
}

/** Master: request an e-mail change for any user. */
export async function changeUserEmail({
  ctx,
  input,
}: {
  ctx: ServiceContext;
  input: { id: number; email: string };
}): Promise<BackOfficeUser> {
  return inTransaction(ctx.db, async (tx) => {
    const user = await getScopedUserForUpdateOrThrow(tx, { all: true }, input.id);
    return startEmailChange(ctx, tx, user, input.email);
  });
}

/** The signed-in user's own profile (master and agency account pages), with any pending e-mail. */
export async function getOwnUser({ ctx }: { ctx: ServiceContext }): Promise<BackOfficeUser> {
  const actor = requireActor(ctx);
  return toBackOfficeUserView(await getUserOrThrow(ctx.db, actor.userId));
}

/** The signed-in user's own e-mail (every area's account page). */
export async function changeOwnEmail({
  ctx,
  input,
}: {
  ctx: ServiceContext;
  input: { email: string; password: string };
}): Promise<BackOfficeUser> {
  const actor = requireActor(ctx);
  // The current password first: a session alone (a borrowed or stolen one) cannot move the login address.
  const current = await getUserOrThrow(ctx.db, actor.userId);
  if (!(await verifyPassword(current.passwordHash, input.password))) {
    throw badRequest(userMessages.wrongPassword, [{ path: 'password', message: userMessages.wrongPassword }]);
  }
  return inTransaction(ctx.db, async (tx) => {
    const user = await getScopedUserForUpdateOrThrow(tx, { all: true }, actor.userId);
    return startEmailChange(ctx, tx, user, input.email);
  });
}

/** The signed-in user's password; every other session of theirs ends. */
export async function changeOwnPassword({
  ctx,
  input,
}: {
  ctx: ServiceContext;
  input: z.output<typeof changePasswordBodySchema>;
}): Promise<void> {
  const actor = requireActor(ctx);
  const user = await getUserOrThrow(ctx.db, actor.userId);
  if (!(await verifyPassword(user.passwordHash, input.oldPassword))) {
    throw badRequest(userMessages.wrongPassword);
  }
  if (input.oldPassword === input.newPassword) throw badRequest(userMessages.samePassword);
  const passwordHash = await hashPassword(input.newPassword);
  await inTransaction(ctx.db, async (tx) => {
    await updateUserRow(tx, user.id, { passwordHash });
    await deleteUserSessions(tx, user.id, actor.sessionId);
    // Reset and verification links mailed before the change stop working.
    await revokeAuthTokens(tx, { userId: user.id, now: ctx.clock.now() });
    await recordAudit(tx, ctx, {
      action: 'user.password.change',
      targetType: 'user',
      targetId: user.id,
      ...tenantOf(user),
    });
  });
}

/** Mail a fresh e-mail verification link (sign-up, resend). */
export async function sendEmailVerification(
  ctx: ServiceContext,
  tx: Db,
  user: Pick<UserRow, 'id' | 'email'>,
) {
  const link = await issueVerifyEmailLink(ctx, tx, user.id);
  await ctx.mailer.enqueue(tx, verifyEmailMail(user.email, link, ctx.language));
}

/**
 * A public sign-up with an address that already has an account: nothing is created and the address is told
 * by mail. The password is hashed all the same, so the answer takes as long as a real sign-up's.
 */
export async function tellKnownAddressOfSignup(ctx: ServiceContext, tx: Db, user: ClientOwner) {
  await hashPassword(user.password);
  const { appUrl } = ctx.config;
  await ctx.mailer.enqueue(
    tx,
    signupWithKnownAddressMail(user.email, `${appUrl}/login`, `${appUrl}/password/reset`, ctx.language),
  );
}

type ClientOwner = z.output<typeof clientSignupBodySchema>['user'];

/** The OWNER of a new client (sign-up): it verifies its e-mail before logging in. In the caller's transaction. */
export async function createClientOwner(
  ctx: ServiceContext,
  tx: Db,
  input: { clientId: number; user: ClientOwner },
): Promise<UserRow> {
  const passwordHash = await hashPassword(input.user.password);
  const user = await insertUser(tx, {
    email: input.user.email,
    passwordHash,
    role: 'CLIENT',
    position: 'OWNER',
    firstName: input.user.firstName,
    lastName: input.user.lastName,
    firstNameKana: input.user.firstNameKana ?? null,
    lastNameKana: input.user.lastNameKana ?? null,
    phoneNumber: input.user.phoneNumber ?? null,
    clientId: input.clientId,
  });
  await sendEmailVerification(ctx, tx, user);
  return user;
}
