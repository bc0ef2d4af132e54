/** The API areas of SPEC.md 7: every domain's endpoints of an area live under its prefix. */
export const MASTER_PREFIX = '/master/api/v1';
export const AGENCY_PREFIX = '/agency/api/v1';
export const CLIENT_PREFIX = '/client/api/v1';
