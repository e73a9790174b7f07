/**
 * The GraphQL-over-HTTP request parameters as a client may send them, checked before any step
 * reads them: each of `query`, `operationName`, `variables` and `extensions` of the type the spec
 * gives it, and no document or JSON value nested deeper than MAX_NESTING. Without these checks a
 * client's mistake became the gateway's failure: an `operationName` object broke the request log
 * (HTTP 500 with a stack), a list literal nested 2,500 deep overflowed graphql-js's recursive
 * parser before the token limit was counted, and variables nested 16,000 deep overflowed the
 * scalars' coercion (JSON.parse itself is iterative, JSON.stringify and coercion are not).
 */
import { GraphQLError } from 'graphql';
import { limitError } from '../errors.js';

/**
 * How deep brackets may nest in a document, and arrays and objects in variables and extensions.
 * Far above any real operation (MAX_DEPTH keeps selections to 12; a GeoJSON polygon nests 4) and
 * far below where graphql-js's parser or coercion could run out of stack.
 */
export const MAX_NESTING = 100;

/** A parameter of the wrong type: the client's mistake, named. */
function badParameter(parameter: string, expected: string, value: unknown): GraphQLError {
  const received = value === null ? 'null' : Array.isArray(value) ? 'an array' : `a ${typeof value}`;
  return new GraphQLError(`The "${parameter}" parameter must be ${expected}; received ${received}.`, {
    extensions: { code: 'BAD_REQUEST', parameter, http: { status: 400 } },
  });
}

/** Whether `value` is a JSON object (not null, not an array). */
export function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Whether a JSON value nests arrays and objects more than `limit` deep. Iterative, so that
 * measuring a value cannot itself overflow the stack; it stops at the first level past the limit.
 */
export function nestsDeeperThan(value: unknown, limit: number): boolean {
  const pending: { value: unknown; depth: number }[] = [{ value, depth: 0 }];
  for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
    if (typeof next.value !== 'object' || next.value === null) continue;
    const depth = next.depth + 1;
    if (depth > limit) return true;
    for (const child of Object.values(next.value)) if (typeof child === 'object' && child !== null) pending.push({ value: child, depth });
  }
  return false;
}

/**
 * How deep `{`, `[` and `(` nest in a GraphQL document's text, outside strings and comments, or
 * `limit + 1` as soon as they nest deeper: a scan of the text, which costs no recursion.
 */
export function documentNesting(text: string, limit: number): number {
  let depth = 0;
  let deepest = 0;
  for (let index = 0; index < text.length; index += 1) {
    const char = text[index];
    if (char === '#') {
      while (index < text.length && text[index] !== '\n' && text[index] !== '\r') index += 1;
    } else if (char === '"') {
      index = text.startsWith('"""', index) ? endOfBlockString(text, index + 3) : endOfString(text, index + 1);
    } else if (char === '{' || char === '[' || char === '(') {
      depth += 1;
      if (depth > deepest) deepest = depth;
      if (deepest > limit) return deepest;
    } else if (char === '}' || char === ']' || char === ')') {
      depth -= 1;
    }
  }
  return deepest;
}

/** The index of the quote closing a string that starts at `from`, or the last index where it never closes. */
function endOfString(text: string, from: number): number {
  for (let index = from; index < text.length; index += 1) {
    if (text[index] === '\\') index += 1;
    else if (text[index] === '"' || text[index] === '\n') return index;
  }
  return text.length;
}

/** The index of the last quote closing a block string whose content starts at `from`. */
function endOfBlockString(text: string, from: number): number {
  for (let index = from; index < text.length; index += 1) {
    if (text.startsWith('\\"""', index)) index += 3;
    else if (text.startsWith('"""', index)) return index + 2;
  }
  return text.length;
}

/**
 * Throws the client's mistake in one parsed GraphQL request's parameters: a 400 BAD_REQUEST
 * naming the parameter and the type it must have, or MAX_NESTING_EXCEEDED naming where.
 * Absent and null are allowed for all four (a missing query is Yoga's own error to report).
 */
export function checkRequestParameters(params: unknown): void {
  if (!isPlainObject(params)) throw badParameter('body', 'a JSON object of GraphQL parameters', params);
  const { query, operationName, variables, extensions } = params;
  if (query !== undefined && query !== null && typeof query !== 'string') throw badParameter('query', 'a string', query);
  if (operationName !== undefined && operationName !== null && typeof operationName !== 'string') {
    throw badParameter('operationName', 'a string or null', operationName);
  }
  if (variables !== undefined && variables !== null && !isPlainObject(variables))
    throw badParameter('variables', 'an object or null', variables);
  if (extensions !== undefined && extensions !== null && !isPlainObject(extensions)) {
    throw badParameter('extensions', 'an object or null', extensions);
  }
  for (const [name, value] of [
    ['variables', variables],
    ['extensions', extensions],
  ] as const) {
    if (nestsDeeperThan(value, MAX_NESTING)) {
      throw limitError('MAX_NESTING_EXCEEDED', `The ${name} nest arrays and objects more than ${MAX_NESTING} deep.`);
    }
  }
  if (typeof query === 'string' && documentNesting(query, MAX_NESTING) > MAX_NESTING) {
    throw limitError('MAX_NESTING_EXCEEDED', `The query nests brackets more than ${MAX_NESTING} deep.`);
  }
}
