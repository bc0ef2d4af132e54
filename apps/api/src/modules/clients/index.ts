/** The clients module's door: what other modules may use (STYLE.md "Door"). */
export {
  changeContractStatus,
  companyNamesOf,
  createClient,
  listClients,
  setClientPaymentStatus,
  signupClient,
  signupClientPublicly,
} from './clients.service.ts';
export { countClientsOfAgency, listActivePeriodsOfAgency } from './agency-clients.ts';
export { clientsForJoin } from './clients.reads.ts';
export { clientFigures, type ClientFigures } from './clients.figures.ts';
