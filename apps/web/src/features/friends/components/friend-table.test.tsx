import { describe, expect, it } from 'vitest';
import type { ListParams } from '../../../lib/use-list-params.ts';
import { friendSearchBodyOf } from './friend-table.tsx';

const paramsOf = (values: Record<string, string>, page = 1, limit = 20): ListParams => ({
  page,
  limit,
  get: (name) => values[name] ?? '',
  setPage: () => undefined,
  setLimit: () => undefined,
  setFilters: () => undefined,
});

describe('friendSearchBodyOf', () => {
  it('lists every friend by default (members, staff and the others)', () => {
    expect(friendSearchBodyOf(paramsOf({}))).toEqual({
      page: 1,
      limit: 20,
      isMemberServiceUser: true,
      isShiftServiceUser: true,
      includeNonMembers: true,
    });
  });

  it('narrows to one audience, a name and blocked friends', () => {
    expect(
      friendSearchBodyOf(paramsOf({ audience: 'staff', search: '佐藤', state: 'blocked' }, 2, 50)),
    ).toEqual({
      page: 2,
      limit: 50,
      isMemberServiceUser: false,
      isShiftServiceUser: true,
      includeNonMembers: false,
      search: '佐藤',
      isFriend: false,
    });
  });

  it('ignores an unknown audience from the address', () => {
    expect(friendSearchBodyOf(paramsOf({ audience: 'x' })).includeNonMembers).toBe(true);
  });
});
