/** The LINE accounts module's door: what other modules may use (STYLE.md "Door"). */
export type { LineAccountRow } from './line-accounts.repository.ts';
export {
  channelsOf,
  createLineAccount,
  listLineAccountsOfClient,
  findLineAccountById,
  findLineAccountForReceiving,
  findLineAccountOfClient,
  getLineAccountRowOrThrow,
  lineFailure,
  warmLineAccountsForReceiving,
  type ServiceLinkDirectory,
} from './line-accounts.service.ts';
export { queueBotInfoRefresh } from './line-accounts.jobs.ts';
export { lineAccountsForJoin } from './line-accounts.reads.ts';
export { countActiveLineAccounts } from './line-accounts.figures.ts';
