import { randomUUID } from 'node:crypto';
import { createClientBodySchema } from '@app/contracts';
import type { ServiceContext } from '../../platform/context.ts';
import { changeContractStatus, createClient, listClients } from '../../modules/clients/index.ts';
import { demoClientHistory } from '../demo-content.ts';
import { at, DAY_MS, monthsAgo } from './clock.ts';

/**
 * Clients signed up by the master over the last months, under the demo agency or direct, made ACTIVE
 * (and some cancelled or suspended) as the master's contract-status changes do, on a clock set back:
 * the dashboards' months of new clients, fees and commission have history to chart.
 */
export async function seedClientHistory(ctx: ServiceContext, agencyId: number | null): Promise<void> {
  const first = demoClientHistory[0];
  const found = await listClients({ ctx, input: { query: { page: 1, limit: 1, search: first.name } } });
  if (found.pagination.totalItems > 0) return;
  for (const [index, c] of demoClientHistory.entries()) {
    const activeAt = monthsAgo(ctx, c.activeMonthsAgo);
    const [prefecture, city, addressOther] = c.city;
    const created = await createClient({
      ctx: at(ctx, new Date(activeAt.getTime() - 7 * DAY_MS)),
      input: createClientBodySchema.parse({
        ...(c.ofAgency && agencyId !== null ? { agencyId } : {}),
        client: {
          companyName: c.name,
          companyNameKana: c.kana,
          address: { postalCode: '100-0001', prefecture, city, addressOther },
          monthlyFee: c.fee,
          paymentStatus: 'ACTIVE',
        },
        contactPerson: {
          lastName: '担当',
          firstName: `${index + 1}郎`,
          email: `history-${index + 1}@demo.example`,
          phoneNumber: '03-0000-0000',
        },
        user: {
          lastName: '担当',
          firstName: `${index + 1}郎`,
          email: `history-${index + 1}@demo.example`,
          password: `${randomUUID()}-Aa1`,
        },
      }),
    });
    await changeContractStatus({
      ctx: at(ctx, activeAt),
      input: { id: created.id, to: 'ACTIVE', via: 'status' },
    });
    if ('cancelledMonthsAgo' in c) {
      await changeContractStatus({
        ctx: at(ctx, monthsAgo(ctx, c.cancelledMonthsAgo)),
        input: { id: created.id, to: 'CANCELLED', via: 'cancel' },
      });
    }
    if ('suspendedMonthsAgo' in c) {
      await changeContractStatus({
        ctx: at(ctx, monthsAgo(ctx, c.suspendedMonthsAgo)),
        input: { id: created.id, to: 'SUSPENDED', via: 'status' },
      });
    }
  }
}
