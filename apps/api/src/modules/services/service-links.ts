import { findServiceDefinition, type LineAccountService } from '@app/contracts';
import type { ServiceLinkDirectory } from '../line-accounts/index.ts';
import { listServiceLinks, type ServiceLinkWithStore } from './services.repository.ts';

export function toServiceView(link: ServiceLinkWithStore): LineAccountService {
  return {
    id: link.id,
    lineAccountId: link.lineAccountId,
    serviceCode: link.serviceCode as LineAccountService['serviceCode'],
    name: findServiceDefinition(link.serviceCode)?.name ?? link.serviceCode,
    liffId: link.liffId,
    status: link.status,
    storeId: link.storeId,
  };
}

/**
 * The services linked to LINE accounts, as the LINE accounts module shows them (its accounts' `services`):
 * this module writes the links and their stores, and line-accounts, which it depends on, takes this
 * directory from src/composition.ts.
 */
export const serviceLinkDirectory: ServiceLinkDirectory = {
  servicesOfAccounts: async (db, clientId, lineAccountIds) =>
    (await listServiceLinks(db, clientId, lineAccountIds)).map(toServiceView),
};
