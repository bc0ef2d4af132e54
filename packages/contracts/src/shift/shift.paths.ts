import { allow, liffAccess } from '../common/endpoint.ts';

/* Paths and access the shift endpoint files share; internal to the package (the index does not export it). */

export const SHIFT_PREFIX = '/shift/api/v1';
export const S = `${SHIFT_PREFIX}/store/:storeId`;
export const L = `${SHIFT_PREFIX}/liff/store/:storeId`;
const tags = ['shift'] as const;
/** Back office: the store's client users (OWNER and MANAGER manage, STAFF reads) and MASTER with x-client-id. */
export const read = { access: allow('shift.read'), clientScoped: true, tags } as const;
export const manage = { access: allow('shift.manage'), clientScoped: true, tags } as const;
/**
 * The shift mini-app. No session: each call carries `Authorization: Bearer <LIFF ID token>`, which the
 * server verifies with LINE (or the simulator) before anything else.
 */
export const liff = { access: liffAccess('shift'), tags: ['shift-liff'] } as const;
