/**
 * One interface's OpenAPI document as the gateway reads it at run time: its operations (method,
 * path template, documented success bodies) and a JSON Schema validator set up for its dialect.
 * OAS 3.1 schemas are JSON Schema 2020-12; OAS 3.0 schemas are draft-07 with `nullable`, which
 * Ajv reads natively. The document is read and Ajv prepared once, when first asked for.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { basename } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Ajv } from 'ajv';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import { parse as parseYaml } from 'yaml';

// ajv-formats ships CommonJS; under NodeNext its default export is the module namespace.
const addFormats = addFormatsModule as unknown as (ajv: Ajv) => Ajv;

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
export type JsonObject = { [key: string]: Json };

/**
 * Ajv knows each of the document's component schemas by its own id (`component:Country`), so a
 * component is compiled once and every validator that reaches it (one per trimming of D's records,
 * see record-projection.ts) reuses it; refs into the whole document would compile it anew each time.
 */
const COMPONENT = 'component:';
const COMPONENT_REF = /^#\/components\/schemas\/([^/]+)(\/.*)?$/;
const METHODS = ['get', 'post', 'put', 'delete', 'patch'] as const;
const DIGITS = /^-?\d+$/;

/** An operation's documented 2xx answer. */
export interface DocumentedSuccess {
  /** The JSON body's schema (its local `$ref`s pointing into the document), or undefined when the body is not JSON. */
  schema: Json | undefined;
}

export interface DocumentedOperation {
  method: string;
  template: string;
  /** Matches a request path (its segments percent-encoded) of this operation. */
  pattern: RegExp;
  literalSegments: number;
  /** Query parameter names the operation documents. */
  queryParameters: ReadonlySet<string>;
  /** By status (`200`, `2XX`). */
  successes: ReadonlyMap<string, DocumentedSuccess>;
}

/**
 * Where the build (scripts/build-mesh-artifact.ts) writes each document as JSON, relative to the
 * repository root: the documents' own folder's sibling `dist/openapi/`. Parsing the YAML cost 70 ms
 * of the first answer, which is what a start is timed to; JSON.parse of the same is a millisecond.
 */
export const DOCUMENT_COPY_DIR = 'dist/openapi';

/** The build's JSON copy of a document, with the digest of the YAML text it was made from. */
export interface DocumentCopy {
  sha256: string;
  document: Json;
}

function digestOf(text: string): string {
  return createHash('sha256').update(text).digest('base64');
}

/** The copy of the YAML `text` (read from `file`), which the build writes to `documentCopyFile(file)`. */
export function documentCopy(text: string): DocumentCopy {
  return { sha256: digestOf(text), document: parseYaml(text) as Json };
}

/** The name of the document `file`'s copy in DOCUMENT_COPY_DIR (`schema/address.yaml` → `address.json`). */
export function documentCopyFile(file: URL | string): string {
  return `${basename(file instanceof URL ? file.pathname : file).replace(/\.ya?ml$/, '')}.json`;
}

/**
 * The document `file`, from the build's JSON copy when that was made from the same text (a copy
 * left stale by an edit without a build is ignored), else parsed from the YAML.
 */
function readDocument(file: URL | string): Json {
  const text = readFileSync(file, 'utf8');
  const copyUrl = new URL(`../${DOCUMENT_COPY_DIR}/${documentCopyFile(file)}`, file instanceof URL ? file : pathToFileURL(file));
  let copy: DocumentCopy | undefined;
  try {
    // The build wrote this file from the same DocumentCopy type.
    copy = JSON.parse(readFileSync(copyUrl, 'utf8')) as DocumentCopy;
  } catch {
    copy = undefined;
  }
  return copy?.sha256 === digestOf(text) ? copy.document : (parseYaml(text) as Json);
}

export function isObject(value: Json | undefined): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** A local `$ref` to a component schema (`#/components/schemas/Country/properties/names`) as Ajv knows it. */
function componentRef(ref: string): string {
  const match = COMPONENT_REF.exec(ref);
  if (!match) throw new TypeError(`The schema reference ${ref} does not name a component schema`);
  return `${COMPONENT}${match[1] ?? ''}${match[2] ? `#${match[2]}` : ''}`;
}

/**
 * A deep copy of `value` fit for Ajv: local `$ref`s point at the component schemas' ids, and an int64
 * integer may also be a string of digits, since B's unsafe integers reach resolvers quoted
 * (lossless-json.ts) and the `Long` scalar reads both.
 */
export function forAjv(value: JsonObject): JsonObject;
export function forAjv(value: Json): Json;
export function forAjv(value: Json): Json {
  if (Array.isArray(value)) return value.map((item) => forAjv(item));
  if (!isObject(value)) return value;
  const copy: JsonObject = {};
  for (const [key, inner] of Object.entries(value)) {
    copy[key] = key === '$ref' && typeof inner === 'string' && inner.startsWith('#/') ? componentRef(inner) : forAjv(inner);
  }
  if (copy.format === 'int64') {
    const types = Array.isArray(copy.type) ? copy.type : [copy.type ?? null];
    if (types.includes('integer') && !types.includes('string')) copy.type = [...types, 'string'].filter((type) => type !== null);
  }
  return copy;
}

export class OpenApiDocument {
  readonly operations: readonly DocumentedOperation[];
  readonly ajv: Ajv;
  private readonly document: JsonObject;

  constructor(file: URL | string) {
    const parsed = readDocument(file);
    if (!isObject(parsed) || !isObject(parsed.paths)) throw new TypeError(`${String(file)} is not an OpenAPI document`);
    this.document = parsed;
    // Ajv's optimizing pass over the code it generates made each compile slower (D's one-country
    // projection 40 -> 31 ms without it, its whole page 45 -> 18 ms), and a start's first answer
    // waits for the first compile.
    const options = { strict: false, allErrors: false, validateSchema: false, inlineRefs: false, code: { optimize: false } } as const;
    this.ajv = String(parsed.openapi).startsWith('3.1') ? (new Ajv2020(options) as unknown as Ajv) : new Ajv(options);
    addFormats(this.ajv);
    // OpenAPI's numeric formats say how big a number is, not what it looks like.
    for (const format of ['int32', 'int64']) this.ajv.addFormat(format, DIGITS);
    for (const format of ['float', 'double']) this.ajv.addFormat(format, true);
    const components = isObject(parsed.components) && isObject(parsed.components.schemas) ? parsed.components.schemas : {};
    for (const [name, schema] of Object.entries(components)) {
      if (isObject(schema)) this.ajv.addSchema(forAjv(schema), `${COMPONENT}${name}`);
    }
    this.operations = this.readOperations(parsed.paths);
  }

  /** Follows `$ref`s (local, or made components' by `forAjv`) to the object they name. */
  resolve(value: Json | undefined): Json | undefined {
    let current = value;
    for (let hops = 0; isObject(current) && typeof current.$ref === 'string' && hops < 32; hops += 1) {
      const ref = current.$ref.startsWith(COMPONENT)
        ? `#/components/schemas/${current.$ref.slice(COMPONENT.length).replace('#/', '/')}`
        : current.$ref;
      const pointer = ref.replace(/^#\//, '').replace(/\/$/, '');
      let target: Json | undefined = this.document;
      for (const part of pointer.split('/')) target = isObject(target) ? target[part.replace(/~1/g, '/').replace(/~0/g, '~')] : undefined;
      current = target;
    }
    return current;
  }

  private readOperations(paths: JsonObject): DocumentedOperation[] {
    const operations: DocumentedOperation[] = [];
    for (const [template, item] of Object.entries(paths)) {
      if (!isObject(item)) continue;
      for (const method of METHODS) {
        const operation = item[method];
        if (!isObject(operation)) continue;
        const parameters = [item.parameters, operation.parameters].flatMap((list) => (Array.isArray(list) ? list : []));
        const queryParameters = new Set(
          parameters.map((parameter) => this.resolve(parameter)).flatMap((p) => (isObject(p) && p.in === 'query' ? [String(p.name)] : [])),
        );
        // A trailing slash in the document is optional on the wire, as most servers treat it.
        const source = template
          .replace(/\/$/, '')
          .split(/(\{[^}]+\})/)
          .map((part) => (part.startsWith('{') ? '[^/]+' : escapeRegExp(part)))
          .join('');
        operations.push({
          method: method.toUpperCase(),
          template,
          pattern: new RegExp(`^${source}/?$`),
          literalSegments: template.split('/').filter((segment) => segment && !segment.startsWith('{')).length,
          queryParameters,
          successes: this.successes(operation),
        });
      }
    }
    // A literal segment wins over a parameter (`/countries/v5/code` before `/countries/v5/{property}`).
    return operations.sort((a, b) => b.literalSegments - a.literalSegments);
  }

  private successes(operation: JsonObject): Map<string, DocumentedSuccess> {
    const successes = new Map<string, DocumentedSuccess>();
    const responses = isObject(operation.responses) ? operation.responses : {};
    for (const [status, response] of Object.entries(responses)) {
      if (!/^(2\d\d|2XX)$/i.test(status)) continue;
      const content = this.resolve(response);
      const media = isObject(content) && isObject(content.content) ? content.content['application/json'] : undefined;
      successes.set(status.toUpperCase(), { schema: isObject(media) && media.schema !== undefined ? forAjv(media.schema) : undefined });
    }
    return successes;
  }
}
