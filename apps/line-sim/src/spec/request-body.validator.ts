import type { ErrorObject, ValidateFunction } from 'ajv';
import { type LineErrorDetail, requestBodyError } from '../http/line-errors.ts';
import type { OpenApiDocumentName } from './openapi-document.loader.ts';
import { getSchemaValidator } from './openapi-schema.validator.ts';

/** "/messages/0/text" -> "messages[0].text", LINE's way of naming a property in error details. */
export const toLineProperty = (instancePath: string, child?: string) => {
  const segments = instancePath.split('/').slice(1);
  if (child) segments.push(child);
  return segments.reduce(
    (acc, segment) => (/^\d+$/.test(segment) ? `${acc}[${segment}]` : acc ? `${acc}.${segment}` : segment),
    '',
  );
};

type Bounds = { minItems?: number; maxItems?: number; minLength?: number; maxLength?: number };

const describe = (error: ErrorObject): LineErrorDetail | null => {
  const parent = (error.parentSchema ?? {}) as Bounds;
  switch (error.keyword) {
    case 'if':
    case 'allOf':
      return null; // wrappers of the discriminator rewrite; the inner error says what is wrong
    case 'required':
      return {
        message: 'must be specified',
        property: toLineProperty(error.instancePath, String(error.params.missingProperty)),
      };
    case 'minItems':
    case 'maxItems':
      return {
        message: `Size must be between ${parent.minItems ?? 0} and ${parent.maxItems ?? 2147483647}`,
        property: toLineProperty(error.instancePath),
      };
    case 'minLength':
    case 'maxLength':
      return {
        message: `Length must be between ${parent.minLength ?? 0} and ${parent.maxLength ?? 2147483647}`,
        property: toLineProperty(error.instancePath),
      };
    case 'enum':
      return {
        message: `must be one of: ${(error.params.allowedValues as unknown[]).join(', ')}`,
        property: toLineProperty(error.instancePath),
      };
    default:
      return { message: error.message ?? 'invalid', property: toLineProperty(error.instancePath) };
  }
};

export const detailsFromErrors = (errors: ErrorObject[] | null | undefined): LineErrorDetail[] => {
  const seen = new Set<string>();
  const details: LineErrorDetail[] = [];
  for (const error of errors ?? []) {
    const detail = describe(error);
    if (!detail) continue;
    const key = `${detail.property}\u0000${detail.message}`;
    if (seen.has(key)) continue;
    seen.add(key);
    details.push(detail);
  }
  return details;
};

/**
 * Checks a request body against LINE's own schema plus checks the schema can't express, and
 * throws LINE's 400 `{ message: "The request body has N error(s)", details }` when anything fails.
 */
export const assertValidBody = (
  document: OpenApiDocumentName,
  schemaName: string,
  body: unknown,
  extraChecks: (body: unknown) => LineErrorDetail[] = () => [],
) => {
  const validate: ValidateFunction = getSchemaValidator(document, schemaName);
  const details = validate(body ?? {}) ? [] : detailsFromErrors(validate.errors);
  if (details.length === 0) details.push(...extraChecks(body));
  if (details.length) throw requestBodyError(details);
};
