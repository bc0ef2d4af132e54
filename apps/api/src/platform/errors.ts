import { errorMessages, errorStatus, type ErrorCode, type FieldError } from '@app/contracts';

/** The one error family services throw; the error handler turns it into the failure body. */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  readonly fieldErrors: FieldError[] | undefined;
  /** More fields of the failure body, where an endpoint's contract declares them (e.g. the member lookup's 422). */
  readonly details: Record<string, unknown> | undefined;

  constructor(
    code: ErrorCode,
    message: string,
    fieldErrors?: FieldError[],
    details?: Record<string, unknown>,
  ) {
    super(message);
    this.name = 'AppError';
    this.code = code;
    this.status = errorStatus[code];
    this.fieldErrors = fieldErrors;
    this.details = details;
  }
}

export const notFound = (message: string = errorMessages.notFound) => new AppError('NOT_FOUND', message);
export const unauthorized = (message: string = errorMessages.unauthorized) =>
  new AppError('UNAUTHORIZED', message);
export const forbidden = (message: string = errorMessages.forbidden) => new AppError('FORBIDDEN', message);
export const conflict = (message: string) => new AppError('CONFLICT', message);
export const badRequest = (message: string, fieldErrors?: FieldError[]) =>
  new AppError('BAD_REQUEST', message, fieldErrors);
export const validationError = (message: string, fieldErrors?: FieldError[]) =>
  new AppError('VALIDATION_ERROR', message, fieldErrors ?? []);
