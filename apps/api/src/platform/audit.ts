import type { AuditAction, AuditTargetType } from '@app/contracts';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { auditLogs, users } from '../db/schema/index.ts';
import type { ServiceContext } from './context.ts';

export type AuditEntry = {
  action: AuditAction;
  targetType: AuditTargetType;
  targetId: number | null;
  /** The tenant the change belongs to, when there is one. */
  clientId?: number | null;
  agencyId?: number | null;
  before?: object | null;
  after?: object | null;
};

const SECRET_KEYS = new Set(['passwordHash', 'password', 'oldPassword', 'newPassword', 'token', 'tokenHash']);

/** A JSON copy of a view without secrets (dates become ISO strings). */
function snapshot(value: object | null | undefined): Record<string, unknown> | null {
  if (!value) return null;
  return JSON.parse(
    JSON.stringify(value, (key, v: unknown) => (SECRET_KEYS.has(key) ? undefined : v)),
  ) as Record<string, unknown>;
}

/**
 * Write one audit entry. Call it with the transaction of the change itself: the entry exists if and
 * only if the change does. The actor's e-mail and role are copied so the entry outlives the user.
 */
export async function recordAudit(tx: Db, ctx: ServiceContext, entry: AuditEntry): Promise<void> {
  const actor = ctx.actor;
  const [actorRow] = actor
    ? await tx.select({ email: users.email }).from(users).where(eq(users.id, actor.userId)).limit(1)
    : [];
  await tx.insert(auditLogs).values({
    createdAt: ctx.clock.now(),
    actorUserId: actor?.userId ?? null,
    actorEmail: actorRow?.email ?? null,
    actorRole: actor?.role ?? null,
    actorPosition: actor?.position ?? null,
    action: entry.action,
    targetType: entry.targetType,
    targetId: entry.targetId,
    clientId: entry.clientId ?? null,
    agencyId: entry.agencyId ?? null,
    before: snapshot(entry.before),
    after: snapshot(entry.after),
    requestId: ctx.requestId.slice(0, 100),
    ip: ctx.ip.slice(0, 64),
  });
}
