/** The services module's door: what other modules and the demo seed may use (STYLE.md "Door"). */
export { linkService } from './services.service.ts';
export { serviceLinkDirectory } from './service-links.ts';
export { storesForJoin } from './services.reads.ts';
export { storeNameOf } from './store-names.ts';
export {
  accountLiffIdOf,
  findLiffStore,
  findServiceStore,
  findServiceStoreOfAccount,
  listServiceStores,
  type ServiceStoreRow,
} from './service-stores.ts';
