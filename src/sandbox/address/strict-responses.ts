/**
 * Response validation without type coercion. `OpenApiContract.validateResponse` shares the
 * request validator, which coerces types (so `"12"` passes as an integer, and the body under
 * test is changed in place). The address interface's records mix numbers and empty strings,
 * exactly where coercion hides mistakes, so its tests also check answers with this strict
 * validator over the same document.
 */
import { Ajv, type ValidateFunction } from 'ajv';
import addFormatsModule from 'ajv-formats';
import type { OpenApiContract } from '../openapi-contract.js';

// ajv-formats ships CommonJS; under NodeNext its default export is the module namespace.
const addFormats = addFormatsModule as unknown as (ajv: Ajv) => Ajv;

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type JsonObject = { [key: string]: Json };

const METHODS = ['get', 'post', 'put', 'delete', 'patch', 'options'];

const pointer = (segment: string): string => segment.replace(/~/g, '~0').replace(/\//g, '~1');

export class StrictResponses {
  private readonly ajv = new Ajv({ strict: false, allErrors: true });
  private readonly cache = new Map<string, ValidateFunction | undefined>();

  constructor(private readonly contract: OpenApiContract) {
    addFormats(this.ajv);
    this.ajv.addFormat('int64', /^-?\d+$/);
    this.ajv.addFormat('int32', /^-?\d+$/);
    const { $schema: _ignored, ...document } = contract.document;
    this.ajv.addSchema(document, 'openapi');
  }

  private validator(operationId: string, status: number): ValidateFunction | undefined {
    const cacheKey = `${operationId} ${status}`;
    if (this.cache.has(cacheKey)) return this.cache.get(cacheKey);
    const paths = this.contract.document.paths as { [path: string]: JsonObject };
    let found: ValidateFunction | undefined;
    for (const [path, item] of Object.entries(paths)) {
      for (const method of METHODS) {
        const operation = item[method] as JsonObject | undefined;
        if (operation?.operationId !== operationId) continue;
        const responses = operation.responses as JsonObject;
        let response = responses[String(status)] as JsonObject | undefined;
        let ref = `openapi#/paths/${pointer(path)}/${method}/responses/${status}`;
        if (response && typeof response.$ref === 'string') {
          ref = `openapi${response.$ref}`;
          const name = response.$ref.split('/').pop() ?? '';
          response = ((this.contract.document.components as JsonObject).responses as JsonObject)[name] as JsonObject;
        }
        const content = response?.content as JsonObject | undefined;
        const mediaType = content ? Object.keys(content)[0] : undefined;
        if (mediaType) found = this.ajv.compile({ $ref: `${ref}/content/${pointer(mediaType)}/schema` });
      }
    }
    this.cache.set(cacheKey, found);
    return found;
  }

  /** Problems of a response body against its documented schema, types taken literally. */
  problems(operationId: string, status: number, body: unknown): string[] {
    const validate = this.validator(operationId, status);
    if (!validate) return [`status ${status} is not documented for ${operationId}`];
    if (validate(body)) return [];
    return (validate.errors ?? []).map((error) => `${error.instancePath || '/'} ${error.message ?? 'is invalid'}`);
  }
}
