import { agencyAreaAgencyEndpoints, masterAgencyEndpoints } from './agencies/agencies.endpoints.ts';
import {
  agencyClientEndpoints,
  clientSelfEndpoints,
  masterClientEndpoints,
} from './clients/clients.endpoints.ts';
import {
  agencyAccountEndpoints,
  agencyUserEndpoints,
  clientUserEndpoints,
  masterAccountEndpoints,
  masterUserEndpoints,
} from './users/users.endpoints.ts';

/*
 * The accounts endpoints of each area, as the area's routes and the web's features call them. Each
 * endpoint lives in its domain's folder; these only gather them per area, so names stay stable.
 */

/** Master area (SPEC.md 7): back-office users, agencies and clients. Announcements and audit: their own groups. */
export const masterEndpoints = {
  ...masterUserEndpoints,
  ...masterAgencyEndpoints,
  ...masterClientEndpoints,
  ...masterAccountEndpoints,
} as const;

/** Agency area: everything acts on the signed-in user's own agency; another agency's rows answer 404. */
export const agencyAreaEndpoints = {
  ...agencyAreaAgencyEndpoints,
  ...agencyClientEndpoints,
  ...agencyUserEndpoints,
  ...agencyAccountEndpoints,
} as const;

/** Client area calls about the client itself and its users (SPEC.md 7, Client area). */
export const clientAreaEndpoints = {
  ...clientSelfEndpoints,
  ...clientUserEndpoints,
} as const;
