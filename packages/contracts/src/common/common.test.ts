import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineEndpoint, publicAccess } from './endpoint.ts';
import { textMessages } from './text.ts';
import { dateMessages, dateStringSchema, daySchema } from './dates.ts';
import { positionSchema, roleSchema, rolePositions } from './enums.ts';
import {
  emailSchema,
  fieldMessages,
  firstNameSchema,
  lastNameSchema,
  monthlyFeeSchema,
  passwordSchema,
  phoneSchema,
  postalCodeSchema,
} from './fields.ts';
import { idParamSchema, idQueryParam, MAX_ID, pathParamMessages, queryParamMessages } from './ids.ts';
import { paginationInfo, paginationMessages, paginationQuerySchema } from './pagination.ts';

const firstError = (schema: z.ZodType, value: unknown) => {
  const result = schema.safeParse(value);
  return result.success ? undefined : result.error.issues[0]?.message;
};

describe('path ids', () => {
  it('parses numeric strings', () => expect(idParamSchema.parse('42')).toBe(42));
  it.each([
    ['', pathParamMessages.required],
    [undefined, pathParamMessages.required],
    ['abc', pathParamMessages.notNumeric],
    ['1.5', pathParamMessages.notNumeric],
    ['-3', pathParamMessages.notNumeric],
    ['99999999999999999999', pathParamMessages.notNumeric],
  ])('%j -> %s', (value, message) => expect(firstError(idParamSchema, value)).toBe(message));
});

describe('pagination', () => {
  const schema = paginationQuerySchema();
  it('defaults to page 1 and limit 100', () => expect(schema.parse({})).toEqual({ page: 1, limit: 100 }));
  it('falls back to 1 and 50 for non-numeric values', () =>
    expect(schema.parse({ page: 'abc', limit: 'many' })).toEqual({ page: 1, limit: 50 }));
  it('parses numbers', () =>
    expect(schema.parse({ page: '3', limit: '500' })).toEqual({ page: 3, limit: 500 }));
  it('lets a list choose its default limit', () =>
    expect(paginationQuerySchema({ defaultLimit: 10 }).parse({})).toEqual({ page: 1, limit: 10 }));
  it.each(['0', '-1', '1.5'])('page %s -> its text', (page) =>
    expect(firstError(schema, { page })).toBe(paginationMessages.page),
  );
  it.each(['0', '-5', '501', '2.5'])('limit %s -> its text', (limit) =>
    expect(firstError(schema, { limit })).toBe(paginationMessages.limit),
  );
  it('builds the pagination info', () => {
    expect(paginationInfo(2, 10, 35)).toEqual({
      currentPage: 2,
      totalPages: 4,
      itemsPerPage: 10,
      totalItems: 35,
    });
    expect(paginationInfo(1, 10, 0).totalPages).toBe(1);
  });
});

describe('dates', () => {
  it('accepts ISO instants and dates', () => {
    expect(dateStringSchema.parse('2026-11-21T09:00:00+09:00')).toBeTruthy();
    expect(dateStringSchema.parse('2026-11-21')).toBeTruthy();
  });
  it.each(['', 'tomorrow', '2026-13-45T99:00'])('%j -> Invalid date string', (v) =>
    expect(firstError(dateStringSchema, v)).toBe(dateMessages.invalidDate),
  );
  it('accepts a real YYYY-MM-DD day, leap day included', () => {
    expect(daySchema.parse('2028-02-29')).toBe('2028-02-29');
  });
  it.each(['2026-02-29', '2026-1-05', '20261105', '2026/11/05', '2026-11-31'])(
    '%j -> the YYYY-MM-DD text',
    (v) => expect(firstError(daySchema, v)).toBe(dateMessages.invalidDay),
  );
});

describe('password rule', () => {
  it.each(['Abcdef1!', 'Abcdef1！', 'Ａbcdef1「', `Aa1!${'x'.repeat(96)}`])('accepts %j', (v) =>
    expect(passwordSchema.safeParse(v).success).toBe(true),
  );
  it.each([
    ['Ab1!', fieldMessages.passwordMin],
    [`Aa1!${'x'.repeat(97)}`, fieldMessages.passwordMax],
    ['abcdefg1!', fieldMessages.passwordComplexity],
    ['ABCDEFG1!', fieldMessages.passwordComplexity],
    ['Abcdefgh!', fieldMessages.passwordComplexity],
    ['Abcdefgh1', fieldMessages.passwordComplexity],
    ['Abcd efg1!', fieldMessages.passwordSpaces],
    ['Abcd\u3000efg1!', fieldMessages.passwordSpaces],
  ])('%j -> its text', (v, message) => expect(firstError(passwordSchema, v)).toBe(message));
});

describe('people and addresses', () => {
  it('lower-cases and trims e-mail', () =>
    expect(emailSchema.parse('  Hana@Example.COM ')).toBe('hana@example.com'));
  it('refuses a bad e-mail', () => expect(firstError(emailSchema, 'hana@')).toBe(fieldMessages.email));
  it('limits names to 15 characters', () => {
    expect(firstNameSchema.safeParse('あ'.repeat(15)).success).toBe(true);
    expect(firstError(firstNameSchema, 'あ'.repeat(16))).toBe(fieldMessages.firstNameMax);
    expect(firstError(lastNameSchema, 'あ'.repeat(16))).toBe(fieldMessages.lastNameMax);
  });
  it('limits phone to 20', () =>
    expect(firstError(phoneSchema, '0'.repeat(21))).toBe(fieldMessages.phoneMax));
  it.each(['150000', '150-00011'])('postal code %j -> its text', (v) =>
    expect(firstError(postalCodeSchema, v)).toBe(fieldMessages.postalCode),
  );
  it.each(['1500001', '150-0001'])('accepts postal code %j', (v) =>
    expect(postalCodeSchema.parse(v)).toBe(v),
  );
  it('monthly fee is a non-negative integer', () => {
    expect(monthlyFeeSchema.parse(0)).toBe(0);
    expect(firstError(monthlyFeeSchema, -1)).toBe(fieldMessages.monthlyFee);
    expect(firstError(monthlyFeeSchema, 1.5)).toBe(fieldMessages.monthlyFee);
  });
  it('knows roles, positions and their combinations', () => {
    expect(roleSchema.safeParse('AGENCY').success).toBe(true);
    expect(firstError(roleSchema, 'ADMIN')).toBe('Role must be one of MASTER, AGENCY, CLIENT');
    expect(firstError(positionSchema, 'BOSS')).toBe('Position must be one of OWNER, MANAGER, STAFF');
    expect(rolePositions).toContain('CLIENT_MANAGER');
    expect(rolePositions).toHaveLength(9);
  });
});

describe('ids are bounded by the integer columns', () => {
  it('path ids', () => {
    expect(idParamSchema.parse(String(MAX_ID))).toBe(MAX_ID);
    expect(firstError(idParamSchema, String(MAX_ID + 1))).toBe(pathParamMessages.notNumeric);
  });
  it('query ids', () => {
    expect(idQueryParam().parse('12')).toBe(12);
    for (const v of ['99999999999999999999', String(MAX_ID + 1), '-1', '1e3', ''])
      expect(firstError(idQueryParam(), v)).toBe(queryParamMessages.notNumeric);
  });
});

describe('the NUL rule of every endpoint', () => {
  const endpoint = defineEndpoint({
    method: 'POST',
    path: '/x/:id',
    summary: 'x',
    tags: [],
    access: publicAccess,
    params: z.object({ id: z.string() }),
    query: z.object({ search: z.string().optional() }),
    body: z.object({
      name: z.string().trim(),
      tags: z.array(z.string()),
      meta: z.record(z.string(), z.string()),
    }),
    responses: { 200: z.object({}) },
  });
  it('refuses U+0000 in every string and key, one issue per place, with its text', () => {
    const result = endpoint.body.safeParse({
      name: 'a\u0000',
      tags: ['ok', '\u0000'],
      meta: { 'k\u0000': 'v' },
    });
    expect(result.success).toBe(false);
    expect(result.error!.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['name', textMessages.nul],
      ['tags.1', textMessages.nul],
      ['meta.k\u0000', textMessages.nul],
    ]);
    expect(firstError(endpoint.query, { search: '%\u0000' })).toBe(textMessages.nul);
    expect(firstError(endpoint.params, { id: '\u0000' })).toBe(textMessages.nul);
  });
  it('keeps other text and the JSON shape', () => {
    expect(endpoint.body.parse({ name: ' 花子 ', tags: [], meta: {} })).toEqual({
      name: '花子',
      tags: [],
      meta: {},
    });
    expect(z.toJSONSchema(endpoint.body, { io: 'input' })).toMatchObject({
      type: 'object',
      properties: { name: { type: 'string' }, tags: { type: 'array' } },
    });
  });
});
