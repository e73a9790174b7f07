/**
 * Upstream answers checked against the interfaces' own OpenAPI documents (schema/*.yaml), so a 2xx
 * body that does not fit its documented schema is the upstream's error (UPSTREAM_ERROR naming the
 * interface) before any resolver reads it, never a TypeError deep inside one. The check is as
 * lenient as the documents: properties they do not forbid may be extra, and records D was asked to
 * trim (`response_fields`) are checked against the schema trimmed alike (record-projection.ts).
 *
 * Each document is read, and each validator compiled, once, when first needed; the caller
 * (upstream-fetch.ts) checks each parsed answer once in its life (upstream-answer.ts), so cached
 * and shared answers are not checked again.
 */
import type { ValidateFunction } from 'ajv';
import { forAjv, type DocumentedOperation, type Json, OpenApiDocument } from './openapi-document.js';
import { pathTree, projectSchema, replaceAt } from './record-projection.js';
import type { VendorProfile } from './vendor-profile.js';

/** What an upstream's answers are checked against: its document, and how it trims records. */
export type DocumentedVendor = Pick<VendorProfile, 'document' | 'trimming'>;

/** Compiled projections kept per process; a new selection of D's fields costs one compile. */
const MAX_VALIDATORS = 256;
const MAX_PATH_SEGMENT = 40;
const MAX_PROBLEM = 200;

/** By the document's URL. */
const documents = new Map<string, OpenApiDocument>();
/** Compiled validators by document, operation, status and trimming, oldest first. */
const validators = new Map<string, { validate: ValidateFunction; schema: object; document: OpenApiDocument }>();

function documentOf(vendor: DocumentedVendor): OpenApiDocument {
  let document = documents.get(vendor.document.href);
  if (!document) {
    document = new OpenApiDocument(vendor.document);
    documents.set(vendor.document.href, document);
  }
  return document;
}

/** An operation's documented answers, ready to check a body against. */
export interface DocumentedAnswer {
  /** `GET /countries/v5/code`, for messages. */
  readonly operation: string;
  /** Whether a 2xx body of this operation is documented as JSON. */
  readonly json: boolean;
  /**
   * What part of `value` (the parsed 2xx body with status `status`, for a request with `query`)
   * does not fit the document, or undefined when it fits.
   */
  problem(status: number, query: URLSearchParams, value: unknown): string | undefined;
}

/** The vendor document's operation `method template` (`GET /udprn/{udprn}`), or undefined. */
export function documentedAnswer(vendor: DocumentedVendor, method: string, template: string): DocumentedAnswer | undefined {
  const operation = documentOf(vendor).operations.find((candidate) => candidate.method === method && candidate.template === template);
  return operation && answerOf(vendor, operation);
}

/** The vendor document's operation that a request `method pathname` reaches (Mesh's calls), or undefined. */
export function matchDocumentedAnswer(vendor: DocumentedVendor, method: string, pathname: string): DocumentedAnswer | undefined {
  const operation = documentOf(vendor).operations.find((candidate) => candidate.method === method && candidate.pattern.test(pathname));
  return operation && answerOf(vendor, operation);
}

function answerOf(vendor: DocumentedVendor, operation: DocumentedOperation): DocumentedAnswer {
  const successes = [...operation.successes.entries()];
  return {
    operation: `${operation.method} ${operation.template}`,
    json: successes.some(([, success]) => success.schema !== undefined),
    problem(status, query, value) {
      // The status as documented, else any documented success: a vendor's 2xx is a success either way.
      const [key, success] = successes.find(([documented]) => documented === String(status)) ??
        successes.find(([documented]) => documented === '2XX') ??
        successes[0] ?? [undefined, undefined];
      if (key === undefined || success?.schema === undefined) return undefined;
      const validate = validatorFor(vendor, operation, key, success.schema, query);
      return validate(value) ? undefined : describe(validate);
    },
  };
}

function trimmed(query: URLSearchParams, name: string): string[] {
  return (query.get(name) ?? '').split(',').filter((path) => path !== '');
}

function validatorFor(vendor: DocumentedVendor, operation: DocumentedOperation, status: string, schema: Json, query: URLSearchParams) {
  const { trimming } = vendor;
  const applies = trimming && (operation.queryParameters.has(trimming.keep) || operation.queryParameters.has(trimming.omit));
  const keep = applies ? trimmed(query, trimming.keep) : [];
  const omit = applies ? trimmed(query, trimming.omit) : [];
  const key = `${vendor.document.href} ${operation.method} ${operation.template} ${status} ${keep.join(',')} ${omit.join(',')}`;
  const known = validators.get(key);
  if (known) return known.validate;
  const document = documentOf(vendor);
  const resolve = (part: Json): Json | undefined => {
    const resolved = document.resolve(part);
    return resolved === undefined ? undefined : forAjv(resolved);
  };
  const projection = { keep: pathTree(keep), omit: pathTree(omit) };
  const checked =
    trimming && (projection.keep || projection.omit)
      ? replaceAt(schema, trimming.records, (records) => projectSchema(records, projection, resolve), resolve)
      : schema;
  const compiled: object = typeof checked === 'object' && checked !== null ? checked : {};
  const validate = document.ajv.compile(compiled);
  const [oldest] = validators.size >= MAX_VALIDATORS ? validators : [];
  if (oldest) {
    validators.delete(oldest[0]);
    // Ajv keeps every schema it compiled; an evicted projection must not stay there.
    oldest[1].document.ajv.removeSchema(oldest[1].schema);
  }
  validators.set(key, { validate, schema: compiled, document });
  return validate;
}

/** Ajv's first error, where and what: never the body's values, and body keys cut short. */
function describe(validate: ValidateFunction): string {
  const error = validate.errors?.[0];
  if (!error) return 'the body';
  const where = error.instancePath
    .split('/')
    .map((segment) => (segment.length > MAX_PATH_SEGMENT ? `${segment.slice(0, MAX_PATH_SEGMENT)}…` : segment))
    .join('/');
  const text = `${where || '(the top level)'} ${error.message ?? 'is invalid'}`;
  return text.length > MAX_PROBLEM ? `${text.slice(0, MAX_PROBLEM)}…` : text;
}
