import type { OpenApiDocumentName } from '../spec/openapi-document.loader.ts';
import { getPointerValidator, getSchemaValidator } from '../spec/openapi-schema.validator.ts';

const explain = (label: string, value: unknown, errors: unknown) =>
  new Error(
    `${label} does not match LINE's schema:\n${JSON.stringify(errors, null, 2)}\nvalue: ${JSON.stringify(value)}`,
  );

/** Asserts a value validates against `components/schemas/<name>` of a LINE OpenAPI document. */
export const expectSchema = (document: OpenApiDocumentName, schemaName: string, value: unknown) => {
  const validate = getSchemaValidator(document, schemaName);
  if (!validate(value)) throw explain(`${document} ${schemaName}`, value, validate.errors);
};

/** Asserts a JSON response body validates against the schema an operation documents for a status. */
export const expectResponseSchema = (
  document: OpenApiDocumentName,
  path: string,
  method: string,
  status: number,
  value: unknown,
) => {
  const validate = getPointerValidator(document, [
    'paths',
    path,
    method,
    'responses',
    String(status),
    'content',
    'application/json',
    'schema',
  ]);
  if (!validate(value)) throw explain(`${method.toUpperCase()} ${path} ${status}`, value, validate.errors);
};

/** Asserts a request body validates against an operation's requestBody schema. */
export const expectRequestSchema = (
  document: OpenApiDocumentName,
  path: string,
  method: string,
  contentType: string,
  value: unknown,
) => {
  const validate = getPointerValidator(document, [
    'paths',
    path,
    method,
    'requestBody',
    'content',
    contentType,
    'schema',
  ]);
  if (!validate(value)) throw explain(`${method.toUpperCase()} ${path} request`, value, validate.errors);
};
