import type { Client } from '@app/contracts';
import { requireClientId, type ServiceContext } from '../../platform/context.ts';
import { notFound } from '../../platform/errors.ts';
import { findClient, findContactPerson, type ClientRow } from './clients.repository.ts';

/** The client in the request's scope (own client, or the one x-client-id names). */
export async function getScopedClient({ ctx }: { ctx: ServiceContext }): Promise<Client> {
  const clientId = requireClientId(ctx);
  const client = await findClient(ctx.db, clientId);
  if (!client) throw notFound('Client not found');
  return toClientView(client, await findContactPerson(ctx.db, clientId));
}

export function toClientView(
  row: ClientRow,
  contact: Awaited<ReturnType<typeof findContactPerson>> | undefined,
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
    createdAt: row.createdAt.toISOString(),
  };
}
