/** The clients module's door: what other modules may use (STYLE.md "Door"). */
export { companyNamesOf, listClients, setClientPaymentStatus, signupClient } from './clients.service.ts';
