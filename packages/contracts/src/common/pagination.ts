import { z } from 'zod';

export const paginationMessages = {
  page: 'Page must be a positive integer',
  limit: 'Limit must be a positive integer and cannot exceed 500',
} as const;

export const MAX_LIMIT = 500;
/** SPEC.md 5: schema defaults page 1 and limit 100; non-numeric values fall back to 1 and 50. */
export const DEFAULT_PAGE = 1;
export const DEFAULT_LIMIT = 100;
export const FALLBACK_PAGE = 1;
export const FALLBACK_LIMIT = 50;

const numeric = /^-?\d+(\.\d+)?$/;

function pageNumber(fallback: number) {
  return (value: unknown): unknown => {
    if (value === undefined || value === null || value === '') return undefined;
    if (typeof value === 'number') return value;
    if (typeof value === 'string' && numeric.test(value.trim())) return Number(value);
    return fallback;
  };
}

/** `?page=&limit=` with SPEC.md's rules; a list may choose its own default limit. */
export function paginationQuerySchema(options: { defaultLimit?: number } = {}) {
  const defaultLimit = options.defaultLimit ?? DEFAULT_LIMIT;
  return z.object({
    page: z
      .preprocess(
        pageNumber(FALLBACK_PAGE),
        z.number().int(paginationMessages.page).positive(paginationMessages.page).optional(),
      )
      .transform((v) => v ?? DEFAULT_PAGE),
    limit: z
      .preprocess(
        pageNumber(FALLBACK_LIMIT),
        z
          .number()
          .int(paginationMessages.limit)
          .positive(paginationMessages.limit)
          .max(MAX_LIMIT, paginationMessages.limit)
          .optional(),
      )
      .transform((v) => v ?? defaultLimit),
  });
}
export const paginationQuery = paginationQuerySchema();
export type PaginationQuery = z.output<typeof paginationQuery>;

export const paginationInfoSchema = z.object({
  currentPage: z.number().int(),
  totalPages: z.number().int(),
  itemsPerPage: z.number().int(),
  totalItems: z.number().int(),
});
export type PaginationInfo = z.infer<typeof paginationInfoSchema>;

export function paginationInfo(page: number, limit: number, totalItems: number): PaginationInfo {
  return {
    currentPage: page,
    totalPages: Math.max(1, Math.ceil(totalItems / limit)),
    itemsPerPage: limit,
    totalItems,
  };
}

/**
 * Pagination of a list whose total may be estimated (the friends list and the friend search of a large
 * LINE account): `totalIsEstimate` true says `totalItems` (and `totalPages`) are an estimate, rounded to
 * two significant figures, shown as such (「約 33,000 人」); false, they are exact.
 */
export const estimablePaginationInfoSchema = paginationInfoSchema.extend({ totalIsEstimate: z.boolean() });
export type EstimablePaginationInfo = z.infer<typeof estimablePaginationInfoSchema>;

export function estimablePaginationInfo(
  page: number,
  limit: number,
  totalItems: number,
  totalIsEstimate: boolean,
): EstimablePaginationInfo {
  return { ...paginationInfo(page, limit, totalItems), totalIsEstimate };
}

/** A page of items whose total may be estimated: `{ data, pagination }` with `totalIsEstimate`. */
export function estimablePageSchema<T extends z.ZodType>(item: T) {
  return z.object({ data: z.array(item), pagination: estimablePaginationInfoSchema });
}

/** A page of items: `{ data, pagination }`. */
export function pageSchema<T extends z.ZodType>(item: T) {
  return z.object({ data: z.array(item), pagination: paginationInfoSchema });
}
