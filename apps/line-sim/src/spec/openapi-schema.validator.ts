import Ajv, { type ErrorObject, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import { type JsonObject, type OpenApiDocumentName, loadOpenApiDocument } from './openapi-document.loader.ts';

const documentNames: OpenApiDocumentName[] = ['messaging-api', 'channel-access-token', 'liff', 'webhook'];

const isObject = (value: unknown): value is JsonObject =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const schemaRef = (name: string) => `#/components/schemas/${name}`;

/**
 * LINE's documents use OpenAPI 3.0 `discriminator` with a mapping, and each mapped subtype refers
 * back to the base through allOf. JSON Schema has no discriminator, so validating `$ref: Message`
 * would only check the base. We rewrite: `X` becomes "XBase plus if type==k then Mapped_k", and the
 * subtypes' allOf point at XBase, which keeps the recursion finite and makes the subtype rules bite.
 */
const convertDiscriminators = (doc: JsonObject): JsonObject => {
  const copy = structuredClone(doc);
  const components = isObject(copy.components) ? copy.components : undefined;
  const schemas = components && isObject(components.schemas) ? components.schemas : undefined;
  if (!schemas) return copy;
  for (const [name, schema] of Object.entries(schemas)) {
    if (!isObject(schema) || !isObject(schema.discriminator)) continue;
    const { propertyName, mapping } = schema.discriminator as {
      propertyName: string;
      mapping?: Record<string, string>;
    };
    if (!mapping) continue;
    const baseName = `${name}Base`;
    const { discriminator: _omit, ...base } = schema;
    schemas[baseName] = base;
    for (const target of Object.values(mapping)) {
      const targetName = target.split('/').pop() ?? '';
      const sub = schemas[targetName];
      if (!isObject(sub) || !Array.isArray(sub.allOf)) continue;
      sub.allOf = sub.allOf.map((part: unknown) =>
        isObject(part) && part.$ref === schemaRef(name) ? { $ref: schemaRef(baseName) } : part,
      );
    }
    schemas[name] = {
      allOf: [
        { $ref: schemaRef(baseName) },
        { properties: { [propertyName]: { enum: Object.keys(mapping) } } },
        ...Object.entries(mapping).map(([value, target]) => ({
          if: { properties: { [propertyName]: { const: value } }, required: [propertyName] },
          then: { $ref: target },
        })),
      ],
    };
  }
  return copy;
};

const createAjv = (): Ajv => {
  const ajv = new Ajv({ strict: false, allErrors: true, verbose: true, validateSchema: false });
  addFormats(ajv);
  // OpenAPI-only formats: numeric widths and binary bodies carry no JSON Schema rule.
  for (const format of ['int32', 'int64', 'float', 'double', 'binary', 'byte']) {
    ajv.addFormat(format, true);
  }
  return ajv;
};

let shared: Ajv | undefined;
const added = new Set<OpenApiDocumentName>();

/** Documents are parsed and added on first use: the Messaging API one alone takes a while. */
const getAjv = (document: OpenApiDocumentName): Ajv => {
  shared ??= createAjv();
  if (!added.has(document)) {
    shared.addSchema(convertDiscriminators(loadOpenApiDocument(document)), document);
    added.add(document);
  }
  return shared;
};

/** Compiles the schemas the simulator checks requests with, so the first call isn't slow. */
export const warmUpSchemas = () => {
  for (const document of documentNames) getAjv(document);
  getSchemaValidator('messaging-api', 'PushMessageRequest');
  getSchemaValidator('messaging-api', 'RichMenuRequest');
};

const escapePointer = (segment: string) => segment.replaceAll('~', '~0').replaceAll('/', '~1');

/** A validator for `components/schemas/<name>` of one document. */
export const getSchemaValidator = (document: OpenApiDocumentName, schemaName: string): ValidateFunction => {
  const key = `${document}#/components/schemas/${escapePointer(schemaName)}`;
  const validate = getAjv(document).getSchema(key);
  if (!validate) throw new Error(`No schema ${key}`);
  return validate;
};

/** A validator for the schema at any JSON pointer path of a document (inline request bodies). */
export const getPointerValidator = (document: OpenApiDocumentName, path: string[]): ValidateFunction => {
  const key = `${document}#/${path.map(escapePointer).join('/')}`;
  const validate = getAjv(document).getSchema(key);
  if (!validate) throw new Error(`No schema ${key}`);
  return validate;
};

export type { ErrorObject };
