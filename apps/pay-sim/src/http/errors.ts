/** Stripe's error body: `{ error: { type, code, decline_code, message, param } }`, with its HTTP status. */
export type StripeErrorType =
  'api_error' | 'card_error' | 'idempotency_error' | 'invalid_request_error' | 'authentication_error';

export class StripeApiError extends Error {
  constructor(
    readonly statusCode: number,
    readonly type: StripeErrorType,
    message: string,
    readonly extra: Record<string, unknown> = {},
  ) {
    super(message);
  }

  body(requestId: string) {
    return {
      error: {
        type: this.type,
        message: this.message,
        request_log_url: null,
        ...this.extra,
        ...(requestId ? {} : {}),
      },
    };
  }
}

export const invalidRequest = (message: string, param?: string, code?: string) =>
  new StripeApiError(400, 'invalid_request_error', message, {
    ...(param ? { param } : {}),
    ...(code ? { code } : {}),
  });

export const missingParam = (param: string) =>
  invalidRequest(`Missing required param: ${param}.`, param, 'parameter_missing');

export const resourceMissing = (kind: string, id: string, param = 'id') =>
  new StripeApiError(404, 'invalid_request_error', `No such ${kind}: '${id}'`, {
    code: 'resource_missing',
    param,
  });

export const cardError = (
  code: string,
  message: string,
  extra: { decline_code?: string; param?: string; payment_method?: unknown; charge?: string } = {},
) => new StripeApiError(402, 'card_error', message, { code, ...extra });
