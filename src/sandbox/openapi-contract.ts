/**
 * The OpenAPI document as the sandbox's contract: it routes requests to operations and validates
 * parameters, bodies and (in tests) responses against the same file the gateway is built from,
 * so the document and the sandbox cannot drift apart.
 */
import { readFileSync } from 'node:fs';
import { Ajv, type ValidateFunction } from 'ajv';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import { parse as parseYaml } from 'yaml';

// ajv-formats ships CommonJS; under NodeNext its default export is the module namespace.
const addFormats = addFormatsModule as unknown as (ajv: Ajv) => Ajv;

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type JsonObject = { [key: string]: Json };

interface ParameterSpec {
  name: string;
  in: 'query' | 'path' | 'header' | 'cookie';
  required?: boolean;
  schema?: JsonObject;
  style?: string;
  explode?: boolean;
}

interface CompiledParameter {
  spec: ParameterSpec;
  validate: ValidateFunction;
  isArray: boolean;
}

interface CompiledOperation {
  operationId: string;
  method: string;
  pathTemplate: string;
  pattern: RegExp;
  pathParamNames: string[];
  literalSegments: number;
  parameters: CompiledParameter[];
  body?: { required: boolean; validate: ValidateFunction };
  responses: Map<string, ValidateFunction>;
}

/** A problem with one part of a request, phrased for the caller. */
export interface ContractIssue {
  in: 'path' | 'query' | 'header' | 'body';
  name: string;
  message: string;
}

export interface OperationMatch {
  operationId: string;
  pathTemplate: string;
  pathParams: Record<string, string>;
}

export interface RequestParts {
  pathParams: Record<string, string>;
  query: URLSearchParams;
  headers: Record<string, string | string[] | undefined>;
  body: unknown;
}

/** The validated, typed values of a request, keyed by parameter name. */
export interface ValidatedParameters {
  path: Record<string, unknown>;
  query: Record<string, unknown>;
  header: Record<string, unknown>;
}

const METHODS = ['get', 'post', 'put', 'delete', 'patch', 'options'] as const;

function isObject(value: Json | undefined): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** Points a schema's local `$ref`s at the whole document, which Ajv knows as `openapi`. */
function rebaseRefs(value: Json): Json {
  if (Array.isArray(value)) return value.map(rebaseRefs);
  if (!isObject(value)) return value;
  return Object.fromEntries(
    Object.entries(value).map(([key, inner]) => [
      key,
      key === '$ref' && typeof inner === 'string' && inner.startsWith('#/') ? `openapi${inner}` : rebaseRefs(inner),
    ]),
  );
}

function pointerEscape(segment: string): string {
  return segment.replace(/~/g, '~0').replace(/\//g, '~1');
}

export class OpenApiContract {
  readonly document: JsonObject;
  readonly operations: readonly CompiledOperation[];
  private readonly ajv: Ajv;

  constructor(documentPath: string) {
    const parsed = parseYaml(readFileSync(documentPath, 'utf8')) as Json;
    if (!isObject(parsed)) throw new TypeError(`${documentPath} is not an OpenAPI document`);
    this.document = parsed;
    const version = String(parsed.openapi ?? '');
    // 3.1 schemas are JSON Schema 2020-12; 3.0 schemas are close to draft-07 plus `nullable`.
    this.ajv = version.startsWith('3.1')
      ? (new Ajv2020({ strict: false, allErrors: true, coerceTypes: 'array' }) as unknown as Ajv)
      : new Ajv({ strict: false, allErrors: true, coerceTypes: 'array' });
    addFormats(this.ajv);
    this.ajv.addFormat('int64', /^-?\d+$/);
    this.ajv.addFormat('int32', /^-?\d+$/);
    this.ajv.addSchema(this.stripForAjv(parsed), 'openapi');
    this.operations = this.compileOperations();
  }

  /** All operation ids in document order. */
  get operationIds(): string[] {
    return this.operations.map((op) => op.operationId);
  }

  /** Finds the operation for a method and path; literal segments win over templated ones. */
  match(method: string, pathname: string): OperationMatch | undefined {
    const lower = method.toLowerCase();
    for (const op of this.operations) {
      if (op.method !== lower) continue;
      const found = op.pattern.exec(pathname);
      if (!found) continue;
      const pathParams: Record<string, string> = {};
      op.pathParamNames.forEach((name, index) => {
        pathParams[name] = decodeURIComponent(found[index + 1] ?? '');
      });
      return { operationId: op.operationId, pathTemplate: op.pathTemplate, pathParams };
    }
    return undefined;
  }

  /** Whether any operation serves this path with another method (for 405 answers). */
  hasPath(pathname: string): boolean {
    return this.operations.some((op) => op.pattern.test(pathname));
  }

  /**
   * Validates a request's parameters and body against its operation and returns the coerced
   * parameter values, or the list of issues.
   */
  validateRequest(
    operationId: string,
    parts: RequestParts,
  ): { ok: true; params: ValidatedParameters } | { ok: false; issues: ContractIssue[] } {
    const op = this.operation(operationId);
    const issues: ContractIssue[] = [];
    const params: ValidatedParameters = { path: {}, query: {}, header: {} };
    for (const parameter of op.parameters) {
      const { spec } = parameter;
      const where = spec.in === 'cookie' ? 'header' : spec.in;
      const raw = this.rawParameter(parameter, parts);
      if (raw === undefined || raw === '') {
        if (spec.required) issues.push({ in: where, name: spec.name, message: `${spec.name} is required` });
        continue;
      }
      // Ajv coerces a property in place, so the value travels in a one-key container.
      const container: { v: unknown } = { v: raw };
      if (parameter.validate(container)) {
        params[where][spec.name] = container.v;
      } else {
        const first = parameter.validate.errors?.[0];
        issues.push({ in: where, name: spec.name, message: `${spec.name} ${first?.message ?? 'is invalid'} (got "${String(raw)}")` });
      }
    }
    if (op.body) {
      if (parts.body === undefined) {
        if (op.body.required) issues.push({ in: 'body', name: 'body', message: 'a JSON request body is required' });
      } else if (!op.body.validate(parts.body)) {
        for (const error of op.body.validate.errors ?? []) {
          const where = error.instancePath ? error.instancePath.slice(1).replace(/\//g, '.') : 'body';
          issues.push({ in: 'body', name: where, message: `${where} ${error.message ?? 'is invalid'}` });
        }
      }
    }
    return issues.length > 0 ? { ok: false, issues } : { ok: true, params };
  }

  /** Validates a response body against the documented schema for its status (tests use this). */
  validateResponse(operationId: string, status: number, body: unknown): string[] {
    const op = this.operation(operationId);
    const validate = op.responses.get(String(status)) ?? op.responses.get(`${String(status)[0]}XX`) ?? op.responses.get('default');
    if (!validate) return [`status ${status} is not documented for ${operationId}`];
    if (validate(body)) return [];
    return (validate.errors ?? []).map((e) => `${e.instancePath || '/'} ${e.message ?? 'is invalid'}`);
  }

  private operation(operationId: string): CompiledOperation {
    const op = this.operations.find((candidate) => candidate.operationId === operationId);
    if (!op) throw new TypeError(`The document has no operation "${operationId}"`);
    return op;
  }

  private rawParameter(parameter: CompiledParameter, parts: RequestParts): unknown {
    const { spec } = parameter;
    if (spec.in === 'path') return parts.pathParams[spec.name];
    if (spec.in === 'header') {
      const value = parts.headers[spec.name.toLowerCase()];
      return Array.isArray(value) ? value.join(',') : value;
    }
    if (spec.in !== 'query') return undefined;
    if (parameter.isArray) {
      const all = parts.query.getAll(spec.name);
      if (all.length === 0) return undefined;
      // form style without explode sends one comma-separated value.
      return spec.explode === false || all.length === 1 ? all.flatMap((v) => v.split(',')).filter((v) => v !== '') : all;
    }
    return parts.query.get(spec.name) ?? undefined;
  }

  private compileOperations(): CompiledOperation[] {
    const paths = this.document.paths;
    if (!isObject(paths)) return [];
    const operations: CompiledOperation[] = [];
    for (const [pathTemplate, pathItem] of Object.entries(paths)) {
      if (!isObject(pathItem)) continue;
      const shared = Array.isArray(pathItem.parameters) ? pathItem.parameters : [];
      for (const method of METHODS) {
        const operation = pathItem[method];
        if (!isObject(operation)) continue;
        const operationId = String(operation.operationId ?? `${method} ${pathTemplate}`);
        const own = Array.isArray(operation.parameters) ? operation.parameters : [];
        const specs = [...shared, ...own].map((p) => this.resolve(p) as unknown as ParameterSpec);
        const pointer = `openapi#/paths/${pointerEscape(pathTemplate)}/${method}`;
        operations.push({
          operationId,
          method,
          pathTemplate,
          ...this.compilePath(pathTemplate),
          parameters: specs.map((spec) => this.compileParameter(spec)),
          body: this.compileBody(operation, pointer),
          responses: this.compileResponses(operation, pointer),
        });
      }
    }
    // Literal segments first, so /countries/v5/code wins over /countries/v5/{property}.
    return operations.sort((a, b) => b.literalSegments - a.literalSegments);
  }

  private compilePath(template: string): Pick<CompiledOperation, 'pattern' | 'pathParamNames' | 'literalSegments'> {
    const pathParamNames: string[] = [];
    let literalSegments = 0;
    const source = template
      .split('/')
      .map((segment) => {
        if (!segment.includes('{')) {
          if (segment) literalSegments += 1;
          return escapeRegExp(segment);
        }
        return segment.replace(/\{([^}]+)\}|([^{]+)/g, (_all, name: string | undefined, literal: string | undefined) => {
          if (name) {
            pathParamNames.push(name);
            return '([^/]+)';
          }
          return escapeRegExp(literal ?? '');
        });
      })
      .join('/');
    // A trailing slash in the document is optional on the wire, as most servers treat it.
    const trimmed = source.endsWith('/') && source.length > 1 ? source.slice(0, -1) : source;
    return { pattern: new RegExp(`^${trimmed}/?$`), pathParamNames, literalSegments };
  }

  private compileParameter(spec: ParameterSpec): CompiledParameter {
    const schema = spec.schema ?? {};
    return {
      spec,
      validate: this.ajv.compile({ type: 'object', properties: { v: rebaseRefs(schema) } }),
      isArray: schema.type === 'array',
    };
  }

  private compileBody(operation: JsonObject, pointer: string): CompiledOperation['body'] {
    const requestBody = operation.requestBody ? this.resolve(operation.requestBody) : undefined;
    if (!isObject(requestBody) || !isObject(requestBody.content)) return undefined;
    const json = requestBody.content['application/json'];
    if (!isObject(json) || !json.schema) return undefined;
    return {
      required: requestBody.required === true,
      validate: this.ajv.compile({ $ref: `${pointer}/requestBody/content/application~1json/schema` }),
    };
  }

  private compileResponses(operation: JsonObject, pointer: string): Map<string, ValidateFunction> {
    const responses = new Map<string, ValidateFunction>();
    if (!isObject(operation.responses)) return responses;
    for (const [status, response] of Object.entries(operation.responses)) {
      const resolved = this.resolve(response);
      if (!isObject(resolved) || !isObject(resolved.content)) continue;
      const mediaType = Object.keys(resolved.content)[0];
      if (!mediaType) continue;
      const media = resolved.content[mediaType];
      if (!isObject(media) || !media.schema) continue;
      const ref =
        isObject(response) && typeof response.$ref === 'string'
          ? `openapi${response.$ref}/content/${pointerEscape(mediaType)}/schema`
          : `${pointer}/responses/${pointerEscape(status)}/content/${pointerEscape(mediaType)}/schema`;
      responses.set(status.toUpperCase(), this.ajv.compile({ $ref: ref }));
    }
    return responses;
  }

  /** Follows a local `$ref` (parameters, request bodies and responses may be references). */
  private resolve(value: Json | undefined): Json | undefined {
    if (!isObject(value) || typeof value.$ref !== 'string') return value;
    const segments = value.$ref
      .replace(/^#\//, '')
      .split('/')
      .map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'));
    let current: Json | undefined = this.document;
    for (const segment of segments) current = isObject(current) ? current[segment] : undefined;
    return this.resolve(current);
  }

  /** Ajv reads the whole document as one schema so `$ref`s resolve; drop keys it would reject. */
  private stripForAjv(document: JsonObject): JsonObject {
    const { $schema: _schema, ...rest } = document;
    return rest;
  }
}
