import {
  contractTransitionError,
  errorMessages,
  paginationInfo,
  type Client,
  type ClientDetail,
  type ClientSignupResponse,
  type PublicSignupResponse,
  type ContractChange,
  type ContractStatus,
  type PaymentStatus,
  type agencyClientSignupBodySchema,
  type clientSignupBodySchema,
  type createClientBodySchema,
  type listMasterClientsQuerySchema,
  type updateClientBodySchema,
  type updateClientDataBodySchema,
} from '@app/contracts';
import type { z } from 'zod';
import { inTransaction, type Db } from '../../db/client.ts';
import { recordAudit } from '../../platform/audit.ts';
import { isoStringOf, tokyoDay } from '../../platform/dates.ts';
import { requireClientId, tenantScopeOf, type ServiceContext } from '../../platform/context.ts';
import { conflict, forbidden, notFound } from '../../platform/errors.ts';
import { findAgencyTenant } from '../../platform/tenancy.ts';
import { keepAnswer } from '../../platform/route.ts';
import { deleteClientUserSessions } from '../../platform/sessions.ts';
import { createClientOwner, isEmailInUse, tellKnownAddressOfSignup } from '../users/index.ts';
import {
  closeActivePeriod,
  findClient,
  findClientDetail,
  findClientForUpdate,
  findContactPerson,
  insertClient,
  insertContactPerson,
  listClientRows,
  openActivePeriod,
  updateClientRow,
  upsertContactPerson,
  type ClientDetailRow,
  type ClientRow,
  type ClientScope,
} from './clients.repository.ts';

/** The clients a call reaches: the master's all, an agency's own (the route declares who may call). */
function scopeOf(ctx: ServiceContext): ClientScope {
  const scope = tenantScopeOf(ctx);
  if ('clientId' in scope) throw forbidden();
  return scope;
}

/** The own client's view of each cached session's client row (see getScopedClient). */
const ownClientViews = new WeakMap<object, { contact: unknown; view: Client }>();

/**
 * The client in the request's scope (own client, or the one x-client-id names): at once, not as a
 * promise, when the access check read its row (issue 31).
 */
export function getScopedClient({ ctx }: { ctx: ServiceContext }): Client | Promise<Client> {
  const clientId = requireClientId(ctx);
  // The access check read the row and its contact person already (session join or x-client-id).
  if (ctx.scopedClient?.client.id === clientId) {
    const { client, contact } = ctx.scopedClient;
    // A session's own client (decision 0006's cached rows): its view made once, and kept (issue 31).
    if (ctx.session?.client !== client) return toClientView(client, contact);
    const made = ownClientViews.get(client);
    if (made?.contact === contact) return made.view;
    const view = keepAnswer(toClientView(client, contact));
    ownClientViews.set(client, { contact, view });
    return view;
  }
  return readClientView(ctx, clientId);
}

async function readClientView(ctx: ServiceContext, clientId: number): Promise<Client> {
  const client = await findClient(ctx.db, clientId);
  if (!client) throw notFound(errorMessages.clientNotFound);
  return toClientView(client, await findContactPerson(ctx.db, clientId));
}

export function toClientView(
  row: ClientRow,
  contact: Awaited<ReturnType<typeof findContactPerson>> | null | undefined,
): Client {
  return {
    id: row.id,
    agencyId: row.agencyId,
    companyName: row.companyName,
    companyNameKana: row.companyNameKana,
    contractStatus: row.contractStatus,
    contractStartDate: row.contractStartDate,
    address: {
      postalCode: row.postalCode,
      prefecture: row.prefecture,
      city: row.city,
      addressOther: row.addressOther,
      building: row.building,
    },
    contactPerson: contact
      ? {
          firstName: contact.firstName,
          lastName: contact.lastName,
          firstNameKana: contact.firstNameKana,
          lastNameKana: contact.lastNameKana,
          email: contact.email,
          phoneNumber: contact.phoneNumber,
        }
      : null,
    monthlyFee: row.monthlyFee,
    paymentStatus: row.paymentStatus,
    createdAt: isoStringOf(row.createdAt), // a cached session's row: platform/dates.ts
  };
}

export function toClientDetailView(row: ClientDetailRow): ClientDetail {
  return {
    ...toClientView(row.client, row.contact),
    agencyName: row.agencyName,
    contractEndDate: row.client.contractEndDate,
  };
}

async function getDetailOrThrow(db: Db, scope: ClientScope, id: number): Promise<ClientDetail> {
  const row = await findClientDetail(db, scope, id);
  if (!row) throw notFound(errorMessages.clientNotFound);
  return toClientDetailView(row);
}

export async function listClients({
  ctx,
  input,
}: {
  ctx: ServiceContext;
  input: {
    query: Partial<z.output<typeof listMasterClientsQuerySchema>> & { page: number; limit: number };
  };
}) {
  const { rows, total } = await listClientRows(ctx.db, scopeOf(ctx), input.query);
  return {
    data: rows.map(toClientDetailView),
    pagination: paginationInfo(input.query.page, input.query.limit, total),
  };
}

export async function getClient({ ctx, input }: { ctx: ServiceContext; input: { id: number } }) {
  return getDetailOrThrow(ctx.db, scopeOf(ctx), input.id);
}

/** The agency of a sign-up link must exist (404 otherwise): the same check for every sign-up. */
async function assertSignupAgency(db: Db, agencyId: number | undefined) {
  if (agencyId !== undefined && !(await findAgencyTenant(db, agencyId)))
    throw notFound(errorMessages.agencyNotFound);
}

/**
 * Client, contact person and owner user in one transaction (public sign-up, agency sign-up, master
 * create): the one owner of client sign-up. The owner verifies the e-mail before logging in.
 */
export async function signupClient({
  ctx,
  input,
}: {
  ctx: ServiceContext;
  /** contractStatus: the master creates DRAFT clients; signups start PENDING_APPROVAL. */
  input: z.output<typeof clientSignupBodySchema> & { contractStatus?: 'DRAFT' | 'PENDING_APPROVAL' };
}): Promise<ClientSignupResponse> {
  return inTransaction(ctx.db, async (tx) => {
    await assertSignupAgency(tx, input.agencyId);
    if (await isEmailInUse(tx, input.user.email)) throw conflict(errorMessages.emailTaken);
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
    await createClientOwner(ctx, tx, { clientId: client.id, user: input.user });
    return { clientId: client.id, link: `${ctx.config.appUrl}/login` };
  });
}

/**
 * The public sign-up (decision 0023): the same answer whether the owner's address is new or already has an
 * account, so the form cannot be used to find out which addresses do. A known address gets a mail instead
 * of a second account. An unknown agency still answers 404: the agency's link is public, not the address.
 */
export async function signupClientPublicly({
  ctx,
  input,
}: {
  ctx: ServiceContext;
  input: z.output<typeof clientSignupBodySchema>;
}): Promise<PublicSignupResponse> {
  return inTransaction(ctx.db, async (tx) => {
    await assertSignupAgency(tx, input.agencyId);
    if (await isEmailInUse(tx, input.user.email)) {
      await tellKnownAddressOfSignup(ctx, tx, input.user);
    } else {
      await signupClient({ ctx: { ...ctx, db: tx }, input });
    }
    return { link: `${ctx.config.appUrl}/login` };
  });
}

/** Master: a client (DRAFT), its contact person and owner user, who verifies the e-mail before logging in. */
export async function createClient({
  ctx,
  input,
}: {
  ctx: ServiceContext;
  input: z.output<typeof createClientBodySchema>;
}): Promise<ClientDetail> {
  return inTransaction(ctx.db, async (tx) => {
    const { clientId } = await signupClient({
      ctx: { ...ctx, db: tx },
      input: { ...input, contractStatus: 'DRAFT' },
    });
    const { monthlyFee, paymentStatus } = input.client;
    if (monthlyFee !== undefined || paymentStatus !== undefined) {
      await updateClientRow(tx, clientId, {
        ...(monthlyFee !== undefined ? { monthlyFee } : {}),
        ...(paymentStatus !== undefined ? { paymentStatus } : {}),
      });
    }
    const after = await getDetailOrThrow(tx, { all: true }, clientId);
    await recordAudit(tx, ctx, {
      action: 'client.create',
      targetType: 'client',
      targetId: clientId,
      clientId,
      agencyId: after.agencyId,
      after,
    });
    return after;
  });
}

/** Agency: sign a client up for the signed-in agency (PENDING_APPROVAL, like the public signup). */
export async function signupAgencyClient({
  ctx,
  input,
}: {
  ctx: ServiceContext;
  input: z.output<typeof agencyClientSignupBodySchema>;
}): Promise<ClientSignupResponse> {
  const scope = scopeOf(ctx);
  if (!('agencyId' in scope)) throw forbidden();
  const { agencyId } = scope;
  return inTransaction(ctx.db, async (tx) => {
    const result = await signupClient({ ctx: { ...ctx, db: tx }, input: { ...input, agencyId } });
    await recordAudit(tx, ctx, {
      action: 'client.signup',
      targetType: 'client',
      targetId: result.clientId,
      clientId: result.clientId,
      agencyId,
      after: await getDetailOrThrow(tx, { agencyId }, result.clientId),
    });
    return result;
  });
}

export async function updateClient({
  ctx,
  input,
}: {
  ctx: ServiceContext;
  input: { id: number; body: z.output<typeof updateClientBodySchema> };
}): Promise<ClientDetail> {
  return inTransaction(ctx.db, async (tx) => {
    const row = await findClientForUpdate(tx, { all: true }, input.id);
    if (!row) throw notFound(errorMessages.clientNotFound);
    const before = await getDetailOrThrow(tx, { all: true }, row.id);
    const { address, contactPerson, agencyId, ...fields } = input.body;
    if (agencyId !== undefined && agencyId !== null && !(await findAgencyTenant(tx, agencyId))) {
      throw notFound(errorMessages.agencyNotFound);
    }
    await updateClientRow(tx, row.id, {
      ...fields,
      ...(agencyId !== undefined ? { agencyId } : {}),
      ...(address ? { ...address, building: address.building ?? null } : {}),
    });
    if (contactPerson) await upsertContactPerson(tx, { clientId: row.id, ...contactPerson });
    const after = await getDetailOrThrow(tx, { all: true }, row.id);
    await recordAudit(tx, ctx, {
      action: 'client.update',
      targetType: 'client',
      targetId: row.id,
      clientId: row.id,
      agencyId: after.agencyId,
      before,
      after,
    });
    return after;
  });
}

/** Client area: the client's address and contact person (OWNER, or MASTER_OWNER with x-client-id). */
export async function updateClientData({
  ctx,
  input,
}: {
  ctx: ServiceContext;
  input: z.output<typeof updateClientDataBodySchema>;
}): Promise<Client> {
  const clientId = requireClientId(ctx);
  return inTransaction(ctx.db, async (tx) => {
    const row = await findClientForUpdate(tx, { all: true }, clientId);
    if (!row) throw notFound(errorMessages.clientNotFound);
    const before = toClientView(row, await findContactPerson(tx, clientId));
    await updateClientRow(tx, clientId, { ...input.address, building: input.address.building ?? null });
    await upsertContactPerson(tx, { clientId, ...input.contactPerson });
    const updated = await findClient(tx, clientId);
    const after = toClientView(updated!, await findContactPerson(tx, clientId));
    await recordAudit(tx, ctx, {
      action: 'client.update',
      targetType: 'client',
      targetId: clientId,
      clientId,
      agencyId: row.agencyId,
      before,
      after,
    });
    return after;
  });
}

const auditActionOf = {
  status: 'client.contract-status',
  cancel: 'client.cancel',
  disable: 'client.disable',
} as const;

/**
 * Move a contract along the state machine of the contracts package (409 otherwise). Entering ACTIVE
 * opens an active period (and sets the start date once), leaving it closes the period; cancel and
 * disable set the end date and end the sessions of the client's users.
 */
export async function changeContractStatus({
  ctx,
  input,
}: {
  ctx: ServiceContext;
  input: { id: number; to: ContractStatus; via: ContractChange };
}): Promise<ClientDetail> {
  return inTransaction(ctx.db, async (tx) => {
    const row = await findClientForUpdate(tx, { all: true }, input.id);
    if (!row) throw notFound(errorMessages.clientNotFound);
    const refusal = contractTransitionError(row.contractStatus, input.to, input.via);
    if (refusal) throw conflict(refusal);
    const before = await getDetailOrThrow(tx, { all: true }, row.id);
    const today = tokyoDay(ctx.clock.now());
    if (input.to === 'ACTIVE') await openActivePeriod(tx, row.id, today);
    if (row.contractStatus === 'ACTIVE') await closeActivePeriod(tx, row.id, today);
    const ends = input.to === 'CANCELLED' || input.to === 'DISABLED';
    await updateClientRow(tx, row.id, {
      contractStatus: input.to,
      ...(input.to === 'ACTIVE' && row.contractStartDate === null ? { contractStartDate: today } : {}),
      ...(ends && row.contractEndDate === null ? { contractEndDate: today } : {}),
    });
    if (ends) await deleteClientUserSessions(tx, row.id);
    const after = await getDetailOrThrow(tx, { all: true }, row.id);
    await recordAudit(tx, ctx, {
      action: auditActionOf[input.via],
      targetType: 'client',
      targetId: row.id,
      clientId: row.id,
      agencyId: row.agencyId,
      before,
      after,
    });
    return after;
  });
}

/**
 * The client's payment status (SPEC.md 4: ACTIVE, INACTIVE, CLOSED, PENDING), set by the payments module
 * as Stripe's events arrive, in the caller's transaction.
 */
export async function setClientPaymentStatus(
  db: Db,
  clientId: number,
  paymentStatus: PaymentStatus,
): Promise<void> {
  await updateClientRow(db, clientId, { paymentStatus });
}

/** Company names of clients by id (the master's failed-payments list). */
export async function companyNamesOf(db: Db, ids: number[]): Promise<Map<number, string>> {
  const names = new Map<number, string>();
  for (const id of new Set(ids)) {
    const row = await findClient(db, id);
    if (row) names.set(id, row.companyName);
  }
  return names;
}
