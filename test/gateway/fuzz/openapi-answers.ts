/**
 * Upstream answers generated from the interfaces' own OpenAPI documents: the operation a request
 * reaches is found by its method and path, and its documented 2xx JSON schema is turned into a
 * body that fits, or into one that breaks it in a chosen way (wrong types, missing fields, nulls,
 * huge numbers, deep nesting, extra fields, a wrong top-level type). Bodies come from a seeded
 * generator keyed by the seed and the request, so a run replays exactly whatever order the
 * gateway's calls arrive in.
 */
import { readFileSync } from 'node:fs';
import { parse as parseYaml } from 'yaml';

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type JsonObject = { [key: string]: Json };

/** How the answer departs from the documented schema ('fit' does not). */
export const ANSWER_MODES = ['fit', 'wrong-types', 'missing', 'nulls', 'huge', 'deep', 'extra', 'wrong-top', 'not-json'] as const;
export type AnswerMode = (typeof ANSWER_MODES)[number];

export interface AnswerPlan {
  seed: number;
  mode: AnswerMode;
}

interface DocumentedOperation {
  method: string;
  pattern: RegExp;
  literalSegments: number;
  status: number;
  schema: JsonObject | undefined;
}

/** An interface's operations, as its OpenAPI document describes them. */
export interface OpenApiAnswers {
  /** The answer for a request, or undefined when the document has no such operation. */
  answer(method: string, pathname: string, plan: AnswerPlan): { status: number; body: string } | undefined;
}

const METHODS = ['get', 'post', 'put', 'delete', 'patch'] as const;
const MAX_SCHEMA_DEPTH = 8;
const UNICODE_SAMPLES = ['Zürich', '東京', '🦄', '\u0000', '\u202e', 'ﷺ', '\ud83d', 'a\nb', '"quoted"', '<script>'];

function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A small seeded generator (mulberry32): the same seed gives the same answers everywhere. */
class Random {
  private state: number;

  constructor(seed: number) {
    this.state = seed >>> 0;
  }

  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  chance(probability: number): boolean {
    return this.next() < probability;
  }

  integer(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  pick<T>(values: readonly T[]): T {
    const value = values[Math.floor(this.next() * values.length)];
    if (value === undefined) throw new RangeError('pick from an empty list');
    return value;
  }
}

function hash(text: string): number {
  let value = 2166136261;
  for (let index = 0; index < text.length; index += 1) value = Math.imul(value ^ text.charCodeAt(index), 16777619);
  return value >>> 0;
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

class AnswerGenerator {
  constructor(
    private readonly document: JsonObject,
    private readonly random: Random,
    private readonly mode: AnswerMode,
  ) {}

  resolve(schema: Json | undefined): JsonObject | undefined {
    let current = schema;
    for (let hops = 0; isObject(current) && typeof current.$ref === 'string' && hops < 20; hops += 1) {
      let target: Json | undefined = this.document;
      for (const part of current.$ref.replace(/^#\//, '').split('/')) target = isObject(target) ? target[part] : undefined;
      current = target;
    }
    return isObject(current) ? current : undefined;
  }

  /** A value for `schema`, broken here and there by the mode. */
  value(schema: Json | undefined, depth: number): Json {
    const resolved = this.resolve(schema);
    if (this.mode === 'nulls' && this.random.chance(0.15)) return null;
    if (this.mode === 'wrong-types' && this.random.chance(0.15)) return this.wrongValue(resolved);
    if (this.mode === 'deep' && this.random.chance(0.05)) return this.deepValue(this.random.integer(50, 3000));
    return this.fittingValue(resolved, depth);
  }

  private fittingValue(schema: JsonObject | undefined, depth: number): Json {
    if (!schema || depth > MAX_SCHEMA_DEPTH) return null;
    const variants = [schema.oneOf, schema.anyOf].find(Array.isArray);
    if (variants && variants.length > 0) return this.value(this.random.pick(variants), depth + 1);
    if (Array.isArray(schema.allOf)) {
      const merged: JsonObject = {};
      for (const part of schema.allOf) {
        const value = this.value(part, depth + 1);
        if (isObject(value)) Object.assign(merged, value);
      }
      return merged;
    }
    if (Array.isArray(schema.enum) && schema.enum.length > 0) return this.random.pick(schema.enum);
    if (schema.const !== undefined) return schema.const;
    switch (this.typeOf(schema)) {
      case 'object':
        return this.objectValue(schema, depth);
      case 'array':
        return Array.from({ length: this.random.integer(0, 3) }, () => this.value(schema.items, depth + 1));
      case 'integer':
        return this.numberValue(true);
      case 'number':
        return this.numberValue(false);
      case 'boolean':
        return this.random.chance(0.5);
      case 'null':
        return null;
      default:
        return this.stringValue(schema);
    }
  }

  private typeOf(schema: JsonObject): string {
    const type = schema.type;
    if (typeof type === 'string') return type;
    if (Array.isArray(type)) {
      const types = type.filter((entry): entry is string => typeof entry === 'string' && (entry !== 'null' || this.mode === 'nulls'));
      return types.length > 0 ? this.random.pick(types) : 'string';
    }
    return isObject(schema.properties) ? 'object' : 'string';
  }

  private objectValue(schema: JsonObject, depth: number): JsonObject {
    const result: JsonObject = {};
    const properties = isObject(schema.properties) ? schema.properties : {};
    for (const [name, property] of Object.entries(properties)) {
      if (this.mode === 'missing' && this.random.chance(0.3)) continue;
      result[name] = this.value(property, depth + 1);
    }
    const additional = schema.additionalProperties;
    if (isObject(additional)) {
      for (let index = this.random.integer(0, 2); index > 0; index -= 1) result[`key${index}`] = this.value(additional, depth + 1);
    }
    if (this.mode === 'extra' && this.random.chance(0.5)) {
      result[this.random.pick(['__proto__', 'constructor', 'toString', 'extra', '', '💥', 'then'])] = this.wrongValue(undefined);
    }
    return result;
  }

  private numberValue(integer: boolean): number {
    if (this.mode === 'huge' && this.random.chance(0.5)) {
      return this.random.pick([Number.MAX_VALUE, -Number.MAX_VALUE, 2 ** 64, -(2 ** 63), 2 ** 53 + 1, 1e21, 5e-324]);
    }
    return integer ? this.random.integer(-5, 1000) : Math.round(this.random.next() * 1e6) / 100;
  }

  private stringValue(schema: JsonObject): string {
    if (this.mode === 'huge' && this.random.chance(0.3)) return 'x'.repeat(this.random.integer(10_000, 200_000));
    if (this.random.chance(0.1)) return this.random.pick(UNICODE_SAMPLES);
    switch (schema.format) {
      case 'date':
        return '2024-03-01';
      case 'date-time':
        return '2024-03-01T12:00:00Z';
      case 'int64':
        return String(this.random.integer(0, 1e9));
      case 'uri':
      case 'url':
        return 'https://example.com/a';
      case 'email':
        return 'someone@example.com';
      default:
        return this.random.pick(['US', 'GB', 'FR', 'EUR', 'USD', 'bitcoin', 'BTC', 'abc', '', '1', 'SW1A 2AA', '8.8.8.8']);
    }
  }

  /** A value of some other type than the schema's. */
  wrongValue(schema: JsonObject | undefined): Json {
    const type = schema ? this.typeOf(schema) : 'none';
    const candidates: Json[] = [
      type === 'string' ? 12345 : 'not-a-number',
      type === 'boolean' ? 'true' : true,
      type === 'object' ? ['an', 'array'] : { unexpected: 'object' },
      type === 'array' ? { not: 'a list' } : [1, 'two', null],
      type === 'integer' ? 1.5 : -0,
      this.random.pick(UNICODE_SAMPLES),
    ];
    return this.random.pick(candidates);
  }

  private deepValue(levels: number): Json {
    let value: Json = 'bottom';
    for (let level = 0; level < levels; level += 1) value = level % 2 === 0 ? { nested: value } : [value];
    return value;
  }

  /** The whole body: the mode decides whether it is JSON at all and what its top level is. */
  body(schema: Json | undefined): string {
    if (this.mode === 'not-json') return this.random.pick(['', '{', 'null', '<html>502</html>', '{"a":1}{"b":2}', '\ufeff{}', 'NaN']);
    if (this.mode === 'wrong-top') {
      return JSON.stringify(this.random.pick<Json>([null, 'a string', 42, true, [], {}, [{}], { data: null }, -1e308]));
    }
    return JSON.stringify(this.value(schema, 0));
  }
}

function successResponse(operation: JsonObject, document: JsonObject): { status: number; schema: JsonObject | undefined } | undefined {
  const responses = isObject(operation.responses) ? operation.responses : {};
  const generator = new AnswerGenerator(document, new Random(0), 'fit');
  for (const [status, response] of Object.entries(responses)) {
    const code = Number(status);
    if (!(code >= 200 && code < 300)) continue;
    const content = generator.resolve(response)?.content;
    const json = isObject(content) ? content['application/json'] : undefined;
    return { status: code, schema: isObject(json) ? generator.resolve(json.schema) : undefined };
  }
  return undefined;
}

/** Reads the OpenAPI document at `documentPath` (YAML or JSON). */
export function loadOpenApiAnswers(documentPath: string): OpenApiAnswers {
  const document = parseYaml(readFileSync(documentPath, 'utf8')) as JsonObject;
  const paths = isObject(document.paths) ? document.paths : {};
  const operations: DocumentedOperation[] = [];
  for (const [template, item] of Object.entries(paths)) {
    if (!isObject(item)) continue;
    for (const method of METHODS) {
      const operation = item[method];
      const success = isObject(operation) ? successResponse(operation, document) : undefined;
      if (!success) continue;
      const source = template
        .split(/(\{[^}]+\})/)
        .map((part) => (part.startsWith('{') ? '([^/]+)' : escapeRegExp(part)))
        .join('');
      operations.push({
        method: method.toUpperCase(),
        pattern: new RegExp(`^${source}/?$`),
        literalSegments: template.split('/').filter((segment) => segment && !segment.startsWith('{')).length,
        ...success,
      });
    }
  }
  // A literal segment wins over a parameter (`/countries/v5/code` before `/countries/v5/{property}`).
  operations.sort((a, b) => b.literalSegments - a.literalSegments);
  return {
    answer(method, pathname, plan) {
      const operation = operations.find((candidate) => candidate.method === method && candidate.pattern.test(pathname));
      if (!operation) return undefined;
      const random = new Random(hash(`${plan.seed}:${method}:${pathname}`));
      return { status: operation.status, body: new AnswerGenerator(document, random, plan.mode).body(operation.schema) };
    },
  };
}
