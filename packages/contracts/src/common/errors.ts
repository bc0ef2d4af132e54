import { z } from 'zod';

/** Stable machine codes of the failure body, with the HTTP status each one answers. */
export const errorStatus = {
  VALIDATION_ERROR: 400,
  BAD_REQUEST: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  CSRF_REJECTED: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  UNPROCESSABLE: 422,
  URI_TOO_LONG: 414,
  RATE_LIMITED: 429,
  INTERNAL_ERROR: 500,
  SERVICE_UNAVAILABLE: 503,
} as const;

export type ErrorCode = keyof typeof errorStatus;

export const fieldErrorSchema = z.object({
  path: z.string(),
  message: z.string(),
});
export type FieldError = z.infer<typeof fieldErrorSchema>;

/** The one body every failure answers with (STYLE.md "Errors"). */
export const failureBodySchema = z.object({
  success: z.literal(false),
  message: z.string(),
  code: z.string(),
  errors: z.array(fieldErrorSchema).optional(),
  requestId: z.string(),
});
export type FailureBody = z.infer<typeof failureBodySchema>;

/** Body of calls that change something and have nothing else to say. */
export const okBodySchema = z.object({ success: z.literal(true) });
export type OkBody = z.infer<typeof okBodySchema>;

/** Human texts the server answers with; validation texts live beside their schemas. */
export const errorMessages = {
  unauthorized: 'Authentication required',
  invalidCredentials: 'Invalid email or password',
  emailNotVerified: 'Please verify your email address before logging in',
  accountUnavailable: 'This account cannot be used. Please contact your administrator',
  forbidden: 'You do not have permission to do this',
  notFound: 'Not found',
  routeNotFound: 'Route not found',
  csrfRejected: 'Cross-site request refused',
  rateLimited: 'Too many requests. Please try again later',
  invalidToken: 'The link is invalid or has expired',
  agencyNotFound: 'Agency not found',
  clientNotFound: 'Client not found',
  emailTaken: 'This email address is already registered',
  internal: 'Something went wrong. Please try again later',
  invalidJson: 'Request body is not valid JSON',
  invalidValue: 'A value in the request cannot be accepted',
  badUrl: 'The request address is not valid',
  uriTooLong: 'A path parameter is too long',
} as const;
