import {
  errorMessages,
  type ClientSignupBody,
  type ClientSignupResponse,
  type Session,
  type User,
} from '@app/contracts';
import type { z } from 'zod';
import type { clientSignupBodySchema, loginBodySchema, passwordConfirmBodySchema } from '@app/contracts';
import { inTransaction } from '../../db/client.ts';
import { dummyPasswordHash, hashPassword, verifyPassword } from '../../platform/crypto.ts';
import { conflict, notFound, unauthorized } from '../../platform/errors.ts';
import type { ServiceContext } from '../../platform/context.ts';
import { requireActor } from '../../platform/context.ts';
import { createSession, deleteSessionByToken, deleteUserSessions } from '../../platform/sessions.ts';
import { findAgency, findClient, insertClient, insertContactPerson } from '../clients/clients.repository.ts';
import {
  findUserByEmail,
  getUserOrThrow,
  insertUser,
  toUserView,
  updateUser,
  type UserRow,
} from '../users/users.repository.ts';
import { consumeAuthToken } from './auth.repository.ts';
import { issueSetPasswordLink, issueVerifyEmailLink } from './auth-links.ts';
import { passwordResetMail, verifyEmailMail } from './auth.mails.ts';

const RESET_TTL_MINUTES = 60;

type LoginInput = z.output<typeof loginBodySchema> & { previousToken: string | undefined };

/** Check the password and open a new session (the previous one, if any, is ended: rotation). */
export async function login({ ctx, input }: { ctx: ServiceContext; input: LoginInput }) {
  const user = await findUserByEmail(ctx.db, input.email);
  // Verify against a dummy hash when the user is unknown: the answer and its timing are the same.
  const ok = await verifyPassword(user?.passwordHash ?? (await dummyPasswordHash()), input.password);
  if (!user || !ok) throw unauthorized(errorMessages.invalidCredentials);
  if (!user.emailVerifiedAt) throw unauthorized(errorMessages.emailNotVerified);
  if (user.clientId !== null) {
    const client = await findClient(ctx.db, user.clientId);
    if (client && (client.contractStatus === 'DISABLED' || client.contractStatus === 'CANCELLED')) {
      throw unauthorized(errorMessages.accountUnavailable);
    }
  }
  return inTransaction(ctx.db, async (tx) => {
    if (input.previousToken) await deleteSessionByToken(tx, input.previousToken);
    const session = await createSession(tx, {
      userId: user.id,
      now: ctx.clock.now(),
      ip: ctx.ip,
      userAgent: ctx.userAgent,
      config: ctx.config,
    });
    return { ...session, view: await buildSessionView({ ...ctx, db: tx }, user) };
  });
}

export async function logout({ ctx, input }: { ctx: ServiceContext; input: { token: string | undefined } }) {
  if (input.token) await deleteSessionByToken(ctx.db, input.token);
}

export async function getCurrentSession({ ctx }: { ctx: ServiceContext }): Promise<Session> {
  const actor = requireActor(ctx);
  return buildSessionView(ctx, await getUserOrThrow(ctx.db, actor.userId));
}

async function buildSessionView(ctx: ServiceContext, user: UserRow): Promise<Session> {
  const client = user.clientId !== null ? await findClient(ctx.db, user.clientId) : undefined;
  const agency = user.agencyId !== null ? await findAgency(ctx.db, user.agencyId) : undefined;
  return {
    role: user.role,
    position: user.position,
    user: toUserView(user),
    client: client
      ? { id: client.id, companyName: client.companyName, contractStatus: client.contractStatus }
      : null,
    agency: agency ? { id: agency.id, name: agency.name } : null,
  };
}

/** Always succeeds, so the answer never tells whether an address is registered. */
export async function requestPasswordReset({
  ctx,
  input,
}: {
  ctx: ServiceContext;
  input: { email: string };
}) {
  const user = await findUserByEmail(ctx.db, input.email);
  if (!user) return;
  await inTransaction(ctx.db, async (tx) => {
    const link = await issueSetPasswordLink(ctx, tx, user.id, RESET_TTL_MINUTES * 60_000);
    await ctx.mailer.enqueue(tx, passwordResetMail(user.email, link, RESET_TTL_MINUTES));
  });
}

/** Set the new password with a single-use token; every session of the user ends. */
export async function confirmPasswordReset({
  ctx,
  input,
}: {
  ctx: ServiceContext;
  input: z.output<typeof passwordConfirmBodySchema>;
}) {
  const passwordHash = await hashPassword(input.password);
  await inTransaction(ctx.db, async (tx) => {
    const now = ctx.clock.now();
    const userId = await consumeAuthToken(tx, { token: input.token, kind: 'PASSWORD_RESET', now });
    if (userId === undefined) throw unauthorized(errorMessages.invalidToken);
    const user = await getUserOrThrow(tx, userId);
    // The reset link reached the mailbox, which proves the address as well.
    await updateUser(tx, userId, { passwordHash, emailVerifiedAt: user.emailVerifiedAt ?? now });
    await deleteUserSessions(tx, userId);
  });
}

export async function verifyEmail({
  ctx,
  input,
}: {
  ctx: ServiceContext;
  input: { token: string };
}): Promise<User> {
  return inTransaction(ctx.db, async (tx) => {
    const now = ctx.clock.now();
    const userId = await consumeAuthToken(tx, { token: input.token, kind: 'EMAIL_VERIFY', now });
    if (userId === undefined) throw unauthorized(errorMessages.invalidToken);
    const user = await getUserOrThrow(tx, userId);
    if (user.pendingEmail) {
      // An e-mail change: the link reached the new address, which now becomes the login address.
      if (await findUserByEmail(tx, user.pendingEmail)) throw conflict(errorMessages.emailTaken);
      await updateUser(tx, userId, { email: user.pendingEmail, pendingEmail: null, emailVerifiedAt: now });
    } else if (!user.emailVerifiedAt) await updateUser(tx, userId, { emailVerifiedAt: now });
    return toUserView(await getUserOrThrow(tx, userId));
  });
}

/** Send a fresh verification link to an unverified address; same answer in every case. */
export async function resendVerification({ ctx, input }: { ctx: ServiceContext; input: { email: string } }) {
  const user = await findUserByEmail(ctx.db, input.email);
  if (!user || user.emailVerifiedAt) return;
  await inTransaction(ctx.db, (tx) => sendVerification(ctx, tx, user));
}

async function sendVerification(
  ctx: ServiceContext,
  tx: ServiceContext['db'],
  user: Pick<UserRow, 'id' | 'email'>,
) {
  const link = await issueVerifyEmailLink(ctx, tx, user.id);
  await ctx.mailer.enqueue(tx, verifyEmailMail(user.email, link));
}

/** Client, contact person and owner user in one transaction; the owner verifies the e-mail before logging in. */
export async function signupClient({
  ctx,
  input,
}: {
  ctx: ServiceContext;
  /** contractStatus: the master creates DRAFT clients; signups start PENDING_APPROVAL. */
  input: z.output<typeof clientSignupBodySchema> & { contractStatus?: 'DRAFT' | 'PENDING_APPROVAL' };
}): Promise<ClientSignupResponse> {
  const passwordHash = await hashPassword(input.user.password);
  return inTransaction(ctx.db, async (tx) => {
    if (input.agencyId !== undefined && !(await findAgency(tx, input.agencyId))) {
      throw notFound(errorMessages.agencyNotFound);
    }
    if (await findUserByEmail(tx, input.user.email)) throw conflict(errorMessages.emailTaken);
    const { address } = input.client;
    const client = await insertClient(tx, {
      agencyId: input.agencyId ?? null,
      companyName: input.client.companyName,
      companyNameKana: input.client.companyNameKana,
      contractStatus: input.contractStatus ?? 'PENDING_APPROVAL',
      postalCode: address.postalCode,
      prefecture: address.prefecture,
      city: address.city,
      addressOther: address.addressOther,
      building: address.building ?? null,
    });
    await insertContactPerson(tx, { clientId: client.id, ...input.contactPerson });
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
      clientId: client.id,
    });
    await sendVerification(ctx, tx, user);
    return { clientId: client.id, link: `${ctx.config.appUrl}/login` };
  });
}

export type { ClientSignupBody };
