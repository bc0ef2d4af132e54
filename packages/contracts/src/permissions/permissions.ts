import type { Position, Role, RolePosition } from '../common/enums.ts';
import { rolePosition } from '../common/enums.ts';

const masters = ['MASTER_OWNER', 'MASTER_MANAGER', 'MASTER_STAFF'] as const;
const agencies = ['AGENCY_OWNER', 'AGENCY_MANAGER', 'AGENCY_STAFF'] as const;
const clients = ['CLIENT_OWNER', 'CLIENT_MANAGER', 'CLIENT_STAFF'] as const;

/**
 * The one permission table: which role-positions may perform each area action.
 * The server enforces it on every route; the web app hides what it forbids.
 * OWNER manages users and settings; MANAGER works but manages no users; STAFF reads and does day-to-day work.
 */
export const permissionTable = {
  // master area
  'master.read': [...masters],
  'master.write': ['MASTER_OWNER', 'MASTER_MANAGER'],
  'master.users.manage': ['MASTER_OWNER'],
  'master.audit.read': [...masters],
  // agency area
  'agency.read': [...agencies],
  'agency.clients.signup': ['AGENCY_OWNER', 'AGENCY_MANAGER'],
  'agency.users.manage': ['AGENCY_OWNER'],
  // client area: the client's own users, and MASTER (and AGENCY, reading) acting on it with x-client-id
  'client.read': [...clients, ...masters, ...agencies],
  'client.work': [...clients, 'MASTER_OWNER', 'MASTER_MANAGER'],
  'client.manage': ['CLIENT_OWNER', 'CLIENT_MANAGER', 'MASTER_OWNER', 'MASTER_MANAGER'],
  'client.users.manage': ['CLIENT_OWNER', 'MASTER_OWNER'],
  'client.settings.manage': ['CLIENT_OWNER', 'MASTER_OWNER'],
  // payments of a client's LINE accounts: cards and subscriptions are the client owner's (money), read by
  // its managers and the master
  'client.billing.read': ['CLIENT_OWNER', 'CLIENT_MANAGER', ...masters],
  'client.billing.manage': ['CLIENT_OWNER'],
  // shift service: the store's client users and MASTER with x-client-id; OWNER and MANAGER manage
  'shift.read': [...clients, ...masters],
  'shift.manage': ['CLIENT_OWNER', 'CLIENT_MANAGER', 'MASTER_OWNER', 'MASTER_MANAGER'],
  // member service (KS-001): members' personal data stays with the client's users and MASTER (not agencies)
  'member.read': [...clients, ...masters],
  'member.work': [...clients, 'MASTER_OWNER', 'MASTER_MANAGER'],
  'member.manage': ['CLIENT_OWNER', 'CLIENT_MANAGER', 'MASTER_OWNER', 'MASTER_MANAGER'],
  // a back-office user's own account (e-mail, password)
  'self.manage': [...masters, ...agencies, ...clients],
  // a client user's own e-mail and password in the client area (MASTER has its own user calls)
  'client.self.manage': [...clients],
  // a master or agency user's own account in their own area (docs/decisions/0002-accounts-rules.md)
  'master.self.manage': [...masters],
  'agency.self.manage': [...agencies],
} as const satisfies Record<string, readonly RolePosition[]>;

export type Permission = keyof typeof permissionTable;

export function can(role: Role, position: Position, permission: Permission): boolean {
  return (permissionTable[permission] as readonly RolePosition[]).includes(rolePosition(role, position));
}

/** The area each role lands in after login. */
export const areaOfRole = { MASTER: 'master', AGENCY: 'agency', CLIENT: 'client' } as const satisfies Record<
  Role,
  string
>;
