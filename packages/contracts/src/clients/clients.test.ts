import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { contractStatuses } from '../common/enums.ts';
import {
  agencyMessages,
  commissionQuerySchema,
  createAgencyBodySchema,
  marginRateSchema,
} from '../agencies/agencies.schemas.ts';
import {
  announcementMessages,
  announcementStatusAt,
  createAnnouncementBodySchema,
  updateAnnouncementBodySchema,
} from '../announcements/announcements.schemas.ts';
import { allEndpoints, endpointKey } from '../all-endpoints.ts';
import { createMasterUserBodySchema, updateUserBodySchema, userMessages } from '../users/users.schemas.ts';
import {
  changeContractStatusBodySchema,
  clientMessages,
  contractTransitionError,
  disableClientBodySchema,
} from './clients.schemas.ts';

const firstError = (schema: z.ZodType, value: unknown) => {
  const result = schema.safeParse(value);
  return result.success ? undefined : result.error.issues[0]?.message;
};

describe('contract state machine', () => {
  it.each([
    ['DRAFT', 'PENDING_APPROVAL'],
    ['DRAFT', 'ACTIVE'],
    ['PENDING_APPROVAL', 'ACTIVE'],
    ['PENDING_APPROVAL', 'DRAFT'],
    ['ACTIVE', 'SUSPENDED'],
    ['SUSPENDED', 'ACTIVE'],
  ] as const)('status call: %s -> %s is allowed', (from, to) =>
    expect(contractTransitionError(from, to, 'status')).toBeUndefined(),
  );
  it.each([
    ['ACTIVE', 'DRAFT'],
    ['ACTIVE', 'PENDING_APPROVAL'],
    ['SUSPENDED', 'DRAFT'],
    ['CANCELLED', 'ACTIVE'],
    ['DISABLED', 'ACTIVE'],
  ] as const)('status call: %s -> %s is refused with a clear text', (from, to) =>
    expect(contractTransitionError(from, to, 'status')).toBe(`A ${from} contract cannot change to ${to}`),
  );
  it('DISABLED and CANCELLED only through their own calls', () => {
    for (const from of contractStatuses) {
      expect(contractTransitionError(from, 'DISABLED', 'status')).toBe(clientMessages.useDisableCall);
      expect(contractTransitionError(from, 'CANCELLED', 'status')).toBe(clientMessages.useCancelCall);
    }
  });
  it('cancel from any live state, disable from any but DISABLED', () => {
    for (const from of ['DRAFT', 'PENDING_APPROVAL', 'ACTIVE', 'SUSPENDED'] as const) {
      expect(contractTransitionError(from, 'CANCELLED', 'cancel')).toBeUndefined();
      expect(contractTransitionError(from, 'DISABLED', 'disable')).toBeUndefined();
    }
    expect(contractTransitionError('CANCELLED', 'DISABLED', 'disable')).toBeUndefined();
    expect(contractTransitionError('DISABLED', 'CANCELLED', 'cancel')).toBe(
      'A DISABLED contract cannot change to CANCELLED',
    );
    expect(contractTransitionError('DISABLED', 'DISABLED', 'disable')).toBe(clientMessages.sameStatus);
  });
  it('body texts', () => {
    expect(firstError(changeContractStatusBodySchema, { contractStatus: 'GONE' })).toBe(
      clientMessages.contractStatus,
    );
    expect(firstError(disableClientBodySchema, { contractStatus: 'CANCELLED' })).toBe(
      clientMessages.disableOnly,
    );
  });
});

describe('announcement status follows the dates', () => {
  const now = new Date('2026-11-21T09:00:00Z');
  it.each([
    [null, null, 'DRAFT'],
    ['2026-11-22T00:00:00Z', null, 'SCHEDULED'],
    ['2026-11-20T00:00:00Z', null, 'PUBLISHED'],
    ['2026-11-20T00:00:00Z', '2026-11-30T00:00:00Z', 'PUBLISHED'],
    ['2026-11-20T00:00:00Z', '2026-11-21T09:00:00Z', 'ARCHIVED'],
  ])('publishAt %s, archiveAt %s -> %s', (publishAt, archiveAt, status) =>
    expect(announcementStatusAt({ publishAt, archiveAt }, now)).toBe(status),
  );
  it('checks the dates', () => {
    const base = { title: 't', content: 'c', type: 'UPDATE' };
    expect(firstError(createAnnouncementBodySchema, { ...base, archiveAt: '2026-12-01' })).toBe(
      announcementMessages.archiveNeedsPublish,
    );
    expect(
      firstError(createAnnouncementBodySchema, {
        ...base,
        publishAt: '2026-12-01',
        archiveAt: '2026-11-01',
      }),
    ).toBe(announcementMessages.archiveAfterPublish);
    expect(firstError(createAnnouncementBodySchema, { ...base, type: 'NEWS' })).toBe(
      announcementMessages.type,
    );
    expect(firstError(updateAnnouncementBodySchema, {})).toBe(announcementMessages.nothingToUpdate);
  });
});

describe('agencies', () => {
  it.each([0, 15, 15.25, 100])('margin rate %s is accepted', (v) =>
    expect(marginRateSchema.parse(v)).toBe(v),
  );
  it.each([-1, 100.01, 15.255, '15'])('margin rate %j -> its text', (v) =>
    expect(firstError(marginRateSchema, v)).toBe(agencyMessages.marginRate),
  );
  it('agency body reuses the address texts', () =>
    expect(
      firstError(createAgencyBodySchema, {
        name: 'A',
        postalCode: '1',
        prefecture: 'x',
        city: 'y',
        addressOther: 'z',
        marginRate: 1,
      }),
    ).toBe('Postal code must be 7 to 8 characters'));
  it('commission months', () => {
    expect(firstError(commissionQuerySchema, { from: '2026-13' })).toBe(agencyMessages.month);
    expect(firstError(commissionQuerySchema, { from: '2026-05', to: '2026-04' })).toBe(
      agencyMessages.monthOrder,
    );
    expect(firstError(commissionQuerySchema, { from: '2024-01', to: '2026-01' })).toBe(
      agencyMessages.monthRange,
    );
    expect(commissionQuerySchema.parse({ from: '2025-02', to: '2027-01' })).toBeTruthy();
  });
});

describe('users', () => {
  const base = { email: 'a@test.example', position: 'STAFF', firstName: '太郎', lastName: '山田' };
  it('tenant fields follow the role', () => {
    expect(firstError(createMasterUserBodySchema, { ...base, role: 'CLIENT' })).toBe(
      userMessages.clientIdRequired,
    );
    expect(firstError(createMasterUserBodySchema, { ...base, role: 'AGENCY' })).toBe(
      userMessages.agencyIdRequired,
    );
    expect(firstError(createMasterUserBodySchema, { ...base, role: 'MASTER', clientId: 1 })).toBe(
      userMessages.masterHasNoTenant,
    );
    expect(
      firstError(createMasterUserBodySchema, { ...base, role: 'CLIENT', clientId: 1, agencyId: 2 }),
    ).toBe(userMessages.wrongTenantField);
    expect(createMasterUserBodySchema.parse({ ...base, role: 'MASTER' }).role).toBe('MASTER');
  });
  it('an update needs a field', () =>
    expect(firstError(updateUserBodySchema, {})).toBe(userMessages.nothingToUpdate));
});

describe('the endpoint table', () => {
  it('has each method and path once', () => {
    const keys = allEndpoints.map(endpointKey);
    expect(new Set(keys).size).toBe(keys.length);
  });
  it('every endpoint declares access', () => {
    for (const e of allEndpoints) expect(e.access, endpointKey(e)).toBeDefined();
  });
});
