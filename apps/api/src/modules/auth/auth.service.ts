import {
  errorMessages,
  type loginBodySchema,
  type passwordConfirmBodySchema,
  type Session,
  type User,
} from '@app/contracts';
import type { z } from 'zod';
import { inTransaction } from '../../db/client.ts';
import {
  consumeAuthToken,
  consumeAuthTokenWithEmail,
  issueSetPasswordLink,
  revokeAuthTokens,
} from '../../platform/auth-tokens.ts';
import { recordAudit } from '../../platform/audit.ts';
import { dummyPasswordHash, hashPassword, verifyPassword } from '../../platform/crypto.ts';
import { conflict, unauthorized } from '../../platform/errors.ts';
import type { ServiceContext } from '../../platform/context.ts';
import { requireActor } from '../../platform/context.ts';
import { keepAnswer } from '../../platform/route.ts';
import {
  createSession,
  deleteSessionByToken,
  deleteUserSessions,
  type SessionRecord,
} from '../../platform/sessions.ts';
import {
  findAgencyTenant,
  findClientTenant,
  type AgencyTenant,
  type ClientTenant,
} from '../../platform/tenancy.ts';
import {
  findUserByEmail,
  getUserOrThrow,
  sendEmailVerification,
  toUserView,
  updateUserRow as updateUser,
  type UserRow,
} from '../users/index.ts';
import { passwordResetMail } from './auth.mails.ts';

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
    const client = await findClientTenant(ctx.db, user.clientId);
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

/**
 * The session view of each session record, made once: a cached record (decision 0006) is the same object
 * until one of its rows changes, and then a new one, with a new view. Kept (platform/route.ts), so each
 * /me route writes its bytes once (issue 31).
 */
const sessionViews = new WeakMap<SessionRecord, { config: ServiceContext['config']; view: Session }>();

/**
 * The signed-in user's session view, from the rows the session join read for this request: at once, not
 * as a promise, when the access check found the session (issue 31).
 */
export function getCurrentSession({ ctx }: { ctx: ServiceContext }): Session | Promise<Session> {
  const actor = requireActor(ctx);
  const { session } = ctx;
  if (session) {
    const made = sessionViews.get(session);
    if (made?.config === ctx.config) return made.view;
    const view = keepAnswer(sessionView(ctx, session.user, session.client, session.agency));
    sessionViews.set(session, { config: ctx.config, view });
    return view;
  }
  return getUserOrThrow(ctx.db, actor.userId).then((user) => buildSessionView(ctx, user));
}

async function buildSessionView(ctx: ServiceContext, user: UserRow): Promise<Session> {
  const client = user.clientId !== null ? await findClientTenant(ctx.db, user.clientId) : undefined;
  const agency = user.agencyId !== null ? await findAgencyTenant(ctx.db, user.agencyId) : undefined;
  return sessionView(ctx, user, client, agency);
}

function sessionView(
  ctx: ServiceContext,
  user: Omit<UserRow, 'passwordHash'>,
  client: Pick<ClientTenant, 'id' | 'companyName' | 'contractStatus'> | null | undefined,
  agency: AgencyTenant | null | undefined,
): Session {
  return {
    role: user.role,
    position: user.position,
    user: toUserView(user),
    client: client
      ? { id: client.id, companyName: client.companyName, contractStatus: client.contractStatus }
      : null,
    agency: agency ? { id: agency.id, name: agency.name } : null,
    ...(ctx.config.line.simulatorPageUrl ? { lineSimulatorUrl: ctx.config.line.simulatorPageUrl } : {}),
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
    await ctx.mailer.enqueue(tx, passwordResetMail(user.email, link, RESET_TTL_MINUTES, ctx.language));
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
    // Every other link mailed before (another reset, a verification) stops working with the new password.
    await revokeAuthTokens(tx, { userId, now });
  });
}

/**
 * "This was not me": the link mailed to the old address of an e-mail change. The address it was mailed
 * to becomes the login address again (unless another account took it meanwhile), the pending change is
 * dropped, every session and earlier link ends, and a password reset link goes to that address, since
 * whoever changed it knew the password.
 */
export async function cancelEmailChange({ ctx, input }: { ctx: ServiceContext; input: { token: string } }) {
  await inTransaction(ctx.db, async (tx) => {
    const now = ctx.clock.now();
    const used = await consumeAuthTokenWithEmail(tx, {
      token: input.token,
      kind: 'EMAIL_CHANGE_CANCEL',
      now,
    });
    if (!used?.email) throw unauthorized(errorMessages.invalidToken);
    const before = await getUserOrThrow(tx, used.userId);
    const holder = used.email === before.email ? before : await findUserByEmail(tx, used.email);
    const email = !holder || holder.id === before.id ? used.email : before.email;
    await updateUser(tx, before.id, { email, pendingEmail: null });
    await deleteUserSessions(tx, before.id);
    await revokeAuthTokens(tx, { userId: before.id, now });
    const link = await issueSetPasswordLink(ctx, tx, before.id, RESET_TTL_MINUTES * 60_000);
    await ctx.mailer.enqueue(tx, passwordResetMail(email, link, RESET_TTL_MINUTES, ctx.language));
    await recordAudit(
      tx,
      { ...ctx, actor: null },
      {
        action: 'user.email.change.cancel',
        targetType: 'user',
        targetId: before.id,
        clientId: before.clientId,
        agencyId: before.agencyId,
        before: toUserView(before),
        after: toUserView(await getUserOrThrow(tx, before.id)),
      },
    );
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
      // The login address changed: every session of the account ends (ASVS, decision 0004).
      await deleteUserSessions(tx, userId);
    } else if (!user.emailVerifiedAt) await updateUser(tx, userId, { emailVerifiedAt: now });
    return toUserView(await getUserOrThrow(tx, userId));
  });
}

/** Send a fresh verification link to an unverified address; same answer in every case. */
export async function resendVerification({ ctx, input }: { ctx: ServiceContext; input: { email: string } }) {
  const user = await findUserByEmail(ctx.db, input.email);
  if (!user || user.emailVerifiedAt) return;
  await inTransaction(ctx.db, (tx) => sendEmailVerification(ctx, tx, user));
}
