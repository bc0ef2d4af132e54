import { describe, expect, it } from 'vitest';
import { can, permissionTable } from './permissions.ts';

describe('permission table', () => {
  it('lets only owners manage users', () => {
    expect(can('CLIENT', 'OWNER', 'client.users.manage')).toBe(true);
    expect(can('CLIENT', 'MANAGER', 'client.users.manage')).toBe(false);
    expect(can('CLIENT', 'STAFF', 'client.users.manage')).toBe(false);
  });
  it('keeps areas apart', () => {
    expect(can('CLIENT', 'OWNER', 'master.read')).toBe(false);
    expect(can('AGENCY', 'OWNER', 'master.read')).toBe(false);
    expect(can('CLIENT', 'OWNER', 'agency.read')).toBe(false);
  });
  it('names only known role-positions', () => {
    for (const list of Object.values(permissionTable)) {
      for (const rp of list) expect(rp).toMatch(/^(MASTER|AGENCY|CLIENT)_(OWNER|MANAGER|STAFF)$/);
    }
  });
});
