/**
 * The property every answer must have: it is a GraphQL result (JSON with `data` and/or `errors`),
 * every error has a catalogued `extensions.code`, nothing is a 500 or INTERNAL_SERVER_ERROR, and
 * the request logged nothing at error level.
 */
import { ERROR_CODES } from '../../../src/gateway/errors.js';
import { UPSTREAM_NAMES } from './generated-upstream.js';

const ANSWER_TIMEOUT_MS = 20_000;
const ERROR_LEVEL = '"level":50';
const REQUEST_LINE = '"msg":"graphql request"';

interface GraphQLErrorShape {
  message?: unknown;
  extensions?: { code?: unknown; upstream?: unknown };
}

/** What a request produced: the HTTP answer and the gateway's log lines meanwhile. */
export interface Observed {
  status: number;
  contentType: string;
  text: string;
  logLines: readonly string[];
}

/** Runs `request`, failing it as a hang after ANSWER_TIMEOUT_MS. */
export async function withinDeadline<T>(request: Promise<T>, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ANSWER_TIMEOUT_MS} ms: ${what}`)), ANSWER_TIMEOUT_MS);
  });
  try {
    return await Promise.race([request, deadline]);
  } finally {
    clearTimeout(timer);
  }
}

function errorProblems(error: GraphQLErrorShape): string[] {
  const code = error.extensions?.code;
  if (typeof code !== 'string') return [`an error without extensions.code: ${JSON.stringify(error).slice(0, 300)}`];
  if (!(code in ERROR_CODES)) return [`an uncatalogued code ${code}`];
  if (code === 'INTERNAL_SERVER_ERROR') return [`INTERNAL_SERVER_ERROR: ${JSON.stringify(error).slice(0, 300)}`];
  const upstream = error.extensions?.upstream;
  if (code === 'UPSTREAM_ERROR' && !UPSTREAM_NAMES.some((name) => name === upstream)) {
    return [`UPSTREAM_ERROR without the interface in extensions.upstream: ${JSON.stringify(error).slice(0, 300)}`];
  }
  return [];
}

/** Every way `observed` breaks the property; empty when it holds. */
export function answerProblems(observed: Observed): string[] {
  const atError = observed.logLines.filter((line) => line.includes(ERROR_LEVEL));
  // The request's own line is at error whenever an unexpected error is; it adds nothing to that.
  const unexpected = atError.filter((line) => !line.includes(REQUEST_LINE));
  const problems = (unexpected.length > 0 ? unexpected : atError).map((line) => `logged at error: ${line.slice(0, 600)}`);
  if (observed.status >= 500) problems.push(`HTTP ${observed.status}`);
  // HEAD and a refused method or media type may carry no body; anything that does must be a result.
  if (observed.text === '' && observed.status !== 200) return problems;
  if (!/json/.test(observed.contentType))
    return [...problems, `content-type ${observed.contentType || '(none)'}, body ${observed.text.slice(0, 200)}`];
  let body: unknown;
  try {
    body = JSON.parse(observed.text);
  } catch {
    return [...problems, `a body that is not JSON: ${observed.text.slice(0, 200)}`];
  }
  if (typeof body !== 'object' || body === null || !('data' in body || 'errors' in body)) {
    return [...problems, `not a GraphQL result: ${observed.text.slice(0, 200)}`];
  }
  const errors: unknown = Reflect.get(body, 'errors');
  if (errors === undefined) return problems;
  if (!Array.isArray(errors) || errors.length === 0) return [...problems, `errors is not a non-empty list: ${JSON.stringify(errors)}`];
  return [...problems, ...errors.flatMap((error: GraphQLErrorShape) => errorProblems(error))];
}

/** Reads a fetch Response into what `answerProblems` checks. */
export async function observe(response: Response, logLines: readonly string[]): Promise<Observed> {
  return { status: response.status, contentType: response.headers.get('content-type') ?? '', text: await response.text(), logLines };
}
